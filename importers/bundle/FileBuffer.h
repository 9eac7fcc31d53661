#pragma once

#include <cstddef>
#include <string_view>

namespace rankscope {

// A file-content buffer a worker reuses from file to file, its start 64-byte aligned. Reused,
// it saves a fresh mapping (and a page fault per page) for each of 16k dumps; aligned, because
// the kernel's copy into a reused buffer at malloc's usual 16-byte offset measured three times
// slower (docs/performance.md, "Reading files").
class FileBuffer
{
public:
    FileBuffer() = default;
    FileBuffer(const FileBuffer &) = delete;
    FileBuffer &operator=(const FileBuffer &) = delete;
    ~FileBuffer();

    // Room for `size` bytes (old contents are not kept); nullptr when it cannot be had.
    char *prepare(std::size_t size);
    void setSize(std::size_t size) { m_size = size <= m_capacity ? size : m_capacity; }
    std::string_view bytes() const { return {m_data, m_size}; }
    // Gives back a buffer much bigger than files usually are.
    void shrinkIfAbove(std::size_t capacity);

private:
    char *m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_capacity = 0;
};

} // namespace rankscope
