#include "importers/bundle/SpeculativeCacheLoad.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/StackCacheReader.h"

namespace rankscope {

void SpeculativeCacheLoad::start(const std::filesystem::path &cacheFile)
{
    abandon();
    m_stop = false;
    m_result.reset();
    m_thread = std::thread([this, cacheFile] {
        try {
            auto db = openStackCacheReader(cacheFile);
            StackDataset data = loadStackDataset(*db, &m_stop);
            if (!m_stop.load())
                m_result = std::move(data);
        } catch (const std::exception &) {
            // Left to the foreground load, which reports it.
        }
    });
}

void SpeculativeCacheLoad::abandon()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
    m_result.reset();
}

std::optional<StackDataset> SpeculativeCacheLoad::take()
{
    if (m_thread.joinable())
        m_thread.join();
    std::optional<StackDataset> result = std::move(m_result);
    m_result.reset();
    return result;
}

} // namespace rankscope
