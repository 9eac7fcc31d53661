#pragma once

#include "core/cache/LogCacheReader.h"
#include "core/diff/LogDiff.h"
#include "core/logs/LogAnalysis.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rankscope {

// How much logging each run had room for, so that counts of runs of different sizes and lengths
// compare. Two phases are told apart, because start-up lines (loading, NCCL set-up) come once per
// rank however long the run trained: a run that hung after 200 iterations must not look as if it
// loaded its shards 50 times as often as a healthy one of 10,000.
//  - Start-up: a rank's events before its first iteration line (ranks without iteration lines,
//    such as Megatron's non-last pipeline stages: before the run's first iteration line), and
//    lines without a rank before it. Exposure: the ranks that logged.
//  - Training: everything after. Exposure: rank-iterations, each rank's last logged iteration
//    minus its first plus one (iteration lines are often printed every N iterations, so counting
//    the lines would undercount, and a rank's line may be in its node's log and in the
//    launcher's output both); a rank that logs events but no iteration lines counts the
//    iterations its own lines cover: those the run's iteration lines (any rank's, or the
//    job-level ones of no rank) place between its first and last timed event, so a rank whose
//    log covers ten minutes is not measured against ten hours of iterations (the run's whole
//    range when its lines carry no time). Progress bars count as iteration lines only in a run
//    without framework ones (Megatron, DeepSpeed, HF Trainer).
// Without iteration lines in one of the runs the unit is the rank-hour and there is one phase:
// each rank's span from its first to its last timestamped event, at least one second (a rank
// whose log covers ten minutes counts ten minutes, not the run's ten hours).
enum class LogPhase : std::uint8_t
{
    Startup,
    Training,
};
inline constexpr std::size_t kLogPhases = 2;

struct LogRunExposure
{
    LogRateUnit unit = LogRateUnit::PerRankIteration;
    std::array<double, kLogPhases> phase{}; // exposure of each phase (index = LogPhase)
    double rateExposure = 0; // the denominator of the rates shown: rank-iterations or rank-hours
    // PerRankIteration: when each rank's training begins (index = rank, -1 = use runStartNs).
    std::vector<std::int64_t> trainingStartNs;
    std::int64_t runTrainingStartNs = -1; // the run's first iteration line, -1 when none

    LogPhase phaseOf(const TemplatedLogEvent &event) const;
};

// `unit` is chosen for both runs together (chooseLogRateUnit).
LogRateUnit chooseLogRateUnit(const LogAnalysisInput &baseline, const LogAnalysisInput &target);
LogRunExposure logRunExposure(const LogAnalysisInput &run, LogRateUnit unit);

// One template's events in each phase of each run.
struct LogPhaseCounts
{
    std::array<std::int64_t, kLogPhases> baseline{};
    std::array<std::int64_t, kLogPhases> target{};
};

// The rate-ratio test, stratified by phase: given n_s = baseline_s + target_s events in phase s,
// under "same rates" the target's share is Bin(n_s, p_s) with p_s = E_t,s / (E_b,s + E_t,s).
struct LogRateComparison
{
    double expectedTarget = 0; // events the baseline's rates predict for the target's exposure
    double ratio = 0;          // target events / expectedTarget (0 when the baseline has none)
    double z = 0;              // (target - mean) / sd of the conditional binomial
};
LogRateComparison compareLogRates(const LogPhaseCounts &counts, const LogRunExposure &baseline,
                                  const LogRunExposure &target);

} // namespace rankscope
