#pragma once

#include "core/analysis/LogAnalysis.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// The steps of analyzeLogs(), shared between its source files. Not a public interface.

// Weight of a severity in suspicion scores: fatal 5, error 4, warning 2, anything else 0.5.
double logSeverityWeight(LogSeverity severity);
// "12:31:04" (UTC) for a time in ns since the epoch; "" for 0.
std::string logClockText(std::int64_t timeNs);
// The template text in backquotes, cut to about 90 characters.
std::string quotedTemplate(const std::string &text);
// The role a rank is compared within: the manifest's, "trainer" by default, "launcher" for -1.
std::string logRoleOf(const JobInfo &job, int rank);

// Rank and node suspects from the flagged templates and the iterations each rank reached.
// `lastIteration` is indexed by rank (-1: none); `roleRanks` lists, per role, the ranks of that
// role with any log event.
struct LogRoleRanks
{
    std::string role;
    RankSet ranks;
};
std::vector<LogSuspect> logRankSuspects(const std::vector<LogTemplateSummary> &templates,
                                        const std::vector<std::int64_t> &lastIteration,
                                        const std::vector<LogRoleRanks> &roleRanks,
                                        const JobInfo &job);

} // namespace rankscope
