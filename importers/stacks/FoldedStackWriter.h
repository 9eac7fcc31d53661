#pragma once

#include "core/model/ParsedStacks.h"

#include <string>

namespace rankscope {

// Writes stacks as folded text, one line per distinct stack: frames root first joined by ';',
// a space, and the summed weight of every thread with that stack. Lines come in the order each
// stack first appears. A frame is written as its function alone when it has no file or module
// (as the folded parser stores it, so folded input round-trips), else "function (file:line)",
// "function (file)" or "function (module)" as py-spy prints it. ';' and line breaks inside a
// frame would break the format and are replaced by ':' and ' '. Threads without frames are
// left out: folded text cannot express an empty stack.
std::string writeFoldedStacks(const ParsedStacks &stacks);

} // namespace rankscope
