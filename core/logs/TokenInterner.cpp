#include "core/logs/TokenInterner.h"

#include <algorithm>
#include <cstring>

namespace rankscope {

std::uint64_t TokenInterner::hash(std::string_view text) noexcept
{
    // Tokens are short: 8-byte words (the tail read as two overlapping loads, never a
    // variable-length copy) folded with multiplies, then a final mix.
    const auto *data = reinterpret_cast<const unsigned char *>(text.data());
    std::size_t left = text.size();
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ (left * 0xff51afd7ed558ccdull);
    auto load64 = [](const unsigned char *p) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        return v;
    };
    auto load32 = [](const unsigned char *p) {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return static_cast<std::uint64_t>(v);
    };
    while (left > 8) {
        h = (h ^ load64(data)) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
        data += 8;
        left -= 8;
    }
    std::uint64_t tail;
    if (left >= 4)
        tail = load32(data) | load32(data + left - 4) << 32;
    else if (left > 0)
        tail = static_cast<std::uint64_t>(data[0]) |
               static_cast<std::uint64_t>(data[left / 2]) << 8 |
               static_cast<std::uint64_t>(data[left - 1]) << 16;
    else
        tail = 0;
    h = (h ^ tail) * 0x94d049bb133111ebull;
    return h ^ (h >> 29);
}

TokenInterner::TokenInterner() : m_slots(1024)
{
    intern("<*>"); // kWildcardToken
}

TokenId TokenInterner::find(std::string_view token) const
{
    const std::uint64_t h = hash(token);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(h) & mask;; i = (i + 1) & mask) {
        const Slot slot = m_slots[i];
        if (slot.idPlusOne == 0)
            return kUnseenToken;
        if (slot.hash == static_cast<std::uint32_t>(h >> 32) &&
            m_texts[slot.idPlusOne - 1] == token)
            return slot.idPlusOne - 1;
    }
}

TokenId TokenInterner::intern(std::string_view token)
{
    if (const TokenId known = find(token); known != kUnseenToken)
        return known;
    if ((m_texts.size() + 1) * 2 > m_slots.size())
        grow();
    const std::string_view stored = m_storage.emplace_back(token);
    const auto id = static_cast<TokenId>(m_texts.size());
    m_texts.push_back(stored);
    m_hasDigit.push_back(
        std::any_of(stored.begin(), stored.end(), [](char c) { return c >= '0' && c <= '9'; }) ? 1
                                                                                               : 0);
    const std::uint64_t h = hash(stored);
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = static_cast<std::size_t>(h) & mask;
    while (m_slots[i].idPlusOne != 0)
        i = (i + 1) & mask;
    m_slots[i] = {id + 1, static_cast<std::uint32_t>(h >> 32)};
    return id;
}

void TokenInterner::grow()
{
    std::vector<Slot> slots(m_slots.size() * 2);
    const std::size_t mask = slots.size() - 1;
    for (TokenId id = 0; id < m_texts.size(); ++id) {
        const std::uint64_t h = hash(m_texts[id]);
        std::size_t i = static_cast<std::size_t>(h) & mask;
        while (slots[i].idPlusOne != 0)
            i = (i + 1) & mask;
        slots[i] = {id + 1, static_cast<std::uint32_t>(h >> 32)};
    }
    m_slots.swap(slots);
}

} // namespace rankscope
