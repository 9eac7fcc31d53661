#include "importers/logs/LogTextSource.h"

#include "importers/DecompressionMessages.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rankscope {

namespace log_text_source {

// Compressed input is read in pieces of this size; the text goes straight into the caller's
// buffer.
constexpr std::size_t kInputBytes = 256 * 1024;

bool startsGzipMember(std::string_view bytes)
{
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string capSentence(std::uint64_t cap)
{
    return "the decompressed text is longer than the limit of " + std::to_string(cap) + " bytes (" +
           std::to_string(kMaxLogExpansion) + " times the compressed size, at least " +
           std::to_string(kMinLogTextCapBytes >> 20) + " MiB, at most " +
           std::to_string(kMaxLogTextBytes >> 30) + " GiB); the rest was not read";
}

} // namespace log_text_source

using namespace log_text_source;

struct LogTextSource::Decoders
{
    z_stream gzip{};
    bool gzipReady = false;
    bool gzipMemberEnded = false; // between members: another may follow
    ZSTD_DStream *zstd = nullptr;
    std::size_t zstdResult = 1; // ZSTD_decompressStream's last result: 0 at the end of a frame

    ~Decoders()
    {
        if (gzipReady)
            inflateEnd(&gzip);
        if (zstd)
            ZSTD_freeDStream(zstd);
    }
};

LogTextSource::LogTextSource(const std::filesystem::path &file)
    : m_decoders(std::make_unique<Decoders>())
{
    do {
        m_fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    } while (m_fd < 0 && errno == EINTR);
    if (m_fd < 0) {
        m_readError = std::string("cannot be opened (") + std::strerror(errno) + ")";
        m_inputEnded = m_ended = true;
        return;
    }
    struct stat st;
    if (fstat(m_fd, &st) == 0 && S_ISREG(st.st_mode))
        m_fileBytes = std::uint64_t(st.st_size);
    m_inputBuffer.resize(kInputBytes);
    detectCompression();
}

LogTextSource::LogTextSource(std::string_view bytes)
    : m_decoders(std::make_unique<Decoders>()), m_fileBytes(bytes.size()), m_input(bytes),
      m_inputEnded(true)
{
    detectCompression();
}

LogTextSource::~LogTextSource()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

// Reads until at least `bytes` unconsumed input bytes are there or the file ends; false when
// fewer are there.
bool LogTextSource::ensureInput(std::size_t bytes)
{
    while (m_input.size() < bytes && !m_inputEnded) {
        // What is left of the input moves to the front; the rest of the buffer is refilled.
        const std::size_t kept = m_input.size();
        if (kept > 0) // an empty view may have no data pointer: memmove(_, nullptr, 0) is UB
            std::memmove(m_inputBuffer.data(), m_input.data(), kept);
        ssize_t got;
        do {
            got = ::read(m_fd, m_inputBuffer.data() + kept, m_inputBuffer.size() - kept);
        } while (got < 0 && errno == EINTR);
        if (got <= 0) {
            m_inputEnded = true;
            if (got < 0)
                m_readError = "could not be read to the end; the part before the error was kept";
            got = 0;
        }
        m_input = std::string_view(m_inputBuffer.data(), kept + std::size_t(got));
    }
    return m_input.size() >= bytes;
}

void LogTextSource::detectCompression()
{
    ensureInput(4);
    m_compression = detectTraceCompression(m_input);
    if (m_compression == TraceCompression::None) {
        m_expectedTextBytes = m_fileBytes;
        return;
    }
    // A compressed file may not decode to more than kMaxLogExpansion times its size. A stream of
    // unknown size (a pipe) gets the absolute cap.
    const std::uint64_t scaled = m_fileBytes > 0 && m_fileBytes < kMaxLogTextBytes
                                     ? std::max(kMinLogTextCapBytes, m_fileBytes * kMaxLogExpansion)
                                     : kMaxLogTextBytes;
    m_maxTextBytes = std::min(scaled, kMaxLogTextBytes);
    m_expectedTextBytes = expectedSize();
    Decoders &d = *m_decoders;
    if (m_compression == TraceCompression::Gzip) {
        // 15 + 32: gzip or zlib header, detected (as the whole-file decoder before).
        if (inflateInit2(&d.gzip, 15 + 32) != Z_OK) {
            stop("the gzip decompressor could not start");
            return;
        }
        d.gzipReady = true;
    } else {
        d.zstd = ZSTD_createDStream();
        if (!d.zstd)
            stop("the zstd decompressor could not start");
    }
}

// The size the text will likely have: the file's when plain, the gzip trailer's (the last
// member's, modulo 4 GiB) or the zstd header's when compressed. A hint for reserving only: a
// hostile file may declare anything, so it is never taken above the cap.
std::uint64_t LogTextSource::expectedSize() const
{
    std::uint64_t expected = 0;
    switch (m_compression) {
    case TraceCompression::None:
        return m_fileBytes;
    case TraceCompression::Gzip:
        if (m_fileBytes >= 18) {
            unsigned char trailer[4] = {};
            if (m_fd >= 0) {
                if (::pread(m_fd, trailer, 4, off_t(m_fileBytes - 4)) != 4)
                    return 0;
            } else {
                std::memcpy(trailer, m_input.data() + m_fileBytes - 4, 4);
            }
            expected = std::uint64_t(trailer[0]) | std::uint64_t(trailer[1]) << 8 |
                       std::uint64_t(trailer[2]) << 16 | std::uint64_t(trailer[3]) << 24;
        }
        break;
    case TraceCompression::Zstd: {
        const unsigned long long declared =
            ZSTD_getFrameContentSize(m_input.data(), m_input.size());
        if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != ZSTD_CONTENTSIZE_ERROR)
            expected = declared;
        break;
    }
    }
    return std::min(expected, m_maxTextBytes);
}

void LogTextSource::stop(std::string error)
{
    if (m_textError.empty())
        m_textError = std::move(error);
    m_ended = true;
}

std::size_t LogTextSource::read(char *out, std::size_t room)
{
    if (m_ended || room == 0)
        return 0;
    const std::uint64_t left = m_maxTextBytes - m_textBytes;
    if (left == 0) {
        checkCap();
        return 0;
    }
    room = std::size_t(std::min<std::uint64_t>(room, left));
    const std::size_t produced =
        m_compression == TraceCompression::None ? readPlain(out, room) : decode(out, room);
    m_textBytes += produced;
    return produced;
}

std::size_t LogTextSource::readPlain(char *out, std::size_t room)
{
    // First what detection read ahead (or the bytes in memory), then straight from the file.
    if (!m_input.empty()) {
        const std::size_t n = std::min(room, m_input.size());
        std::memcpy(out, m_input.data(), n);
        m_input.remove_prefix(n);
        return n;
    }
    if (m_inputEnded) {
        m_ended = true;
        return 0;
    }
    ssize_t got;
    do {
        got = ::read(m_fd, out, room);
    } while (got < 0 && errno == EINTR);
    if (got <= 0) {
        m_inputEnded = m_ended = true;
        if (got < 0)
            m_readError = "could not be read to the end; the part before the error was kept";
        return 0;
    }
    return std::size_t(got);
}

// The text has reached the cap: one more byte means the file decodes to more than it.
void LogTextSource::checkCap()
{
    char probe;
    const std::size_t more =
        m_compression == TraceCompression::None ? readPlain(&probe, 1) : decode(&probe, 1);
    if (more > 0) {
        m_reachedCap = true;
        stop(capSentence(m_maxTextBytes));
    }
    m_ended = true;
}

// At least one byte unless the text has ended.
std::size_t LogTextSource::decode(char *out, std::size_t room)
{
    std::size_t produced = 0;
    while (produced == 0 && !m_ended) {
        produced =
            m_compression == TraceCompression::Gzip ? readGzip(out, room) : readZstd(out, room);
    }
    return produced;
}

std::size_t LogTextSource::readGzip(char *out, std::size_t room)
{
    Decoders &d = *m_decoders;
    if (d.gzipMemberEnded) {
        // Concatenated members (gzip allows them) continue after this one; anything else after
        // a member is not read.
        ensureInput(2);
        if (!startsGzipMember(m_input)) {
            m_ended = true;
            return 0;
        }
        inflateReset(&d.gzip);
        d.gzipMemberEnded = false;
    }
    if (m_input.empty())
        ensureInput(1);
    d.gzip.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(m_input.data()));
    d.gzip.avail_in = static_cast<uInt>(std::min<std::size_t>(m_input.size(), 1u << 30));
    d.gzip.next_out = reinterpret_cast<Bytef *>(out);
    d.gzip.avail_out = static_cast<uInt>(std::min<std::size_t>(room, 1u << 30));
    const uInt availIn = d.gzip.avail_in;
    const uInt availOut = d.gzip.avail_out;
    const int status = inflate(&d.gzip, Z_NO_FLUSH);
    m_input.remove_prefix(availIn - d.gzip.avail_in);
    const std::size_t produced = availOut - d.gzip.avail_out;
    if (status == Z_STREAM_END) {
        d.gzipMemberEnded = true;
    } else if (status == Z_BUF_ERROR && m_input.empty() && m_inputEnded) {
        stop("the gzip data ends early (the file is truncated); the part before the cut was read");
    } else if (status != Z_OK && status != Z_BUF_ERROR) {
        stop(corruptDataMessage("gzip", d.gzip.msg ? d.gzip.msg : "inflate error",
                                m_textBytes + produced));
    }
    return produced;
}

std::size_t LogTextSource::readZstd(char *out, std::size_t room)
{
    Decoders &d = *m_decoders;
    if (m_input.empty())
        ensureInput(1);
    // With all input consumed the decoder may still hold text of the last frame.
    const bool flushing = m_input.empty();
    if (flushing && d.zstdResult == 0) {
        m_ended = true;
        return 0;
    }
    // At most one block's text per call: a call that fails reports none of the text it decoded
    // before the damage (the whole-file decoder lost up to all of it).
    ZSTD_inBuffer input{m_input.data(), m_input.size(), 0};
    ZSTD_outBuffer output{out, std::min(room, ZSTD_DStreamOutSize()), 0};
    const std::size_t result = ZSTD_decompressStream(d.zstd, &output, &input);
    m_input.remove_prefix(input.pos);
    if (ZSTD_isError(result)) {
        stop(flushing
                 ? std::string("the zstd data is corrupt (") + ZSTD_getErrorName(result) + ")"
                 : corruptDataMessage("zstd", ZSTD_getErrorName(result), m_textBytes + output.pos));
        return output.pos;
    }
    d.zstdResult = result;
    if (flushing && output.pos == 0 && result != 0)
        stop("the zstd data ends early (the file is truncated); the part before the cut was read");
    return output.pos;
}

} // namespace rankscope
