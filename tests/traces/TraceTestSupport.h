#pragma once

#include "TestData.h"
#include "core/model/TraceModel.h"
#include "importers/traces/TraceImport.h"

#include <QFile>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace rankscope_test {

inline QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

inline QString traceFixturePath(const char *name)
{
    return fixturesDir() + QStringLiteral("/traces/") + QString::fromUtf8(name);
}

// Raw bytes of tests/fixtures/traces/<name>; empty (and a warning) when missing.
inline std::string readTraceFixture(const char *name)
{
    QFile file(traceFixturePath(name));
    if (!file.open(QIODevice::ReadOnly)) {
        qWarning("cannot open fixture %s", qPrintable(file.fileName()));
        return {};
    }
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

inline rankscope::TraceData importTraceFixture(const char *name)
{
    return rankscope::importTraceFile(traceFixturePath(name).toStdString());
}

// All problems, one per line, for failure messages.
inline QString problemsText(const rankscope::TraceData &data)
{
    QStringList lines;
    for (const rankscope::TraceProblem &problem : data.problems)
        lines << qs(problem.message);
    return lines.join(QLatin1Char('\n'));
}

// The problem whose message contains `text`, or nullptr.
inline const rankscope::TraceProblem *findProblem(const rankscope::TraceData &data,
                                                  const char *text)
{
    for (const rankscope::TraceProblem &problem : data.problems) {
        if (problem.message.find(text) != std::string::npos)
            return &problem;
    }
    return nullptr;
}

// Indices of the events named `name`, in model order.
inline std::vector<std::uint32_t> eventsNamed(const rankscope::TraceData &data,
                                              std::string_view name)
{
    std::vector<std::uint32_t> found;
    for (std::uint32_t i = 0; i < data.events.size(); ++i) {
        if (data.eventName(i) == name)
            found.push_back(i);
    }
    return found;
}

// The single event named `name`; fails (returns an out-of-range index) when there is not
// exactly one.
inline std::uint32_t onlyEventNamed(const rankscope::TraceData &data, std::string_view name)
{
    const std::vector<std::uint32_t> found = eventsNamed(data, name);
    if (found.size() != 1) {
        qWarning("expected one event named %s, found %d", std::string(name).c_str(),
                 int(found.size()));
        return rankscope::kNoTraceEvent;
    }
    return found.front();
}

// The track with numeric pid/tid, or kNoTraceEvent.
inline std::uint32_t trackOf(const rankscope::TraceData &data, std::int64_t pid, std::int64_t tid)
{
    for (std::uint32_t t = 0; t < data.tracks.size(); ++t) {
        const rankscope::TraceTrack &track = data.tracks[t];
        if (!track.pidIsLabel && !track.tidIsLabel && track.pid == pid && track.tid == tid &&
            track.kind != rankscope::TraceTrackKind::Counter)
            return t;
    }
    return rankscope::kNoTraceEvent;
}

inline int countKind(const rankscope::TraceData &data, rankscope::TraceEventKind kind)
{
    int count = 0;
    for (const rankscope::TraceEvent &event : data.events)
        count += event.kind == kind ? 1 : 0;
    return count;
}

inline int countTracks(const rankscope::TraceData &data, rankscope::TraceTrackKind kind)
{
    int count = 0;
    for (const rankscope::TraceTrack &track : data.tracks)
        count += track.kind == kind ? 1 : 0;
    return count;
}

// Checks the model's own invariants: track ranges cover the events exactly, in order, and
// every index points inside its table. Returns an empty string when they hold.
inline QString modelInvariantViolation(const rankscope::TraceData &data)
{
    std::uint32_t expectedFirst = 0;
    for (std::uint32_t t = 0; t < data.tracks.size(); ++t) {
        const rankscope::TraceTrack &track = data.tracks[t];
        if (track.firstEvent != expectedFirst && track.eventCount > 0)
            return QStringLiteral("track %1 does not start where the previous ended").arg(t);
        for (std::uint32_t i = track.firstEvent; i < track.firstEvent + track.eventCount; ++i) {
            if (data.events[i].track != t)
                return QStringLiteral("event %1 lies in the range of track %2").arg(i).arg(t);
            if (i > track.firstEvent && data.events[i].startNs < data.events[i - 1].startNs)
                return QStringLiteral("events of track %1 are not in time order").arg(t);
            if (data.events[i].durationNs < 0)
                return QStringLiteral("event %1 has a negative duration").arg(i);
        }
        if (track.eventCount > 0)
            expectedFirst = track.firstEvent + track.eventCount;
    }
    if (expectedFirst != data.events.size())
        return QStringLiteral("track ranges cover %1 of %2 events")
            .arg(expectedFirst)
            .arg(data.events.size());
    for (const rankscope::TraceCollective &collective : data.collectives) {
        if (collective.event >= data.events.size() ||
            !(data.events[collective.event].flags & rankscope::TraceEventFlag::HasCollective))
            return QStringLiteral("a collective points to a wrong event");
    }
    for (const rankscope::TraceFlow &flow : data.flows) {
        if ((flow.fromEvent != rankscope::kNoTraceEvent && flow.fromEvent >= data.events.size()) ||
            (flow.toEvent != rankscope::kNoTraceEvent && flow.toEvent >= data.events.size()))
            return QStringLiteral("a flow points outside the events");
    }
    for (const rankscope::TraceIteration &iteration : data.iterations) {
        if (iteration.event >= data.events.size() || iteration.endNs < iteration.startNs)
            return QStringLiteral("an iteration is inconsistent");
    }
    return QString();
}

} // namespace rankscope_test
