#pragma once

#include <cstdint>
#include <string>
#include <string_view>
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
    PickleType type() const;
    bool is(PickleType type) const { return valid() && this->type() == type; }
    bool isNone() const { return !valid() || type() == PickleType::None; }
    bool isContainer() const;
    // A container the end of the input left open: its items so far are kept, more may have
    // followed. Complete values inside it are not cut.
    bool cut() const;
    std::int64_t offset() const; // byte offset of the opcode (or JSON token) that made it
    std::uint32_t index() const { return m_index; }

    std::int64_t integer() const;  // Int and Bool; 0 otherwise
    double real() const;           // Float (and Int); 0 otherwise
    std::string_view text() const; // String and Bytes; "" otherwise

    // Items of a list, tuple or set; pairs of a dict. 0 for scalars.
    std::size_t size() const;
    // The value of the last pair whose key is the string `key` (as Python keeps the last).
    PickleValue get(std::string_view key) const;

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

    struct Node
    {
        PickleType type = PickleType::None;
        std::uint8_t flags = 0;
        std::uint16_t depth = 0; // containers: 1 + the deepest item (saturating)
        std::uint32_t size = 0;  // string bytes, container items (dict pairs)
        std::uint32_t offset = 0;
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
        Node() : integer(0) {}
    };
    static constexpr std::uint8_t kOwnedText = 1;
    static constexpr std::uint8_t kCut = 2;

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
    std::uint32_t addInteger(PickleType type, std::int64_t value, std::uint32_t offset);
    std::uint32_t addReal(double value, std::uint32_t offset);
    std::uint32_t addInputText(PickleType type, std::uint32_t textOffset, std::uint32_t size,
                               std::uint32_t offset);
    std::uint32_t addOwnedText(PickleType type, std::string_view text, std::uint32_t offset);
    std::uint32_t addContainer(PickleType type, std::uint32_t offset);
    // Appends items (node indices; key, value, key, value... for dicts) to a container. False
    // when the container would nest deeper than `maxDepth`.
    bool appendItems(std::uint32_t container, const std::uint32_t *items, std::size_t count,
                     int maxDepth);
    void markCut(std::uint32_t index) { m_nodes[index].flags |= kCut; }

    std::size_t nodeCount() const { return m_nodes.size(); }
    const Node &node(std::uint32_t index) const { return m_nodes[index]; }
    const Chunk &chunk(std::uint32_t index) const { return m_chunks[index]; }
    std::uint32_t poolItem(std::uint32_t index) const { return m_pool[index]; }
    std::string_view nodeText(const Node &node) const
    {
        const std::string_view base =
            (node.flags & kOwnedText) ? std::string_view(m_owned) : m_input;
        return base.substr(node.textOffset, node.size);
    }

private:
    std::string_view m_input;
    std::string m_owned;
    std::vector<Node> m_nodes;
    std::vector<Chunk> m_chunks;
    std::vector<std::uint32_t> m_pool;
    std::uint32_t m_root = 0;
    bool m_hasRoot = false;
};

template <typename F> void PickleValue::forEachItem(F &&f) const
{
    if (!valid())
        return;
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type != PickleType::List && node.type != PickleType::Tuple &&
        node.type != PickleType::Set && node.type != PickleType::FrozenSet)
        return;
    for (std::uint32_t c = node.chunks.first; c != PickleDocument::kNoChunk;) {
        const PickleDocument::Chunk &chunk = m_document->chunk(c);
        for (std::uint32_t i = 0; i < chunk.count; ++i)
            f(PickleValue(m_document, m_document->poolItem(chunk.start + i)));
        c = chunk.next;
    }
}

template <typename F> void PickleValue::forEachPair(F &&f) const
{
    if (!valid())
        return;
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type != PickleType::Dict)
        return;
    for (std::uint32_t c = node.chunks.first; c != PickleDocument::kNoChunk;) {
        const PickleDocument::Chunk &chunk = m_document->chunk(c);
        for (std::uint32_t i = 0; i + 1 < chunk.count; i += 2)
            f(PickleValue(m_document, m_document->poolItem(chunk.start + i)),
              PickleValue(m_document, m_document->poolItem(chunk.start + i + 1)));
        c = chunk.next;
    }
}

} // namespace rankscope
