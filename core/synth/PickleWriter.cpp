#include "core/synth/PickleWriter.h"

#include <bit>
#include <cstring>
#include <stdexcept>

namespace rankscope {

namespace {

// The opcodes of pickle protocol 2 this writer uses (Lib/pickletools.py names).
constexpr char kProto = '\x80';
constexpr char kStop = '.';
constexpr char kMark = '(';
constexpr char kNone = 'N';
constexpr char kNewTrue = '\x88';
constexpr char kNewFalse = '\x89';
constexpr char kBinInt = 'J';
constexpr char kBinInt1 = 'K';
constexpr char kBinInt2 = 'M';
constexpr char kLong1 = '\x8a';
constexpr char kBinFloat = 'G';
constexpr char kBinUnicode = 'X';
constexpr char kBinPut = 'q';
constexpr char kLongBinPut = 'r';
constexpr char kBinGet = 'h';
constexpr char kLongBinGet = 'j';
constexpr char kEmptyDict = '}';
constexpr char kSetItems = 'u';
constexpr char kEmptyList = ']';
constexpr char kAppends = 'e';
constexpr char kEmptyTuple = ')';
constexpr char kTuple = 't';
constexpr char kTuple1 = '\x85';

void putLittleEndian(std::string &out, std::uint64_t value, int bytes)
{
    char buffer[8];
    for (int i = 0; i < bytes; ++i)
        buffer[i] = static_cast<char>((value >> (8 * i)) & 0xff);
    out.append(buffer, static_cast<std::size_t>(bytes));
}

std::uint64_t hashText(std::string_view text)
{
    std::uint64_t hash = 1469598103934665603ull; // FNV-1a
    for (const char c : text)
        hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return hash;
}

} // namespace

void PickleWriter::begin()
{
    m_out += kProto;
    m_out += '\x02';
}

void PickleWriter::end()
{
    if (!m_open.empty())
        throw std::logic_error("PickleWriter::end with an open container");
    m_out += kStop;
}

PickleWriter::StringId PickleWriter::intern(std::string_view text)
{
    if (m_table.size() < 2 * (m_texts.size() + 1)) {
        // Grow (or create) the table and re-insert every text.
        const std::size_t size = std::bit_ceil(std::max<std::size_t>(64, 4 * (m_texts.size() + 1)));
        m_table.assign(size, -1);
        for (std::size_t id = 0; id < m_texts.size(); ++id) {
            std::size_t slot = hashText(m_texts[id]) & (size - 1);
            while (m_table[slot] >= 0)
                slot = (slot + 1) & (size - 1);
            m_table[slot] = static_cast<std::int32_t>(id);
        }
    }
    const std::size_t mask = m_table.size() - 1;
    std::size_t slot = hashText(text) & mask;
    while (m_table[slot] >= 0) {
        if (m_texts[static_cast<std::size_t>(m_table[slot])] == text)
            return static_cast<StringId>(m_table[slot]);
        slot = (slot + 1) & mask;
    }
    const auto id = static_cast<StringId>(m_texts.size());
    m_texts.emplace_back(text);
    m_memo.push_back(-1);
    m_table[slot] = static_cast<std::int32_t>(id);
    return id;
}

void PickleWriter::none()
{
    m_out += kNone;
}

void PickleWriter::boolean(bool value)
{
    m_out += value ? kNewTrue : kNewFalse;
}

void PickleWriter::integer(std::int64_t value)
{
    if (value >= 0 && value <= 0xff) {
        const char bytes[2] = {kBinInt1, static_cast<char>(value)};
        m_out.append(bytes, 2);
    } else if (value >= 0 && value <= 0xffff) {
        const char bytes[3] = {kBinInt2, static_cast<char>(value & 0xff),
                               static_cast<char>(value >> 8)};
        m_out.append(bytes, 3);
    } else if (value >= INT32_MIN && value <= INT32_MAX) {
        m_out += kBinInt;
        putLittleEndian(m_out, static_cast<std::uint32_t>(static_cast<std::int32_t>(value)), 4);
    } else {
        // LONG1 with eight bytes of little-endian two's complement, as PyTorch writes int64.
        m_out += kLong1;
        m_out += '\x08';
        putLittleEndian(m_out, static_cast<std::uint64_t>(value), 8);
    }
}

void PickleWriter::real(double value)
{
    m_out += kBinFloat;
    const auto bits = std::bit_cast<std::uint64_t>(value);
    char bytes[8];
    for (int i = 0; i < 8; ++i)
        bytes[i] = static_cast<char>((bits >> (8 * (7 - i))) & 0xff); // big-endian
    m_out.append(bytes, 8);
}

void PickleWriter::putRawString(std::string_view text)
{
    m_out += kBinUnicode;
    putLittleEndian(m_out, text.size(), 4);
    m_out.append(text);
}

void PickleWriter::putMemo()
{
    const std::int64_t index = m_nextMemo++;
    if (index <= 0xff) {
        const char bytes[2] = {kBinPut, static_cast<char>(index)};
        m_out.append(bytes, 2);
    } else {
        m_out += kLongBinPut;
        putLittleEndian(m_out, static_cast<std::uint64_t>(index), 4);
    }
}

void PickleWriter::string(StringId id)
{
    std::int64_t &memo = m_memo[id];
    if (memo < 0) {
        putRawString(m_texts[id]);
        memo = m_nextMemo;
        putMemo();
        return;
    }
    if (memo <= 0xff) {
        const char bytes[2] = {kBinGet, static_cast<char>(memo)};
        m_out.append(bytes, 2);
    } else {
        m_out += kLongBinGet;
        putLittleEndian(m_out, static_cast<std::uint64_t>(memo), 4);
    }
}

void PickleWriter::string(std::string_view text)
{
    string(intern(text));
}

void PickleWriter::uniqueString(std::string_view text)
{
    putRawString(text);
    putMemo();
}

void PickleWriter::beginDict()
{
    m_out += kEmptyDict;
    m_open.push_back({Open::Dict, m_out.size(), 0});
    m_out += kMark;
}

void PickleWriter::beginList()
{
    m_out += kEmptyList;
    m_open.push_back({Open::List, m_out.size(), 0});
    m_out += kMark;
}

void PickleWriter::closeMarked(char opcode)
{
    const Container open = m_open.back();
    m_open.pop_back();
    if (m_out.size() == open.markAt + 1)
        m_out.pop_back(); // empty: no MARK, no SETITEMS/APPENDS
    else
        m_out += opcode;
}

void PickleWriter::endDict()
{
    if (m_open.empty() || m_open.back().kind != Open::Dict)
        throw std::logic_error("PickleWriter::endDict without beginDict");
    closeMarked(kSetItems);
}

void PickleWriter::endList()
{
    if (m_open.empty() || m_open.back().kind != Open::List)
        throw std::logic_error("PickleWriter::endList without beginList");
    closeMarked(kAppends);
}

void PickleWriter::beginTuple(int size)
{
    m_open.push_back({Open::Tuple, std::string::npos, size});
    if (size > 3) {
        m_open.back().markAt = m_out.size();
        m_out += kMark;
    }
}

void PickleWriter::endTuple()
{
    if (m_open.empty() || m_open.back().kind != Open::Tuple)
        throw std::logic_error("PickleWriter::endTuple without beginTuple");
    const int size = m_open.back().tupleSize;
    m_open.pop_back();
    if (size == 0)
        m_out += kEmptyTuple;
    else if (size <= 3)
        m_out += static_cast<char>(kTuple1 + (size - 1)); // TUPLE1, TUPLE2, TUPLE3
    else
        m_out += kTuple;
}

void PickleWriter::intList(const std::int64_t *values, int count)
{
    beginList();
    for (int i = 0; i < count; ++i)
        integer(values[i]);
    endList();
}

} // namespace rankscope
