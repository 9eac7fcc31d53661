#include "importers/collectives/PickleDocument.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace rankscope {

const char *pickleTypeName(PickleType type)
{
    switch (type) {
    case PickleType::None:
        return "None";
    case PickleType::Bool:
        return "bool";
    case PickleType::Int:
        return "int";
    case PickleType::Float:
        return "float";
    case PickleType::String:
        return "str";
    case PickleType::Bytes:
        return "bytes";
    case PickleType::List:
        return "list";
    case PickleType::Tuple:
        return "tuple";
    case PickleType::Dict:
        return "dict";
    case PickleType::Set:
        return "set";
    case PickleType::FrozenSet:
        return "frozenset";
    }
    return "?";
}

std::int64_t PickleValue::offset() const
{
    // An immediate int has no node, so no offset: only containers' offsets are reported.
    return valid() && !PickleDocument::isImmediate(m_index)
               ? std::int64_t(m_document->node(m_index).offset)
               : -1;
}

double PickleValue::real() const
{
    if (!valid())
        return 0;
    if (PickleDocument::isImmediate(m_index))
        return double(PickleDocument::immediateValue(m_index));
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type == PickleType::Float)
        return node.real;
    if (node.type == PickleType::Int || node.type == PickleType::Bool)
        return double(node.integer);
    return 0;
}

std::size_t PickleValue::size() const
{
    return isContainer() ? m_document->node(m_index).size : 0;
}

PickleValue PickleValue::get(std::string_view key) const
{
    PickleValue found;
    forEachPair([&](PickleValue k, PickleValue v) {
        if (k.type() == PickleType::String && k.text() == key)
            found = v;
    });
    return found;
}

void PickleDocument::reserve(std::size_t nodes)
{
    m_nodes.reserve(nodes);
    m_depths.reserve(nodes);
    m_pool.reserve(nodes);
    m_chunks.reserve(64);
}

std::uint32_t PickleDocument::addOwnedText(PickleType type, std::string_view text,
                                           std::uint32_t offset)
{
    Node &node = m_nodes.emplace_back();
    node.type = type;
    node.flags = kOwnedText;
    node.offset = offset;
    node.size = std::uint32_t(text.size());
    node.textOffset = std::uint32_t(m_owned.size());
    m_owned.append(text);
    m_depths.push_back(0);
    return std::uint32_t(m_nodes.size() - 1);
}

// A single-run container gets items that do not follow its run: its run becomes a chunk.
void PickleDocument::splitRun(Node &node, std::uint32_t items)
{
    const std::uint32_t start = node.chunks.first;
    node.flags &= std::uint8_t(~kSingleRun);
    node.chunks.first = kNoChunk;
    node.chunks.last = kNoChunk;
    addChunk(node, start, items);
}

void PickleDocument::addChunk(Node &node, std::uint32_t start, std::uint32_t count)
{
    // Consecutive appends to the same container extend its last run.
    if (node.chunks.last != kNoChunk) {
        Chunk &last = m_chunks[node.chunks.last];
        if (last.start + last.count == start) {
            last.count += count;
            return;
        }
    }
    m_chunks.push_back(Chunk{start, count, kNoChunk});
    const auto added = std::uint32_t(m_chunks.size() - 1);
    if (node.chunks.last == kNoChunk)
        node.chunks.first = added;
    else
        m_chunks[node.chunks.last].next = added;
    node.chunks.last = added;
}

} // namespace rankscope

namespace rankscope {

namespace {

struct CachedBuffer
{
    void *data = nullptr;
    std::size_t bytes = 0;
};

// Four arrays make a document and its reader; two documents' worth per thread.
constexpr std::size_t kCachedBuffers = 8;
constexpr std::size_t kCachedBytes = std::size_t(256) << 20;

struct ThreadBuffers
{
    std::vector<CachedBuffer> buffers;
    std::size_t bytes = 0;
    ~ThreadBuffers()
    {
        for (const CachedBuffer &b : buffers)
            std::free(b.data);
    }
};

ThreadBuffers &threadBuffers()
{
    thread_local ThreadBuffers buffers;
    return buffers;
}

} // namespace

void *PodBufferCache::take(std::size_t &bytes)
{
    if (bytes < kMinBytes)
        return nullptr;
    ThreadBuffers &cache = threadBuffers();
    // The smallest that fits, so the big ones stay for the big arrays.
    std::size_t best = cache.buffers.size();
    for (std::size_t i = 0; i < cache.buffers.size(); ++i)
        if (cache.buffers[i].bytes >= bytes &&
            (best == cache.buffers.size() || cache.buffers[i].bytes < cache.buffers[best].bytes))
            best = i;
    if (best == cache.buffers.size())
        return nullptr;
    const CachedBuffer found = cache.buffers[best];
    cache.buffers.erase(cache.buffers.begin() + std::ptrdiff_t(best));
    cache.bytes -= found.bytes;
    bytes = found.bytes;
    return found.data;
}

void PodBufferCache::give(void *buffer, std::size_t bytes)
{
    if (!buffer)
        return;
    if (bytes < kMinBytes || bytes > kCachedBytes) {
        std::free(buffer);
        return;
    }
    ThreadBuffers &cache = threadBuffers();
    cache.buffers.push_back({buffer, bytes});
    cache.bytes += bytes;
    // Over the bounds: free the oldest first.
    while (cache.buffers.size() > kCachedBuffers || cache.bytes > kCachedBytes) {
        std::free(cache.buffers.front().data);
        cache.bytes -= cache.buffers.front().bytes;
        cache.buffers.erase(cache.buffers.begin());
    }
}

} // namespace rankscope
