#include "importers/bundle/ParallelStackReader.h"

#include "importers/bundle/StackFileReader.h"

#include <algorithm>

namespace rankscope {

ParallelStackReader::ParallelStackReader(std::filesystem::path bundleRoot,
                                         std::vector<BundleFile> files, std::uint64_t maxFileBytes,
                                         SharedStackInterner *interner, unsigned threads,
                                         std::size_t window)
    : m_root(std::move(bundleRoot)), m_files(std::move(files)), m_maxFileBytes(maxFileBytes),
      m_interner(interner), m_window(std::max<std::size_t>(window, 1)), m_slots(m_files.size())
{
    threads = std::clamp<unsigned>(threads, 1, 16);
    threads = unsigned(std::min<std::size_t>(threads, std::max<std::size_t>(m_files.size(), 1)));
    try {
        for (unsigned i = 0; i < threads; ++i)
            m_workers.emplace_back([this] { work(); });
    } catch (...) {
        // No thread to be had: stop the ones already running before giving up.
        stop();
        for (std::thread &worker : m_workers)
            worker.join();
        throw;
    }
}

ParallelStackReader::~ParallelStackReader()
{
    stop();
    for (std::thread &worker : m_workers)
        worker.join();
}

unsigned ParallelStackReader::defaultThreads()
{
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    // On two cores both parse: the consumer mostly waits on SQLite pages and the parsers.
    return std::clamp(cores <= 2 ? cores : cores - 1, 1u, 4u);
}

void ParallelStackReader::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_consumed.notify_all();
    m_produced.notify_all();
}

void ParallelStackReader::work()
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
        StackFileRecord record = readStackFile(m_root, m_files[index], m_maxFileBytes);
        try {
            if (m_interner && record.ok)
                internStacks(record, *m_interner);
        } catch (const std::exception &error) {
            // Out of memory, most likely: this file fails, the import goes on.
            record.ok = false;
            record.parsed = {};
            record.stackIds.clear();
            record.problems.push_back({0, std::string("could not be stored: ") + error.what()});
        }
        {
            std::lock_guard lock(m_mutex);
            m_slots[index] = std::move(record);
        }
        m_produced.notify_all();
    }
}

std::optional<StackFileRecord> ParallelStackReader::next()
{
    std::unique_lock lock(m_mutex);
    if (m_nextToGive >= m_files.size())
        return std::nullopt;
    m_produced.wait(lock, [this] { return m_stopping || m_slots[m_nextToGive].has_value(); });
    if (!m_slots[m_nextToGive].has_value())
        return std::nullopt;
    std::optional<StackFileRecord> record = std::move(m_slots[m_nextToGive]);
    m_slots[m_nextToGive].reset();
    ++m_nextToGive;
    lock.unlock();
    m_consumed.notify_all();
    return record;
}

} // namespace rankscope
