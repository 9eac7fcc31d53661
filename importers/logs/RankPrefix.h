#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace rankscope {

// The rank prefixes that launchers put in front of every line of combined output.
enum class RankPrefixForm : std::uint8_t
{
    None,
    RankBracket,    // "[rank3]:", "[rank3] "       torch 2.x, torchrun --log-line-prefix
    DefaultBracket, // "[default3]:", "[trainer3]:" torchrun --tee: role + LOCAL rank
    SrunLabel,      // "3: ", "  3: "               srun -l / --label
    RankSpaced,     // "[RANK 3]", "[Rank 3]:", "[rank: 3]" user, DeepSpeed, Lightning
    RankColon,      // "rank3:", "rank 3:"
    OpenMpiTag,     // "[1,3]<stdout>:", "[1,3][host:pid]<stderr>:" mpirun --tag-output / PRRTE
    RankTemplate,   // "[3]:"                       torchrun --log-line-prefix-template "[${rank}]:"
    SrunHetLabel,   // "P1 3: "                     srun -l, heterogeneous job component 1
};
inline constexpr std::size_t kRankPrefixFormCount = 9;

// The form as docs/formats-logs.md and LogFileInfo::prefixFormat spell it ("[rankN]:", "N: ").
const char *rankPrefixFormText(RankPrefixForm form);

// Forms that plain text can also start with ("12: items left", "[3]: see note"): accepted only
// where the file uses them throughout (LinePrefixCensus).
bool isWeakRankPrefixForm(RankPrefixForm form);

struct RankPrefixMatch
{
    RankPrefixForm form = RankPrefixForm::None;
    int rank = -1;
    std::size_t length = 0; // bytes to remove: the prefix and one space after it
    // DefaultBracket: the number is torchrun's local rank, which is the global rank only on a
    // single node.
    bool localRank = false;
    int hetComponent = -1; // SrunHetLabel: the component; `rank` is its task number then
    std::string_view node; // OpenMPI tag-detailed: the host
    std::int64_t pid = -1; // OpenMPI tag-detailed: the pid
    // OpenMPI: several spaces follow the tag, so whether the first is PRRTE's separator or the
    // text's indentation is for the file to say (PrefixRules::openMpiSeparator).
    bool spacedOpenMpiTag = false;
};

// The rank prefix at the start of `line`, if any (weak forms included: the caller decides).
RankPrefixMatch matchRankPrefix(std::string_view line);

// "[Rank 0]" inside a line's header, after the timestamp, level and "[file.py:60:func]" tags
// (DeepSpeed's log_dist), or c10d's "[PG ID 0 PG GUID 0(default_pg) Rank 3]" / "[PG 0 Rank 3]".
// The tag stays in the text; only the rank is taken. c10d's plain "[Rank 3]" after a C++
// location ("ProcessGroupNCCL.cpp:629] [Rank 3] ...") is the rank in whatever process group
// timed out, not the global rank, so it is not taken; nor is "[PG ID 2 ... Rank 1]".
int rankTagInHeader(std::string_view text);

} // namespace rankscope
