#include "importers/traces/TraceBuilder.h"

#include "core/model/TimeArithmetic.h"
#include "core/model/TraceEventClassifier.h"
#include "importers/traces/TraceEventOrdering.h"
#include "importers/traces/TraceNestingCount.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <unordered_map>

namespace rankscope {

namespace {

TraceProblemLog::Place placeOf(const ChromeTraceEvent &event)
{
    return {event.index, event.byteOffset};
}

std::string phaseText(char phase)
{
    return std::string("'") + phase + "'";
}

bool startsWithStream(std::string_view name)
{
    static constexpr std::string_view kStream = "stream ";
    if (name.size() < kStream.size())
        return false;
    for (std::size_t i = 0; i < kStream.size(); ++i) {
        const char c = name[i];
        if ((c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c) != kStream[i])
            return false;
    }
    return true;
}

} // namespace

TraceBuilder::TraceBuilder(TraceData &data, TraceProblemLog &problems)
    : m_data(data), m_problems(problems), m_tracks(data)
{}

void TraceBuilder::add(const ChromeTraceEvent &event)
{
    ++m_data.stats.eventEntries;
    switch (event.phase) {
    case 'X':
        addSlice(event);
        break;
    case 'B':
    case 'E':
        addBeginEnd(event);
        break;
    case 'i':
    case 'I':
        addInstant(event);
        break;
    case 'C':
        addCounter(event);
        break;
    case 'M':
        addMetadata(event);
        break;
    case 's':
    case 't':
    case 'f':
        addFlowPoint(event);
        break;
    default:
        addUnsupported(event);
        break;
    }
}

void TraceBuilder::skip(const ChromeTraceEvent &event, const std::string &kind,
                        const std::string &message)
{
    ++m_data.stats.skippedEvents;
    m_problems.report(kind, placeOf(event), [&] { return message; });
}

bool TraceBuilder::requireTs(const ChromeTraceEvent &event)
{
    if (event.hasTs && isPlausibleTimeNs(event.tsNs))
        return true;
    ++m_data.stats.skippedEvents;
    if (event.hasTs) {
        m_problems.report("range:ts", placeOf(event), [&] {
            return phaseText(event.phase) + " event \"" + std::string(event.name) + "\" has 'ts' " +
                   std::to_string(event.tsNs / 1000) + " us, outside " + kTimeLimitText +
                   "; it was skipped";
        });
        return false;
    }
    // A ts of the wrong type was reported by the parser already.
    if (!(event.invalidFields & ChromeTraceField::Ts)) {
        m_problems.report("missing:ts", placeOf(event), [&] {
            return phaseText(event.phase) + " event has no 'ts'; it was skipped";
        });
    }
    return false;
}

TraceEvent TraceBuilder::baseEvent(const ChromeTraceEvent &event)
{
    TraceEvent traceEvent;
    traceEvent.startNs = event.tsNs;
    traceEvent.track = m_tracks.track(event.pid, event.tid);
    traceEvent.name = m_data.strings.intern(event.name);
    traceEvent.category = m_data.strings.intern(event.category);
    traceEvent.kind = classifyTraceEvent(event.category, event.name);
    traceEvent.correlationId = event.args.correlation;
    traceEvent.externalId = event.args.externalId;
    return traceEvent;
}

void TraceBuilder::noteGpuTrack(std::uint32_t trackIndex, const ChromeTraceArgs &args)
{
    TraceTrack &track = m_data.tracks[trackIndex];
    if (track.kind == TraceTrackKind::CpuThread)
        track.kind = TraceTrackKind::GpuStream;
    if (track.gpuDevice < 0 && args.device >= 0 &&
        args.device <= std::numeric_limits<std::int32_t>::max())
        track.gpuDevice = static_cast<std::int32_t>(args.device);
    if (track.gpuStream < 0 && args.stream >= 0)
        track.gpuStream = args.stream;
}

void TraceBuilder::addCollective(const ChromeTraceEvent &event, TraceEvent &traceEvent)
{
    const ChromeTraceArgs &args = event.args;
    TraceCollective collective;
    collective.event = static_cast<std::uint32_t>(m_data.events.size());
    collective.collectiveName = m_data.strings.intern(args.collectiveName);
    collective.processGroupName = m_data.strings.intern(args.processGroupName);
    collective.processGroupDescription = m_data.strings.intern(args.processGroupDescription);
    collective.dtype = m_data.strings.intern(args.dtype);
    collective.inMessageElements = args.inMessageElements;
    collective.outMessageElements = args.outMessageElements;
    if (args.groupSize >= 0 && args.groupSize <= std::numeric_limits<std::int32_t>::max())
        collective.groupSize = static_cast<std::int32_t>(args.groupSize);
    const auto rankArg = [](std::int64_t value) {
        return value >= 0 && value <= std::numeric_limits<std::int32_t>::max()
                   ? static_cast<std::int32_t>(value)
                   : std::int32_t(-1);
    };
    collective.srcRank = rankArg(args.srcRank);
    collective.dstRank = rankArg(args.dstRank);
    collective.sequence = args.sequence >= 0 ? args.sequence : -1;
    collective.busBytes = args.busBytes >= 0 ? args.busBytes : -1;
    m_data.collectives.push_back(collective);
    traceEvent.flags |= TraceEventFlag::HasCollective;
    // Kineto copies the collective's args onto the kernel it launched: whatever its name,
    // that kernel is communication.
    if (traceEvent.kind == TraceEventKind::ComputeKernel)
        traceEvent.kind = TraceEventKind::CommunicationKernel;
}

void TraceBuilder::addSlice(const ChromeTraceEvent &event)
{
    if (!requireTs(event))
        return;
    if (event.hasDur && event.durNs >= 0 && !plausibleTimeSum(event.tsNs, event.durNs)) {
        skip(event, "range:dur",
             "'X' event \"" + std::string(event.name) + "\" lasts " +
                 std::to_string(event.durNs / 1000) + " us from 'ts' " +
                 std::to_string(event.tsNs / 1000) + " us: it would end outside " + kTimeLimitText +
                 "; it was skipped");
        return;
    }
    TraceEvent traceEvent = baseEvent(event);
    traceEvent.phase = TracePhase::Slice;
    if (event.hasDur && event.durNs >= 0) {
        traceEvent.durationNs = event.durNs;
    } else {
        traceEvent.flags |= TraceEventFlag::DurationClamped;
        if (event.hasDur) {
            m_problems.report("negative:dur", placeOf(event), [&] {
                return "'X' event \"" + std::string(event.name) + "\" has a negative 'dur' (" +
                       std::to_string(event.durNs) + " ns); it is kept with duration 0";
            });
        } else if (!(event.invalidFields & ChromeTraceField::Dur)) {
            m_problems.report("missing:dur", placeOf(event), [&] {
                return "'X' event \"" + std::string(event.name) +
                       "\" has no 'dur'; it is kept with duration 0";
            });
        }
    }
    if (event.args.hasCollective())
        addCollective(event, traceEvent);
    if (isGpuSideKind(traceEvent.kind))
        noteGpuTrack(traceEvent.track, event.args);
    m_data.events.push_back(traceEvent);
}

void TraceBuilder::addInstant(const ChromeTraceEvent &event)
{
    if (!requireTs(event))
        return;
    TraceEvent traceEvent = baseEvent(event);
    traceEvent.phase = TracePhase::Instant;
    m_data.events.push_back(traceEvent);
}

void TraceBuilder::addBeginEnd(const ChromeTraceEvent &event)
{
    if (!requireTs(event))
        return;
    PendingBeginEnd record;
    record.tsNs = event.tsNs;
    record.externalId = event.args.externalId;
    record.correlationId = event.args.correlation;
    record.index = event.index;
    record.byteOffset = event.byteOffset;
    record.track = m_tracks.track(event.pid, event.tid);
    record.name = m_data.strings.intern(event.name);
    record.category = m_data.strings.intern(event.category);
    record.phase = event.phase;
    m_beginEnds.push_back(record);
}

void TraceBuilder::addCounter(const ChromeTraceEvent &event)
{
    if (!requireTs(event))
        return;
    if (event.args.counterValues.empty()) {
        skip(event, "counter:empty",
             "'C' event \"" + std::string(event.name) + "\" has no numeric args; it was skipped");
        return;
    }
    for (const auto &[series, value] : event.args.counterValues) {
        TraceCounterSample sample;
        sample.timeNs = event.tsNs;
        sample.value = value;
        sample.track = m_tracks.counterTrack(event.pid, event.name, series);
        m_data.counterSamples.push_back(sample);
    }
}

void TraceBuilder::addMetadata(const ChromeTraceEvent &event)
{
    ++m_data.stats.metadataEvents;
    const ChromeTraceArgs &args = event.args;
    if (event.name == "process_name") {
        m_tracks.setProcessName(event.pid, args.name);
    } else if (event.name == "process_labels") {
        m_tracks.setProcessLabels(event.pid, args.labels);
    } else if (event.name == "process_sort_index") {
        if (args.hasSortIndex)
            m_tracks.setProcessSortIndex(event.pid, args.sortIndex);
    } else if (event.name == "thread_name") {
        m_data.tracks[m_tracks.track(event.pid, event.tid)].name = m_data.strings.intern(args.name);
    } else if (event.name == "thread_sort_index") {
        if (args.hasSortIndex)
            m_data.tracks[m_tracks.track(event.pid, event.tid)].sortIndex = args.sortIndex;
    }
    // Other metadata (process_uptime_seconds, num_cpus, ...) says nothing the model keeps.
}

void TraceBuilder::addFlowPoint(const ChromeTraceEvent &event)
{
    if (!requireTs(event))
        return;
    if (!event.flowId.present) {
        if (!(event.invalidFields & ChromeTraceField::Id)) {
            skip(event, "missing:id",
                 "flow event " + phaseText(event.phase) + " has no 'id'; it was skipped");
        } else {
            ++m_data.stats.skippedEvents;
        }
        return;
    }
    ++m_data.stats.flowPoints;
    PendingFlowPoint point;
    point.tsNs = event.tsNs;
    point.id = event.flowId.isLabel
                   ? (std::uint64_t(m_data.strings.intern(event.flowId.label)) | (1ull << 63))
                   : static_cast<std::uint64_t>(event.flowId.number);
    point.track = m_tracks.track(event.pid, event.tid);
    point.category = m_data.strings.intern(event.category);
    point.phase = event.phase;
    point.bindsToEnclosingSlice = event.bindsToEnclosingSlice;
    m_flowPoints.push_back(point);
}

void TraceBuilder::addUnsupported(const ChromeTraceEvent &event)
{
    if (event.phase == 0) {
        if (event.invalidFields & ChromeTraceField::Phase)
            ++m_data.stats.skippedEvents;
        else
            skip(event, "missing:ph", "event has no 'ph' (phase); it was skipped");
        return;
    }
    skip(event, std::string("phase:") + event.phase,
         "events of phase " + phaseText(event.phase) +
             " (async, object, sample or other kinds rankscope does not use) are not imported");
}

void TraceBuilder::applyBaseTime()
{
    const std::int64_t base = m_data.baseTimeNs;
    if (base == 0)
        return;
    if (!isPlausibleTimeNs(base)) {
        m_problems.add("base-time-range", {},
                       "\"baseTimeNanoseconds\" (" + std::to_string(base) + ") is outside " +
                           kTimeLimitText + "; it was ignored and times are taken as written");
        m_data.baseTimeNs = 0;
        return;
    }
    // Every kept time was plausible; with the base added some may not be. Those are dropped,
    // never clamped or wrapped: an event after 2116 is as absurd as its 'ts'.
    std::int64_t dropped = 0;
    const auto shifted = [&](std::int64_t &ns) {
        if (const std::optional<std::int64_t> sum = plausibleTimeSum(ns, base)) {
            ns = *sum;
            return true;
        }
        ++dropped;
        return false;
    };
    std::vector<std::uint32_t> newIndex(m_data.events.size(), kNoTraceEvent);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m_data.events.size(); ++i) {
        const TraceEvent event = m_data.events[i];
        const std::optional<std::int64_t> start = plausibleTimeSum(event.startNs, base);
        if (!start || !plausibleTimeSum(event.endNs(), base)) {
            ++dropped;
            continue;
        }
        newIndex[i] = static_cast<std::uint32_t>(kept);
        m_data.events[kept] = event;
        m_data.events[kept++].startNs = *start;
    }
    m_data.events.resize(kept);
    std::erase_if(m_data.collectives, [&](TraceCollective &collective) {
        collective.event = newIndex[collective.event];
        return collective.event == kNoTraceEvent;
    });
    std::erase_if(m_beginEnds, [&](PendingBeginEnd &record) { return !shifted(record.tsNs); });
    std::erase_if(m_data.counterSamples,
                  [&](TraceCounterSample &sample) { return !shifted(sample.timeNs); });
    std::erase_if(m_flowPoints, [&](PendingFlowPoint &point) { return !shifted(point.tsNs); });
    if (dropped > 0) {
        m_data.stats.skippedEvents += dropped;
        m_problems.add("base-time-range", {},
                       "\"baseTimeNanoseconds\" (" + std::to_string(base) + ") puts " +
                           std::to_string(dropped) + " events or samples outside " +
                           kTimeLimitText + "; they were skipped");
    }
}

std::int64_t TraceBuilder::latestTime() const
{
    std::int64_t latest = std::numeric_limits<std::int64_t>::min();
    for (const TraceEvent &event : m_data.events)
        latest = std::max(latest, event.endNs());
    for (const PendingBeginEnd &record : m_beginEnds)
        latest = std::max(latest, record.tsNs);
    for (const TraceCounterSample &sample : m_data.counterSamples)
        latest = std::max(latest, sample.timeNs);
    return latest;
}

void TraceBuilder::settleTrackKinds()
{
    // Slices paired from B/E events were not seen by addSlice.
    for (const TraceEvent &event : m_data.events) {
        TraceTrack &track = m_data.tracks[event.track];
        if (isGpuSideKind(event.kind) && track.kind == TraceTrackKind::CpuThread)
            track.kind = TraceTrackKind::GpuStream;
    }
    for (TraceTrack &track : m_data.tracks) {
        if (track.kind == TraceTrackKind::Counter)
            continue;
        // The profiler's own rows: "Spans", "Traces", "" and Kineto's overhead process -1.
        if (track.pidIsLabel || track.pid == -1) {
            track.kind = TraceTrackKind::Other;
            continue;
        }
        if (startsWithStream(m_data.string(track.name)))
            track.kind = TraceTrackKind::GpuStream;
        if (track.kind == TraceTrackKind::GpuStream) {
            if (track.gpuDevice < 0 && track.pid >= 0 &&
                track.pid <= std::numeric_limits<std::int32_t>::max())
                track.gpuDevice = static_cast<std::int32_t>(track.pid);
            if (track.gpuStream < 0 && !track.tidIsLabel)
                track.gpuStream = track.tid;
        }
    }
}

void TraceBuilder::findIterations()
{
    std::unordered_map<std::int64_t, std::size_t> byStep;
    for (std::uint32_t i = 0; i < m_data.events.size(); ++i) {
        const TraceEvent &event = m_data.events[i];
        if (event.kind != TraceEventKind::IterationMarker ||
            m_data.tracks[event.track].kind != TraceTrackKind::CpuThread)
            continue;
        TraceIteration iteration;
        iteration.step = profilerStepNumber(m_data.string(event.name));
        iteration.startNs = event.startNs;
        iteration.endNs = event.endNs();
        iteration.event = i;
        auto [found, inserted] = byStep.try_emplace(iteration.step, m_data.iterations.size());
        if (inserted)
            m_data.iterations.push_back(iteration);
        else if (iteration.startNs < m_data.iterations[found->second].startNs)
            m_data.iterations[found->second] = iteration; // the same step on two threads
    }
    std::sort(m_data.iterations.begin(), m_data.iterations.end(),
              [](const TraceIteration &a, const TraceIteration &b) { return a.step < b.step; });
}

void TraceBuilder::findTimeRange()
{
    bool any = false;
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    for (const TraceEvent &event : m_data.events) {
        first = std::min(first, event.startNs);
        last = std::max(last, event.endNs());
        any = true;
    }
    for (const TraceCounterSample &sample : m_data.counterSamples) {
        first = std::min(first, sample.timeNs);
        last = std::max(last, sample.timeNs);
        any = true;
    }
    m_data.firstNs = any ? first : 0;
    m_data.lastNs = any ? last : 0;
}

void TraceBuilder::finish()
{
    applyBaseTime();
    m_tracks.applyProcessMetadata();
    matchBeginEnd(std::move(m_beginEnds), latestTime(), m_data, m_problems);
    m_beginEnds.clear();
    settleTrackKinds();
    orderTraceEvents(m_data);
    countUnnestedSlices(m_data);
    resolveFlows(m_flowPoints, m_data);
    m_flowPoints.clear();
    findIterations();
    findTimeRange();
}

} // namespace rankscope
