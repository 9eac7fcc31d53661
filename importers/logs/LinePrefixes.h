#pragma once

#include "importers/logs/LauncherPrefix.h"
#include "importers/logs/RankPrefix.h"
#include "importers/logs/WorkerTag.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// Which prefixes that plain text can also start with a file really uses (LinePrefixCensus).
struct PrefixRules
{
    bool srunLabels = false;       // "3: ", "P1 3: "
    bool rankTemplate = false;     // "[3]:"
    bool compose = false;          // "trainer-1  | "
    bool pdsh = false;             // "worker-1: "
    bool openMpiSeparator = false; // "[1,3]<stdout>: " (PRRTE): the space after the tag is its
    bool everything = false;       // accept every candidate (the census itself)
};

// The prefixes stacked in front of one line, outermost first: a container or remote shell
// ("trainer-1  | ", "[pod/job-worker-0/pytorch] ", "worker-1: "), a process ("[12345] ",
// "(VllmWorker rank=2 pid=123) "), a launcher's task ("3: ", "[1,3]<stdout>: "), a rank
// ("[rank3]:", "[default3]:", "[TP3] ") - in any order, each form once.
struct LinePrefix
{
    std::size_t length = 0; // bytes to remove
    int rank = -1;          // from the innermost rank prefix
    RankPrefixForm rankForm = RankPrefixForm::None;
    bool localRank = false; // `rank` is torchrun's local rank ("[default3]:")
    int hetComponent = -1;  // srun's "P1 3: ": `rank` is the component's task
    int outerTask = -1;     // an srun label or OpenMPI rank with another rank prefix inside
    std::string_view node;  // container, pod or host
    LauncherPrefixForm nodeForm = LauncherPrefixForm::None;
    std::int64_t pid = -1;
    WorkerTag worker;
    bool hasWorker = false;
    std::uint32_t stack = 0; // the forms in order, 5 bits each (prefixStackText)
    int forms = 0;
    bool any() const { return forms > 0; }
};

LinePrefix matchLinePrefix(std::string_view line, const PrefixRules &rules);

// A cheap first-byte filter, since most lines start with no prefix: brackets and parentheses
// start most prefixes; "rank3:" an 'r'; srun's labels a digit, a space or 'P'; compose and pdsh
// names any letter or digit, in files that use them.
inline bool mayStartPrefix(std::string_view line, const PrefixRules &rules)
{
    if (line.size() < 3)
        return false;
    const char first = line[0];
    if (first == '(')
        return true;
    if (first == '[') {
        // "[2021-05-27 ...": a digit starts only "[3]:", "[1,3]<stdout>:" and "[12345] ".
        if (line[1] < '0' || line[1] > '9')
            return true;
        std::size_t at = 2;
        while (at < line.size() && at < 10 && line[at] >= '0' && line[at] <= '9')
            ++at;
        return at < line.size() && (line[at] == ',' || line[at] == ']');
    }
    if ((first == 'r' || first == 'R') && (line[1] | 0x20) == 'a' && (line[2] | 0x20) == 'n')
        return true;
    const bool letter = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z');
    const bool digit = first >= '0' && first <= '9';
    if (rules.everything || rules.compose || rules.pdsh)
        return letter || digit || first == ' ';
    if (rules.srunLabels)
        return digit || first == ' ' || first == 'P';
    return false;
}

// "trainer-1  | [rankN]:", "(Name pid=N)": LogFileInfo::prefixFormat for a stack.
std::string prefixStackText(std::uint32_t stack);
// The stack with one more form at its end: a rank prefix after the line's time, SGLang's
// coordinates inside it.
std::uint32_t appendToStack(std::uint32_t stack, RankPrefixForm form);
std::uint32_t appendToStack(std::uint32_t stack, WorkerTagForm form);

// Counts, over a file's first lines, how many start with each prefix that plain text can also
// start with; such a prefix is the file's when at least half of the non-empty lines carry it
// (srun labels, besides, only when no explicit rank prefix starts more lines).
class LinePrefixCensus
{
public:
    void add(std::string_view line);
    PrefixRules rules() const;

private:
    std::int64_t m_lines = 0;
    std::int64_t m_srunLabels = 0;
    std::int64_t m_rankTemplates = 0;
    std::int64_t m_compose = 0;
    std::int64_t m_pdsh = 0;
    std::int64_t m_explicitRanks = 0;
    std::int64_t m_openMpiTags = 0;
    std::int64_t m_openMpiSpaced = 0; // followed by a space
};

// Prefix forms that another rank's output may start in the middle of a line, when two
// processes write to one pipe without a newline between them ("step 5 done[rank1]: step 5
// done", "... 0/4 [00:00<?, ?it/s](VllmWorker rank=0 pid=7) ...").
enum InterleaveMarker : unsigned
{
    kMarkRankBracket = 1,    // "[rank3]:"
    kMarkDefaultBracket = 2, // "[default3]:"
    kMarkOpenMpi = 4,        // "[1,3]<stdout>:"
    kMarkProcessTag = 8,     // "(VllmWorker rank=2 pid=123) "
};
// The marker a line's own prefix stands for, 0 when none.
unsigned interleaveMarkerOf(const LinePrefix &prefix);
// Where, from `from` on (at least 1), another process's prefix of one of `markers` begins in
// `text`; npos when none does.
std::size_t findInterleavedPrefix(std::string_view text, unsigned markers, std::size_t from);

} // namespace rankscope
