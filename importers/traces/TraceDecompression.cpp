#include "importers/traces/TraceDecompression.h"

#include "importers/DecompressionMessages.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

namespace rankscope {

namespace {

constexpr std::size_t kChunk = 1 << 20;

// A declared size is believed up to this many times the compressed size: gzip and zstd make
// JSON traces 5 to 20 times smaller. A header or trailer that declares more is not believed
// (a 235-byte file whose gzip trailer says 4 GiB allocated 4 GiB); the buffer then grows as
// the data really arrives.
constexpr std::uint64_t kBelievedRatio = 32;

// What to allocate before decoding: the declared size when it is plausible and within the cap.
std::size_t initialSize(std::uint64_t declared, std::size_t compressedSize, std::uint64_t maxBytes)
{
    const std::uint64_t plausible = std::uint64_t(compressedSize) * kBelievedRatio;
    return std::size_t(std::min({declared, plausible, maxBytes}));
}

// Grows `out` so that at least kChunk + padding bytes are free after `produced`, and returns
// the writable room (excluding the padding). It never grows past what the cap needs: one chunk
// beyond maxBytes is enough to tell that the data goes on.
std::size_t makeRoom(std::string &out, std::size_t produced, std::size_t padding,
                     std::uint64_t maxBytes)
{
    if (out.size() < produced + kChunk + padding) {
        const std::uint64_t extra = kChunk + padding;
        const std::uint64_t enough = maxBytes > UINT64_MAX - extra ? UINT64_MAX : maxBytes + extra;
        out.resize(std::size_t(std::min<std::uint64_t>(
            std::max(out.size() * 3 / 2, produced + kChunk + padding), enough)));
    }
    return out.size() - produced - padding;
}

std::string tooLarge(std::uint64_t maxBytes)
{
    return "the trace unpacks to more than " + std::to_string(maxBytes) +
           " bytes, the limit per file; the first " + std::to_string(maxBytes) + " bytes were read";
}

bool isGzipMagic(std::string_view bytes)
{
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

// The uncompressed size of a single-member gzip file, from its trailer (modulo 4 GiB).
std::size_t gzipSizeHint(std::string_view bytes)
{
    if (bytes.size() < 18)
        return 0;
    std::uint32_t size = 0;
    std::memcpy(&size, bytes.data() + bytes.size() - 4, 4); // little-endian on every target
    return size;
}

std::string gunzip(std::string_view compressed, std::string &out, std::size_t padding,
                   std::uint64_t maxBytes)
{
    z_stream stream{};
    if (inflateInit2(&stream, 15 + 32) != Z_OK) // 15 + 32: gzip or zlib header, detected
        return "the gzip decompressor could not start";
    out.resize(initialSize(gzipSizeHint(compressed), compressed.size(), maxBytes) + kChunk +
               padding);
    std::size_t produced = 0;
    const auto *input = reinterpret_cast<const unsigned char *>(compressed.data());
    std::size_t consumed = 0;
    std::string error;
    while (true) {
        if (produced > maxBytes)
            break;
        const std::size_t room = makeRoom(out, produced, padding, maxBytes);
        const std::size_t inputLeft = compressed.size() - consumed;
        stream.next_in = const_cast<unsigned char *>(input + consumed);
        stream.avail_in = static_cast<uInt>(std::min<std::size_t>(inputLeft, 1u << 30));
        stream.next_out = reinterpret_cast<unsigned char *>(out.data() + produced);
        stream.avail_out = static_cast<uInt>(std::min<std::size_t>(room, 1u << 30));
        const uInt availIn = stream.avail_in;
        const uInt availOut = stream.avail_out;
        const int status = inflate(&stream, Z_NO_FLUSH);
        consumed += availIn - stream.avail_in;
        produced += availOut - stream.avail_out;
        if (status == Z_STREAM_END) {
            // Concatenated members (gzip allows them) continue after this one.
            if (consumed < compressed.size() && isGzipMagic(compressed.substr(consumed))) {
                inflateReset(&stream);
                continue;
            }
            break;
        }
        if (status == Z_OK)
            continue;
        if (status == Z_BUF_ERROR && consumed == compressed.size()) {
            error = "the gzip data ends early (the file is truncated); the part before the cut "
                    "was read";
        } else {
            error = corruptDataMessage("gzip", stream.msg ? stream.msg : "inflate error", produced);
        }
        break;
    }
    inflateEnd(&stream);
    if (produced > maxBytes) {
        error = tooLarge(maxBytes);
        produced = std::size_t(maxBytes);
    }
    out.resize(produced);
    return error;
}

std::string unzstd(std::string_view compressed, std::string &out, std::size_t padding,
                   std::uint64_t maxBytes)
{
    ZSTD_DStream *stream = ZSTD_createDStream();
    if (!stream)
        return "the zstd decompressor could not start";
    const unsigned long long hint = ZSTD_getFrameContentSize(compressed.data(), compressed.size());
    const bool hintUsable = hint != ZSTD_CONTENTSIZE_UNKNOWN && hint != ZSTD_CONTENTSIZE_ERROR;
    out.resize(initialSize(hintUsable ? hint : 0, compressed.size(), maxBytes) + kChunk + padding);
    ZSTD_inBuffer input{compressed.data(), compressed.size(), 0};
    std::size_t produced = 0;
    std::size_t lastResult = 0;
    std::string error;
    while (input.pos < input.size) {
        if (produced > maxBytes)
            break;
        const std::size_t room = makeRoom(out, produced, padding, maxBytes);
        ZSTD_outBuffer output{out.data() + produced, room, 0};
        lastResult = ZSTD_decompressStream(stream, &output, &input);
        produced += output.pos;
        if (ZSTD_isError(lastResult)) {
            error = corruptDataMessage("zstd", ZSTD_getErrorName(lastResult), produced);
            break;
        }
    }
    // Flush what the decoder still holds for the last frame.
    while (error.empty() && lastResult != 0 && produced <= maxBytes) {
        const std::size_t room = makeRoom(out, produced, padding, maxBytes);
        ZSTD_outBuffer output{out.data() + produced, room, 0};
        lastResult = ZSTD_decompressStream(stream, &output, &input);
        produced += output.pos;
        if (ZSTD_isError(lastResult)) {
            error = std::string("the zstd data is corrupt (") + ZSTD_getErrorName(lastResult) + ")";
            break;
        }
        if (output.pos == 0 && lastResult != 0) {
            error = "the zstd data ends early (the file is truncated); the part before the cut "
                    "was read";
            break;
        }
    }
    ZSTD_freeDStream(stream);
    if (produced > maxBytes) {
        error = tooLarge(maxBytes);
        produced = std::size_t(maxBytes);
    }
    out.resize(produced);
    return error;
}

} // namespace

const char *traceCompressionName(TraceCompression compression)
{
    switch (compression) {
    case TraceCompression::None:
        return "none";
    case TraceCompression::Gzip:
        return "gzip";
    case TraceCompression::Zstd:
        return "zstd";
    }
    return "none";
}

TraceCompression detectTraceCompression(std::string_view bytes)
{
    if (isGzipMagic(bytes))
        return TraceCompression::Gzip;
    if (bytes.size() >= 4 && static_cast<unsigned char>(bytes[0]) == 0x28 &&
        static_cast<unsigned char>(bytes[1]) == 0xb5 &&
        static_cast<unsigned char>(bytes[2]) == 0x2f &&
        static_cast<unsigned char>(bytes[3]) == 0xfd)
        return TraceCompression::Zstd;
    return TraceCompression::None;
}

std::string decompressTrace(std::string_view compressed, TraceCompression compression,
                            std::string &out, std::size_t padding, std::uint64_t maxBytes)
{
    switch (compression) {
    case TraceCompression::Gzip:
        return gunzip(compressed, out, padding, maxBytes);
    case TraceCompression::Zstd:
        return unzstd(compressed, out, padding, maxBytes);
    case TraceCompression::None:
        break;
    }
    out.reserve(compressed.size() + padding);
    out.assign(compressed);
    return std::string();
}

} // namespace rankscope
