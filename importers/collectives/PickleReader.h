#pragma once

#include "importers/collectives/PickleDocument.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// A restricted pickle reader: protocols 2-5, and only the opcodes that build plain data (dict,
// list, tuple, set, str, bytes, int, float, bool, None, the memo and the stack). Every opcode
// that names a Python object or calls one (GLOBAL, STACK_GLOBAL, REDUCE, BUILD, INST, OBJ,
// NEWOBJ, NEWOBJ_EX, PERSID, BINPERSID, EXT1/2/4) and the out-of-band buffers are refused: it
// never executes anything. The opcode set follows CPython's Lib/pickletools.py.
//
// Hostile input cannot exhaust memory or hang: every value needs at least one input byte, a
// declared length larger than the bytes left ends the reading as a cut file, and the limits
// below bound nesting and the memo.

struct PickleLimits
{
    int maxDepth = 100;                  // containers inside containers
    std::size_t maxMemoIndex = 1u << 24; // also bounded by the input size
    std::size_t maxValues = 1u << 26;    // values created (each needs an input byte anyway)
};

enum class PickleStatus : std::uint8_t
{
    Complete,  // STOP reached: the document's root is the pickled value
    Truncated, // the input ends mid-stream: open containers were closed and marked cut()
    Refused,   // a refused or unknown opcode, or a broken stream: nothing usable
};

struct PickleReadResult
{
    PickleDocument document;
    PickleStatus status = PickleStatus::Refused;
    std::int64_t errorOffset = -1; // where the reading stopped (refused opcode, cut point)
    std::string opcode;            // the opcode there ("GLOBAL"), "" when none
    std::string error;             // "<file>: byte 12: opcode GLOBAL (0x63) refused: ..."

    bool usable() const { return status != PickleStatus::Refused && document.root().valid(); }
};

// Told of each dict as a SETITEMS fills it (nearly every dict of a dump: an entry, a frame),
// while its values are fresh in the cache, so a caller can note what it needs of many dicts
// without a second walk over a document far bigger than the cache. The document is still being
// built: read the dict and what it holds, nothing else. A dict can still change afterwards (a
// later SETITEMS through the memo adds pairs, and its size() then grows).
class PickleDictObserver
{
public:
    virtual ~PickleDictObserver() = default;
    virtual void dictFilled(PickleValue dict) = 0;
};

// Reads one pickle. The error says what and where ("byte 4: opcode GLOBAL ... refused"), not
// which file: the caller's problem names it (once). The result's document
// references `bytes`. On truncation the root is the outermost value with what was complete
// inside it: containers still open at the cut carry cut(), so a caller can keep the complete
// items of a cut list (a dump's complete entries) and drop the cut one.
PickleReadResult readPickle(std::string_view bytes, const PickleLimits &limits = {},
                            PickleDictObserver *observer = nullptr);

// The pickletools name of an opcode byte ("BINUNICODE"), nullptr for bytes that are no opcode.
const char *pickleOpcodeName(unsigned char opcode);

} // namespace rankscope
