#include "importers/bundle/FileBuffer.h"

#include <cstdlib>

namespace rankscope {

namespace {
constexpr std::size_t kAlignment = 64;
}

FileBuffer::~FileBuffer()
{
    std::free(m_data);
}

char *FileBuffer::prepare(std::size_t size)
{
    m_size = 0;
    if (size <= m_capacity && m_data)
        return m_data;
    std::free(m_data);
    m_data = nullptr;
    m_capacity = 0;
    // Some headroom, so files a few bytes longer than the last reuse it.
    const std::size_t wanted = size + size / 8 + kAlignment;
    const std::size_t rounded = (wanted + kAlignment - 1) / kAlignment * kAlignment;
    m_data = static_cast<char *>(std::aligned_alloc(kAlignment, rounded));
    if (m_data)
        m_capacity = rounded;
    return m_data;
}

void FileBuffer::shrinkIfAbove(std::size_t capacity)
{
    if (m_capacity <= capacity)
        return;
    std::free(m_data);
    m_data = nullptr;
    m_size = m_capacity = 0;
}

} // namespace rankscope
