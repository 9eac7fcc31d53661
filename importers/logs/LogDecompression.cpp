#include "importers/logs/LogDecompression.h"

#include "importers/traces/TraceDecompression.h"

namespace rankscope {

std::string_view logTextOf(std::string_view bytes, std::string *storage, std::string *error)
{
    // Profiler traces and logs are compressed the same way; the trace importer's decoder
    // already handles concatenated members and truncation.
    const TraceCompression compression = detectTraceCompression(bytes);
    if (compression == TraceCompression::None)
        return bytes;
    *error = decompressTrace(bytes, compression, *storage, 0);
    return *storage;
}

} // namespace rankscope
