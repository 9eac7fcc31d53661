#include "importers/collectives/PickleReader.h"

#include "importers/collectives/PickleTextValues.h"

#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <vector>

namespace rankscope {

namespace {

// Opcode bytes, as pickletools.py names them.
enum Opcode : unsigned char
{
    MARK = '(',
    STOP = '.',
    POP = '0',
    POP_MARK = '1',
    DUP = '2',
    FLOAT = 'F',
    INT = 'I',
    BININT = 'J',
    BININT1 = 'K',
    LONG = 'L',
    BININT2 = 'M',
    NONE = 'N',
    UNICODE = 'V',
    BINUNICODE = 'X',
    APPEND = 'a',
    DICT = 'd',
    EMPTY_DICT = '}',
    APPENDS = 'e',
    GET = 'g',
    BINGET = 'h',
    LONG_BINGET = 'j',
    LIST = 'l',
    EMPTY_LIST = ']',
    PUT = 'p',
    BINPUT = 'q',
    LONG_BINPUT = 'r',
    SETITEM = 's',
    TUPLE = 't',
    EMPTY_TUPLE = ')',
    SETITEMS = 'u',
    BINFLOAT = 'G',
    BINBYTES = 'B',
    SHORT_BINBYTES = 'C',
    PROTO = 0x80,
    TUPLE1 = 0x85,
    TUPLE2 = 0x86,
    TUPLE3 = 0x87,
    NEWTRUE = 0x88,
    NEWFALSE = 0x89,
    LONG1 = 0x8a,
    LONG4 = 0x8b,
    SHORT_BINUNICODE = 0x8c,
    BINUNICODE8 = 0x8d,
    BINBYTES8 = 0x8e,
    EMPTY_SET = 0x8f,
    ADDITEMS = 0x90,
    FROZENSET = 0x91,
    MEMOIZE = 0x94,
    FRAME = 0x95,
};

struct OpcodeName
{
    unsigned char byte;
    const char *name;
};

// Every opcode of pickletools.py (protocols 0-5), read or refused, so messages name them.
constexpr std::array<OpcodeName, 68> kOpcodeNames = {{
    {'(', "MARK"},
    {'.', "STOP"},
    {'0', "POP"},
    {'1', "POP_MARK"},
    {'2', "DUP"},
    {'F', "FLOAT"},
    {'I', "INT"},
    {'J', "BININT"},
    {'K', "BININT1"},
    {'L', "LONG"},
    {'M', "BININT2"},
    {'N', "NONE"},
    {'P', "PERSID"},
    {'Q', "BINPERSID"},
    {'R', "REDUCE"},
    {'S', "STRING"},
    {'T', "BINSTRING"},
    {'U', "SHORT_BINSTRING"},
    {'V', "UNICODE"},
    {'X', "BINUNICODE"},
    {'a', "APPEND"},
    {'b', "BUILD"},
    {'c', "GLOBAL"},
    {'d', "DICT"},
    {'}', "EMPTY_DICT"},
    {'e', "APPENDS"},
    {'g', "GET"},
    {'h', "BINGET"},
    {'i', "INST"},
    {'j', "LONG_BINGET"},
    {'l', "LIST"},
    {']', "EMPTY_LIST"},
    {'o', "OBJ"},
    {'p', "PUT"},
    {'q', "BINPUT"},
    {'r', "LONG_BINPUT"},
    {'s', "SETITEM"},
    {'t', "TUPLE"},
    {')', "EMPTY_TUPLE"},
    {'u', "SETITEMS"},
    {'G', "BINFLOAT"},
    {'B', "BINBYTES"},
    {'C', "SHORT_BINBYTES"},
    {0x80, "PROTO"},
    {0x81, "NEWOBJ"},
    {0x82, "EXT1"},
    {0x83, "EXT2"},
    {0x84, "EXT4"},
    {0x85, "TUPLE1"},
    {0x86, "TUPLE2"},
    {0x87, "TUPLE3"},
    {0x88, "NEWTRUE"},
    {0x89, "NEWFALSE"},
    {0x8a, "LONG1"},
    {0x8b, "LONG4"},
    {0x8c, "SHORT_BINUNICODE"},
    {0x8d, "BINUNICODE8"},
    {0x8e, "BINBYTES8"},
    {0x8f, "EMPTY_SET"},
    {0x90, "ADDITEMS"},
    {0x91, "FROZENSET"},
    {0x92, "NEWOBJ_EX"},
    {0x93, "STACK_GLOBAL"},
    {0x94, "MEMOIZE"},
    {0x95, "FRAME"},
    {0x96, "BYTEARRAY8"},
    {0x97, "NEXT_BUFFER"},
    {0x98, "READONLY_BUFFER"},
}};

// Why a refused opcode is refused, for the message.
const char *refusalReason(unsigned char op)
{
    switch (op) {
    case 'c':
    case 0x93:
        return "it imports a Python object";
    case 'R':
    case 'b':
    case 'i':
    case 'o':
    case 0x81:
    case 0x92:
        return "it calls a Python object";
    case 'P':
    case 'Q':
        return "it asks for a persistent object";
    case 0x82:
    case 0x83:
    case 0x84:
        return "it names an object from the extension registry";
    case 0x96:
    case 0x97:
    case 0x98:
        return "out-of-band buffers are not read";
    case 'S':
    case 'T':
    case 'U':
        return "Python 2 byte strings are not read";
    default:
        return "it is not an opcode of the plain-data subset";
    }
}

// The opcode loop is the hot path: its helpers are inlined into it.
#if defined(__GNUC__)
#define RANKSCOPE_HOT inline __attribute__((always_inline))
#else
#define RANKSCOPE_HOT inline
#endif

enum class Step
{
    Continue,
    Stop,
    Truncated,
    Failed,
};

class Reader
{
public:
    Reader(std::string_view bytes, const PickleLimits &limits, PickleReadResult &result,
           PickleDictObserver *observer)
        : m_bytes(reinterpret_cast<const unsigned char *>(bytes.data())), m_size(bytes.size()),
          m_limits(limits), m_result(result), m_doc(result.document), m_observer(observer)
    {
        m_maxMemo = std::min(limits.maxMemoIndex, m_size);
        // (node indices stay below PickleDocument::kMaxNodes: larger handles are immediates)
        m_maxValues =
            std::min({limits.maxValues, m_size + 16, std::size_t(PickleDocument::kMaxNodes)});
    }

    void run();

private:
    const unsigned char *m_bytes;
    std::size_t m_size;
    std::size_t m_pos = 0;
    std::size_t m_opStart = 0;
    unsigned char m_op = 0;
    const PickleLimits &m_limits;
    PickleReadResult &m_result;
    PickleDocument &m_doc;
    PickleDictObserver *m_observer;
    std::size_t m_maxMemo;
    std::size_t m_maxValues;

    PodArray<std::uint32_t> m_stack;
    PodArray<std::uint32_t> m_marks;   // stack sizes at each MARK
    std::vector<std::uint32_t> m_memo; // kNoValue where unset
    static constexpr std::uint32_t kNoValue = 0xFFFFFFFFu;
    // Singletons: None, True and False are immutable, so one node each is enough.
    std::uint32_t m_none = kNoValue, m_true = kNoValue, m_false = kNoValue;

    std::size_t left() const { return m_size - m_pos; }
    std::uint32_t at() const { return std::uint32_t(m_opStart); }

    Step fail(const std::string &message)
    {
        m_result.status = PickleStatus::Refused;
        m_result.errorOffset = std::int64_t(m_opStart);
        const char *name = pickleOpcodeName(m_op);
        m_result.opcode = name ? name : "";
        m_result.error = "byte " + std::to_string(m_opStart) + ": " + message;
        return Step::Failed;
    }
    Step failOpcode(const char *what)
    {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", unsigned(m_op));
        const char *name = pickleOpcodeName(m_op);
        std::string message = name ? std::string("opcode ") + name + " (" + hex + ") " + what
                                   : std::string("unknown opcode ") + hex + " " + what;
        return fail(message);
    }
    Step cutHere()
    {
        m_result.errorOffset = std::int64_t(m_opStart);
        const char *name = pickleOpcodeName(m_op);
        m_result.opcode = name ? name : "";
        m_result.error = "byte " + std::to_string(m_opStart) + ": the file ends inside the pickle" +
                         (name ? std::string(" (in ") + name + ")" : std::string());
        return Step::Truncated;
    }

    bool roomForValue() const { return m_doc.nodeCount() < m_maxValues; }
    RANKSCOPE_HOT Step push(std::uint32_t index)
    {
        m_stack.push_back(index);
        return Step::Continue;
    }
    RANKSCOPE_HOT Step pushNew(std::uint32_t index) { return push(index); }

    // Little-endian fixed-size arguments (n is 1, 2, 4 or 8).
    template <typename T> RANKSCOPE_HOT T readLittle(std::size_t n)
    {
        std::uint64_t v = 0;
        if constexpr (std::endian::native == std::endian::little) {
            std::memcpy(&v, m_bytes + m_pos, n);
        } else {
            for (std::size_t i = 0; i < n; ++i)
                v |= std::uint64_t(m_bytes[m_pos + i]) << (8 * i);
        }
        m_pos += n;
        return T(v);
    }
    // The text up to the next newline (protocol 0 arguments), without it; false when cut.
    bool readLine(std::string_view &line)
    {
        const void *nl = std::memchr(m_bytes + m_pos, '\n', left());
        if (!nl)
            return false;
        const auto end = std::size_t(static_cast<const unsigned char *>(nl) - m_bytes);
        line = std::string_view(reinterpret_cast<const char *>(m_bytes + m_pos), end - m_pos);
        m_pos = end + 1;
        return true;
    }

    std::size_t markTop() const { return m_marks.empty() ? 0 : m_marks.back(); }
    Step popMark(std::size_t &from)
    {
        if (m_marks.empty())
            return fail("no MARK before this opcode");
        from = m_marks.back();
        m_marks.pop_back();
        return Step::Continue;
    }

    RANKSCOPE_HOT Step step();
    Step readText(PickleType type, std::size_t lengthBytes);
    Step readInteger(std::size_t lengthBytes);
    RANKSCOPE_HOT Step memoPut(std::size_t index);
    RANKSCOPE_HOT Step memoGet(std::size_t index);
    Step addItemsFromMark(PickleType expectedTarget);
    Step buildFromMark(PickleType type);
    Step buildTuple(std::size_t n);
    Step appendTo(std::uint32_t container, const std::uint32_t *items, std::size_t count);
    void closeOpenContainers();
    void fastOps(); // not inlined: its jump table holds addresses of its labels
};

Step Reader::appendTo(std::uint32_t container, const std::uint32_t *items, std::size_t count)
{
    if (!m_doc.appendItems(container, items, count, m_limits.maxDepth))
        return fail("values nest deeper than " + std::to_string(m_limits.maxDepth) + " levels");
    return Step::Continue;
}

Step Reader::readText(PickleType type, std::size_t lengthBytes)
{
    if (left() < lengthBytes)
        return cutHere();
    const auto length = readLittle<std::uint64_t>(lengthBytes);
    if (length > left())
        return cutHere(); // a declared length past the end: a cut file (or a lie); no allocation
    if (length > 0xFFFFFFFFu)
        return fail("a string longer than 4 GiB");
    const auto index = m_doc.addInputText(type, std::uint32_t(m_pos), std::uint32_t(length), at());
    m_pos += std::size_t(length);
    return pushNew(index);
}

Step Reader::readInteger(std::size_t lengthBytes)
{
    if (left() < lengthBytes)
        return cutHere();
    const auto length = readLittle<std::uint64_t>(lengthBytes);
    if (length > left())
        return cutHere();
    std::int64_t value = 0;
    if (length > 0 && length <= 8 && std::endian::native == std::endian::little) {
        // Fast path (time_created_ns and other 64-bit values): copy, then sign-extend.
        std::uint64_t bits = 0;
        std::memcpy(&bits, m_bytes + m_pos, std::size_t(length));
        const unsigned shift = unsigned(64 - 8 * length);
        value = std::int64_t(bits << shift) >> shift;
    } else if (!littleEndianTwosComplement(m_bytes + m_pos, std::size_t(length), value))
        return failOpcode("holds an integer wider than 64 bits");
    m_pos += std::size_t(length);
    return pushNew(m_doc.addInteger(PickleType::Int, value, at()));
}

Step Reader::memoPut(std::size_t index)
{
    if (m_stack.empty())
        return fail("memo store with an empty stack");
    if (index >= m_maxMemo)
        return fail("memo index " + std::to_string(index) + " is beyond the limit (" +
                    std::to_string(m_maxMemo) + ")");
    if (index == m_memo.size()) { // the usual case: memo keys in order
        m_memo.push_back(m_stack.back());
        return Step::Continue;
    }
    if (index > m_memo.size())
        m_memo.resize(index + 1, kNoValue);
    m_memo[index] = m_stack.back();
    return Step::Continue;
}

Step Reader::memoGet(std::size_t index)
{
    if (index >= m_memo.size() || m_memo[index] == kNoValue)
        return fail("memo index " + std::to_string(index) + " was never stored");
    return push(m_memo[index]);
}

// APPENDS, SETITEMS, ADDITEMS: the items above the last MARK go into the container below it.
Step Reader::addItemsFromMark(PickleType expectedTarget)
{
    std::size_t from = 0;
    if (popMark(from) == Step::Failed)
        return Step::Failed;
    if (from == 0)
        return fail("no container below the MARK");
    const std::uint32_t target = m_stack[from - 1];
    const PickleType type = m_doc.typeOf(target);
    if (type != expectedTarget)
        return failOpcode((std::string("applied to a ") + pickleTypeName(type)).c_str());
    const std::size_t count = m_stack.size() - from;
    if (expectedTarget == PickleType::Dict && count % 2 != 0)
        return fail("SETITEMS with a key and no value");
    if (appendTo(target, m_stack.data() + from, count) == Step::Failed)
        return Step::Failed;
    m_stack.resize(from);
    if (expectedTarget == PickleType::Dict && m_observer)
        m_observer->dictFilled(PickleValue(&m_doc, target));
    return Step::Continue;
}

// LIST, DICT, TUPLE, FROZENSET: a new container of the items above the last MARK.
Step Reader::buildFromMark(PickleType type)
{
    std::size_t from = 0;
    if (popMark(from) == Step::Failed)
        return Step::Failed;
    const std::size_t count = m_stack.size() - from;
    if (type == PickleType::Dict && count % 2 != 0)
        return fail("DICT with a key and no value");
    const std::uint32_t container = m_doc.addContainer(type, at());
    if (appendTo(container, m_stack.data() + from, count) == Step::Failed)
        return Step::Failed;
    m_stack.resize(from);
    return push(container);
}

Step Reader::buildTuple(std::size_t n)
{
    if (m_stack.size() < markTop() + n)
        return fail("not enough values on the stack");
    const std::uint32_t tuple = m_doc.addContainer(PickleType::Tuple, at());
    if (appendTo(tuple, m_stack.data() + m_stack.size() - n, n) == Step::Failed)
        return Step::Failed;
    m_stack.resize(m_stack.size() - n);
    return push(tuple);
}

Step Reader::step()
{
    m_opStart = m_pos;
    if (left() == 0) {
        m_op = 0;
        return cutHere();
    }
    m_op = m_bytes[m_pos++];
    if (!roomForValue())
        return fail("more than " + std::to_string(m_maxValues) + " values");
    std::string_view line;
    switch (m_op) {
    case PROTO: {
        if (left() < 1)
            return cutHere();
        const unsigned protocol = m_bytes[m_pos++];
        if (protocol < 2 || protocol > 5)
            return fail("pickle protocol " + std::to_string(protocol) +
                        " (only protocols 2 to 5 are read)");
        return Step::Continue;
    }
    case FRAME:
        // A frame only announces how many bytes follow; the opcodes inside are read as usual.
        if (left() < 8)
            return cutHere();
        m_pos += 8;
        return Step::Continue;
    case STOP:
        if (m_stack.size() <= markTop() && !m_marks.empty())
            return fail("STOP inside an open MARK");
        if (m_stack.empty())
            return fail("STOP with an empty stack");
        m_doc.setRoot(m_stack.back());
        return Step::Stop;
    case MARK:
        if (m_marks.size() >= std::size_t(m_limits.maxDepth) * 4)
            return fail("too many open MARKs");
        m_marks.push_back(std::uint32_t(m_stack.size()));
        return Step::Continue;
    case POP:
        if (m_stack.size() > markTop()) {
            m_stack.pop_back();
            return Step::Continue;
        }
        if (!m_marks.empty()) {
            m_marks.pop_back();
            return Step::Continue;
        }
        return fail("POP with an empty stack");
    case POP_MARK: {
        std::size_t from = 0;
        if (popMark(from) == Step::Failed)
            return Step::Failed;
        m_stack.resize(from);
        return Step::Continue;
    }
    case DUP:
        if (m_stack.size() <= markTop())
            return fail("DUP with an empty stack");
        return push(m_stack.back());

    case NONE:
        if (m_none == kNoValue)
            m_none = m_doc.addInteger(PickleType::None, 0, at());
        return push(m_none);
    case NEWTRUE:
        if (m_true == kNoValue)
            m_true = m_doc.addInteger(PickleType::Bool, 1, at());
        return push(m_true);
    case NEWFALSE:
        if (m_false == kNoValue)
            m_false = m_doc.addInteger(PickleType::Bool, 0, at());
        return push(m_false);

    case BININT:
        if (left() < 4)
            return cutHere();
        return pushNew(m_doc.addInteger(PickleType::Int, readLittle<std::int32_t>(4), at()));
    case BININT1:
        if (left() < 1)
            return cutHere();
        return pushNew(m_doc.addInteger(PickleType::Int, readLittle<std::uint8_t>(1), at()));
    case BININT2:
        if (left() < 2)
            return cutHere();
        return pushNew(m_doc.addInteger(PickleType::Int, readLittle<std::uint16_t>(2), at()));
    case LONG1:
        return readInteger(1);
    case LONG4:
        return readInteger(4);
    case INT:
    case LONG: {
        if (!readLine(line))
            return cutHere();
        if (m_op == INT && (line == "00" || line == "01"))
            return pushNew(m_doc.addInteger(PickleType::Bool, line == "01", at()));
        std::int64_t value = 0;
        if (!decimalInteger(line, m_op == LONG, value))
            return failOpcode("holds no 64-bit decimal integer");
        return pushNew(m_doc.addInteger(PickleType::Int, value, at()));
    }
    case BINFLOAT: {
        if (left() < 8)
            return cutHere();
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i)
            bits = bits << 8 | m_bytes[m_pos + std::size_t(i)];
        m_pos += 8;
        double value;
        std::memcpy(&value, &bits, sizeof value);
        return pushNew(m_doc.addReal(value, at()));
    }
    case FLOAT: {
        if (!readLine(line))
            return cutHere();
        double value = 0;
        if (!decimalReal(line, value))
            return failOpcode("holds no number");
        return pushNew(m_doc.addReal(value, at()));
    }

    case SHORT_BINUNICODE:
        return readText(PickleType::String, 1);
    case BINUNICODE:
        return readText(PickleType::String, 4);
    case BINUNICODE8:
        return readText(PickleType::String, 8);
    case SHORT_BINBYTES:
        return readText(PickleType::Bytes, 1);
    case BINBYTES:
        return readText(PickleType::Bytes, 4);
    case BINBYTES8:
        return readText(PickleType::Bytes, 8);
    case UNICODE: {
        if (!readLine(line))
            return cutHere();
        std::string decoded; // protocol 0 text: rare enough for one allocation
        appendRawUnicodeEscape(line, decoded);
        return pushNew(m_doc.addOwnedText(PickleType::String, decoded, at()));
    }

    case EMPTY_LIST:
        return pushNew(m_doc.addContainer(PickleType::List, at()));
    case EMPTY_DICT:
        return pushNew(m_doc.addContainer(PickleType::Dict, at()));
    case EMPTY_SET:
        return pushNew(m_doc.addContainer(PickleType::Set, at()));
    case EMPTY_TUPLE:
        return pushNew(m_doc.addContainer(PickleType::Tuple, at()));
    case LIST:
        return buildFromMark(PickleType::List);
    case DICT:
        return buildFromMark(PickleType::Dict);
    case TUPLE:
        return buildFromMark(PickleType::Tuple);
    case FROZENSET:
        return buildFromMark(PickleType::FrozenSet);
    case TUPLE1:
        return buildTuple(1);
    case TUPLE2:
        return buildTuple(2);
    case TUPLE3:
        return buildTuple(3);
    case APPEND:
    case SETITEM: {
        const std::size_t n = m_op == APPEND ? 1 : 2;
        if (m_stack.size() < markTop() + n + 1)
            return fail("not enough values on the stack");
        const std::uint32_t target = m_stack[m_stack.size() - n - 1];
        const PickleType want = m_op == APPEND ? PickleType::List : PickleType::Dict;
        const PickleType type = m_doc.typeOf(target);
        if (type != want)
            return failOpcode((std::string("applied to a ") + pickleTypeName(type)).c_str());
        if (appendTo(target, m_stack.data() + m_stack.size() - n, n) == Step::Failed)
            return Step::Failed;
        m_stack.resize(m_stack.size() - n);
        return Step::Continue;
    }
    case APPENDS:
        return addItemsFromMark(PickleType::List);
    case SETITEMS:
        return addItemsFromMark(PickleType::Dict);
    case ADDITEMS:
        return addItemsFromMark(PickleType::Set);

    case BINPUT:
        if (left() < 1)
            return cutHere();
        return memoPut(readLittle<std::uint8_t>(1));
    case LONG_BINPUT:
        if (left() < 4)
            return cutHere();
        return memoPut(readLittle<std::uint32_t>(4));
    case MEMOIZE:
        return memoPut(m_memo.size());
    case PUT:
    case GET: {
        if (!readLine(line))
            return cutHere();
        std::int64_t index = 0;
        if (!decimalInteger(line, false, index) || index < 0)
            return failOpcode("holds no memo index");
        return m_op == PUT ? memoPut(std::size_t(index)) : memoGet(std::size_t(index));
    }
    case BINGET:
        if (left() < 1)
            return cutHere();
        return memoGet(readLittle<std::uint8_t>(1));
    case LONG_BINGET:
        if (left() < 4)
            return cutHere();
        return memoGet(readLittle<std::uint32_t>(4));

    default:
        return failOpcode(pickleOpcodeName(m_op)
                              ? (std::string("refused: ") + refusalReason(m_op)).c_str()
                              : "refused: not a pickle opcode");
    }
}

// The input ended before STOP: give every open container the items pushed for it, mark it cut,
// and make the outermost value the root. The items of an open MARK go into the list, dict or set
// just below it (the APPENDS/SETITEMS that would have come); a key without its value is dropped.
// The value on top of the stack is cut too, since more items for it may have followed.
void Reader::closeOpenContainers()
{
    if (!m_stack.empty() && m_doc.typeOf(m_stack.back()) != PickleType::Tuple &&
        PickleValue(&m_doc, m_stack.back()).isContainer())
        m_doc.markCut(m_stack.back());
    while (!m_marks.empty()) {
        const std::size_t from = m_marks.back();
        m_marks.pop_back();
        std::size_t count = m_stack.size() - from;
        if (from > 0) {
            const std::uint32_t target = m_stack[from - 1];
            const PickleType type = m_doc.typeOf(target);
            if (type == PickleType::Dict)
                count -= count % 2;
            if (type == PickleType::List || type == PickleType::Dict || type == PickleType::Set) {
                if (m_doc.appendItems(target, m_stack.data() + from, count, m_limits.maxDepth))
                    m_doc.markCut(target);
            }
        }
        m_stack.resize(from);
    }
    if (!m_stack.empty())
        m_doc.setRoot(m_stack.front());
}

// What fastOps() does with each opcode byte: 0 is "leave it to step()".
enum FastOp : std::uint8_t
{
    FastSlow,
    FastBinGet,
    FastLongBinGet,
    FastBinPut,
    FastLongBinPut,
    FastBinInt1,
    FastBinInt2,
    FastBinInt,
    FastMark,
    FastEmptyList,
    FastEmptyDict,
    FastNone,
    FastTrue,
    FastFalse,
    FastLong1,
    FastAppend,
    FastAppends,
    FastSetItems,
    FastTuple1,
    FastTuple2,
    FastTuple3,
    FastBinFloat,
    FastShortBinUnicode,
    FastBinUnicode,
};

constexpr std::array<std::uint8_t, 256> makeFastOps()
{
    std::array<std::uint8_t, 256> ops{};
    ops[BINGET] = FastBinGet;
    ops[LONG_BINGET] = FastLongBinGet;
    ops[BINPUT] = FastBinPut;
    ops[LONG_BINPUT] = FastLongBinPut;
    ops[BININT1] = FastBinInt1;
    ops[BININT2] = FastBinInt2;
    ops[BININT] = FastBinInt;
    ops[MARK] = FastMark;
    ops[EMPTY_LIST] = FastEmptyList;
    ops[EMPTY_DICT] = FastEmptyDict;
    ops[NONE] = FastNone;
    ops[NEWTRUE] = FastTrue;
    ops[NEWFALSE] = FastFalse;
    ops[LONG1] = FastLong1;
    ops[APPEND] = FastAppend;
    ops[APPENDS] = FastAppends;
    ops[SETITEMS] = FastSetItems;
    ops[TUPLE1] = FastTuple1;
    ops[TUPLE2] = FastTuple2;
    ops[TUPLE3] = FastTuple3;
    ops[BINFLOAT] = FastBinFloat;
    ops[SHORT_BINUNICODE] = FastShortBinUnicode;
    ops[BINUNICODE] = FastBinUnicode;
    return ops;
}
constexpr std::array<std::uint8_t, 256> kFastOps = makeFastOps();

// The opcodes that make up nearly all of a dump (memo fetches and stores, ints, strings, MARK,
// containers) in a loop that keeps the cursor and the stack and MARK tops in registers, and
// jumps from each opcode straight to the next one's code (one indirect jump per opcode, which
// the branch predictor learns per opcode: an entry dict's opcodes repeat in the same order).
// Anything else, any case that needs a check to fail, and the last bytes of the input go
// through step(), which sees the same state and gives the same outcome.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic" // labels as values: GCC and Clang have them
#endif
void Reader::fastOps()
{
#if defined(__GNUC__)
    if constexpr (std::endian::native != std::endian::little)
        return;
    static void *const labels[] = {
        &&slow,    &&binGet,   &&longBinGet, &&binPut,    &&longBinPut,      &&binInt1,
        &&binInt2, &&binInt,   &&mark,       &&emptyList, &&emptyDict,       &&none,
        &&newTrue, &&newFalse, &&long1,      &&append,    &&appends,         &&setItems,
        &&tuple1,  &&tuple2,   &&tuple3,     &&binFloat,  &&shortBinUnicode, &&binUnicode,
    };
    static_assert(sizeof labels / sizeof labels[0] == FastBinUnicode + 1);

    const unsigned char *const bytes = m_bytes;
    std::size_t pos = m_pos;
    const std::size_t end = m_size > 10 ? m_size - 10 : 0; // every fast opcode's bytes are there
    std::uint32_t *const stack = m_stack.data();
    std::uint32_t *sp = stack + m_stack.size(); // the stack never outgrows its reservation
    std::uint32_t *const marks = m_marks.data();
    std::uint32_t *mp = marks + m_marks.size();
    std::uint32_t *const marksEnd = marks + m_marks.capacity();
    const std::size_t maxMarks = std::size_t(m_limits.maxDepth) * 4;
    const int maxDepth = m_limits.maxDepth;
    const std::uint32_t *memo = m_memo.data();
    std::size_t memoSize = m_memo.size();
    auto markTop = [&]() -> std::size_t { return mp == marks ? 0 : *(mp - 1); };
    auto depth = [&](std::uint32_t node) { return m_doc.depth(node); };

#define RANKSCOPE_NEXT()                                                                           \
    do {                                                                                           \
        if (pos >= end)                                                                            \
            goto done;                                                                             \
        goto *labels[kFastOps[bytes[pos]]];                                                        \
    } while (0)

    RANKSCOPE_NEXT();

binGet : {
    const std::size_t index = bytes[pos + 1];
    if (index >= memoSize || memo[index] == kNoValue)
        goto done;
    *sp++ = memo[index];
    pos += 2;
    RANKSCOPE_NEXT();
}
longBinGet : {
    std::uint32_t index = 0;
    std::memcpy(&index, bytes + pos + 1, 4);
    if (index >= memoSize || memo[index] == kNoValue)
        goto done;
    *sp++ = memo[index];
    pos += 5;
    RANKSCOPE_NEXT();
}
binPut : {
    const std::size_t index = bytes[pos + 1];
    if (sp == stack || index != memoSize || index >= m_maxMemo)
        goto done;
    m_memo.push_back(*(sp - 1));
    memo = m_memo.data();
    memoSize = m_memo.size();
    pos += 2;
    RANKSCOPE_NEXT();
}
longBinPut : {
    std::uint32_t index = 0;
    std::memcpy(&index, bytes + pos + 1, 4);
    if (sp == stack || index != memoSize || index >= m_maxMemo)
        goto done;
    m_memo.push_back(*(sp - 1));
    memo = m_memo.data();
    memoSize = m_memo.size();
    pos += 5;
    RANKSCOPE_NEXT();
}
binInt1:
    if (!roomForValue())
        goto done;
    *sp++ = m_doc.addInteger(PickleType::Int, bytes[pos + 1], std::uint32_t(pos));
    pos += 2;
    RANKSCOPE_NEXT();
binInt2 : {
    if (!roomForValue())
        goto done;
    std::uint16_t v = 0;
    std::memcpy(&v, bytes + pos + 1, 2);
    *sp++ = m_doc.addInteger(PickleType::Int, v, std::uint32_t(pos));
    pos += 3;
    RANKSCOPE_NEXT();
}
binInt : {
    if (!roomForValue())
        goto done;
    std::int32_t v = 0;
    std::memcpy(&v, bytes + pos + 1, 4);
    *sp++ = m_doc.addInteger(PickleType::Int, v, std::uint32_t(pos));
    pos += 5;
    RANKSCOPE_NEXT();
}
long1 : {
    const std::size_t length = bytes[pos + 1];
    if (length == 0 || length > 8 || !roomForValue())
        goto done; // (wider ones fail in step(); 8 bytes are times in ns)
    // A fixed 8-byte load (the bytes are there: pos < end) and the shift drops what follows the
    // integer; a memcpy of `length` bytes compiles to `rep movsq`, whose start-up cost made this
    // opcode a quarter of the reader's time (one per time field of every entry).
    std::uint64_t bits = 0;
    std::memcpy(&bits, bytes + pos + 2, sizeof bits);
    const unsigned shift = unsigned(64 - 8 * length); // < 64: length is at least 1
    *sp++ =
        m_doc.addInteger(PickleType::Int, std::int64_t(bits << shift) >> shift, std::uint32_t(pos));
    pos += 2 + length;
    RANKSCOPE_NEXT();
}
binFloat : {
    if (!roomForValue())
        goto done;
    std::uint64_t bits = 0;
    for (int i = 1; i <= 8; ++i)
        bits = bits << 8 | bytes[pos + std::size_t(i)];
    double value;
    std::memcpy(&value, &bits, sizeof value);
    *sp++ = m_doc.addReal(value, std::uint32_t(pos));
    pos += 9;
    RANKSCOPE_NEXT();
}
shortBinUnicode : {
    const std::size_t length = bytes[pos + 1];
    if (length > m_size - pos - 2 || !roomForValue())
        goto done;
    *sp++ = m_doc.addInputText(PickleType::String, std::uint32_t(pos + 2), std::uint32_t(length),
                               std::uint32_t(pos));
    pos += 2 + length;
    RANKSCOPE_NEXT();
}
binUnicode : {
    std::uint32_t length = 0;
    std::memcpy(&length, bytes + pos + 1, 4);
    if (length > m_size - pos - 5 || !roomForValue())
        goto done;
    *sp++ =
        m_doc.addInputText(PickleType::String, std::uint32_t(pos + 5), length, std::uint32_t(pos));
    pos += 5 + std::size_t(length);
    RANKSCOPE_NEXT();
}
mark:
    if (std::size_t(mp - marks) >= maxMarks || mp == marksEnd)
        goto done;
    *mp++ = std::uint32_t(sp - stack);
    pos += 1;
    RANKSCOPE_NEXT();
emptyList:
    if (!roomForValue())
        goto done;
    *sp++ = m_doc.addContainer(PickleType::List, std::uint32_t(pos));
    pos += 1;
    RANKSCOPE_NEXT();
emptyDict:
    if (!roomForValue())
        goto done;
    *sp++ = m_doc.addContainer(PickleType::Dict, std::uint32_t(pos));
    pos += 1;
    RANKSCOPE_NEXT();
none:
    if (m_none == kNoValue)
        goto done; // the first one of each singleton is made by step()
    *sp++ = m_none;
    pos += 1;
    RANKSCOPE_NEXT();
newTrue:
    if (m_true == kNoValue)
        goto done;
    *sp++ = m_true;
    pos += 1;
    RANKSCOPE_NEXT();
newFalse:
    if (m_false == kNoValue)
        goto done;
    *sp++ = m_false;
    pos += 1;
    RANKSCOPE_NEXT();
append : {
    if (std::size_t(sp - stack) < markTop() + 2)
        goto done;
    const std::uint32_t target = *(sp - 2);
    if (m_doc.typeOf(target) != PickleType::List || !m_doc.appendItems(target, sp - 1, 1, maxDepth))
        goto done; // step() refuses it (appendItems changes nothing when it fails)
    --sp;
    pos += 1;
    RANKSCOPE_NEXT();
}
appends:
setItems : {
    if (mp == marks || *(mp - 1) == 0)
        goto done;
    const std::size_t from = *(mp - 1);
    const std::uint32_t target = stack[from - 1];
    const bool dict = bytes[pos] == SETITEMS;
    const std::size_t count = std::size_t(sp - stack) - from;
    if (m_doc.typeOf(target) != (dict ? PickleType::Dict : PickleType::List) ||
        (dict && count % 2 != 0) || !m_doc.appendItems(target, stack + from, count, maxDepth))
        goto done;
    --mp;
    sp = stack + from;
    pos += 1;
    if (dict && m_observer)
        m_observer->dictFilled(PickleValue(&m_doc, target));
    RANKSCOPE_NEXT();
}
tuple1 : {
    if (std::size_t(sp - stack) < markTop() + 1 || !roomForValue() ||
        depth(*(sp - 1)) + 1 > maxDepth)
        goto done;
    const std::uint32_t tuple = m_doc.addContainer(PickleType::Tuple, std::uint32_t(pos));
    m_doc.appendItems(tuple, sp - 1, 1, maxDepth);
    *(sp - 1) = tuple;
    pos += 1;
    RANKSCOPE_NEXT();
}
tuple2 : {
    if (std::size_t(sp - stack) < markTop() + 2 || !roomForValue() ||
        depth(*(sp - 1)) + 1 > maxDepth || depth(*(sp - 2)) + 1 > maxDepth)
        goto done;
    const std::uint32_t tuple = m_doc.addContainer(PickleType::Tuple, std::uint32_t(pos));
    m_doc.appendItems(tuple, sp - 2, 2, maxDepth);
    sp -= 2;
    *sp++ = tuple;
    pos += 1;
    RANKSCOPE_NEXT();
}
tuple3 : {
    if (std::size_t(sp - stack) < markTop() + 3 || !roomForValue() ||
        depth(*(sp - 1)) + 1 > maxDepth || depth(*(sp - 2)) + 1 > maxDepth ||
        depth(*(sp - 3)) + 1 > maxDepth)
        goto done;
    const std::uint32_t tuple = m_doc.addContainer(PickleType::Tuple, std::uint32_t(pos));
    m_doc.appendItems(tuple, sp - 3, 3, maxDepth);
    sp -= 3;
    *sp++ = tuple;
    pos += 1;
    RANKSCOPE_NEXT();
}
slow:
done:
#undef RANKSCOPE_NEXT
    m_stack.setSizeWithinCapacity(std::size_t(sp - stack));
    m_marks.setSizeWithinCapacity(std::size_t(mp - marks));
    m_pos = pos;
#endif
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

void Reader::run()
{
    m_doc.reserve(m_size / 3 + 16);
    m_stack.reserve(m_size + 16); // each push needs an input byte: never regrows
    m_marks.reserve(std::min<std::size_t>(std::size_t(m_limits.maxDepth) * 4, m_size) + 16);
    m_memo.reserve(std::min<std::size_t>(m_size / 4 + 16, m_maxMemo));
    if (m_size == 0 || m_bytes[0] != PROTO) {
        m_op = m_size ? m_bytes[0] : 0;
        fail("not a pickle of protocol 2 to 5 (no PROTO opcode first)");
        return;
    }
    for (;;) {
        fastOps();
        const Step s = step();
        if (s == Step::Continue)
            continue;
        if (s == Step::Stop) {
            m_result.status = PickleStatus::Complete;
            return;
        }
        if (s == Step::Truncated) {
            m_result.status = PickleStatus::Truncated;
            closeOpenContainers();
        }
        return;
    }
}

} // namespace

const char *pickleOpcodeName(unsigned char opcode)
{
    for (const OpcodeName &entry : kOpcodeNames)
        if (entry.byte == opcode)
            return entry.name;
    return nullptr;
}

PickleReadResult readPickle(std::string_view bytes, const PickleLimits &limits,
                            PickleDictObserver *observer)
{
    PickleReadResult result{PickleDocument(bytes)};
    if (bytes.size() >= 0xFFFFFFFFu) {
        result.error = "byte 0: larger than 4 GiB, not read";
        result.errorOffset = 0;
        return result;
    }
    Reader reader(bytes, limits, result, observer);
    reader.run();
    return result;
}

} // namespace rankscope
