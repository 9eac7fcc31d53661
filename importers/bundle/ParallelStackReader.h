#pragma once

#include "core/cache/StackFileRecord.h"
#include "core/cache/StackInterner.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/OrderedParallelMap.h"
#include "importers/bundle/ProcessRanks.h"
#include "importers/bundle/StackTextMemo.h"

#include <cstdint>
#include <filesystem>
#include <optional>
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
                        std::size_t window = 256, RankHints hints = {});
    // The destructor stops the workers and waits for them.

    // The next record in file order, waiting for it if needed; nullopt after the last one.
    std::optional<StackFileRecord> next() { return m_map.next(); }
    // Asks the workers to stop after their current file.
    void stop() { m_map.stop(); }

    // Worker count for this machine: all cores but one for the consumer, at least one, at most
    // four (beyond that the disk, not the CPU, is the limit).
    static unsigned defaultThreads();

private:
    StackFileRecord read(std::size_t index);

    std::filesystem::path m_root;
    std::vector<BundleFile> m_files;
    std::uint64_t m_maxFileBytes;
    SharedStackInterner *m_interner;
    RankHints m_hints;
    StackTextMemo m_memo;                      // shared by the workers (with an interner)
    OrderedParallelMap<StackFileRecord> m_map; // last: its workers read the members above
};

} // namespace rankscope
