// Fuzz target: a PyTorch Flight Recorder dump, pickle or JSON (told by content), read by the
// restricted pickle reader or the JSON reader into collective records.

#include "FuzzInput.h"

#include "importers/collectives/FlightRecorderDump.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > rankscope_fuzz::kMaxInputBytes)
        return 0;
    // Both ways the importer calls it (every entry with frames; only the tail the analysis
    // keeps, without frames) and both rank sources (the name, the content), chosen by the size
    // so that no input byte is spent on it.
    rankscope::FlightRecorderReadOptions options;
    if (size % 2 == 1) {
        options.tail = rankscope::CollectiveTailLimits{};
        options.frames = false;
    }
    const int rank = size % 4 < 2 ? 0 : -1;
    const rankscope::FlightRecorderReadResult result = rankscope::readFlightRecorderDump(
        rankscope_fuzz::bytesOf(data, size), "fr/nccl_trace_rank_0", rank, options);
    (void)result;
    return 0;
}
