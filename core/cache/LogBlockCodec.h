#pragma once

#include "core/cache/ByteCoding.h"
#include "core/logs/LogAnalysis.h"
#include "core/logs/LogModel.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace rankscope {

// The binary forms of a log file's events in the cache. Every encode returns a zstd frame;
// every decode throws BlobFormatError (core/cache/ByteCoding.h) on damaged input.

// Events per text block: a line range of a virtualized view decodes one or two blocks, and
// 3 million lines are ~3,000 blobs, compressed about 10:1.
inline constexpr std::size_t kLogBlockEvents = 1024;

// The events of one block as parsed (rank, time, line, line count, severity, text); `file` is
// not stored (the block belongs to one file) and comes back as `fileIndex`.
std::string encodeLogTextBlock(std::span<const LogEvent> events);
std::vector<LogEvent> decodeLogTextBlock(std::span<const std::byte> blob, std::uint32_t fileIndex);

// Every event of one file with its template and iteration, without text: what the comparisons
// and the line filters read. `file` comes back as `fileIndex`.
std::string encodeLogEventIndex(std::span<const TemplatedLogEvent> events);
void appendLogEventIndex(std::span<const std::byte> blob, std::uint32_t fileIndex,
                         std::vector<TemplatedLogEvent> &into);
// The same, one event at a time: only the decompressed index is held, not its events.
void forEachLogEventIndexEntry(std::span<const std::byte> blob, std::uint32_t fileIndex,
                               const std::function<void(const TemplatedLogEvent &)> &visit);

// The same index built an event at a time, for a file too large to hold as TemplatedLogEvents
// (a 25-million-line log: 1.2 GB of them, against about 10 bytes an event here).
class LogEventIndexEncoder
{
public:
    explicit LogEventIndexEncoder(std::size_t count);
    void add(const TemplatedLogEvent &event);
    std::int64_t duplicates() const { return m_duplicates; }
    // The zstd frame; throws BlobFormatError unless exactly `count` events were added.
    std::string finish();

private:
    ByteWriter m_out;
    std::size_t m_count;
    std::size_t m_added = 0;
    std::int64_t m_previousTime = 0;
    std::int64_t m_previousLine = 0;
    std::int64_t m_duplicates = 0;
};

} // namespace rankscope
