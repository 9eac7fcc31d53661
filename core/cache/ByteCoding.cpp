#include "core/cache/ByteCoding.h"

// ZSTD_getFrameHeader (the checksum flag) is in the "experimental" part of the API, which
// Debian's shared libzstd exports.
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>

#include <algorithm>
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
    ZSTD_CCtx *compress = newCompressContext();
    ZSTD_DCtx *decompress = ZSTD_createDCtx();
    ~ThreadContexts()
    {
        ZSTD_freeCCtx(compress);
        ZSTD_freeDCtx(decompress);
    }

    // Every frame carries zstd's content checksum (XXH64 of the decoded bytes), which the
    // decoder checks: a flipped bit in a stored blob is a damaged blob, never other numbers.
    static ZSTD_CCtx *newCompressContext()
    {
        ZSTD_CCtx *context = ZSTD_createCCtx();
        if (context) {
            ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, kCompressionLevel);
            ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
        }
        return context;
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
    ZSTD_CCtx *context = threadContexts().compress;
    // Each blob is one frame that states its size (the reader checks it against what decodes).
    ZSTD_CCtx_setPledgedSrcSize(context, raw.size());
    const std::size_t size =
        ZSTD_compress2(context, out.data(), out.size(), raw.data(), raw.size());
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
    ZSTD_frameHeader header;
    if (ZSTD_getFrameHeader(&header, compressed.data(), compressed.size()) != 0 ||
        header.frameType != ZSTD_frame || header.frameContentSize == ZSTD_CONTENTSIZE_UNKNOWN ||
        header.frameContentSize > kMaxBlobBytes)
        throw BlobFormatError("not a zstd frame of known size");
    if (!header.checksumFlag)
        throw BlobFormatError("zstd frame without its checksum");
    // The stated size is not trusted for the allocation: a damaged header could ask for 2 GiB.
    // The output grows as bytes really decode, up to the stated size, which must match.
    const std::size_t stated = std::size_t(header.frameContentSize);
    ZSTD_DCtx *context = threadContexts().decompress;
    ZSTD_DCtx_reset(context, ZSTD_reset_session_only);
    // One byte more than stated: room for the decoder to finish the frame (its checksum), and
    // a frame that decodes to more than it states fills it.
    const std::size_t limit = stated + 1;
    std::string out;
    out.resize(std::min<std::size_t>(limit, 64 * compressed.size() + 4096));
    ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
    ZSTD_outBuffer to{out.data(), out.size(), 0};
    for (;;) {
        const std::size_t rc = ZSTD_decompressStream(context, &to, &in);
        if (ZSTD_isError(rc))
            throw BlobFormatError(std::string("zstd data damaged: ") + ZSTD_getErrorName(rc));
        if (rc == 0)
            break; // the frame is complete and its checksum matched
        if (to.pos > stated)
            throw BlobFormatError("zstd data longer than its frame states");
        if (to.pos == to.size) {
            out.resize(std::min(limit, std::max<std::size_t>(2 * out.size(), 4096)));
            to.dst = out.data();
            to.size = out.size();
        } else if (in.pos == in.size) {
            throw BlobFormatError("zstd data ends early");
        }
    }
    if (to.pos != stated || in.pos != in.size)
        throw BlobFormatError("zstd data does not match its frame's size");
    out.resize(to.pos);
    return out;
}

} // namespace rankscope
