#include "importers/bundle/ParallelLogReader.h"

#include "importers/bundle/LogFileReader.h"

namespace rankscope {

ParallelLogReader::ParallelLogReader(std::filesystem::path bundleRoot,
                                     std::vector<BundleFile> files, std::uint64_t maxFileBytes,
                                     unsigned threads, std::size_t window)
    : m_root(std::move(bundleRoot)), m_files(std::move(files)), m_maxFileBytes(maxFileBytes),
      m_map(
          m_files.size(),
          [this](std::size_t index) { return readLogFile(m_root, m_files[index], m_maxFileBytes); },
          threads, window, 8)
{}

} // namespace rankscope
