#include "importers/bundle/ParallelTraceReader.h"

#include "core/model/UsableCores.h"
#include "importers/FileFailure.h"
#include "importers/bundle/TraceFileReader.h"

#include <algorithm>

namespace rankscope {

namespace {

// Fewer files than cores (one large trace, most of all): the cores no worker takes help the
// workers with their file, so that one trace does not import on one core.
unsigned helperThreadsPerFile(std::size_t files, unsigned threads)
{
    const std::size_t workers =
        std::clamp<std::size_t>(std::min<std::size_t>(threads, files), 1, 8);
    const std::size_t cores = usableCores();
    return cores > workers ? unsigned((cores - workers) / workers) : 0;
}

} // namespace

ParallelTraceReader::ParallelTraceReader(std::filesystem::path bundleRoot,
                                         std::vector<BundleFile> files, std::uint64_t maxFileBytes,
                                         unsigned threads, std::size_t window)
    : m_root(std::move(bundleRoot)), m_files(std::move(files)), m_maxFileBytes(maxFileBytes),
      m_helperThreads(helperThreadsPerFile(m_files.size(), threads)),
      m_map(
          m_files.size(), [this](std::size_t index) { return read(index); }, threads, window, 8)
{}

TraceFileRecord ParallelTraceReader::read(std::size_t index) const
{
    try {
        return readTraceFile(m_root, m_files[index], m_maxFileBytes, m_helperThreads);
    } catch (const std::exception &error) {
        // Out of memory, most likely: this file fails, the import goes on.
        TraceFileRecord record;
        record.path = m_files[index].path;
        record.size = m_files[index].size;
        record.mtimeNs = m_files[index].mtimeNs;
        record.changeStamp = m_files[index].changeStamp;
        record.problems.push_back({0, fileFailureMessage(error)});
        return record;
    }
}

} // namespace rankscope
