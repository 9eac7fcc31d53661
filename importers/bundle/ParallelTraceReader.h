#pragma once

#include "core/cache/TraceFileRecord.h"
#include "importers/bundle/BundleScanner.h"

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>
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
    ~ParallelTraceReader(); // stops the workers and waits for them
    ParallelTraceReader(const ParallelTraceReader &) = delete;
    ParallelTraceReader &operator=(const ParallelTraceReader &) = delete;

    // The next record in file order, waiting for it; nullopt after the last one.
    std::optional<TraceFileRecord> next();
    void stop();

private:
    void work();

    std::filesystem::path m_root;
    std::vector<BundleFile> m_files;
    std::uint64_t m_maxFileBytes;
    std::size_t m_window;

    std::mutex m_mutex;
    std::condition_variable m_produced;
    std::condition_variable m_consumed;
    std::vector<std::optional<TraceFileRecord>> m_slots;
    std::size_t m_nextToTake = 0;
    std::size_t m_nextToGive = 0;
    bool m_stopping = false;
    std::vector<std::thread> m_workers;
};

} // namespace rankscope
