#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace rankscope {

// The values a restricted pickle (or a JSON document read the same way) can hold, kept in one
// compact arena: fixed-size nodes in one vector, container items in one pool, and strings as
// views into the input bytes (only decoded text is copied). No per-value heap allocation, so a
// 400 KB Flight Recorder dump parses in well under a millisecond.
//
// The document references the input bytes: they must outlive it.

enum class PickleType : std::uint8_t
{
    None,
    Bool,
    Int,
    Float,
    String,
    Bytes,
    List,
    Tuple,
    Dict,
    Set,
    FrozenSet,
};
const char *pickleTypeName(PickleType type); // "None", "int", "str", "list", ...

class PickleDocument;

// Small helpers of the opcode loop that GCC would otherwise leave out of line in it.
#if defined(__GNUC__)
#define RANKSCOPE_INLINE inline __attribute__((always_inline))
#else
#define RANKSCOPE_INLINE inline
#endif

// Big buffers a thread's finished documents leave behind, for its next one. A dump's arrays are
// megabytes: fresh from malloc they come from mmap, and every 4 KB page of them costs a fault
// and a zeroed page, 16k times over in a big import. A few per thread, bounded in bytes.
class PodBufferCache
{
public:
    static constexpr std::size_t kMinBytes = std::size_t(64) << 10;
    // A buffer of at least `bytes` (its real size in `bytes`), or nullptr.
    static void *take(std::size_t &bytes);
    // Keeps the buffer for later or frees it.
    static void give(void *buffer, std::size_t bytes);
};

// A growable array of trivial values that never initializes what it has not handed out, so
// reserving for the worst case (one value per input byte) costs address space, not time. The
// vector push_back it replaces was not inlined into the opcode loop.
template <typename T> class PodArray
{
public:
    RANKSCOPE_INLINE T &emplace_back()
    {
        if (m_size == m_capacity)
            reallocate(m_capacity < 16 ? 16 : 2 * m_capacity);
        T &value = m_data[m_size++];
        value = T{};
        return value;
    }
    RANKSCOPE_INLINE void push_back(const T &value)
    {
        if (m_size == m_capacity)
            reallocate(m_capacity < 16 ? 16 : 2 * m_capacity);
        m_data[m_size++] = value;
    }
    void reserve(std::size_t capacity)
    {
        if (capacity > m_capacity)
            reallocate(capacity);
    }
    void resize(std::size_t size) // shrinking only
    {
        if (size < m_size)
            m_size = size;
    }
    // For a caller that wrote up to `size` items through data() (within capacity()).
    void setSizeWithinCapacity(std::size_t size) { m_size = size <= m_capacity ? size : m_size; }
    std::size_t capacity() const { return m_capacity; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    T *data() { return m_data; }
    const T *data() const { return m_data; }
    T &operator[](std::size_t i) { return m_data[i]; }
    const T &operator[](std::size_t i) const { return m_data[i]; }
    T &back() { return m_data[m_size - 1]; }
    const T &back() const { return m_data[m_size - 1]; }
    const T &front() const { return m_data[0]; }
    void pop_back() { --m_size; }

    PodArray() = default;
    PodArray(const PodArray &) = delete;
    PodArray &operator=(const PodArray &) = delete;
    PodArray(PodArray &&other) noexcept { swap(other); }
    PodArray &operator=(PodArray &&other) noexcept
    {
        if (this != &other) {
            release();
            swap(other);
        }
        return *this;
    }
    ~PodArray() { release(); }

private:
    static_assert(std::is_trivially_copyable_v<T> && alignof(T) <= alignof(std::max_align_t));
    T *m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_capacity = 0;

    void swap(PodArray &other) noexcept
    {
        std::swap(m_data, other.m_data);
        std::swap(m_size, other.m_size);
        std::swap(m_capacity, other.m_capacity);
    }
    void release()
    {
        PodBufferCache::give(m_data, m_capacity * sizeof(T)); // (null: nothing)
        m_data = nullptr;
        m_size = m_capacity = 0;
    }
    void reallocate(std::size_t capacity)
    {
        if (capacity > std::numeric_limits<std::size_t>::max() / sizeof(T))
            throw std::bad_alloc();
        std::size_t bytes = capacity * sizeof(T);
        void *data = PodBufferCache::take(bytes); // trivial T: left uninitialized
        if (!data) {
            data = std::malloc(bytes);
            if (!data)
                throw std::bad_alloc();
        }
        if (m_size > 0)
            std::memcpy(data, m_data, m_size * sizeof(T));
        PodBufferCache::give(m_data, m_capacity * sizeof(T));
        m_data = static_cast<T *>(data);
        m_capacity = bytes / sizeof(T);
    }
};

// A handle on one value of a document (two words; copy freely). An invalid handle (a missing
// dict key, an index past the end) answers every question with "none" / 0 / empty.
class PickleValue
{
public:
    PickleValue() = default;
    PickleValue(const PickleDocument *document, std::uint32_t index)
        : m_document(document), m_index(index)
    {}

    bool valid() const { return m_document != nullptr; }
    const PickleDocument *document() const { return m_document; }
    inline PickleType type() const;
    bool is(PickleType type) const { return valid() && this->type() == type; }
    bool isNone() const { return !valid() || type() == PickleType::None; }
    inline bool isContainer() const;
    // A container the end of the input left open: its items so far are kept, more may have
    // followed. Complete values inside it are not cut.
    inline bool cut() const;
    std::int64_t offset() const; // byte offset of the opcode (or JSON token) that made it
    std::uint32_t index() const { return m_index; }

    inline std::int64_t integer() const;  // Int and Bool; 0 otherwise
    double real() const;                  // Float (and Int); 0 otherwise
    inline std::string_view text() const; // String and Bytes; "" otherwise

    // Items of a list, tuple or set; pairs of a dict. 0 for scalars.
    std::size_t size() const;
    // The value of the last pair whose key is the string `key` (as Python keeps the last).
    PickleValue get(std::string_view key) const;

    // The items of a container stored as one run (nearly all: see appendItems), key, value,
    // key, value... for a dict; nullptr for scalars and for containers built in pieces.
    inline const std::uint32_t *singleRunItems(std::size_t &count) const;

    // Calls f(PickleValue) for each item of a list, tuple or set, in order.
    template <typename F> void forEachItem(F &&f) const;
    // Calls f(PickleValue key, PickleValue value) for each pair of a dict, in order.
    template <typename F> void forEachPair(F &&f) const;

private:
    const PickleDocument *m_document = nullptr;
    std::uint32_t m_index = 0;
};

class PickleDocument
{
public:
    static constexpr std::uint32_t kNoChunk = 0xFFFFFFFFu;

    // Small non-negative ints (op and sequence ids, sizes, ranks: most values of a dump) are held
    // in their handle itself, with no node: a value handle 10xx... is the int xx...; node
    // indices stay below 2^30. This halves the nodes a dump's reader writes.
    static constexpr std::uint32_t kImmediateTag = 0x80000000u;
    static constexpr std::uint32_t kImmediateMask = 0x3FFFFFFFu;
    static constexpr std::uint32_t kMaxNodes = 0x40000000u;
    static constexpr bool isImmediate(std::uint32_t value)
    {
        return (value & 0xC0000000u) == kImmediateTag;
    }
    static constexpr std::int64_t immediateValue(std::uint32_t value)
    {
        return std::int64_t(value & kImmediateMask);
    }

    struct Node // trivial, so PodArray leaves it uninitialized until handed out (zeroed)
    {
        PickleType type;
        std::uint8_t flags;
        std::uint32_t size; // string bytes, container items (dict pairs)
        std::uint32_t offset;
        union {
            std::int64_t integer;
            double real;
            std::uint32_t textOffset; // into the input (or the owned text when kOwnedText)
            struct
            {
                std::uint32_t first;
                std::uint32_t last;
            } chunks;
        };
    };
    static constexpr std::uint8_t kOwnedText = 1;
    static constexpr std::uint8_t kCut = 2;
    static constexpr std::uint8_t kSingleRun = 4; // chunks.first is the pool start of all items

    // A run of container items in the pool; containers chain their runs.
    struct Chunk
    {
        std::uint32_t start = 0;
        std::uint32_t count = 0;
        std::uint32_t next = kNoChunk;
    };

    explicit PickleDocument(std::string_view input = {}) : m_input(input) {}

    PickleValue root() const { return m_hasRoot ? PickleValue(this, m_root) : PickleValue(); }
    void setRoot(std::uint32_t index)
    {
        m_root = index;
        m_hasRoot = true;
    }

    // Building (the pickle reader and the JSON reader).
    void reserve(std::size_t nodes);
    RANKSCOPE_INLINE std::uint32_t addInteger(PickleType type, std::int64_t value,
                                              std::uint32_t offset)
    {
        if (type == PickleType::Int && value >= 0 && value <= std::int64_t(kImmediateMask))
            return kImmediateTag | std::uint32_t(value);
        Node &node = m_nodes.emplace_back();
        node.type = type;
        node.offset = offset;
        node.integer = value;
        m_depths.push_back(0);
        return std::uint32_t(m_nodes.size() - 1);
    }
    RANKSCOPE_INLINE std::uint32_t addReal(double value, std::uint32_t offset)
    {
        Node &node = m_nodes.emplace_back();
        node.type = PickleType::Float;
        node.offset = offset;
        node.real = value;
        m_depths.push_back(0);
        return std::uint32_t(m_nodes.size() - 1);
    }
    RANKSCOPE_INLINE std::uint32_t addInputText(PickleType type, std::uint32_t textOffset,
                                                std::uint32_t size, std::uint32_t offset)
    {
        Node &node = m_nodes.emplace_back();
        node.type = type;
        node.offset = offset;
        node.size = size;
        node.textOffset = textOffset;
        m_depths.push_back(0);
        return std::uint32_t(m_nodes.size() - 1);
    }
    std::uint32_t addOwnedText(PickleType type, std::string_view text, std::uint32_t offset);
    RANKSCOPE_INLINE std::uint32_t addContainer(PickleType type, std::uint32_t offset)
    {
        Node &node = m_nodes.emplace_back();
        node.type = type;
        node.offset = offset;
        node.chunks.first = kNoChunk;
        node.chunks.last = kNoChunk;
        m_depths.push_back(1);
        return std::uint32_t(m_nodes.size() - 1);
    }
    // Appends items (node indices; key, value, key, value... for dicts) to a container. False
    // when the container would nest deeper than `maxDepth`.
    RANKSCOPE_INLINE bool appendItems(std::uint32_t container, const std::uint32_t *items,
                                      std::size_t count, int maxDepth)
    {
        if (count == 0)
            return true;
        // The items are copied to the pool's end in the same loop that finds their depth (the
        // pool's size moves only when the container takes them): most runs are a few items,
        // for which a memcpy call and a second loop cost more than the copy.
        const auto poolEnd = std::uint32_t(m_pool.size());
        if (poolEnd + count > m_pool.capacity())
            m_pool.reserve(std::max<std::size_t>(poolEnd + count, 2 * m_pool.capacity()));
        std::uint32_t *const to = m_pool.data() + poolEnd;
        int depth = m_depths[container];
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t item = items[i];
            to[i] = item;
            const bool immediate = isImmediate(item);
            const int itemDepth = m_depths[immediate ? 0 : item]; // (node 0 exists: container)
            depth = std::max(depth, (immediate ? 0 : itemDepth) + 1);
        }
        if (depth > maxDepth)
            return false;
        m_depths[container] = std::uint16_t(std::min(depth, 0xFFFF));
        Node &node = m_nodes[container];
        const bool isDict = node.type == PickleType::Dict;
        // Nearly every container gets its items in one run (one APPENDS or SETITEMS, or
        // APPENDs with nothing in between): kept as that run, no chunk record.
        if (node.size == 0 && node.chunks.first == kNoChunk) {
            node.flags |= kSingleRun;
            node.chunks.first = poolEnd;
        } else if (node.flags & kSingleRun) {
            const std::uint32_t items0 = isDict ? node.size * 2 : node.size;
            if (node.chunks.first + items0 != poolEnd)
                splitRun(node, items0);
        }
        m_pool.setSizeWithinCapacity(poolEnd + count);
        node.size += std::uint32_t(isDict ? count / 2 : count);
        if (!(node.flags & kSingleRun))
            addChunk(node, poolEnd, std::uint32_t(count));
        return true;
    }
    void markCut(std::uint32_t index)
    {
        if (!isImmediate(index))
            m_nodes[index].flags |= kCut;
    }

    std::size_t nodeCount() const { return m_nodes.size(); }
    // The node of a value that is no immediate int (see isImmediate()).
    const Node &node(std::uint32_t index) const { return m_nodes[index]; }
    PickleType typeOf(std::uint32_t index) const
    {
        return isImmediate(index) ? PickleType::Int : m_nodes[index].type;
    }
    // Containers: 1 + the deepest item (saturating); 0 for scalars.
    int depth(std::uint32_t index) const { return isImmediate(index) ? 0 : m_depths[index]; }
    const Chunk &chunk(std::uint32_t index) const { return m_chunks[index]; }
    std::uint32_t poolItem(std::uint32_t index) const { return m_pool[index]; }
    const std::uint32_t *poolItems(std::uint32_t index) const { return m_pool.data() + index; }
    std::string_view nodeText(const Node &node) const
    {
        const std::string_view base =
            (node.flags & kOwnedText) ? std::string_view(m_owned) : m_input;
        return std::string_view(base.data() + node.textOffset, node.size);
    }

private:
    void splitRun(Node &node, std::uint32_t items);
    void addChunk(Node &node, std::uint32_t start, std::uint32_t count);

    std::string_view m_input;
    std::string m_owned;
    PodArray<Node> m_nodes;
    // Apart from the nodes: appending items reads each item's depth, and most items are
    // memoized keys made far back in the input, whose nodes are long out of the cache.
    PodArray<std::uint16_t> m_depths;
    std::vector<Chunk> m_chunks;
    PodArray<std::uint32_t> m_pool;
    std::uint32_t m_root = 0;
    bool m_hasRoot = false;
};

inline PickleType PickleValue::type() const
{
    return valid() ? m_document->typeOf(m_index) : PickleType::None;
}

inline bool PickleValue::isContainer() const
{
    const PickleType t = type();
    return t == PickleType::List || t == PickleType::Tuple || t == PickleType::Dict ||
           t == PickleType::Set || t == PickleType::FrozenSet;
}

inline bool PickleValue::cut() const
{
    return valid() && !PickleDocument::isImmediate(m_index) &&
           (m_document->node(m_index).flags & PickleDocument::kCut) != 0;
}

inline std::int64_t PickleValue::integer() const
{
    if (!valid())
        return 0;
    if (PickleDocument::isImmediate(m_index))
        return PickleDocument::immediateValue(m_index);
    const PickleDocument::Node &node = m_document->node(m_index);
    return (node.type == PickleType::Int || node.type == PickleType::Bool) ? node.integer : 0;
}

inline std::string_view PickleValue::text() const
{
    if (!valid() || PickleDocument::isImmediate(m_index))
        return {};
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type != PickleType::String && node.type != PickleType::Bytes)
        return {};
    return m_document->nodeText(node);
}

inline const std::uint32_t *PickleValue::singleRunItems(std::size_t &count) const
{
    count = 0;
    if (!valid() || PickleDocument::isImmediate(m_index))
        return nullptr;
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type == PickleType::None || node.type == PickleType::Bool ||
        node.type == PickleType::Int || node.type == PickleType::Float ||
        node.type == PickleType::String || node.type == PickleType::Bytes)
        return nullptr;
    if (node.size == 0)
        return m_document->poolItems(0);
    if (!(node.flags & PickleDocument::kSingleRun))
        return nullptr;
    count = node.type == PickleType::Dict ? 2 * std::size_t(node.size) : node.size;
    return m_document->poolItems(node.chunks.first);
}

template <typename F> void PickleValue::forEachItem(F &&f) const
{
    if (!valid() || PickleDocument::isImmediate(m_index))
        return;
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type != PickleType::List && node.type != PickleType::Tuple &&
        node.type != PickleType::Set && node.type != PickleType::FrozenSet)
        return;
    if (node.flags & PickleDocument::kSingleRun) {
        for (std::uint32_t i = 0; i < node.size; ++i)
            f(PickleValue(m_document, m_document->poolItem(node.chunks.first + i)));
        return;
    }
    for (std::uint32_t c = node.chunks.first; c != PickleDocument::kNoChunk;) {
        const PickleDocument::Chunk &chunk = m_document->chunk(c);
        for (std::uint32_t i = 0; i < chunk.count; ++i)
            f(PickleValue(m_document, m_document->poolItem(chunk.start + i)));
        c = chunk.next;
    }
}

template <typename F> void PickleValue::forEachPair(F &&f) const
{
    if (!valid() || PickleDocument::isImmediate(m_index))
        return;
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type != PickleType::Dict)
        return;
    if (node.flags & PickleDocument::kSingleRun) {
        for (std::uint32_t i = 0; i < node.size; ++i)
            f(PickleValue(m_document, m_document->poolItem(node.chunks.first + 2 * i)),
              PickleValue(m_document, m_document->poolItem(node.chunks.first + 2 * i + 1)));
        return;
    }
    for (std::uint32_t c = node.chunks.first; c != PickleDocument::kNoChunk;) {
        const PickleDocument::Chunk &chunk = m_document->chunk(c);
        for (std::uint32_t i = 0; i + 1 < chunk.count; i += 2)
            f(PickleValue(m_document, m_document->poolItem(chunk.start + i)),
              PickleValue(m_document, m_document->poolItem(chunk.start + i + 1)));
        c = chunk.next;
    }
}

} // namespace rankscope
