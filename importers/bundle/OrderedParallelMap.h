#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace rankscope {

// Produces `count` records on worker threads and hands them out in index order, whatever order
// the workers finish in (so what the consumer stores does not depend on timing). Workers stay at
// most `window` records ahead of the consumer, which bounds memory however many there are.
// `produce` runs on the workers and must not throw (turn failures into the record).
template <typename Record> class OrderedParallelMap
{
public:
    using Producer = std::function<Record(std::size_t index)>;

    OrderedParallelMap(std::size_t count, Producer produce, unsigned threads, std::size_t window,
                       unsigned maxThreads)
        : m_count(count), m_produce(std::move(produce)), m_window(std::max<std::size_t>(window, 1)),
          m_slots(count)
    {
        threads = std::clamp<unsigned>(threads, 1, std::max(1u, maxThreads));
        threads = unsigned(std::min<std::size_t>(threads, std::max<std::size_t>(count, 1)));
        try {
            for (unsigned i = 0; i < threads; ++i)
                m_workers.emplace_back([this] { work(); });
        } catch (...) {
            // No thread to be had: stop the ones already running before giving up.
            stopAndJoin();
            throw;
        }
    }
    ~OrderedParallelMap() { stopAndJoin(); }
    OrderedParallelMap(const OrderedParallelMap &) = delete;
    OrderedParallelMap &operator=(const OrderedParallelMap &) = delete;

    // The next record in index order, waiting for it; nullopt after the last one or once stopped.
    std::optional<Record> next()
    {
        std::unique_lock lock(m_mutex);
        if (m_nextToGive >= m_count)
            return std::nullopt;
        if (!m_slots[m_nextToGive].has_value()) {
            m_consumerWaiting = true;
            m_produced.wait(lock,
                            [this] { return m_stopping || m_slots[m_nextToGive].has_value(); });
            m_consumerWaiting = false;
        }
        if (!m_slots[m_nextToGive].has_value())
            return std::nullopt;
        std::optional<Record> record = std::move(m_slots[m_nextToGive]);
        m_slots[m_nextToGive].reset();
        ++m_nextToGive;
        // Workers that found the window full sleep until half of it is free again, not a record
        // at a time: waking them for every record costs more than the records (tens of thousands
        // of small dumps).
        const bool wake = m_workersWaiting > 0 && roomForWaitingWorkers();
        lock.unlock();
        if (wake)
            m_consumed.notify_all();
        return record;
    }

    // Asks the workers to stop after their current record.
    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_consumed.notify_all();
        m_produced.notify_all();
    }

private:
    void stopAndJoin()
    {
        stop();
        for (std::thread &worker : m_workers)
            worker.join();
        m_workers.clear();
    }

    void work()
    {
        while (true) {
            std::size_t index;
            {
                std::unique_lock lock(m_mutex);
                if (!m_stopping && m_nextToTake < m_count &&
                    m_nextToTake >= m_nextToGive + m_window) {
                    ++m_workersWaiting;
                    m_consumed.wait(lock, [this] {
                        return m_stopping || m_nextToTake >= m_count || roomForWaitingWorkers();
                    });
                    --m_workersWaiting;
                }
                if (m_stopping || m_nextToTake >= m_count)
                    return;
                index = m_nextToTake++;
            }
            Record record = m_produce(index);
            bool wake = false;
            {
                std::lock_guard lock(m_mutex);
                m_slots[index] = std::move(record);
                wake = m_consumerWaiting && index == m_nextToGive;
            }
            if (wake)
                m_produced.notify_all();
        }
    }

    // Half the window is free (guarded by m_mutex).
    bool roomForWaitingWorkers() const
    {
        return m_nextToTake + (m_window + 1) / 2 <= m_nextToGive + m_window;
    }

    const std::size_t m_count;
    const Producer m_produce;
    const std::size_t m_window;

    std::mutex m_mutex;
    std::condition_variable m_produced;
    std::condition_variable m_consumed;
    std::vector<std::optional<Record>> m_slots;
    std::size_t m_nextToTake = 0; // next record a worker starts (guarded by m_mutex)
    std::size_t m_nextToGive = 0; // next record next() returns (guarded by m_mutex)
    bool m_stopping = false;
    bool m_consumerWaiting = false; // next() waits for record m_nextToGive (guarded by m_mutex)
    unsigned m_workersWaiting = 0;  // workers waiting for room in the window (guarded by m_mutex)
    std::vector<std::thread> m_workers; // last: started once everything above exists
};

} // namespace rankscope
