// Fuzz target: a PyTorch profiler (Kineto) trace, Chrome trace-event JSON, through the importer's
// bytes entry point: plain, gzip or zstd (told by content), decompressed, repaired when cut,
// parsed, events built and nested. Each input is read twice: whole, and a window of 256 bytes
// at a time (ChromeTraceWindows.h, how texts over 16 MiB are read); when it is valid JSON that
// the whole read took, both must give the same events and the windows no problem of structure.

#include "FuzzInput.h"

#include "importers/traces/TraceImport.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

namespace {

bool said(const rankscope::TraceData &trace, std::initializer_list<const char *> words)
{
    for (const rankscope::TraceProblem &problem : trace.problems) {
        for (const char *word : words) {
            if (problem.message.find(word) != std::string::npos)
                return true;
        }
    }
    return false;
}

bool sameEvents(const rankscope::TraceData &a, const rankscope::TraceData &b)
{
    if (a.events.size() != b.events.size() || a.counterSamples.size() != b.counterSamples.size() ||
        a.rank != b.rank || a.baseTimeNs != b.baseTimeNs)
        return false;
    for (std::uint32_t i = 0; i < a.events.size(); ++i) {
        if (a.events[i].startNs != b.events[i].startNs ||
            a.events[i].durationNs != b.events[i].durationNs ||
            a.events[i].phase != b.events[i].phase || a.eventName(i) != b.eventName(i))
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > rankscope_fuzz::kMaxInputBytes)
        return 0;
    // A small cap on the unpacked size: the fuzzer should reach the cap, not the 2 GB memory
    // limit (simdjson indexes take four bytes per byte of JSON).
    constexpr std::uint64_t kMaxUnpacked = 64u << 20;
    const std::string_view bytes = rankscope_fuzz::bytesOf(data, size);
    rankscope::ChromeTraceWindowLimits whole;
    whole.windowBytes = std::size_t(1) << 30;
    const rankscope::TraceData trace =
        rankscope::importTraceBytes(bytes, "rank0/trace.json", {}, kMaxUnpacked, whole);
    rankscope::ChromeTraceWindowLimits small;
    small.windowBytes = 256;
    small.maxEntryBytes = std::size_t(1) << 20;
    const rankscope::TraceData windowed =
        rankscope::importTraceBytes(bytes, "rank0/trace.json", {}, kMaxUnpacked, small);
    // Only valid JSON has one right reading: simdjson reads past some broken JSON that the
    // windows stop at (a string entry followed by ':'), and refuses a document nested deeper
    // than 1024 levels that windows read up to the deep entry.
    const bool valid =
        rankscope::detectTraceCompression(bytes) == rankscope::TraceCompression::None &&
        nlohmann::json::accept(bytes);
    // A problem of structure counts against the windows only when the whole read did not say
    // it too: nlohmann accepts a document followed by NUL bytes (a file padded with zeros after a
    // crash), about which both readings rightly say "text after the end".
    bool windowsAlone = false;
    for (const char *word : {"malformed JSON", "not readable as JSON", "brackets close",
                             "is more than", "text after the end"})
        windowsAlone = windowsAlone || (said(windowed, {word}) && !said(trace, {word}));
    if (valid && !said(trace, {"malformed JSON", "not readable as JSON"}) &&
        (windowsAlone || !sameEvents(trace, windowed)))
        std::abort(); // the windows read something else than the whole text
    return 0;
}
