#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace rankscope {

// A fast 64-bit hash whose value depends only on the bytes (unlike std::hash, which may change
// between library versions), so hashes stored in the cache stay valid across runs.
namespace stable_hash_detail {
inline std::uint64_t mix(std::uint64_t value)
{
    value ^= value >> 33;
    value *= 0xff51afd7ed558ccdull;
    value ^= value >> 33;
    value *= 0xc4ceb9fe1a85ec53ull;
    value ^= value >> 33;
    return value;
}
} // namespace stable_hash_detail

// Hashes a sequence of fields in one pass, finalizing once at the end: cheaper than hashing each
// field separately and combining (a stack is dozens of short strings).
class StableHasher
{
public:
    void add(std::uint64_t value) { absorb(value ^ 0x2545f4914f6cdd1dull); }
    void add(std::string_view bytes)
    {
        absorb(bytes.size());
        const char *data = bytes.data();
        std::size_t left = bytes.size();
        while (left >= 8) {
            std::uint64_t word;
            std::memcpy(&word, data, 8);
            absorb(word);
            data += 8;
            left -= 8;
        }
        if (left > 0) {
            std::uint64_t tail = 0;
            std::memcpy(&tail, data, left);
            absorb(tail);
        }
    }
    std::uint64_t finish() const { return stable_hash_detail::mix(m_state); }

private:
    void absorb(std::uint64_t word)
    {
        m_state = (m_state ^ (word * 0xbf58476d1ce4e5b9ull)) * 0x9e3779b97f4a7c15ull;
        m_state = (m_state << 29) | (m_state >> 35);
    }
    std::uint64_t m_state = 0x84222325cbf29ce4ull;
};

inline std::uint64_t stableHash64(std::string_view bytes, std::uint64_t seed = 0)
{
    constexpr std::uint64_t kMultiplier = 0x9e3779b97f4a7c15ull;
    std::uint64_t hash = seed ^ (bytes.size() * kMultiplier);
    const char *data = bytes.data();
    std::size_t left = bytes.size();
    while (left >= 8) {
        std::uint64_t word;
        std::memcpy(&word, data, 8);
        hash = (hash ^ (word * 0xbf58476d1ce4e5b9ull)) * kMultiplier;
        hash = (hash << 29) | (hash >> 35);
        data += 8;
        left -= 8;
    }
    std::uint64_t tail = 0;
    std::memcpy(&tail, data, left);
    hash = (hash ^ (tail * 0xbf58476d1ce4e5b9ull)) * kMultiplier;
    return stable_hash_detail::mix(hash);
}

} // namespace rankscope
