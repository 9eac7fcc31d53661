#pragma once

#include <exception>
#include <new>
#include <string>

namespace rankscope {

// What a file that ran out of memory says (readers that report errors instead of throwing,
// such as simdjson's, use it too).
inline std::string outOfMemoryMessage(const char *doing = "reading")
{
    return std::string("out of memory while ") + doing +
           " this file; it was skipped, the rest of the bundle was imported";
}

// The problem for a file whose reading threw (the import goes on with the other files): out of
// memory is said as such, so that a hostile file reads as what it did to this machine and not
// as "std::bad_alloc". `doing` is "reading", "storing", ...
inline std::string fileFailureMessage(const std::exception &error, const char *doing = "reading")
{
    if (dynamic_cast<const std::bad_alloc *>(&error))
        return outOfMemoryMessage(doing);
    return std::string("could not be imported (") + doing + "): " + error.what();
}

} // namespace rankscope
