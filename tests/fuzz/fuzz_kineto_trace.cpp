// Fuzz target: a PyTorch profiler (Kineto) trace, Chrome trace-event JSON, through the importer's
// bytes entry point: plain, gzip or zstd (told by content), decompressed, repaired when cut,
// parsed, events built and nested.

#include "FuzzInput.h"

#include "importers/traces/TraceImport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > rankscope_fuzz::kMaxInputBytes)
        return 0;
    // A small cap on the unpacked size: the fuzzer should reach the cap, not the 2 GB memory
    // limit (simdjson indexes take four bytes per byte of JSON).
    constexpr std::uint64_t kMaxUnpacked = 64u << 20;
    const rankscope::TraceData trace = rankscope::importTraceBytes(
        rankscope_fuzz::bytesOf(data, size), "rank0/trace.json", {}, kMaxUnpacked);
    (void)trace;
    return 0;
}
