#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// Writes the pickle (protocol 2) of a tree of dicts, lists, tuples, str, int, float, bool and
// None the way PyTorch's C++ pickler writes a Flight Recorder dump (torch::jit::pickle_save of
// the dump dict): PROTO 2, dicts and lists as EMPTY_DICT/EMPTY_LIST + MARK ... SETITEMS/APPENDS,
// ints as the smallest of BININT1, BININT2, BININT, LONG1 (8 bytes), floats as BINFLOAT, every
// string BINUNICODE once and BINGET after that (memoized by value, in order of first appearance,
// BINPUT/LONG_BINPUT). Python's pickle.load reads the result; nothing else is emitted, so the
// output never holds a GLOBAL or REDUCE.
//
// For speed on millions of entries, strings known in advance are interned first (no output):
// writing an interned string is a memo-slot check and two bytes.
class PickleWriter
{
public:
    using StringId = std::uint32_t;

    // Appends to `out` (kept by reference; the caller may reserve it).
    explicit PickleWriter(std::string &out) : m_out(out) {}

    void begin(); // PROTO 2
    void end();   // STOP; every container must be closed

    // Registers `text` without writing it; the same text gives the same id.
    StringId intern(std::string_view text);

    void none();
    void boolean(bool value);
    void integer(std::int64_t value);
    void real(double value);
    void string(StringId id);
    void string(std::string_view text); // memoized too
    // A string written once and never looked up again (a long rank list): still memoized,
    // as PyTorch's pickler does, but without a lookup table entry.
    void uniqueString(std::string_view text);

    void beginDict();
    void endDict();
    void beginList();
    void endList();
    // A tuple of `size` items: TUPLE1/2/3 for up to three, MARK ... TUPLE beyond.
    void beginTuple(int size);
    void endTuple();

    // Convenience for dict items and small lists.
    void key(StringId id) { string(id); }
    void intList(const std::int64_t *values, int count);

private:
    enum class Open : std::uint8_t
    {
        Dict,
        List,
        Tuple
    };
    struct Container
    {
        Open kind;
        std::size_t markAt; // offset of the MARK byte, npos when none
        int tupleSize;
    };

    void putMemo();
    void putRawString(std::string_view text);
    void closeMarked(char opcode);

    std::string &m_out;
    std::vector<std::string> m_texts; // by StringId
    std::vector<std::int64_t> m_memo; // by StringId: memo index, -1 not yet written
    std::vector<Container> m_open;
    std::int64_t m_nextMemo = 0;
    // Lookup of interned texts: open addressing over m_texts, sized to a power of two.
    std::vector<std::int32_t> m_table;
};

} // namespace rankscope
