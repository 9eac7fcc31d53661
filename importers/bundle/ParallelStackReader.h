#pragma once

#include "core/cache/StackFileRecord.h"
#include "core/cache/StackInterner.h"
#include "importers/bundle/BundleScanner.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace rankscope {

// Reads and parses stack files on worker threads while the caller stores the results: records
// come out of next() in the order of `files`, whatever order the workers finish in, so cache
// ids do not depend on timing. Workers stay at most `window` files ahead of the consumer, which
// bounds memory however large the bundle is.
class ParallelStackReader
{
public:
    // With an interner, workers also intern the stacks (see internStacks()).
    ParallelStackReader(std::filesystem::path bundleRoot, std::vector<BundleFile> files,
                        std::uint64_t maxFileBytes, SharedStackInterner *interner, unsigned threads,
                        std::size_t window = 256);
    ~ParallelStackReader(); // stops the workers and waits for them
    ParallelStackReader(const ParallelStackReader &) = delete;
    ParallelStackReader &operator=(const ParallelStackReader &) = delete;

    // The next record in file order, waiting for it if needed; nullopt after the last one.
    std::optional<StackFileRecord> next();
    // Asks the workers to stop after their current file.
    void stop();

    // Worker count for this machine: all cores but one for the consumer, at least one, at most
    // four (beyond that the disk, not the CPU, is the limit).
    static unsigned defaultThreads();

private:
    void work();

    std::filesystem::path m_root;
    std::vector<BundleFile> m_files;
    std::uint64_t m_maxFileBytes;
    SharedStackInterner *m_interner;
    std::size_t m_window;

    std::mutex m_mutex;
    std::condition_variable m_produced;
    std::condition_variable m_consumed;
    std::vector<std::optional<StackFileRecord>> m_slots;
    std::size_t m_nextToTake = 0; // next file a worker starts (guarded by m_mutex)
    std::size_t m_nextToGive = 0; // next file next() returns (guarded by m_mutex)
    bool m_stopping = false;
    std::vector<std::thread> m_workers;
};

} // namespace rankscope
