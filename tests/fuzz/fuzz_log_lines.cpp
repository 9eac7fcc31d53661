// Fuzz target: the line layer of the log importer (line splitting, headers, timestamps, rank
// prefixes, multi-line merging, iteration and collective lines) through importLogBytes. The
// compressed forms are left out: their reader (LogDecompression) is fuzzed on its own terms.

#include "FuzzInput.h"

#include "importers/logs/LogImport.h"

#include <array>

namespace {

bool startsCompressed(std::string_view bytes)
{
    return bytes.starts_with("\x1f\x8b") || bytes.starts_with("\x28\xb5\x2f\xfd");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view bytes = rankscope_fuzz::bytesOf(data, size);
    if (size > rankscope_fuzz::kMaxInputBytes || startsCompressed(bytes))
        return 0;
    // The path gives a rank or a node; which one varies with the size, so no input byte is
    // spent on it and the seeds stay as they are.
    static constexpr std::array<std::string_view, 4> kPaths = {
        "logs/rank3.log", "logs/node-17.log", "slurm-1234.out", "logs/host-a/stdout.log"};
    const rankscope::ParsedLog log = rankscope::importLogBytes(bytes, kPaths[size % kPaths.size()]);
    (void)log;
    return 0;
}
