#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

enum class TraceCompression
{
    None,
    Gzip,
    Zstd
};

const char *traceCompressionName(TraceCompression compression); // "none", "gzip", "zstd"

// From the first bytes (gzip 1f 8b, zstd 28 b5 2f fd), not from the file name: renamed and
// double-extension files ("trace.json.gz" that is plain JSON) are common.
TraceCompression detectTraceCompression(std::string_view bytes);

// The cap on a trace's uncompressed bytes, the same as the bundle's per-file cap
// (BundleImportOptions::maxFileBytes): a compressed file counts by what it unpacks to.
constexpr std::uint64_t kDefaultMaxTraceBytes = 1ull << 30;

// Decompresses all gzip members / zstd frames of `compressed` into `out` (replacing its content),
// leaving at least `padding` bytes of spare capacity after the data so a parser that reads past
// the end can use the buffer as is. Returns an empty string on success, else a sentence saying
// what is wrong (truncated or corrupt stream, more than `maxBytes`); `out` then holds what could
// be decompressed, at most `maxBytes`. The size a gzip trailer or zstd frame header declares
// is only a hint, believed when plausible: memory follows the data that really arrives.
std::string decompressTrace(std::string_view compressed, TraceCompression compression,
                            std::string &out, std::size_t padding,
                            std::uint64_t maxBytes = kDefaultMaxTraceBytes);

} // namespace rankscope
