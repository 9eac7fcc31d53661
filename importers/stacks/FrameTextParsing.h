#pragma once

#include "core/model/Frame.h"

#include <string>
#include <string_view>

namespace rankscope {

// Splits "<head> (<inner>)" at the parenthesised group that closes the text, found from the
// right with nesting, so that function names with their own parentheses and spaces survive:
// "synchronizeInternal(std::chrono::duration<long, std::ratio<1l, 1000l> >) (libtorch_cuda.so)"
// gives head "synchronizeInternal(...)" and inner "libtorch_cuda.so". False when the text does
// not end in such a group.
bool splitTrailingParenthesized(std::string_view text, std::string_view *head,
                                std::string_view *inner);

// Splits "file:123" into file and line; false (and the whole text as file) when there is no
// numeric ":line" suffix.
bool splitFileAndLine(std::string_view text, std::string_view *file, int *line);

std::string_view baseName(std::string_view path);

bool looksLikePythonSource(std::string_view file); // .py, .pyx, "<string>", "<frozen ...>"
bool looksLikeNativeSource(std::string_view file); // .c, .cpp, .h, .cu, .rs ...

// Builds a frame from what py-spy prints or stores: the function, the file text ("?" for an
// unsymbolised address, the shared object for native frames without line information), the
// line (0 when unknown) and, from JSON dumps, the native module. Python frames keep their file
// and line; native frames get kind Native and their module reduced to its file name
// ("libc.so.6"), so text and JSON dumps of the same process produce the same frames.
Frame makePySpyFrame(std::string_view function, std::string_view file, int line,
                     std::string_view module);

// The same, written into a default-constructed frame (one already in its vector, so that the
// frame is not built and then moved).
void assignPySpyFrame(Frame *frame, std::string_view function, std::string_view file, int line,
                      std::string_view module);

} // namespace rankscope
