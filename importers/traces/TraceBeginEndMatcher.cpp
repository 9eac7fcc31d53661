#include "importers/traces/TraceBeginEndMatcher.h"

#include "core/model/TraceEventClassifier.h"
#include "importers/traces/TraceTrackIndex.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace rankscope {

namespace {

class TrackMatcher
{
public:
    TrackMatcher(TraceData &data, TraceProblemLog &problems) : m_data(data), m_problems(problems) {}

    // Records of one track, sorted by time.
    void match(const PendingBeginEnd *first, const PendingBeginEnd *last, std::int64_t traceEndNs)
    {
        m_open.clear();
        while (first != last) {
            const PendingBeginEnd *groupEnd = first;
            while (groupEnd != last && groupEnd->tsNs == first->tsNs)
                ++groupEnd;
            matchGroup(first, groupEnd);
            first = groupEnd;
        }
        for (const PendingBeginEnd *open : m_open)
            closeUnfinished(*open, traceEndNs);
    }

private:
    void matchGroup(const PendingBeginEnd *first, const PendingBeginEnd *last)
    {
        m_ends.clear();
        for (const PendingBeginEnd *record = first; record != last; ++record) {
            if (record->phase == 'E')
                m_ends.push_back(record);
        }
        closeByName(first->tsNs);
        for (const PendingBeginEnd *record = first; record != last; ++record) {
            if (record->phase == 'B')
                m_open.push_back(record);
        }
        // Ends written before their zero-length begin, then the ends nothing matched by name.
        closeByName(first->tsNs);
        for (const PendingBeginEnd *end : m_ends)
            closeTopOrIgnore(*end);
    }

    // Repeatedly closes the innermost open slice with an end of this group that names it (or
    // names nothing): all these ends share one time, so their order in the file does not matter.
    void closeByName(std::int64_t tsNs)
    {
        while (!m_open.empty() && !m_ends.empty()) {
            const PendingBeginEnd &top = *m_open.back();
            auto end = std::find_if(m_ends.begin(), m_ends.end(),
                                    [&](const PendingBeginEnd *e) { return e->name == top.name; });
            if (end == m_ends.end()) {
                end = std::find_if(m_ends.begin(), m_ends.end(), [&](const PendingBeginEnd *e) {
                    return e->name == kEmptyTraceString;
                });
            }
            if (end == m_ends.end())
                return;
            emit(top, tsNs, **end, 0);
            m_open.pop_back();
            m_ends.erase(end);
        }
    }

    // An end no begin of this time claimed. Unnamed, or naming a slice still open further out,
    // it closes the innermost open slice (Chrome's rule). Naming nothing open, it is a stray
    // end: closing some other slice with it would cut that slice short, so it is ignored.
    void closeTopOrIgnore(const PendingBeginEnd &end)
    {
        const bool namesAnOpenSlice =
            end.name == kEmptyTraceString ||
            std::any_of(m_open.begin(), m_open.end(),
                        [&](const PendingBeginEnd *open) { return open->name == end.name; });
        if (m_open.empty() || !namesAnOpenSlice) {
            m_problems.report("be:unmatched-end", {end.index, end.byteOffset}, [&] {
                return "'E' event" + nameText(end.name) + " on " +
                       describeTraceTrack(m_data, end.track) +
                       " matches no open 'B' event; it was ignored";
            });
            return;
        }
        const PendingBeginEnd &top = *m_open.back();
        if (top.name != end.name && end.name != kEmptyTraceString) {
            m_problems.report("be:name-mismatch", {end.index, end.byteOffset}, [&] {
                return "'E' event" + nameText(end.name) + " on " +
                       describeTraceTrack(m_data, end.track) + " closes the open slice" +
                       nameText(top.name) + " (names differ); slices were closed innermost first";
            });
        }
        emit(top, end.tsNs, end, 0);
        m_open.pop_back();
    }

    void closeUnfinished(const PendingBeginEnd &begin, std::int64_t traceEndNs)
    {
        m_problems.report("be:unfinished", {begin.index, begin.byteOffset}, [&] {
            return "'B' event" + nameText(begin.name) + " on " +
                   describeTraceTrack(m_data, begin.track) +
                   " has no matching 'E' event; it is kept as lasting to the end of the trace";
        });
        emit(begin, std::max(traceEndNs, begin.tsNs), begin, TraceEventFlag::EndInferred);
    }

    void emit(const PendingBeginEnd &begin, std::int64_t endNs, const PendingBeginEnd &end,
              std::uint8_t extraFlags)
    {
        TraceEvent event;
        event.startNs = begin.tsNs;
        event.durationNs = endNs - begin.tsNs;
        event.track = begin.track;
        event.name = begin.name;
        event.category = begin.category;
        event.correlationId = begin.correlationId ? begin.correlationId : end.correlationId;
        event.externalId = begin.externalId ? begin.externalId : end.externalId;
        event.phase = TracePhase::Slice;
        event.kind = classifyTraceEvent(m_data.string(begin.category), m_data.string(begin.name));
        event.flags = TraceEventFlag::FromBeginEnd | extraFlags;
        m_data.events.push_back(event);
    }

    std::string nameText(TraceStringId name) const
    {
        if (name == kEmptyTraceString)
            return std::string();
        return " \"" + std::string(m_data.string(name)) + "\"";
    }

    TraceData &m_data;
    TraceProblemLog &m_problems;
    std::vector<const PendingBeginEnd *> m_open;
    std::vector<const PendingBeginEnd *> m_ends;
};

// Chrome sorts B/E events by time; a writer that does not is worth a note, because pairing
// by time can then differ from what the writer meant.
void reportOutOfOrderTracks(const std::vector<PendingBeginEnd> &records, const TraceData &data,
                            TraceProblemLog &problems)
{
    std::unordered_map<std::uint32_t, std::int64_t> lastTs;
    for (const PendingBeginEnd &record : records) {
        // Not a structured binding: clang before 16 cannot capture one in the lambda below.
        const auto emplaced = lastTs.try_emplace(record.track, record.tsNs);
        const auto previous = emplaced.first;
        if (!emplaced.second && record.tsNs < previous->second) {
            problems.report("be:out-of-order", {record.index, record.byteOffset}, [&] {
                return "'B'/'E' events on " + describeTraceTrack(data, record.track) +
                       " are not in time order (this one starts " +
                       std::to_string(previous->second - record.tsNs) +
                       " ns before the one written before it); they were sorted by time "
                       "before pairing";
            });
        }
        previous->second = std::max(previous->second, record.tsNs);
    }
}

} // namespace

void matchBeginEnd(std::vector<PendingBeginEnd> records, std::int64_t traceEndNs, TraceData &data,
                   TraceProblemLog &problems)
{
    if (records.empty())
        return;
    reportOutOfOrderTracks(records, data, problems);
    std::stable_sort(records.begin(), records.end(),
                     [](const PendingBeginEnd &a, const PendingBeginEnd &b) {
                         return a.track != b.track ? a.track < b.track : a.tsNs < b.tsNs;
                     });
    TrackMatcher matcher(data, problems);
    const PendingBeginEnd *first = records.data();
    const PendingBeginEnd *end = records.data() + records.size();
    while (first != end) {
        const PendingBeginEnd *trackEnd = first;
        while (trackEnd != end && trackEnd->track == first->track)
            ++trackEnd;
        matcher.match(first, trackEnd, traceEndNs);
        first = trackEnd;
    }
}

} // namespace rankscope
