#pragma once

#include "core/logs/LauncherFailures.h"
#include "core/logs/LogModel.h"
#include "core/logs/TemplateMiner.h"
#include "core/model/JobInfo.h"
#include "core/model/Message.h"
#include "core/model/RankSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// One event of the job with its template: what the comparisons read (the cache keeps these).
struct TemplatedLogEvent
{
    int rank = -1;
    std::int64_t timeNs = 0;
    std::int64_t iteration = -1; // the rank's last iteration line at or before the event, -1
    TemplateId templ = kNoTemplate;
    LogSeverity severity = LogSeverity::Unknown;
    std::uint32_t file = 0;
    std::uint32_t line = 0;
    // The job-wide index of the event this one copies (the same line in a per-rank log and in
    // the launcher's output: core/logs/LogDuplicates.h), -1 when it is no copy. Copies are
    // left out of every count; only the line view shows them.
    std::int64_t duplicateOf = -1;
};

// Bits of LogTemplateSummary::flags.
namespace LogTemplateFlag {
inline constexpr std::uint32_t MinorityHas = 1;    // only a minority of comparable ranks have it
inline constexpr std::uint32_t MinorityLacks = 2;  // all but a minority have it (died early?)
inline constexpr std::uint32_t NewLate = 4;        // first seen after the job's early phase
inline constexpr std::uint32_t Burst = 8;          // a rank logged it far more than its history
inline constexpr std::uint32_t ErrorSeverity = 16; // warning, error or fatal
inline constexpr std::uint32_t RankZeroOnly = 32;  // noise of rank 0 / the launcher: role-scoped
inline constexpr std::uint32_t ControlPlane = 64;  // progress bars, HTTP, downloads, checkpoints
inline constexpr std::uint32_t Cause =
    128; // a local fault (CUDA, Xid, ECC, NCCL WARN, an exception)
inline constexpr std::uint32_t Echo = 256;    // a consequence (watchdog timeout, terminate called,
                                              // the launcher's SIGTERM, elastic failure reports)
inline constexpr std::uint32_t Suspect = 512; // listed among the suspects: what "suspicious" counts
} // namespace LogTemplateFlag

struct LogTemplateSummary
{
    TemplateId id = kNoTemplate;
    std::string text;
    LogSeverity severity = LogSeverity::Unknown;
    int builtin = -1;
    std::string builtinName; // "nccl-watchdog-timeout", "cuda-oom", ... ("" for mined ones)
    std::string role;        // the role it is compared within ("trainer", "launcher", ...)
    std::int64_t count = 0;
    RankSet has;                    // ranks with at least one event of it
    RankSet missing;                // comparable ranks (same role) without it
    std::vector<std::string> nodes; // nodes whose own lines of no rank hold it (per-node logs,
                                    // kernel logs: an Xid in logs/node-3/dmesg.log)
    std::int64_t firstTimeNs = 0;
    std::int64_t firstIteration = -1;
    int firstRank = -1;
    std::uint32_t flags = 0;
    double score = 0; // how suspicious (sorting key of the suspect list)
};

enum class LogSuspectKind : std::uint8_t
{
    Template, // a template worth reading (minority, new, burst, error)
    Rank,     // a rank that stopped early, lacks what others have, or has what others lack
    Node,     // several ranks of one node together
};
const char *logSuspectKindKey(LogSuspectKind kind);

struct LogSuspect
{
    LogSuspectKind kind = LogSuspectKind::Template;
    TemplateId templ = kNoTemplate; // the evidence template (Template suspects; else the
                                    // strongest template of the rank/node, or kNoTemplate)
    RankSet ranks;
    std::string node;
    double score = 0;
    std::string reason;    // "rank 37: nothing after iteration 1520 while others reached 1521"
    Message reasonMessage; // the reason as a message (logs.*): reason is its english()
    Message leadMessage;   // a rank or node reason at the start of a sentence ("Rank 37: ..."),
                           // what the summary opens with; empty for a template suspect
    bool effect = false;   // a consequence of an earlier cause (an echo template, a rank the
                           // launcher killed after its node-mate failed): listed, never the culprit
};

struct LogAnalysis
{
    std::vector<LogTemplateSummary> templates; // by score, then count
    std::vector<LogSuspect> suspects;          // most suspicious first
    std::int64_t anchorTimeNs = 0; // the earliest suspicious event of the job (0 when none)
    int anchorRank = -1;
    std::vector<std::int64_t> lastIteration; // per rank (index = rank), -1 when none
    std::string cause; // the first cause, as the echoes name it ("rank 5's `CUDA out of memory.
                       // Tried to allocate <*>` at 12:31:02"); "" when the logs show none
    int suspiciousTemplates = 0; // templates with LogTemplateFlag::Suspect
    std::string summary;         // one plain sentence
    Message summaryMessage;      // the summary as a message (logs.summary.*): summary in English
};

// What the analysis reads besides events, templates and iterations.
struct LogAnalysisContext
{
    std::vector<std::string> fileNodes;    // per log file (TemplatedLogEvent::file): its node, ""
    std::vector<LauncherFailure> failures; // torchrun's failure reports (ChildFailedError)
};

// The order of LogAnalysis::suspects: every suspect before every effect, then by score.
bool logSuspectBefore(const LogSuspect &a, const LogSuspect &b);
// The order of LogAnalysis::templates: suspicious templates that are no echo first (causes
// before consequences), then by score and count.
bool logTemplateBefore(const LogTemplateSummary &a, const LogTemplateSummary &b);

// The one-sentence summary of an analysis: its top suspect's reason and the strongest one of the
// other kind, or, with no suspect, how many templates over how many ranks look alike.
Message logAnalysisSummaryMessage(const LogAnalysis &analysis, std::size_t templates, int ranks);
std::string logAnalysisSummary(const LogAnalysis &analysis, std::size_t templates, int ranks);

// Spatial (which comparable ranks have / lack each template), temporal (first occurrence per
// rank and job, bursts against the rank's own history, the iteration where a template appears,
// the earliest suspicious event as anchor) and role-aware (rank-0 / launcher noise compared
// within its role only). Spec: ../shared/guide/domain.md.
// Causes rank above their echoes: a local fault (CUDA, Xid, ECC, NCCL WARN, an exception on few
// ranks, torchrun's root cause) leads; the watchdog timeouts, "terminate called", the launcher's
// SIGTERMs and failure reports after it are marked as its echoes, the ranks killed because a
// node-mate failed as effects (spec: docs/logs.md section 2).
LogAnalysis analyzeLogs(const std::vector<TemplatedLogEvent> &events,
                        const std::vector<LogTemplate> &templates,
                        const std::vector<LogIterationRecord> &iterations, const JobInfo &job,
                        const LogAnalysisContext &context = {});

} // namespace rankscope
