#pragma once

#include "core/model/StackDataset.h"

#include <atomic>
#include <filesystem>
#include <optional>
#include <thread>

namespace rankscope {

// Loads a complete cache on a worker thread, through its own connection, while the caller
// checks the bundle for changes. Reopening an unchanged bundle then costs the longer of the two
// instead of their sum; when something changed the load is abandoned and its result dropped.
class SpeculativeCacheLoad
{
public:
    SpeculativeCacheLoad() = default;
    ~SpeculativeCacheLoad() { abandon(); }
    SpeculativeCacheLoad(const SpeculativeCacheLoad &) = delete;
    SpeculativeCacheLoad &operator=(const SpeculativeCacheLoad &) = delete;

    void start(const std::filesystem::path &cacheFile);
    // Stops the load as soon as it notices and waits for the thread.
    void abandon();
    // Waits for the load: the dataset, or nullopt when it failed, was abandoned or never ran
    // (the caller then loads in the foreground, where a failure is reported properly).
    std::optional<StackDataset> take();

private:
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::optional<StackDataset> m_result;
};

} // namespace rankscope
