#pragma once

#include <atomic>
#include <filesystem>
#include <functional>

namespace rankscope {

// Makes imports of one bundle into one cache folder take turns: an exclusive flock() on a lock
// file beside the cache (stem + ".lock"), held from before the archive is extracted until the
// cache is complete. A second import waits for the first, then finds the cache current and
// reuses it; without the lock it could read the first one's half-written layers as complete.
// A folder the lock file cannot be created in (a read-only cache) is not locked: nothing is
// written there.
class CacheImportLock
{
public:
    // Waits for the lock, calling `waiting` once if another import holds it; gives up when
    // `cancel` is set (acquired() is then false).
    CacheImportLock(const std::filesystem::path &lockFile, const std::atomic<bool> *cancel,
                    const std::function<void()> &waiting);
    ~CacheImportLock();
    CacheImportLock(const CacheImportLock &) = delete;
    CacheImportLock &operator=(const CacheImportLock &) = delete;

    bool acquired() const { return m_acquired; }

private:
    int m_fd = -1;
    bool m_acquired = false;
};

} // namespace rankscope
