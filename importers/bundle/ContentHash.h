#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace rankscope {

// A 64-bit hash of a byte stream fed in pieces of any size, to tell whether an archive member
// changed when its size and modification time did not (archives written with fixed member
// times). Not cryptographic: it only has to catch accidental edits, at disk speed (8 bytes per
// multiply, no table).
class ContentHash
{
public:
    void add(const void *data, std::size_t size)
    {
        const auto *bytes = static_cast<const unsigned char *>(data);
        m_length += size;
        while (size > 0 && m_pending > 0) {
            m_tail[m_pending++] = *bytes++;
            --size;
            if (m_pending == 8) {
                mixWord(load(m_tail));
                m_pending = 0;
            }
        }
        for (; size >= 8; size -= 8, bytes += 8)
            mixWord(load(bytes));
        while (size-- > 0)
            m_tail[m_pending++] = *bytes++;
    }

    std::uint64_t value() const
    {
        std::uint64_t h = m_state;
        if (m_pending > 0) {
            unsigned char last[8] = {};
            std::memcpy(last, m_tail, m_pending);
            h = step(h, load(last));
        }
        h ^= m_length;
        // MurmurHash3's finalizer: every input bit reaches every output bit.
        h ^= h >> 33;
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 33;
        h *= 0xC4CEB9FE1A85EC53ull;
        h ^= h >> 33;
        return h;
    }

private:
    static std::uint64_t load(const unsigned char *p)
    {
        std::uint64_t word;
        std::memcpy(&word, p, sizeof word);
        return word;
    }
    static std::uint64_t step(std::uint64_t h, std::uint64_t word)
    {
        h ^= word * 0x87C37B91114253D5ull;
        h = (h << 31) | (h >> 33);
        return h * 0x4CF5AD432745937Full + 0x52DCE729;
    }
    void mixWord(std::uint64_t word) { m_state = step(m_state, word); }

    std::uint64_t m_state = 0x9E3779B97F4A7C15ull;
    std::uint64_t m_length = 0;
    unsigned char m_tail[8] = {};
    std::size_t m_pending = 0;
};

} // namespace rankscope
