// Fuzz target: a PyTorch profiler (Kineto) trace, Chrome trace-event JSON, through the importer's
// bytes entry point: plain, gzip or zstd (told by content), decompressed, repaired when cut,
// parsed, events built and nested.

#include "FuzzInput.h"

#include "importers/traces/TraceImport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > rankscope_fuzz::kMaxInputBytes)
        return 0;
    const rankscope::TraceData trace =
        rankscope::importTraceBytes(rankscope_fuzz::bytesOf(data, size), "rank0/trace.json");
    (void)trace;
    return 0;
}
