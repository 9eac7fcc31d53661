#include "importers/collectives/PickleDocument.h"

#include <algorithm>

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

PickleType PickleValue::type() const
{
    return valid() ? m_document->node(m_index).type : PickleType::None;
}

bool PickleValue::isContainer() const
{
    const PickleType t = type();
    return t == PickleType::List || t == PickleType::Tuple || t == PickleType::Dict ||
           t == PickleType::Set || t == PickleType::FrozenSet;
}

bool PickleValue::cut() const
{
    return valid() && (m_document->node(m_index).flags & PickleDocument::kCut) != 0;
}

std::int64_t PickleValue::offset() const
{
    return valid() ? std::int64_t(m_document->node(m_index).offset) : -1;
}

std::int64_t PickleValue::integer() const
{
    if (!valid())
        return 0;
    const PickleDocument::Node &node = m_document->node(m_index);
    return (node.type == PickleType::Int || node.type == PickleType::Bool) ? node.integer : 0;
}

double PickleValue::real() const
{
    if (!valid())
        return 0;
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type == PickleType::Float)
        return node.real;
    if (node.type == PickleType::Int || node.type == PickleType::Bool)
        return double(node.integer);
    return 0;
}

std::string_view PickleValue::text() const
{
    if (!valid())
        return {};
    const PickleDocument::Node &node = m_document->node(m_index);
    if (node.type != PickleType::String && node.type != PickleType::Bytes)
        return {};
    return m_document->nodeText(node);
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
    m_pool.reserve(nodes);
    m_chunks.reserve(nodes / 8 + 16);
}

std::uint32_t PickleDocument::addInteger(PickleType type, std::int64_t value, std::uint32_t offset)
{
    Node &node = m_nodes.emplace_back();
    node.type = type;
    node.offset = offset;
    node.integer = value;
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t PickleDocument::addReal(double value, std::uint32_t offset)
{
    Node &node = m_nodes.emplace_back();
    node.type = PickleType::Float;
    node.offset = offset;
    node.real = value;
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t PickleDocument::addInputText(PickleType type, std::uint32_t textOffset,
                                           std::uint32_t size, std::uint32_t offset)
{
    Node &node = m_nodes.emplace_back();
    node.type = type;
    node.offset = offset;
    node.size = size;
    node.textOffset = textOffset;
    return std::uint32_t(m_nodes.size() - 1);
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
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t PickleDocument::addContainer(PickleType type, std::uint32_t offset)
{
    Node &node = m_nodes.emplace_back();
    node.type = type;
    node.offset = offset;
    node.depth = 1;
    node.chunks.first = kNoChunk;
    node.chunks.last = kNoChunk;
    return std::uint32_t(m_nodes.size() - 1);
}

bool PickleDocument::appendItems(std::uint32_t container, const std::uint32_t *items,
                                 std::size_t count, int maxDepth)
{
    if (count == 0)
        return true;
    int depth = m_nodes[container].depth;
    for (std::size_t i = 0; i < count; ++i)
        depth = std::max(depth, m_nodes[items[i]].depth + 1);
    if (depth > maxDepth)
        return false;
    Node &node = m_nodes[container];
    node.depth = std::uint16_t(std::min(depth, 0xFFFF));
    const bool isDict = node.type == PickleType::Dict;
    node.size += std::uint32_t(isDict ? count / 2 : count);

    const auto poolEnd = std::uint32_t(m_pool.size());
    m_pool.insert(m_pool.end(), items, items + count);
    // Consecutive APPEND/SETITEM calls on the same container extend its last run.
    if (node.chunks.last != kNoChunk) {
        Chunk &last = m_chunks[node.chunks.last];
        if (last.start + last.count == poolEnd) {
            last.count += std::uint32_t(count);
            return true;
        }
    }
    m_chunks.push_back(Chunk{poolEnd, std::uint32_t(count), kNoChunk});
    const auto added = std::uint32_t(m_chunks.size() - 1);
    if (node.chunks.last == kNoChunk)
        node.chunks.first = added;
    else
        m_chunks[node.chunks.last].next = added;
    node.chunks.last = added;
    return true;
}

} // namespace rankscope
