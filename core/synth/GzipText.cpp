#include "core/synth/GzipText.h"

#include <algorithm>
#include <stdexcept>
#include <zlib.h>

namespace rankscope {

std::string gzipText(std::string_view text)
{
    z_stream stream{};
    // 15 window bits + 16: a gzip header and trailer instead of zlib's.
    if (deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::runtime_error("cannot start gzip compression");
    std::string out;
    std::size_t inputLeft = text.size();
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(text.data()));
    constexpr std::size_t kChunk = 1u << 30; // zlib counts in 32-bit units
    int result = Z_OK;
    while (result == Z_OK) {
        if (stream.avail_in == 0 && inputLeft > 0) {
            stream.avail_in = static_cast<uInt>(std::min(inputLeft, kChunk));
            inputLeft -= stream.avail_in;
        }
        const std::size_t used = out.size();
        out.resize(used + std::max<std::size_t>(64 * 1024, stream.avail_in / 4));
        stream.next_out = reinterpret_cast<Bytef *>(out.data() + used);
        stream.avail_out = static_cast<uInt>(out.size() - used);
        result = deflate(&stream, inputLeft == 0 ? Z_FINISH : Z_NO_FLUSH);
        out.resize(out.size() - stream.avail_out);
        if (result == Z_BUF_ERROR)
            result = Z_OK; // no progress possible without more room: loop adds some
    }
    deflateEnd(&stream);
    if (result != Z_STREAM_END)
        throw std::runtime_error("gzip compression failed");
    return out;
}

} // namespace rankscope
