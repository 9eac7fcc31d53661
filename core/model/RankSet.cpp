#include "core/model/RankSet.h"

#include <algorithm>
#include <charconv>

namespace rankscope {

namespace {
constexpr int kBitsPerWord = 64;

bool parseInt(std::string_view text, int &value)
{
    if (text.empty())
        return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && value >= 0;
}

std::string_view trimmedSpaces(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}
} // namespace

RankSet RankSet::range(int first, int lastInclusive)
{
    RankSet set;
    if (first < 0 || lastInclusive < first)
        return set;
    set.m_words.assign(static_cast<std::size_t>(lastInclusive / kBitsPerWord + 1), 0);
    for (int rank = first; rank <= lastInclusive;) {
        // Fill whole words at once: a 16k-rank range costs 256 stores, not 16k.
        if (rank % kBitsPerWord == 0 && rank + kBitsPerWord - 1 <= lastInclusive) {
            set.m_words[static_cast<std::size_t>(rank / kBitsPerWord)] = ~std::uint64_t(0);
            rank += kBitsPerWord;
        } else {
            set.insert(rank);
            ++rank;
        }
    }
    return set;
}

RankSet RankSet::fromVector(const std::vector<int> &ranks)
{
    RankSet set;
    for (int rank : ranks)
        set.insert(rank);
    return set;
}

std::optional<RankSet> RankSet::parse(std::string_view text)
{
    RankSet set;
    text = trimmedSpaces(text);
    if (text.empty())
        return set;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find_first_of(",/|", start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view item = trimmedSpaces(text.substr(start, end - start));
        if (item.empty()) {
            // "0-3|" is FLAME's label for "nobody missing": tolerate empty items at the edges.
            if (end != text.size() && start != 0)
                return std::nullopt;
        } else {
            const std::size_t dash = item.find('-');
            int first = 0;
            int last = 0;
            if (dash == std::string_view::npos) {
                if (!parseInt(item, first))
                    return std::nullopt;
                last = first;
            } else if (!parseInt(trimmedSpaces(item.substr(0, dash)), first) ||
                       !parseInt(trimmedSpaces(item.substr(dash + 1)), last) || last < first) {
                return std::nullopt;
            }
            set |= range(first, last);
        }
        start = end + 1;
    }
    return set;
}

void RankSet::insert(int rank)
{
    if (rank < 0)
        return;
    const auto word = static_cast<std::size_t>(rank / kBitsPerWord);
    if (word >= m_words.size())
        m_words.resize(word + 1, 0);
    m_words[word] |= std::uint64_t(1) << (rank % kBitsPerWord);
}

void RankSet::erase(int rank)
{
    if (rank < 0)
        return;
    const auto word = static_cast<std::size_t>(rank / kBitsPerWord);
    if (word < m_words.size()) {
        m_words[word] &= ~(std::uint64_t(1) << (rank % kBitsPerWord));
        trim();
    }
}

bool RankSet::contains(int rank) const
{
    if (rank < 0)
        return false;
    const auto word = static_cast<std::size_t>(rank / kBitsPerWord);
    return word < m_words.size() && (m_words[word] >> (rank % kBitsPerWord)) & 1u;
}

int RankSet::count() const
{
    int total = 0;
    for (std::uint64_t word : m_words)
        total += __builtin_popcountll(word);
    return total;
}

bool RankSet::empty() const
{
    return m_words.empty();
}

int RankSet::first() const
{
    for (std::size_t w = 0; w < m_words.size(); ++w) {
        if (m_words[w])
            return static_cast<int>(w * kBitsPerWord + __builtin_ctzll(m_words[w]));
    }
    return -1;
}

int RankSet::last() const
{
    if (m_words.empty())
        return -1;
    const std::size_t w = m_words.size() - 1;
    return static_cast<int>(w * kBitsPerWord + 63 - __builtin_clzll(m_words[w]));
}

std::vector<int> RankSet::toVector() const
{
    std::vector<int> ranks;
    ranks.reserve(static_cast<std::size_t>(count()));
    forEach([&](int rank) { ranks.push_back(rank); });
    return ranks;
}

std::string RankSet::toString() const
{
    std::string text;
    int runStart = -1;
    int previous = -2;
    auto flush = [&] {
        if (runStart < 0)
            return;
        if (!text.empty())
            text += ',';
        text += std::to_string(runStart);
        if (previous != runStart) {
            text += '-';
            text += std::to_string(previous);
        }
    };
    forEach([&](int rank) {
        if (rank != previous + 1) {
            flush();
            runStart = rank;
        }
        previous = rank;
    });
    flush();
    return text;
}

RankSet &RankSet::operator|=(const RankSet &other)
{
    if (other.m_words.size() > m_words.size())
        m_words.resize(other.m_words.size(), 0);
    for (std::size_t w = 0; w < other.m_words.size(); ++w)
        m_words[w] |= other.m_words[w];
    return *this;
}

RankSet &RankSet::operator&=(const RankSet &other)
{
    if (m_words.size() > other.m_words.size())
        m_words.resize(other.m_words.size());
    for (std::size_t w = 0; w < m_words.size(); ++w)
        m_words[w] &= other.m_words[w];
    trim();
    return *this;
}

RankSet &RankSet::operator-=(const RankSet &other)
{
    const std::size_t common = std::min(m_words.size(), other.m_words.size());
    for (std::size_t w = 0; w < common; ++w)
        m_words[w] &= ~other.m_words[w];
    trim();
    return *this;
}

bool operator==(const RankSet &a, const RankSet &b)
{
    return a.m_words == b.m_words;
}

void RankSet::trim()
{
    // Keep no trailing zero words, so that equality is a plain vector comparison.
    while (!m_words.empty() && m_words.back() == 0)
        m_words.pop_back();
}

} // namespace rankscope
