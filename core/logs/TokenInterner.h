#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

using TokenId = std::uint32_t;
inline constexpr TokenId kWildcardToken = 0;         // "<*>", Drain's param_str
inline constexpr TokenId kUnseenToken = 0xFFFFFFFFu; // a token no template holds yet

// Maps template tokens to small integers so that Drain compares templates by integer equality.
// Only tokens that enter a template are interned: a lookup of a token never seen returns
// kUnseenToken without growing the table, so high-cardinality values (ids, sizes) that the
// masks miss cost no memory until a new cluster keeps them.
class TokenInterner
{
public:
    TokenInterner();

    TokenId find(std::string_view token) const;
    TokenId intern(std::string_view token);
    std::string_view text(TokenId id) const { return m_texts[id]; }
    // Drain's has_numbers: any character is a digit (routes the token to the wildcard child).
    bool hasDigit(TokenId id) const { return m_hasDigit[id] != 0; }
    std::size_t size() const { return m_texts.size(); }

    static std::uint64_t hash(std::string_view text) noexcept;

private:
    void grow();

    // Open addressing with linear probing, power-of-two size, at most half full: a lookup is
    // usually one hash, one slot and one compare. A slot holds the token's id + 1 (0 = empty)
    // and 32 bits of its hash, compared before the text.
    struct Slot
    {
        std::uint32_t idPlusOne = 0;
        std::uint32_t hash = 0;
    };
    std::vector<Slot> m_slots;
    std::deque<std::string> m_storage; // stable addresses for the views below
    std::vector<std::string_view> m_texts;
    std::vector<std::uint8_t> m_hasDigit;
};

} // namespace rankscope
