#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unistd.h>

namespace rankscope {

// An open folder waiting to be read by one of the threads that walk a bundle.
struct QueuedFolder
{
    int fd = -1;        // opened relative to its parent's descriptor: no path is resolved twice,
                        // so a folder swapped for a symbolic link mid-walk is never followed
    std::string prefix; // its path relative to the bundle root, '/' separated
    int depth = 0;
};

// The folders the walking threads share. Short on purpose: a thread that finds it full reads the
// folder it found itself, depth first, so the descriptors held open stay few however many folders
// a bundle has (16,384 rank folders would otherwise exceed the usual limit of 1,024).
class FolderQueue
{
public:
    static constexpr std::size_t kCapacity = 64;

    explicit FolderQueue(QueuedFolder root) { m_folders.push_back(std::move(root)); }
    FolderQueue(const FolderQueue &) = delete;
    FolderQueue &operator=(const FolderQueue &) = delete;
    ~FolderQueue()
    {
        for (const QueuedFolder &folder : m_folders)
            close(folder.fd);
    }

    // Hands `folder` to another thread; false (and nothing done) when the queue is full.
    bool offer(QueuedFolder &&folder)
    {
        {
            std::lock_guard lock(m_mutex);
            if (m_folders.size() >= kCapacity)
                return false;
            m_folders.push_back(std::move(folder));
        }
        m_changed.notify_one();
        return true;
    }

    // The next folder to read, or none once every folder is read (no thread holds one and none
    // waits). Each folder taken is given back with done().
    std::optional<QueuedFolder> take()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return !m_folders.empty() || m_reading == 0; });
        if (m_folders.empty())
            return std::nullopt;
        QueuedFolder folder = std::move(m_folders.front());
        m_folders.pop_front();
        ++m_reading;
        return folder;
    }

    void done()
    {
        bool finished = false;
        {
            std::lock_guard lock(m_mutex);
            --m_reading;
            finished = m_reading == 0 && m_folders.empty();
        }
        if (finished)
            m_changed.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<QueuedFolder> m_folders; // guarded by m_mutex
    std::size_t m_reading = 0;          // folders taken and not yet done (guarded by m_mutex)
};

} // namespace rankscope
