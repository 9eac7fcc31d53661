#include "importers/bundle/ParallelStackReader.h"

#include "core/cache/StackFileSamples.h"
#include "core/model/UsableCores.h"

#include "importers/FileFailure.h"
#include "importers/bundle/StackFileReader.h"

#include <algorithm>
#include <thread>

namespace rankscope {

ParallelStackReader::ParallelStackReader(std::filesystem::path bundleRoot,
                                         std::vector<BundleFile> files, std::uint64_t maxFileBytes,
                                         SharedStackInterner *interner, unsigned threads,
                                         std::size_t window, RankHints hints)
    : m_root(std::move(bundleRoot)), m_files(std::move(files)), m_maxFileBytes(maxFileBytes),
      m_interner(interner), m_hints(std::move(hints)),
      m_map(
          m_files.size(), [this](std::size_t index) { return read(index); }, threads, window, 16)
{}

unsigned ParallelStackReader::defaultThreads()
{
    const unsigned cores = usableCores();
    // On two cores both parse: the consumer mostly waits on SQLite pages and the parsers.
    return std::clamp(cores <= 2 ? cores : cores - 1, 1u, 4u);
}

StackFileRecord ParallelStackReader::read(std::size_t index)
{
    StackFileRecord record =
        readStackFile(m_root, m_files[index], m_maxFileBytes, m_hints, m_interner, &m_memo);
    try {
        if (m_interner && record.ok) {
            internStacks(record, *m_interner);
            encodeInternedSamples(record);
        }
    } catch (const std::exception &error) {
        // Out of memory, most likely: this file fails, the import goes on.
        record.ok = false;
        record.parsed = {};
        record.stackIds.clear();
        record.problems.push_back({0, fileFailureMessage(error, "storing")});
    }
    return record;
}

} // namespace rankscope
