#include "core/cache/ByteCoding.h"

#include <zstd.h>

#include <new>

namespace rankscope {

namespace {

// Level 1: the import writes ~150 MB of encoded events for a 10M-event bundle, and level 1
// compresses at several hundred MB/s while still shrinking varint data about 3x.
constexpr int kCompressionLevel = 1;
// A blob never holds more than one rank's iteration; refusing larger sizes stops a damaged
// header from asking for an absurd allocation.
constexpr unsigned long long kMaxBlobBytes = 1ull << 31;

// One context per thread, reused: ZSTD_compress and ZSTD_decompress create and free one per
// call, whose allocation (above malloc's mmap threshold) and page faults cost more than
// decoding a small blob; reopening 16k Flight Recorder dumps' records spent a third of its
// time there.
struct ThreadContexts
{
    ZSTD_CCtx *compress = ZSTD_createCCtx();
    ZSTD_DCtx *decompress = ZSTD_createDCtx();
    ~ThreadContexts()
    {
        ZSTD_freeCCtx(compress);
        ZSTD_freeDCtx(decompress);
    }
};

ThreadContexts &threadContexts()
{
    thread_local ThreadContexts contexts;
    if (!contexts.compress || !contexts.decompress)
        throw std::bad_alloc();
    return contexts;
}

} // namespace

std::string compressBlob(std::string_view raw)
{
    std::string out(ZSTD_compressBound(raw.size()), '\0');
    const std::size_t size = ZSTD_compressCCtx(threadContexts().compress, out.data(), out.size(),
                                               raw.data(), raw.size(), kCompressionLevel);
    if (ZSTD_isError(size))
        throw BlobFormatError(std::string("zstd compression failed: ") + ZSTD_getErrorName(size));
    out.resize(size);
    // resize() keeps the capacity of the bound, about the raw size: a parsed log's text blocks
    // waiting for their transaction held as much memory as the log's text (heaptrack: 293 MB of
    // a 16,384-rank import's peak).
    out.shrink_to_fit();
    return out;
}

std::string decompressBlob(std::span<const std::byte> compressed)
{
    const unsigned long long size = ZSTD_getFrameContentSize(compressed.data(), compressed.size());
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > kMaxBlobBytes)
        throw BlobFormatError("not a zstd frame of known size");
    std::string out(std::size_t(size), '\0');
    const std::size_t got = ZSTD_decompressDCtx(threadContexts().decompress, out.data(), out.size(),
                                                compressed.data(), compressed.size());
    if (ZSTD_isError(got) || got != size)
        throw BlobFormatError("zstd data damaged");
    return out;
}

} // namespace rankscope
