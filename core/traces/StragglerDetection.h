#pragma once

#include "core/model/JobInfo.h"
#include "core/model/Message.h"
#include "core/traces/TraceWindows.h"

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace rankscope {

// Straggler detection by peer consensus over per-window trace metrics. Spec:
// ../shared/reference/algorithms.md section 3 (SCOUT C3 statistical mode with the slow gate,
// strict majority, Greyhound's 10% persistent change) and ../shared/guide/domain.md.
struct StragglerParams
{
    double kappa = 3.0;          // |x - median| > kappa * scale
    bool scaleMadToSigma = true; // scale = 1.4826 * MAD (fallbacks IQR, range / (2 kappa))
    double slowRatio = 1.1;      // and x > max(median * slowRatio, median + minSlowdownNs)
    double minSlowdownNs = 0;    // absolute gate (SCOUT uses 2 ms on per-layer timings)
    // analyzeStragglers raises minSlowdownNs to this share of the median step time: a 10% rise
    // of a 20 us launch gap cannot slow a 100 ms step, and noisy small metrics stay quiet.
    double minStepShare = 0.01;
    int minGroupSize = 3;        // fewer equivalent ranks cannot name a culprit
    double temporalShift = 0.10; // change point: ratio to peer median moves by > 10%
    // A rank with fewer conclusive windows than this cannot show persistence: its suspects are
    // tentative. It is also the shortest segment on either side of a temporal change point.
    int minPersistentWindows = 3;
    // The chance that a healthy job gets one false suspect at all: every per-rank test (ranks x
    // metrics of them) runs at this level divided by their number (Bonferroni).
    double falseSuspectRate = 0.01;
    // The clock alignment (ClockAlignment.h). The metrics that compare aligned times across ranks
    // (dependsOnClockAlignment: collective wait, transfer, caused wait, late arrivals) are only
    // findings when the clocks agree: with a poor job-wide alignment they are left out of the
    // analysis (the summary says so), and the ranks whose own alignment is poor are left out of
    // them. A poor alignment then lowers what can be said instead of inventing stragglers.
    bool alignmentPoor = false;
    std::vector<int> poorlyAlignedRanks; // ascending
};

// `params` with the alignment fields set from the clock offsets of the traces.
struct ClockOffset;
StragglerParams withClockAlignment(StragglerParams params, std::span<const ClockOffset> offsets);

// Ranks that should behave the same: same role and, when the manifest gives parallel groups,
// the same pipeline stage: the last stage is legitimately slower. The manifest's "pp" values are
// pipeline-group ids (one rank per stage shares an id), so the stage is the rank's position in
// its pipeline group; when there are fewer ids than ranks per id they are read as stage numbers.
struct PeerGroup
{
    std::string name;      // "trainer", "trainer/pp=3" (pipeline stage 3)
    std::vector<int> rows; // row indices of the matrix
};
std::vector<PeerGroup> stragglerPeerGroups(const MetricMatrix &matrix, const JobInfo &job);

// Bits of SpatialOutliers::cellFlags.
namespace OutlierFlag {
inline constexpr std::uint8_t Slow = 1;         // slower than the peers: statistical and gated
inline constexpr std::uint8_t Fast = 2;         // much lower than the peers (statistical only)
inline constexpr std::uint8_t Inconclusive = 4; // the column of its group had no strict healthy
                                                // majority (too many outliers), or < 3 ranks
} // namespace OutlierFlag

struct SpatialOutliers
{
    std::vector<std::uint8_t> cellFlags; // matrix layout
    std::vector<MetricValue> peerMedian; // matrix layout: median of the cell's group and column
    int inconclusiveCells = 0;
};
SpatialOutliers detectSpatialOutliers(const MetricMatrix &matrix, std::span<const PeerGroup> groups,
                                      const StragglerParams &params = {});

// Per rank, the first window from which its value relative to the peer median moved by more
// than params.temporalShift and stayed moved (Greyhound-style change point with persistence).
struct TemporalShift
{
    int rank = -1;
    std::int64_t firstWindow = 0;
    double ratioBefore = 1; // median of value / peer median before the change
    double ratioAfter = 1;  // ... and after it
};
std::vector<TemporalShift> detectTemporalShifts(const MetricMatrix &matrix,
                                                const SpatialOutliers &spatial,
                                                const StragglerParams &params = {});

enum class StragglerRole : std::uint8_t
{
    Blocker, // slow at its own work (compute, host, transfer): the others wait for it
    Waiter,  // high communication wait because someone else is late
};
const char *stragglerRoleKey(StragglerRole role); // "blocker", "waiter"

// How sure the analysis is that a suspect is a straggler and not one bad window.
enum class StragglerConfidence : std::uint8_t
{
    Confirmed, // a statistical test over all of the rank's windows says "persistently slow"
    Tentative, // the rank has fewer than minPersistentWindows windows (a capture of one or two
               // profiler steps): slow at its own work in each, persistence unknown
};
const char *stragglerConfidenceKey(StragglerConfidence confidence); // "confirmed", "tentative"

inline constexpr double kUnknownCost = std::numeric_limits<double>::quiet_NaN();

struct StragglerSuspect
{
    std::vector<int> ranks; // one rank, or the ranks of one node when the whole node is slow
    std::vector<std::string> nodes;
    std::string group;
    TraceMetric metric = TraceMetric::ComputeTime;
    WindowAxis axis = WindowAxis::Iteration;
    std::int64_t firstWindow = 0;        // first anomalous iteration (or bin)
    std::int64_t firstWindowStartNs = 0; // its aligned start
    double magnitude = 0; // median (value / peer median - 1) over the flagged windows: 0.38
    int windowsFlagged = 0;
    int windowsTotal = 0;
    StragglerRole role = StragglerRole::Blocker;
    StragglerConfidence confidence = StragglerConfidence::Confirmed;
    // > 1 when the rank is slow only every period-th window (a GC pause, a checkpoint, a
    // periodic data stall): firstWindow, firstWindow + period, ...
    int period = 0;
    // Throughput the suspect costs the job: the time its peers wait for it, per window and
    // summed over the windows from firstWindow on (costWindows of them). Unknown (NaN) for
    // waiters: they lose time, they do not cost it.
    double costPerWindowNs = kUnknownCost;
    double costTotalNs = kUnknownCost;
    int costWindows = 0;
    // True: measured from the arrival order at its collectives (caused_wait); false: estimated
    // from its lead over the next-slowest peer.
    bool costMeasured = false;
    double score = 0;
    // "rank 137 (node-17): compute +38% over peer median from iteration 1498, confirmed in 502
    // of 2000 iterations; costs the job ~23 ms per step, 12 s over 502 steps"
    std::string reason;
    Message reasonMessage; // the same sentence, for the GUI to translate
};

// One rank against its peers, metric by metric: the spatial answer that even a capture of a
// single profiler step gives. Medians over the rank's windows (NaN when it has none).
struct RankBreakdown
{
    int rank = -1;
    std::string group;
    std::array<double, kTraceMetricCount> value;      // the rank's own value
    std::array<double, kTraceMetricCount> peerMedian; // its peer group's median in those windows
};

enum class StragglerVerdict : std::uint8_t
{
    StragglersFound,
    NoStragglers, // every group agreed in (nearly) every window
    Inconclusive, // outliers exist but without strict healthy majorities
    TooFewRanks,  // no group of at least minGroupSize ranks
    NoData,       // no trace windows
};
const char *stragglerVerdictKey(StragglerVerdict verdict);

struct StragglerReport
{
    StragglerVerdict verdict = StragglerVerdict::NoData;
    WindowAxis axis = WindowAxis::Iteration;
    std::vector<StragglerSuspect> suspects; // blockers first, by score
    std::vector<int> waiters;               // ranks that mostly wait (high collective wait)
    std::string summary;                    // one plain sentence
    Message summaryMessage;                 // the same, for the GUI to translate
    int windows = 0;                        // windows (columns) the traces hold
    std::vector<RankBreakdown> breakdown;   // every rank, in rank order
};

// `params` with minSlowdownNs raised to params.minStepShare of the table's median step time (or
// window length): what analyzeStragglers uses, so a view outlining outlier cells with
// detectSpatialOutliers(matrix, groups, practicalStragglerParams(table)) agrees with the report.
StragglerParams practicalStragglerParams(const TraceWindowTable &table,
                                         const StragglerParams &params = {});

// Runs spatial and temporal detection on every metric of `table` (normally the Iteration axis,
// level 0; TimeBin when the traces have no ProfilerStep) and ranks the suspects: ranks slow at
// their own work (compute, CPU ops, launch gaps, communication transfer, GPU idle) are blockers;
// ranks whose only anomaly is waiting in collectives are waiters. Ranks of one node flagged
// together become one node suspect. Persistence is decided by tests over all windows
// (docs/stragglers.md); a trace too short for them gives tentative suspects.
StragglerReport analyzeStragglers(const TraceWindowTable &table, const JobInfo &job,
                                  const StragglerParams &params = {});

} // namespace rankscope
