#pragma once

#include <zlib.h>
#include <zstd.h>

#include <string>

namespace rankscope_test {

// A gzip member of `text`, as gzip(1) writes it.
inline std::string gzip(const std::string &text, int level = 6)
{
    z_stream stream{};
    deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&stream, uLong(text.size())) + 64, '\0');
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(text.data()));
    stream.avail_in = uInt(text.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    deflate(&stream, Z_FINISH);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    return out;
}

// One zstd frame of `text` (its content size in the header, as zstd(1) writes it).
inline std::string zstd(const std::string &text, int level = 3)
{
    std::string out(ZSTD_compressBound(text.size()), '\0');
    out.resize(ZSTD_compress(out.data(), out.size(), text.data(), text.size(), level));
    return out;
}

} // namespace rankscope_test
