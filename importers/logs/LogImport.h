#pragma once

#include "core/logs/LogModel.h"
#include "importers/logs/LogEventSink.h"
#include "importers/logs/LogTextChunks.h"

#include <string>
#include <string_view>

namespace rankscope {

// Imports one log file of a bundle's logs/ folder - plain text, .gz or .zst (recognised by
// content) - into events. Never throws: unreadable files, binary junk, invalid UTF-8 and huge
// lines become ParsedLog::problems with their line numbers, and everything readable is kept.
// The text is read in chunks (LogTextChunks, `limits`): a file of any size holds a few MiB of
// it at a time, besides the events themselves.
//
// `relativePath` (relative to the bundle root) gives the rank ("rank3.log", "rank-0003/...") or
// node ("node-17.log", "logs/host-a/...") when the file is one rank's or one node's; lines with
// a rank prefix ("[rank3]:", "[default3]:", "3: " from srun -l, "[RANK 3]") belong to that rank
// whatever the file. Timestamps are detected per file (ISO 8601, "YYYY-MM-DD HH:MM:SS,mmm",
// syslog, epoch seconds); a line without one inherits the previous line's time. Multi-line
// events are merged before templating (tracebacks, C++ frame lists, NCCL errors, indented
// continuations). Iteration lines (Megatron-LM, DeepSpeed, HF Trainer) also yield
// LogIterationRecords. Format details: docs/formats-logs.md.
ParsedLog importLogFile(const std::string &path, std::string_view relativePath,
                        const LogReadLimits &limits = LogReadLimits());
// The same, handing the events to `sink` as they are read (LogEventSink.h) rather than keeping
// them in ParsedLog::events: memory then does not grow with the file's number of lines.
ParsedLog importLogFile(const std::string &path, std::string_view relativePath, LogEventSink *sink,
                        const LogReadLimits &limits = LogReadLimits());
// The same for a file's bytes in memory (which may be compressed).
ParsedLog importLogBytes(std::string_view bytes, std::string_view relativePath,
                         const LogReadLimits &limits = LogReadLimits());

} // namespace rankscope
