#pragma once

#include "core/logs/LogModel.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace rankscope {

// The job's training progress as one series: step time and loss per iteration, from the logs'
// iteration lines (Megatron-LM `training_log`, DeepSpeed `steps: N loss: ... iter time (s)`,
// HF Trainer log dicts, tqdm bars). Megatron and DeepSpeed print those lines on the last
// pipeline stage only, usually without a rank prefix, so they belong to the job rather than to
// a rank: exactly what this series is.
enum class JobStepSource : std::uint8_t
{
    None,       // no iteration lines
    Unprefixed, // lines of no rank (the launcher's output of the last stage)
    Ranks,      // ranks' own lines: per iteration the median over the ranks that printed it
};
const char *jobStepSourceKey(JobStepSource source); // "none", "unprefixed", "ranks"

struct JobStepPoint
{
    std::int64_t iteration = -1;
    std::int64_t timeNs = 0; // of the line, 0 when it had none
    double stepTimeMs = std::numeric_limits<double>::quiet_NaN();
    double loss = std::numeric_limits<double>::quiet_NaN();
};

struct JobStepSeries
{
    JobStepSource source = JobStepSource::None;
    std::string framework; // "megatron", "deepspeed", "hf-trainer", "tqdm" (the commonest)
    int ranks = 0;         // Ranks: how many ranks printed iteration lines
    // Some step times are the time between two iteration lines divided by the iterations
    // between them (HF Trainer's dicts carry no step time).
    bool stepTimeFromGaps = false;
    std::vector<JobStepPoint> points; // one per iteration, by iteration

    bool empty() const { return points.empty(); }
    bool hasStepTimes() const;
    bool hasLosses() const;
};

// Framework lines are used when there are any (else progress bars); unprefixed lines when there
// are any (else the ranks'). The same iteration in two files (the launcher's output and a node's
// log) is one point; its figures come from the first line that has them.
JobStepSeries jobStepSeries(const std::vector<LogIterationRecord> &records);

// The run's step time as one robust figure: the median over the steady iterations, after
// skipping the first tenth of the iteration lines (at least 2, at most 50) as warm-up (compile,
// allocator and data-loader start-up make the first steps slow). Needs kMinSteadyPoints
// lines after the warm-up, else it is not known.
struct SteadyStepTime
{
    static constexpr int kMinSteadyPoints = 5;

    bool known = false;
    double medianMs = std::numeric_limits<double>::quiet_NaN();
    std::int64_t fromIteration = -1; // the steady iterations used, inclusive
    std::int64_t toIteration = -1;
    int samples = 0;                 // lines used
    int warmupSkipped = 0;           // lines skipped at the start
    std::vector<double> stepTimesMs; // the steady step times (for the comparison's test)
};
SteadyStepTime steadyStepTime(const JobStepSeries &series);

} // namespace rankscope
