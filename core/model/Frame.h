#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// Whether a frame is Python code or native code (C/C++/libraries), as the dump tools report it.
enum class FrameKind : std::uint8_t
{
    Python,
    Native,
    Unknown
};

// One stack frame as the capture tool printed it. Identity for merging is chosen later
// (see FrameIdentity); the frame keeps everything so that the choice can change without
// re-importing.
struct Frame
{
    std::string function;
    std::string file;   // short file name as printed (py-spy shortens paths), or empty
    int line = 0;       // 0 when unknown (native frames)
    std::string module; // shared object of a native frame ("libc.so.6"), or empty
    FrameKind kind = FrameKind::Python;

    friend bool operator==(const Frame &, const Frame &) = default;
};

const char *frameKindName(FrameKind kind);
FrameKind frameKindFromName(std::string_view name);

} // namespace rankscope
