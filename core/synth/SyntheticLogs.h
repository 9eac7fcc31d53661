#pragma once

#include "core/synth/SyntheticCollectiveSchedule.h"
#include "core/synth/SyntheticScenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// What the logs of a synthetic bundle hold, for ground_truth.json's "logs" section: the log
// analysis should find the fault template on faultTemplateRanks and the ranks in faultRanks.
struct SyntheticLogSummary
{
    std::vector<std::string> files;  // relative to the bundle root, launcher.out first
    std::string launcherPrefix;      // "[rank<N>]:" or "[default<N>]:" in launcher.out
    std::vector<int> iterationRanks; // ranks that print iteration lines
    int firstIteration = 0;
    int lastIteration = 0;               // the last iteration line of the job
    std::string iterationNumbering;      // how logged iterations relate to the traces
    double stepTimeMs = 0;               // the healthy step time
    std::string faultTemplate;           // a distinctive substring of the fault's line, "" none
    std::vector<int> faultTemplateRanks; // the ranks that log it
    std::vector<int> faultRanks;         // the ranks the analysis should name
    std::string faultRankTemplate;       // what the fault rank itself logs, "" none
    int faultLastIteration = -1;         // hang: the last iteration logged before it
    int firstSlowIteration = -1;         // traced: the first logged iteration with the fault
    std::int64_t firstFaultLineNs = 0;   // aligned time of the first fault line, 0 none
};

// Writes logs/launcher.out (every rank's and agent's lines, in time order, rank lines
// prefixed) and logs/node-<k>.log (the lines of node k's ranks and agent) into `outDir`, which
// must exist. Rank lines are "[rank<N>]:YYYY-MM-DD HH:MM:SS,mmm text" (the prefix torchrun
// adds, then the worker's timestamp on its node's clock); agent lines have no prefix.
// Deterministic in the scenario (seed) alone. Throws std::runtime_error when a file cannot be
// written.
SyntheticLogSummary writeSyntheticLogs(const SyntheticScenario &scenario,
                                       const SyntheticCollectiveSchedule *schedule,
                                       int samplesPerRank, const std::string &outDir);

} // namespace rankscope
