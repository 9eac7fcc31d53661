#include "core/model/TraceStringTable.h"

#include <algorithm>
#include <cstring>

namespace rankscope {

namespace {

// Most names are short; 64 KiB blocks keep the number of allocations small without wasting
// much on small traces.
constexpr std::size_t kBlockSize = 64 * 1024;

} // namespace

TraceStringTable::TraceStringTable()
{
    m_views.emplace_back();
    m_index.emplace(std::string_view(), kEmptyTraceString);
}

std::string_view TraceStringTable::store(std::string_view text)
{
    if (text.empty())
        return {};
    if (text.size() > m_blockCapacity - m_blockUsed) {
        // A string longer than a block gets a block of its own.
        const std::size_t capacity = std::max(kBlockSize, text.size());
        m_blocks.push_back(std::make_unique<char[]>(capacity));
        m_blockUsed = 0;
        m_blockCapacity = capacity;
        m_blockBytes += capacity;
    }
    char *at = m_blocks.back().get() + m_blockUsed;
    std::memcpy(at, text.data(), text.size());
    m_blockUsed += text.size();
    return std::string_view(at, text.size());
}

TraceStringId TraceStringTable::intern(std::string_view text)
{
    auto found = m_index.find(text);
    if (found != m_index.end())
        return found->second;
    const auto id = static_cast<TraceStringId>(m_views.size());
    const std::string_view stored = store(text);
    m_views.push_back(stored);
    m_index.emplace(stored, id);
    return id;
}

TraceStringId TraceStringTable::find(std::string_view text) const
{
    auto found = m_index.find(text);
    return found == m_index.end() ? kNotFound : found->second;
}

} // namespace rankscope
