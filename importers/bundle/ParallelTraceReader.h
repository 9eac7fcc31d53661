#pragma once

#include "core/cache/TraceFileRecord.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/OrderedParallelMap.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

namespace rankscope {

// Imports and encodes trace files on worker threads (readTraceFile) while the caller stores
// them; records come out in the order of `files`. A parsed trace is ~50 bytes per event (an
// 87 MB file is ~25 MB of events), so workers stay at most `window` files ahead of the consumer:
// memory stays at a few traces whatever the number of ranks.
class ParallelTraceReader
{
public:
    ParallelTraceReader(std::filesystem::path bundleRoot, std::vector<BundleFile> files,
                        std::uint64_t maxFileBytes, unsigned threads = 2, std::size_t window = 2);
    // The destructor stops the workers and waits for them.

    // The next record in file order, waiting for it; nullopt after the last one.
    std::optional<TraceFileRecord> next() { return m_map.next(); }
    void stop() { m_map.stop(); }

private:
    TraceFileRecord read(std::size_t index) const;

    std::filesystem::path m_root;
    std::vector<BundleFile> m_files;
    std::uint64_t m_maxFileBytes;
    unsigned m_helperThreads;                  // more threads each worker may use on its file
    OrderedParallelMap<TraceFileRecord> m_map; // last: its workers read the members above
};

} // namespace rankscope
