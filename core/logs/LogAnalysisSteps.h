#pragma once

#include "core/logs/LogAnalysis.h"

#include <cstdint>
#include <map>
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
// "rank 5" / "ranks 3,7" (ranks.one / ranks.many).
Message logRanksMessage(const RankSet &ranks);
// `what` followed by " at 12:31:04" (logs.at); `what` as it is for a time of 0.
Message logAtMessage(Message what, std::int64_t timeNs);
// Two clauses joined by "; " (list.semicolon); either alone when the other is empty.
Message logJoinedMessage(Message first, Message second);

// Per role, the ranks of that role with any log event.
struct LogRoleRanks
{
    std::string role;
    RankSet ranks;
};

// Worth reading: an error anywhere, or a warning that only some ranks have, that came late or
// in a burst; never control-plane chatter below error. What LogTemplateFlag::Suspect marks.
bool isTemplateSuspect(const LogTemplateSummary &summary);

// Causes and echoes (LogCausality.cpp). A template is a cause when it is a local fault (CUDA,
// Xid, ECC, NCCL WARN and NCCL errors, a crash, an exception), an echo when it is what other
// ranks and the launcher print after a fault (watchdog timeouts, the NCCL teardown lines,
// "terminate called", the launcher's SIGTERMs and failure reports, signal exceptions).
enum class LogCausalRole : std::uint8_t
{
    Neutral,
    Cause,
    Echo,
};
LogCausalRole logCausalRole(const LogTemplateSummary &summary);

// Clocks of different ranks and nodes disagree by milliseconds (NTP); a cause must come before
// the first echo by no more than this.
inline constexpr std::int64_t kCauseLeadToleranceNs = 500'000'000;

// The first cause of the job's trouble as far as the logs tell, and what the rank suspects
// need to tell causes from effects.
struct LogFirstCause
{
    bool known = false;
    TemplateId templ = kNoTemplate; // kNoTemplate: only torchrun's root cause names it
    RankSet ranks;                  // the ranks whose own lines hold it
    std::string node;               // the node, when the cause is one node's
    std::int64_t timeNs = 0;        // 0 when the lines carry no time
    std::string text;               // "rank 5's `CUDA out of memory ...` at 12:31:02"
    Message message;                // text as a message (logs.cause.*)
};
struct LogCausalFacts
{
    LogFirstCause cause;
    std::int64_t firstEchoNs = 0;         // the earliest echo of the job, 0 when none
    std::vector<TemplateId> timelyCauses; // local causes that came before the first echo
    std::vector<LauncherFailure> failures;
    int rootFailure = -1;                 // index into failures: the job's earliest root cause
    std::vector<std::int64_t> lastTimeNs; // per rank: its last timed event, 0 when none
    std::map<std::string, int> nodeRanks; // ranks with log events per node
    int nodeCount = 0;                    // nodes of the job (ranks' nodes and node logs)

    bool isTimelyCause(TemplateId id) const;
};
// `lastTimeNs` per rank; templates as summarized (flags Cause and Echo set).
LogCausalFacts findCausalFacts(const std::vector<LogTemplateSummary> &templates,
                               const LogAnalysisContext &context, const JobInfo &job,
                               const std::vector<LogRoleRanks> &roles,
                               std::vector<std::int64_t> lastTimeNs);
// "rank 5", "ranks 24-31", "node-3" for a set of ranks (a whole node by its name).
Message rankSetPhrase(const RankSet &ranks, const LogCausalFacts &facts, const JobInfo &job);
// A torchrun exit code in words: "exit code 1", "SIGTERM".
Message exitCodeText(int exitCode);
// True for an exit that is a failure of the worker itself (an error exit, a crash signal, the
// kernel's SIGKILL), not a stop from outside (SIGTERM, SIGINT, SIGHUP) or the watchdog's abort.
bool isOwnFailure(int exitCode);

// Rank and node suspects from the flagged templates and the iterations each rank reached.
// `lastIteration` is indexed by rank (-1: none); `roleRanks` lists, per role, the ranks of that
// role with any log event.
std::vector<LogSuspect> logRankSuspects(const std::vector<LogTemplateSummary> &templates,
                                        const std::vector<std::int64_t> &lastIteration,
                                        const std::vector<LogRoleRanks> &roleRanks,
                                        const JobInfo &job, const LogCausalFacts &facts);

} // namespace rankscope
