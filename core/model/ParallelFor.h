#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace rankscope {

// Runs job(i) for every i in [0, count), on the calling thread and up to `helpers` more, each
// taking the next index as it finishes one. For work the caller would otherwise do alone on a
// core left idle (one large trace when there are fewer files than cores). The first exception
// is rethrown once every thread has stopped; no thread to be had means the caller does it all.
template <typename Job> void parallelFor(std::size_t count, unsigned helpers, Job &&job)
{
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failureMutex;
    const auto work = [&] {
        try {
            for (std::size_t i = next++; i < count && !failed.load(); i = next++)
                job(i);
        } catch (...) {
            std::lock_guard lock(failureMutex);
            if (!failure)
                failure = std::current_exception();
            failed = true;
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < helpers && t + 1 < count; ++t) {
        try {
            threads.emplace_back(work);
        } catch (...) { // no thread (or no memory for one): fewer helpers
            break;
        }
    }
    work();
    for (std::thread &thread : threads)
        thread.join();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace rankscope
