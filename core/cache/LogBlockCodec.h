#pragma once

#include "core/logs/LogAnalysis.h"
#include "core/logs/LogModel.h"

#include <cstddef>
#include <cstdint>
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

} // namespace rankscope
