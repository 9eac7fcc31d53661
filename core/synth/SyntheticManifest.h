#pragma once

#include "core/synth/SyntheticCollectiveSchedule.h"
#include "core/synth/SyntheticFlightRecorder.h"
#include "core/synth/SyntheticLogs.h"
#include "core/synth/SyntheticScenario.h"

#include <string>
#include <vector>

namespace rankscope {

// The job.json manifest of a synthetic bundle: job id, world size, and per rank its node,
// local rank, role and parallel-group ids; with a `baseline` path (as it should appear in the
// file), "baseline": that path.
std::string syntheticJobJson(const SyntheticScenario &scenario, const std::string &baseline = {});

// ground_truth.json: the injected fault and what the analysis is expected to find. The bundle
// importer ignores it; tests and the demo read it. Traced scenarios add the trace facts (fault
// iteration, metric, clock offsets, expected waiters) and when their stack samples were taken.
// With `logs`, a "logs" section says what the logs hold (see SyntheticLogSummary); with
// `collectives` (hang scenarios), a "collectives" section what the Flight Recorder dumps and
// the watchdog lines show.
std::string syntheticGroundTruthJson(const SyntheticScenario &scenario,
                                     const std::vector<SyntheticSampleMoment> &samples = {},
                                     const SyntheticLogSummary *logs = nullptr,
                                     const SyntheticCollectiveTruth *collectives = nullptr);

// "synth-<scenario>-<ranks>-s<seed>", "synth-<scenario>-baseline-<ranks>-s<seed>" for a
// healthy baseline.
std::string syntheticJobId(const SyntheticScenario &scenario);

} // namespace rankscope
