#include "importers/bundle/StackTextMemo.h"

#include <cstring>

namespace rankscope {

namespace {

// Eight bytes at a time with a multiply-rotate mix: several GB/s, so that looking a thread up
// costs far less than parsing it. Not a stable hash (nothing stores it).
std::uint64_t textHash(std::string_view text)
{
    constexpr std::uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;
    std::uint64_t hash = 0xCBF29CE484222325ull ^ (text.size() * kMultiplier);
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, 8);
        hash = ((hash ^ word) * kMultiplier);
        hash ^= hash >> 29;
    }
    std::uint64_t tail = 0;
    if (i < text.size())
        std::memcpy(&tail, text.data() + i, text.size() - i);
    hash = (hash ^ tail) * kMultiplier;
    return hash ^ (hash >> 32);
}

} // namespace

const KnownStack *StackTextMemo::find(std::string_view frameLines) const
{
    const std::uint64_t hash = textHash(frameLines);
    std::lock_guard lock(m_mutex);
    const auto [begin, end] = m_byHash.equal_range(hash);
    for (auto it = begin; it != end; ++it) {
        if (it->second->text == frameLines)
            return &it->second->known;
    }
    return nullptr;
}

void StackTextMemo::remember(std::string_view frameLines, StackId stack,
                             const std::vector<Frame> &frames)
{
    const std::uint64_t hash = textHash(frameLines);
    std::lock_guard lock(m_mutex);
    // The text and its frames, which take about as much again.
    const std::size_t bytes = 2 * frameLines.size();
    if (m_bytes + bytes > kMaxBytes)
        return;
    const auto [begin, end] = m_byHash.equal_range(hash);
    for (auto it = begin; it != end; ++it) {
        if (it->second->text == frameLines)
            return; // another thread parsed the same text meanwhile
    }
    auto entry = std::make_unique<Entry>();
    entry->text = std::string(frameLines);
    entry->known = {stack, frames};
    m_bytes += bytes;
    m_byHash.emplace(hash, std::move(entry));
}

} // namespace rankscope
