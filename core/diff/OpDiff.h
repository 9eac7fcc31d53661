#pragma once

#include "core/model/TraceEventKind.h"
#include "core/traces/OpBreakdown.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// The op totals of one rank over its whole trace, as the cache stores them at import: events
// inside the rank's ProfilerStep ranges when it has any (then `iterations` counts them), else
// the whole trace (iterations 0, spanNs the trace's length).
struct RankOpTotals
{
    int rank = -1;
    std::int64_t iterations = 0;
    std::int64_t spanNs = 0;
    std::vector<OpTotal> ops; // by (kind, name)
};

// One op over the ranks of one run: per-rank values normalised per iteration (or per second of
// trace when the run has no iterations), then the median and spread over the ranks that ran it.
struct OpRunStats
{
    int ranksWithOp = 0;
    int ranks = 0;              // ranks of the run with op totals
    double countPerUnit = 0;    // median over ranksWithOp
    double medianNsPerUnit = 0; // median over ranksWithOp
    double p10NsPerUnit = 0;    // spread over ranksWithOp
    double p90NsPerUnit = 0;
    double medianNsPerCall = 0; // medianNsPerUnit / countPerUnit, 0 when no calls
};

enum class OpChangeKind : std::uint8_t
{
    New,    // no baseline rank ran it
    Gone,   // no target rank runs it
    Slower, // significantly more time per unit
    Faster, // significantly less
    Unchanged,
};
const char *opChangeKindKey(OpChangeKind kind); // "new", "gone", "slower", "faster", "unchanged"

struct OpChange
{
    std::string name;
    TraceEventKind kind = TraceEventKind::Other;
    OpChangeKind change = OpChangeKind::Unchanged;
    OpRunStats baseline;
    OpRunStats target;
    double ratio = 0;          // target / baseline median ns per unit; 0 when baseline is 0
    double deltaNsPerUnit = 0; // target - baseline median ns per unit
    double countRatio = 0;     // target / baseline count per unit; 0 when baseline is 0
    // Slower and faster ops passed every threshold; new and gone ops always carry their kind
    // (the op is or is not there) but count as changes only from a tenth of the minimum change
    // (OpDiffParams::minShareOfStep / 10 of a step), so a helper kernel of a microsecond is not a
    // regression.
    bool significant = false;
};

// Quantiles of a run's step times (iteration windows' step time over all ranks and iterations).
struct StepTimeDistribution
{
    std::int64_t samples = 0;
    double p10Ns = 0;
    double p50Ns = 0;
    double p90Ns = 0;
    double p99Ns = 0;
    double maxNs = 0;
};

struct OpDiffParams
{
    double minRatio = 1.10;        // slower/faster: at least 10% either way ...
    double minShareOfStep = 0.002; // ... and |delta| at least this share of the baseline's
                                   // median step (or of a second, without iterations)
    bool outsideSpread = true;     // ... and the target median outside the baseline's p10-p90
};

struct OpDiff
{
    bool perIteration = true;  // false: per second of trace (a run has no ProfilerStep)
    std::vector<OpChange> ops; // every op of either run, largest |deltaNsPerUnit| first
    StepTimeDistribution baselineSteps;
    StepTimeDistribution targetSteps;

    // The significant changes, largest first: regressions (slower, new) and improvements
    // (faster, gone); a negative limit returns them all.
    std::vector<const OpChange *> regressions(int limit = 10) const;
    std::vector<const OpChange *> improvements(int limit = 10) const;
};

// `baselineSteps`/`targetSteps`: step times (ns) of every rank and iteration (may be empty).
OpDiff diffOps(const std::vector<RankOpTotals> &baseline, const std::vector<RankOpTotals> &target,
               const std::vector<double> &baselineSteps, const std::vector<double> &targetSteps,
               const OpDiffParams &params = {});

StepTimeDistribution stepTimeDistribution(std::vector<double> stepsNs);

} // namespace rankscope
