#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// The problem for a gzip or zstd stream that is corrupt after `decodedBytes` bytes of text:
// "the gzip data is corrupt (invalid block type) after 4096 bytes; the part before was read".
// When nothing came out it says so instead, and is the file's only problem: such a file is
// not also "empty" or "not a trace".
inline std::string corruptDataMessage(std::string_view format, std::string_view detail,
                                      std::uint64_t decodedBytes)
{
    std::string message =
        "the " + std::string(format) + " data is corrupt (" + std::string(detail) + ")";
    if (decodedBytes == 0)
        return message + " from its start; nothing could be read";
    return message + " after " + std::to_string(decodedBytes) + " bytes; the part before was read";
}

} // namespace rankscope
