#include "core/cache/ByteCoding.h"

#include <zstd.h>

namespace rankscope {

namespace {

// Level 1: the import writes ~150 MB of encoded events for a 10M-event bundle, and level 1
// compresses at several hundred MB/s while still shrinking varint data about 3x.
constexpr int kCompressionLevel = 1;
// A blob never holds more than one rank's iteration; refusing larger sizes stops a damaged
// header from asking for an absurd allocation.
constexpr unsigned long long kMaxBlobBytes = 1ull << 31;

} // namespace

std::string compressBlob(std::string_view raw)
{
    std::string out(ZSTD_compressBound(raw.size()), '\0');
    const std::size_t size =
        ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), kCompressionLevel);
    if (ZSTD_isError(size))
        throw BlobFormatError(std::string("zstd compression failed: ") + ZSTD_getErrorName(size));
    out.resize(size);
    return out;
}

std::string decompressBlob(std::span<const std::byte> compressed)
{
    const unsigned long long size = ZSTD_getFrameContentSize(compressed.data(), compressed.size());
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > kMaxBlobBytes)
        throw BlobFormatError("not a zstd frame of known size");
    std::string out(std::size_t(size), '\0');
    const std::size_t got =
        ZSTD_decompress(out.data(), out.size(), compressed.data(), compressed.size());
    if (ZSTD_isError(got) || got != size)
        throw BlobFormatError("zstd data damaged");
    return out;
}

} // namespace rankscope
