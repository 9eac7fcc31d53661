#pragma once

#include "core/model/Message.h"
#include "core/model/RankSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// One model for what every layer's analysis found, so that a join can line them up on the same
// ranks, nodes and windows (docs/findings.md). Adapters (StackFindings.h, TraceFindings.h, ...)
// turn each layer's own result into findings; they add nothing the layer did not say.

enum class FindingLayer : std::uint8_t
{
    Stacks,      // merged stack dumps (StackAnalysis)
    Traces,      // profiler traces: stragglers and who waits (StragglerReport)
    Logs,        // log templates and rank suspects (LogAnalysis), step times from log lines
    Collectives, // Flight Recorder dumps, watchdog and desync lines (CollectiveReport)
    Baseline,    // the comparison with a healthy run (BundleDiff)
};
inline constexpr int kFindingLayerCount = 5;
const char *findingLayerKey(FindingLayer layer); // "stacks", "traces", "logs", ...
Message findingLayerName(FindingLayer layer);    // "the stacks", "the profiler traces", ...

// What a finding is to the job's story.
enum class FindingRole : std::uint8_t
{
    Cause,   // local evidence against its ranks: the blocker, the rank behind, the slow GPU
    Effect,  // a consequence: waiters, ranks waiting in a collective, watchdog timeouts, ops
             // slower only because their ranks wait
    Context, // says something about the job but names no one: "every rank waits in the same
             // collective", a warning every rank logs, a layer that cannot tell
};
const char *findingRoleKey(FindingRole role); // "cause", "effect", "context"

// Which iteration numbers a window counts: the training loop's (log iteration lines) and the
// profiler's ProfilerStep#N are different numberings, compared only with their own kind.
enum class IterationAxis : std::uint8_t
{
    None,
    Training,
    ProfilerStep,
};
const char *iterationAxisKey(IterationAxis axis); // "", "training", "profiler_step"

// When a finding holds. Times are wall-clock nanoseconds since the epoch (0: unknown);
// iterations -1 when unknown. A stack stuck in every sample was already stuck before the first
// and stays so after the last (beganEarlier, goesOn); a straggler slow from iteration 30 goes on.
struct FindingWindow
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::int64_t firstIteration = -1;
    std::int64_t lastIteration = -1;
    IterationAxis axis = IterationAxis::None;
    bool beganEarlier = false;
    bool goesOn = false;

    bool hasTime() const { return startNs > 0 || endNs > 0; }
    bool hasIterations() const { return axis != IterationAxis::None && firstIteration >= 0; }
    bool empty() const { return !hasTime() && !hasIterations(); }
};

// A time is taken for wall-clock time only from 2001 on (1e18 ns since the epoch): a trace
// whose clock starts at its process' launch cannot be lined up with log times.
bool isWallClockNs(std::int64_t ns);

// Whether two windows can be the same episode: their time spans intersect, and so do their
// iterations when both count the same axis. A side that is unknown never separates them.
bool windowsOverlap(const FindingWindow &a, const FindingWindow &b);
// The smallest window that holds both.
FindingWindow mergedWindows(const FindingWindow &a, const FindingWindow &b);

// What a finding points at, so that a view can open it.
enum class EvidenceTarget : std::uint8_t
{
    None,
    Frame,      // id: the merged stack tree's node; label: the frame
    Template,   // id: the log template; label: its text
    Cell,       // rank, window (iteration or time bin), label: the metric key, group: the axis
    Collective, // id: index into CollectiveReport::suspects; group: the process group, window:
                // its sequence number; label: the op
    DiffLine,   // label: the diff section ("stack", "log", "op", "step_time", "step_series"),
                // id: the item of that section, line: the summary line of BundleDiff (-1: none)
};
const char *evidenceTargetKey(EvidenceTarget target); // "frame", "template", "cell", ...

struct EvidenceRef
{
    EvidenceTarget target = EvidenceTarget::None;
    int id = -1;
    std::string label;
    int rank = -1;
    std::int64_t window = -1;
    std::string group;
    int line = -1;
};
// "frame #12 `__next__`", "template #109", "cell rank 9, iteration 30, compute", "pg 0 #187
// all_reduce", "diff: log #3"; "" for None.
std::string evidenceRefText(const EvidenceRef &ref);

// Data that would settle what the layers cannot tell, or confirm a weak finding.
enum class DataNeed : std::uint8_t
{
    MoreStackSamples,    // a rank dumped once: stuck or progressing cannot be told
    StackDumps,          // no stacks (or from too few ranks)
    FlightRecorderDumps, // who never joined which collective
    MoreProfilerSteps,   // a capture of one or two steps: persistence unknown
    ProfilerTraces,      // who is slow at its own work
    Logs,                // errors only some ranks logged, who stopped first
    NodeLogs,            // NCCL WARN, InfiniBand and Xid lines of each node
    Baseline,            // a healthy run of the same job to compare with
};
const char *dataNeedKey(DataNeed need); // "more_stack_samples", ...
Message dataNeedMessage(DataNeed need); // what to collect, in plain words

struct Finding
{
    FindingLayer layer = FindingLayer::Stacks;
    std::string kind; // the layer's own word: "blocker", "behind", "straggler", "rank", ...
    FindingRole role = FindingRole::Cause;
    RankSet ranks;
    std::vector<std::string> nodes; // the nodes it names (all of whose ranks it implicates, or
                                    // whose own log holds it); sorted
    FindingWindow window;
    double strength = 0; // 0..1: how strongly this finding alone points at its ranks
    Message sentence;    // the layer's own sentence
    EvidenceRef ref;
    RankSet waitsFor;            // Effect: the ranks it waits for, when the layer says so
    std::vector<DataNeed> needs; // Context: what would settle it; Cause: what would confirm it
    // Context: the layer sees trouble it cannot pin on anyone ("every rank waits in the same
    // collective", "no strict healthy majority"), as opposed to a job that looks healthy.
    bool cannotTell = false;
};

// What one layer contributes: whether the bundle has it at all, its own verdict in one
// sentence, and its findings.
struct LayerFindings
{
    FindingLayer layer = FindingLayer::Stacks;
    bool present = false;
    Message summary;
    std::vector<Finding> findings;
};

// A layer the bundle does not have.
LayerFindings absentLayer(FindingLayer layer);

// Strength of a finding as a word: "strong" (>= 0.7), "moderate" (>= 0.45), "weak".
const char *strengthKey(double strength);

} // namespace rankscope
