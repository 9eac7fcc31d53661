#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// A set of ranks as a dense bitset (STAT style): cheap unions and differences for 16k+ ranks,
// printed as compact ranges ("0-6,8-15") and parsed back from the same text.
class RankSet
{
public:
    RankSet() = default;
    static RankSet range(int first, int lastInclusive);
    static RankSet fromVector(const std::vector<int> &ranks);
    // Accepts "0-6,8-15", also "/" or "|" separators and spaces (FLAME/xpu-timer labels);
    // "" is the empty set. Returns nullopt for anything else.
    static std::optional<RankSet> parse(std::string_view text);

    void insert(int rank);
    void erase(int rank);
    bool contains(int rank) const;
    int count() const;
    bool empty() const;
    int first() const; // -1 when empty
    int last() const;  // -1 when empty
    std::vector<int> toVector() const;
    std::string toString() const; // "0-6,8-15"; "" when empty

    RankSet &operator|=(const RankSet &other);
    RankSet &operator&=(const RankSet &other);
    RankSet &operator-=(const RankSet &other);
    friend RankSet operator|(RankSet a, const RankSet &b) { return a |= b; }
    friend RankSet operator&(RankSet a, const RankSet &b) { return a &= b; }
    friend RankSet operator-(RankSet a, const RankSet &b) { return a -= b; }
    friend bool operator==(const RankSet &a, const RankSet &b);

    template <typename Fn> void forEach(Fn &&fn) const
    {
        for (std::size_t w = 0; w < m_words.size(); ++w) {
            std::uint64_t bits = m_words[w];
            while (bits) {
                const int bit = __builtin_ctzll(bits);
                fn(static_cast<int>(w * 64 + bit));
                bits &= bits - 1;
            }
        }
    }

private:
    void trim();
    std::vector<std::uint64_t> m_words;
};

} // namespace rankscope
