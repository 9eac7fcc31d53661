#pragma once

#include "core/model/TraceModel.h"
#include "importers/traces/ChromeTraceEvent.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace rankscope {

// Finds or creates the track of a (pid, tid) pair, or of a counter series, and records what the
// "M" metadata events say about processes and threads. Metadata may come before or after the
// events it describes (and Kineto repeats it), so process-level names are applied to the
// tracks only at the end, by applyProcessMetadata().
class TraceTrackIndex
{
public:
    explicit TraceTrackIndex(TraceData &data) : m_data(data) {}

    std::uint32_t track(const ChromeTraceId &pid, const ChromeTraceId &tid);
    std::uint32_t counterTrack(const ChromeTraceId &pid, std::string_view counterName,
                               std::string_view series);

    void setProcessName(const ChromeTraceId &pid, std::string_view name);
    void setProcessLabels(const ChromeTraceId &pid, std::string_view labels);
    void setProcessSortIndex(const ChromeTraceId &pid, std::int64_t sortIndex);

    void applyProcessMetadata();

private:
    struct Key
    {
        std::int64_t pid = 0;
        std::int64_t tid = 0; // for counters: (name id << 32) | series id
        std::uint32_t pidLabel = 0;
        std::uint32_t tidLabel = 0;
        std::uint8_t bits = 0; // kPidIsLabel | kTidIsLabel | kCounter

        bool operator==(const Key &other) const
        {
            return pid == other.pid && tid == other.tid && pidLabel == other.pidLabel &&
                   tidLabel == other.tidLabel && bits == other.bits;
        }
    };
    struct KeyHash
    {
        std::size_t operator()(const Key &key) const;
    };
    struct ProcessMetadata
    {
        TraceStringId name = kEmptyTraceString;
        TraceStringId labels = kEmptyTraceString;
        std::int64_t sortIndex = 0;
        bool hasSortIndex = false;
    };

    static constexpr std::uint8_t kPidIsLabel = 1;
    static constexpr std::uint8_t kTidIsLabel = 2;
    static constexpr std::uint8_t kCounter = 4;

    Key processKey(const ChromeTraceId &pid);
    std::uint32_t findOrCreate(const Key &key);

    TraceData &m_data;
    std::unordered_map<Key, std::uint32_t, KeyHash> m_tracks;
    std::unordered_map<Key, ProcessMetadata, KeyHash> m_processes;
    Key m_lastKey;
    std::uint32_t m_lastTrack = kNoTraceEvent;
};

// "pid 59811 tid 59976", "pid \"Spans\" tid \"PyTorch Profiler\"", for problem messages.
std::string describeTraceTrack(const TraceData &data, std::uint32_t track);

} // namespace rankscope
