#include "importers/traces/TraceTrackIndex.h"

namespace rankscope {

std::size_t TraceTrackIndex::KeyHash::operator()(const Key &key) const
{
    std::uint64_t h = static_cast<std::uint64_t>(key.pid) * 0x9E3779B97F4A7C15ull;
    h ^= static_cast<std::uint64_t>(key.tid) + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
    h ^= (std::uint64_t(key.pidLabel) << 32 | key.tidLabel) + (h << 6) + (h >> 2);
    h ^= key.bits;
    return static_cast<std::size_t>(h);
}

TraceTrackIndex::Key TraceTrackIndex::processKey(const ChromeTraceId &pid)
{
    Key key;
    if (pid.isLabel) {
        key.pidLabel = m_data.strings.intern(pid.label);
        key.bits = kPidIsLabel;
    } else {
        key.pid = pid.number;
    }
    return key;
}

std::uint32_t TraceTrackIndex::findOrCreate(const Key &key)
{
    // Consecutive events mostly share a track: skip the hash lookup for them.
    if (m_lastTrack != kNoTraceEvent && key == m_lastKey)
        return m_lastTrack;
    auto [found, inserted] = m_tracks.try_emplace(key, std::uint32_t(m_data.tracks.size()));
    if (inserted) {
        TraceTrack track;
        track.pid = key.pid;
        track.pidLabel = key.pidLabel;
        track.pidIsLabel = key.bits & kPidIsLabel;
        if (key.bits & kCounter) {
            track.kind = TraceTrackKind::Counter;
            track.name = static_cast<TraceStringId>(std::uint64_t(key.tid) >> 32);
            track.counterSeries = static_cast<TraceStringId>(key.tid & 0xFFFFFFFF);
        } else {
            track.tid = key.tid;
            track.tidLabel = key.tidLabel;
            track.tidIsLabel = key.bits & kTidIsLabel;
            track.sortIndex = key.tid;
        }
        m_data.tracks.push_back(track);
    }
    m_lastKey = key;
    m_lastTrack = found->second;
    return found->second;
}

std::uint32_t TraceTrackIndex::track(const ChromeTraceId &pid, const ChromeTraceId &tid)
{
    Key key;
    if (pid.isLabel) {
        key.pidLabel = m_data.strings.intern(pid.label);
        key.bits |= kPidIsLabel;
    } else {
        key.pid = pid.number;
    }
    if (tid.isLabel) {
        key.tidLabel = m_data.strings.intern(tid.label);
        key.bits |= kTidIsLabel;
    } else {
        key.tid = tid.number;
    }
    return findOrCreate(key);
}

std::uint32_t TraceTrackIndex::counterTrack(const ChromeTraceId &pid, std::string_view counterName,
                                            std::string_view series)
{
    Key key = processKey(pid);
    key.bits |= kCounter;
    const std::uint64_t name = m_data.strings.intern(counterName);
    const std::uint64_t seriesId = m_data.strings.intern(series);
    key.tid = static_cast<std::int64_t>(name << 32 | seriesId);
    return findOrCreate(key);
}

void TraceTrackIndex::setProcessName(const ChromeTraceId &pid, std::string_view name)
{
    m_processes[processKey(pid)].name = m_data.strings.intern(name);
}

void TraceTrackIndex::setProcessLabels(const ChromeTraceId &pid, std::string_view labels)
{
    m_processes[processKey(pid)].labels = m_data.strings.intern(labels);
}

void TraceTrackIndex::setProcessSortIndex(const ChromeTraceId &pid, std::int64_t sortIndex)
{
    ProcessMetadata &process = m_processes[processKey(pid)];
    process.sortIndex = sortIndex;
    process.hasSortIndex = true;
}

void TraceTrackIndex::applyProcessMetadata()
{
    for (TraceTrack &track : m_data.tracks) {
        Key key;
        key.pid = track.pid;
        key.pidLabel = track.pidLabel;
        key.bits = track.pidIsLabel ? kPidIsLabel : 0;
        track.processSortIndex = track.pid;
        auto found = m_processes.find(key);
        if (found == m_processes.end())
            continue;
        track.processName = found->second.name;
        track.processLabels = found->second.labels;
        if (found->second.hasSortIndex)
            track.processSortIndex = found->second.sortIndex;
    }
}

std::string describeTraceTrack(const TraceData &data, std::uint32_t trackIndex)
{
    const TraceTrack &track = data.tracks[trackIndex];
    auto part = [&](const char *word, bool isLabel, TraceStringId label, std::int64_t number) {
        return std::string(word) + " " +
               (isLabel ? "\"" + std::string(data.string(label)) + "\"" : std::to_string(number));
    };
    std::string text = part("pid", track.pidIsLabel, track.pidLabel, track.pid);
    if (track.kind == TraceTrackKind::Counter)
        return text + " counter \"" + std::string(data.string(track.name)) + "\"";
    return text + " " + part("tid", track.tidIsLabel, track.tidLabel, track.tid);
}

} // namespace rankscope
