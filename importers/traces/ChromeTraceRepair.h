#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// A JSON text made parseable when its end is missing or followed by junk, so that the events
// before the damage can still be read. simdjson refuses a document whose brackets do not close
// (and one with an unclosed string) before reading a single value; a profiler killed while
// writing leaves exactly that.
struct JsonRepair
{
    std::string text; // the repaired JSON; empty when nothing could be done
    bool repaired = false;
    std::int64_t cutAt = -1;        // the kept text ends here (incomplete tail dropped), or -1
    std::int64_t trailingAt = -1;   // text after the end of the root value starts here, or -1
    std::int64_t openStringAt = -1; // a string opened here is never closed, or -1
    bool droppedNothing = false;    // after cutAt came only blanks and commas
};

// Cuts a truncated document back to the end of the last complete element of its event array
// (the root array, or an array directly in the root object) - or of the root object when the
// cut is elsewhere - and closes the brackets still open. A document whose root value is
// complete but followed by more text is cut after the root value.
JsonRepair repairJsonEnd(std::string_view json);

struct Utf8Repair
{
    std::int64_t firstInvalidAt = -1;
    std::int64_t invalidBytes = 0;
};

// Replaces every byte that is not part of a valid UTF-8 sequence with '?', in place (so byte
// offsets stay those of the file).
Utf8Repair replaceInvalidUtf8(std::string &text);

} // namespace rankscope
