#pragma once

#include "core/model/JobInfo.h"
#include "core/traces/CollectiveRecords.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/TraceWindows.h"

#include <string>

namespace rankscope {

// When the window metrics name no straggler but the arrival order at the collectives does (one
// rank arrived last at most of its collectives and the others' wait for it is a real share of
// a step), the sentence that says so, to append to the report's summary (the verdict is then
// inconclusive: someone is late, the traces do not say why); empty otherwise, and
// when the clocks are too poor to order arrivals. Without it "no straggler" would stand next to
// an arrival table that names the rank the others waited for: the delay then lies outside the
// work the traces measure (data loading, host work before the step), which is worth saying.
std::string arrivalOrderNote(const StragglerReport &report, const ArrivalSummary &arrivals,
                             const TraceWindowTable &table, const JobInfo &job,
                             const StragglerParams &params);

// The same sentence as a message (without the leading space), empty when there is none.
Message arrivalOrderNoteMessage(const StragglerReport &report, const ArrivalSummary &arrivals,
                                const TraceWindowTable &table, const JobInfo &job,
                                const StragglerParams &params);

// Appends that sentence to report.summary and makes the verdict inconclusive when there is one.
void addArrivalOrderNote(StragglerReport &report, const ArrivalSummary &arrivals,
                         const TraceWindowTable &table, const JobInfo &job,
                         const StragglerParams &params);

} // namespace rankscope
