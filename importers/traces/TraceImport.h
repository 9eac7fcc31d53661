#pragma once

#include "core/model/TraceModel.h"
#include "importers/traces/ChromeTraceWindows.h"
#include "importers/traces/TraceDecompression.h"

#include <string>
#include <string_view>

namespace rankscope {

// Imports one PyTorch profiler (Kineto) trace - Chrome trace-event JSON, plain, gzip or zstd
// (recognised by content) - into the model. Never throws: unreadable files, broken JSON and bad
// events become TraceData::problems, and whatever could be read is kept.
//
// The rank comes from distributedInfo.rank; when the file has none, from `rankPath` (the path
// relative to the bundle root, read by rankFromPath: "rank3/...", "worker3_step_12..."), which
// defaults to `path` itself.
//
// A compressed trace is unpacked up to `maxBytes` (the bundle's per-file cap): beyond, the
// first `maxBytes` are read as a cut trace, with a problem that says so. It is unpacked as it
// is read, and a text longer than limits.windowBytes is read a window at a time: memory
// follows the events, not the text (ChromeTraceWindows.h).
TraceData importTraceFile(const std::string &path, std::string_view rankPath = {},
                          std::uint64_t maxBytes = kDefaultMaxTraceBytes,
                          const ChromeTraceWindowLimits &limits = {});

// The same for a file's bytes already in memory (extracted from an archive, say): plain,
// gzip or zstd. `sourcePath` names it in TraceData and is the rank path unless `rankPath` is
// given.
TraceData importTraceBytes(std::string_view bytes, std::string_view sourcePath,
                           std::string_view rankPath = {},
                           std::uint64_t maxBytes = kDefaultMaxTraceBytes,
                           const ChromeTraceWindowLimits &limits = {});

// The same for JSON text already in memory (it is copied once into a padded buffer), e.g. a
// file already decompressed. `sourcePath` names it in TraceData and serves as rank path.
TraceData parseChromeTrace(std::string_view json, std::string_view sourcePath);

// The same without the copy when `json` already has the parser's padding as spare capacity
// (decompressTrace leaves that room); otherwise it is copied once.
TraceData parseChromeTrace(const std::string &json, std::string_view sourcePath);

} // namespace rankscope
