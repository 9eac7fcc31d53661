#include "importers/bundle/ParallelTraceReader.h"

#include "importers/bundle/TraceFileReader.h"

#include <algorithm>

namespace rankscope {

ParallelTraceReader::ParallelTraceReader(std::filesystem::path bundleRoot,
                                         std::vector<BundleFile> files, std::uint64_t maxFileBytes,
                                         unsigned threads, std::size_t window)
    : m_root(std::move(bundleRoot)), m_files(std::move(files)), m_maxFileBytes(maxFileBytes),
      m_window(std::max<std::size_t>(window, 1)), m_slots(m_files.size())
{
    threads = std::clamp<unsigned>(threads, 1, 8);
    threads = unsigned(std::min<std::size_t>(threads, std::max<std::size_t>(m_files.size(), 1)));
    try {
        for (unsigned i = 0; i < threads; ++i)
            m_workers.emplace_back([this] { work(); });
    } catch (...) {
        stop();
        for (std::thread &worker : m_workers)
            worker.join();
        throw;
    }
}

ParallelTraceReader::~ParallelTraceReader()
{
    stop();
    for (std::thread &worker : m_workers)
        worker.join();
}

void ParallelTraceReader::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_consumed.notify_all();
    m_produced.notify_all();
}

void ParallelTraceReader::work()
{
    while (true) {
        std::size_t index;
        {
            std::unique_lock lock(m_mutex);
            m_consumed.wait(lock, [this] {
                return m_stopping || m_nextToTake >= m_files.size() ||
                       m_nextToTake < m_nextToGive + m_window;
            });
            if (m_stopping || m_nextToTake >= m_files.size())
                return;
            index = m_nextToTake++;
        }
        TraceFileRecord record;
        try {
            record = readTraceFile(m_root, m_files[index], m_maxFileBytes);
        } catch (const std::exception &error) {
            // Out of memory, most likely: this file fails, the import goes on.
            record = TraceFileRecord();
            record.path = m_files[index].path;
            record.size = m_files[index].size;
            record.mtimeNs = m_files[index].mtimeNs;
            record.problems.push_back({0, std::string("could not be imported: ") + error.what()});
        }
        {
            std::lock_guard lock(m_mutex);
            m_slots[index] = std::move(record);
        }
        m_produced.notify_all();
    }
}

std::optional<TraceFileRecord> ParallelTraceReader::next()
{
    std::unique_lock lock(m_mutex);
    if (m_nextToGive >= m_files.size())
        return std::nullopt;
    m_produced.wait(lock, [this] { return m_stopping || m_slots[m_nextToGive].has_value(); });
    if (!m_slots[m_nextToGive].has_value())
        return std::nullopt;
    std::optional<TraceFileRecord> record = std::move(m_slots[m_nextToGive]);
    m_slots[m_nextToGive].reset();
    ++m_nextToGive;
    lock.unlock();
    m_consumed.notify_all();
    return record;
}

} // namespace rankscope
