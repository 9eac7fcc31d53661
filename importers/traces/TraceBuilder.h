#pragma once

#include "core/model/TraceModel.h"
#include "importers/traces/ChromeTraceEvent.h"
#include "importers/traces/TraceBeginEndMatcher.h"
#include "importers/traces/TraceFlowResolver.h"
#include "importers/traces/TraceProblemLog.h"
#include "importers/traces/TraceTrackIndex.h"

#include <string>
#include <vector>

namespace rankscope {

// Turns the entries of traceEvents, one at a time as the parser reads them, into the model:
// slices and instants into TraceData::events, "M" metadata onto tracks, counters into samples,
// while "B"/"E" and flow events wait for finish(), which pairs them, orders everything and
// derives tracks kinds and iterations.
class TraceBuilder
{
public:
    TraceBuilder(TraceData &data, TraceProblemLog &problems);

    void add(const ChromeTraceEvent &event);

    // After the last event and after the file's top-level fields (baseTimeNanoseconds may come
    // after traceEvents) have been read.
    void finish();

private:
    void addSlice(const ChromeTraceEvent &event);
    void addInstant(const ChromeTraceEvent &event);
    void addBeginEnd(const ChromeTraceEvent &event);
    void addCounter(const ChromeTraceEvent &event);
    void addMetadata(const ChromeTraceEvent &event);
    void addFlowPoint(const ChromeTraceEvent &event);
    void addUnsupported(const ChromeTraceEvent &event);

    bool requireTs(const ChromeTraceEvent &event);
    TraceEvent baseEvent(const ChromeTraceEvent &event);
    void noteGpuTrack(std::uint32_t track, const ChromeTraceArgs &args);
    void addCollective(const ChromeTraceEvent &event, TraceEvent &traceEvent);
    void skip(const ChromeTraceEvent &event, const std::string &kind, const std::string &message);

    void applyBaseTime();
    std::int64_t latestTime() const;
    void settleTrackKinds();
    void findIterations();
    void findTimeRange();

    TraceData &m_data;
    TraceProblemLog &m_problems;
    TraceTrackIndex m_tracks;
    std::vector<PendingBeginEnd> m_beginEnds;
    std::vector<PendingFlowPoint> m_flowPoints;
};

} // namespace rankscope
