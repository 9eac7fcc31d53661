// Fuzz target: the job.json manifest (job id, world size, ranks as a list or keyed object,
// pids, clock offsets, baseline).

#include "FuzzInput.h"

#include "importers/bundle/JobManifest.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > rankscope_fuzz::kMaxInputBytes)
        return 0;
    const rankscope::JobManifest manifest =
        rankscope::parseJobManifest(rankscope_fuzz::bytesOf(data, size));
    (void)manifest;
    return 0;
}
