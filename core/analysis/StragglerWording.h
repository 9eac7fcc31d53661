#pragma once

#include "core/analysis/StragglerDetection.h"

#include <string>

namespace rankscope {

// The English sentences of the straggler report (CLI text, JSON "reason", the GUI's summary
// line). Metric phrases are lower case so they read inside a sentence.
const char *stragglerMetricPhrase(TraceMetric metric); // "compute", "communication transfer"

// "iteration 1498" or "time bin 12".
std::string describeWindow(WindowAxis axis, std::int64_t window);

// "+38%"
std::string describeExcess(double magnitude);

// "rank 137 (node-17): compute +38% over peer median from iteration 1498", or for a node suspect
// "node-3 (ranks 24-31): communication transfer +60% over peer median from iteration 40".
// `alsoNote` ("also CPU op time +12%") is appended in parentheses when not empty.
std::string describeSuspect(const StragglerSuspect &suspect, const std::string &alsoNote);

// The report's one-sentence summary. `disagreement` names the group and metric of an
// Inconclusive verdict ("the trainer group", "compute", first window).
struct DisagreementNote
{
    std::string group;
    TraceMetric metric = TraceMetric::ComputeTime;
    std::int64_t firstWindow = 0;
};
std::string summarizeStragglers(const StragglerReport &report,
                                const DisagreementNote *disagreement);

} // namespace rankscope
