#include "importers/bundle/CacheImportLock.h"

#include <cerrno>
#include <chrono>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace rankscope {

CacheImportLock::CacheImportLock(const std::filesystem::path &lockFile,
                                 const std::atomic<bool> *cancel,
                                 const std::function<void()> &waiting)
{
    m_fd = ::open(lockFile.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (m_fd < 0) {
        m_acquired = true; // a read-only folder: no other import can write there either
        return;
    }
    bool told = false;
    while (true) {
        if (::flock(m_fd, LOCK_EX | LOCK_NB) == 0) {
            m_acquired = true;
            return;
        }
        if (errno != EWOULDBLOCK && errno != EINTR) {
            m_acquired = true; // a file system without locks: as before, unlocked
            return;
        }
        if (!told && waiting) {
            waiting();
            told = true;
        }
        if (cancel && cancel->load())
            return;
        // Polled, not blocking, so that a cancelled import stops waiting.
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

CacheImportLock::~CacheImportLock()
{
    if (m_fd >= 0)
        ::close(m_fd); // releases the lock; the file stays for the next import
}

} // namespace rankscope
