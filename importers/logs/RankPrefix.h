#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace rankscope {

// The rank prefixes that launchers put in front of every line of combined output.
enum class RankPrefixForm : std::uint8_t
{
    None,
    RankBracket,    // "[rank3]:"             torchrun --log-line-prefix, torch 2.x
    DefaultBracket, // "[default3]:"          torchrun --tee (role "default")
    SrunLabel,      // "3: ", "  3: "         srun -l / --label
    RankSpaced,     // "[RANK 3]", "[Rank 3]" user and DeepSpeed prefixes
    RankColon,      // "rank3:", "rank 3:"
    OpenMpiTag,     // "[1,3]<stdout>:"       mpirun --tag-output
};

// The form as docs/formats-logs.md and LogFileInfo::prefixFormat spell it ("[rankN]:", "N: ").
const char *rankPrefixFormText(RankPrefixForm form);

struct RankPrefixMatch
{
    RankPrefixForm form = RankPrefixForm::None;
    int rank = -1;
    std::size_t length = 0; // bytes to remove: the prefix and one space after it
};

// The rank prefix at the start of `line`, if any. "N: " is only a candidate (plain text starts
// like that too): callers accept it when the file uses it throughout (see
// looksLikeSrunLabelledFile).
RankPrefixMatch matchRankPrefix(std::string_view line);

// "[Rank 0]" inside a line's header, after the timestamp, level and "[file.py:60:func]" tags
// (DeepSpeed's log_dist). The tag stays in the text; only the rank is taken.
int rankTagInHeader(std::string_view text);

// True when at least half of the sampled non-empty lines start with "N: " and no explicit form
// is used more: the signature of srun -l output.
struct RankPrefixCensus
{
    std::int64_t lines = 0;
    std::int64_t srunLabels = 0;
    std::int64_t explicitPrefixes = 0;
    void add(std::string_view line);
    bool looksLikeSrunLabelledFile() const;
};

} // namespace rankscope
