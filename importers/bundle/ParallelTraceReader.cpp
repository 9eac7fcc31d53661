#include "importers/bundle/ParallelTraceReader.h"

#include "importers/FileFailure.h"
#include "importers/bundle/TraceFileReader.h"

namespace rankscope {

ParallelTraceReader::ParallelTraceReader(std::filesystem::path bundleRoot,
                                         std::vector<BundleFile> files, std::uint64_t maxFileBytes,
                                         unsigned threads, std::size_t window)
    : m_root(std::move(bundleRoot)), m_files(std::move(files)), m_maxFileBytes(maxFileBytes),
      m_map(
          m_files.size(), [this](std::size_t index) { return read(index); }, threads, window, 8)
{}

TraceFileRecord ParallelTraceReader::read(std::size_t index) const
{
    try {
        return readTraceFile(m_root, m_files[index], m_maxFileBytes);
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
