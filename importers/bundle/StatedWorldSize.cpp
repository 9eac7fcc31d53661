#include "importers/bundle/StatedWorldSize.h"

#include "importers/bundle/RankFromPath.h"

#include <cstdint>

namespace rankscope {

namespace {

// Largest world size taken from a log: beyond the ranks rankscope supports a number is junk,
// not a job (and the job's rank table is sized by it).
constexpr std::int64_t kMaxStatedWorldSize = std::int64_t(kMaxSupportedRank) + 1;

// The decimal number at the start of `text` (after spaces), 0 when none or implausible.
int numberAt(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && text[i] == ' ')
        ++i;
    std::int64_t value = 0;
    const std::size_t first = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - first < 8)
        value = value * 10 + (text[i++] - '0');
    if (i == first || (i < text.size() && text[i] >= '0' && text[i] <= '9'))
        return 0;
    return value > 0 && value <= kMaxStatedWorldSize ? int(value) : 0;
}

// The number after every occurrence of `key` in `text`, the largest.
int largestAfter(std::string_view text, std::string_view key)
{
    int largest = 0;
    for (std::size_t at = text.find(key); at != std::string_view::npos;
         at = text.find(key, at + key.size())) {
        const int value = numberAt(text.substr(at + key.size()));
        largest = value > largest ? value : largest;
    }
    return largest;
}

} // namespace

int statedWorldSize(std::string_view text)
{
    int stated = 0;
    const auto keep = [&stated](int value) { stated = value > stated ? value : stated; };
    // "ranks" covers NCCL's "nranks" and "nRanks"; "world" the two launchers' wording.
    if (text.find("anks ") != std::string_view::npos) {
        keep(largestAfter(text, " nranks "));
        keep(largestAfter(text, " nRanks "));
    }
    if (text.find("world") != std::string_view::npos) {
        keep(largestAfter(text, "global_world_sizes=["));
        keep(largestAfter(text, "using world size:"));
    }
    return stated;
}

} // namespace rankscope
