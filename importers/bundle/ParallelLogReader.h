#pragma once

#include "core/cache/LogFileRecord.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/OrderedParallelMap.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

namespace rankscope {

// Parses log files on worker threads (readLogFile) while the caller stores them; records come
// out in the order of `files`, so what is stored does not depend on timing. A parsed log holds
// its events only until they are encoded, so `window` records in flight bound the memory.
class ParallelLogReader
{
public:
    ParallelLogReader(std::filesystem::path bundleRoot, std::vector<BundleFile> files,
                      std::uint64_t maxFileBytes, unsigned threads = 2, std::size_t window = 2);

    std::optional<LogFileRecord> next() { return m_map.next(); }
    void stop() { m_map.stop(); }

private:
    std::filesystem::path m_root;
    std::vector<BundleFile> m_files;
    std::uint64_t m_maxFileBytes;
    OrderedParallelMap<LogFileRecord> m_map; // last: its workers read the members above
};

} // namespace rankscope
