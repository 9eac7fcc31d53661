#pragma once

#include "core/model/Message.h"
#include "core/traces/StragglerDetection.h"

#include <string>

namespace rankscope {

// The English sentences of the straggler report (CLI text, JSON "reason", the GUI's summary
// line). Metric phrases are lower case so they read inside a sentence.
const char *stragglerMetricPhrase(TraceMetric metric); // "compute", "communication transfer"

// "iteration 1498" or "time bin 12".
std::string describeWindow(WindowAxis axis, std::int64_t window);

// "+38%"
std::string describeExcess(double magnitude);

// "every 10th iteration from iteration 105", "from iteration 1498", "in iteration 12" (a
// tentative suspect of one window), "in iterations 12-13" (two).
std::string describeWhen(const StragglerSuspect &suspect, std::int64_t lastWindow);

// A duration to two significant digits ("940 ms", "7.6 s", "38 ms").
std::string describeDuration(double ns);

// "~38 ms per step, 7.6 s over 200 steps", "~1.2 ms in that step"; empty when unknown.
std::string describeCost(const StragglerSuspect &suspect);

// "confirmed in 58 of 100 iterations", "tentative (one window)", "tentative (two windows)".
std::string describeConfidence(const StragglerSuspect &suspect);

// "rank 137 (node-17): compute +38% over peer median from iteration 1498, confirmed in 502 of
// 2000 iterations; costs the job ~23 ms per step, 12 s over 502 steps", or for a node suspect
// "node-3 (ranks 24-31): communication transfer +60% over peer median from iteration 40, ...".
// `alsoNote` ("also CPU op time +12%") follows the excess in parentheses when not empty.
// `lastWindow` is the trace's last window (for "in iterations 12-13").
std::string describeSuspect(const StragglerSuspect &suspect, const std::string &alsoNote,
                            std::int64_t lastWindow);

// The report's one-sentence summary. `disagreement` names the group and metric of an
// Inconclusive verdict ("the trainer group", "compute", first window).
struct DisagreementNote
{
    std::string group;
    TraceMetric metric = TraceMetric::ComputeTime;
    std::int64_t firstWindow = 0;
};
// `persistentWindows` (StragglerParams::minPersistentWindows) is named when the traces are too
// short to test persistence. `lastWindow` as for describeSuspect.
std::string summarizeStragglers(const StragglerReport &report, const DisagreementNote *disagreement,
                                int persistentWindows = 3, std::int64_t lastWindow = 0);

// The same sentences and phrases as messages the GUI translates (core/model/Message.h); the
// functions above return their english().
Message stragglerMetricPhraseMessage(TraceMetric metric);
Message describeWindowMessage(WindowAxis axis, std::int64_t window);
Message describeWhenMessage(const StragglerSuspect &suspect, std::int64_t lastWindow);
Message describeCostMessage(const StragglerSuspect &suspect); // empty when unknown
Message describeConfidenceMessage(const StragglerSuspect &suspect);
// "also compute +12%", one note of a suspect's reason.
Message stragglerAlsoNoteMessage(TraceMetric metric, double magnitude);
Message describeSuspectMessage(const StragglerSuspect &suspect, const std::vector<Message> &also,
                               std::int64_t lastWindow);
Message summarizeStragglersMessage(const StragglerReport &report,
                                   const DisagreementNote *disagreement, int persistentWindows = 3,
                                   std::int64_t lastWindow = 0);

// Sets report.summary and report.summaryMessage together; appends a further sentence to both.
void setStragglerSummary(StragglerReport &report, Message summary);
void appendStragglerSummary(StragglerReport &report, Message sentence);

} // namespace rankscope
