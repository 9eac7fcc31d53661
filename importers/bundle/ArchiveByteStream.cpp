#include "importers/bundle/ArchiveByteStream.h"

#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace rankscope {

namespace {

constexpr std::size_t kInputChunk = 1 << 16;
constexpr std::size_t kOutputChunk = 1 << 18;

bool isGzipMagic(const unsigned char *bytes, std::size_t size)
{
    return size >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b;
}

bool isZstdMagic(const unsigned char *bytes, std::size_t size)
{
    return size >= 4 && bytes[0] == 0x28 && bytes[1] == 0xb5 && bytes[2] == 0x2f &&
           bytes[3] == 0xfd;
}

} // namespace

struct ArchiveByteStream::Decoders
{
    z_stream gzip{};
    bool gzipReady = false;
    bool inGzipMember = true; // the file starts with a member
    ZSTD_DStream *zstd = nullptr;
    std::size_t zstdHint = 0; // last result of ZSTD_decompressStream: 0 at a frame's end

    ~Decoders()
    {
        if (gzipReady)
            inflateEnd(&gzip);
        if (zstd)
            ZSTD_freeDStream(zstd);
    }
};

ArchiveByteStream::ArchiveByteStream(const std::filesystem::path &file)
    : m_decoders(std::make_unique<Decoders>())
{
    m_fd = open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd < 0) {
        fail(std::string("cannot open the file (") + std::strerror(errno) + ")", false);
        return;
    }
    fillInput();
    const auto *bytes = reinterpret_cast<const unsigned char *>(m_input.data());
    if (isGzipMagic(bytes, m_input.size())) {
        // 15 + 16: gzip framing only (a zlib stream is not a .tar.gz).
        if (inflateInit2(&m_decoders->gzip, 15 + 16) != Z_OK) {
            fail("the gzip decoder could not start", false);
            return;
        }
        m_decoders->gzipReady = true;
        m_encoding = Encoding::Gzip;
    } else if (isZstdMagic(bytes, m_input.size())) {
        m_decoders->zstd = ZSTD_createDStream();
        if (!m_decoders->zstd) {
            fail("the zstd decoder could not start", false);
            return;
        }
        m_encoding = Encoding::Zstd;
    }
}

ArchiveByteStream::~ArchiveByteStream()
{
    if (m_fd >= 0)
        close(m_fd);
}

const char *ArchiveByteStream::encodingName() const
{
    switch (m_encoding) {
    case Encoding::Gzip:
        return "gzip";
    case Encoding::Zstd:
        return "zstd";
    case Encoding::Raw:
        break;
    }
    return "";
}

void ArchiveByteStream::fail(std::string why, bool cut)
{
    if (m_damage.empty()) {
        m_damage = std::move(why);
        m_cut = cut;
    }
    m_stopped = true;
}

// Appends up to one chunk of the file to the unread input. False at the end of the file or on
// a read error (then damage() says so).
bool ArchiveByteStream::fillInput()
{
    if (m_fileEnded || m_fd < 0)
        return false;
    if (m_inputPos > 0) {
        m_input.erase(0, m_inputPos);
        m_inputPos = 0;
    }
    const std::size_t had = m_input.size();
    m_input.resize(had + kInputChunk);
    ssize_t got;
    do {
        got = ::read(m_fd, m_input.data() + had, kInputChunk);
    } while (got < 0 && errno == EINTR);
    if (got <= 0) {
        m_input.resize(had);
        m_fileEnded = true;
        if (got < 0)
            fail(std::string("cannot read the file (") + std::strerror(errno) + ")", false);
        return false;
    }
    m_input.resize(had + std::size_t(got));
    m_fileRead += got;
    return true;
}

std::string_view ArchiveByteStream::read()
{
    if (m_stopped)
        return {};
    std::string_view out;
    switch (m_encoding) {
    case Encoding::Raw:
        if (m_inputPos == m_input.size() && !fillInput()) {
            m_stopped = true;
            return {};
        }
        // A view of the input: the next read() refills it, after the caller is done.
        out = std::string_view(m_input).substr(m_inputPos);
        m_inputPos = m_input.size();
        break;
    case Encoding::Gzip:
        out = readGzip();
        break;
    case Encoding::Zstd:
        out = readZstd();
        break;
    }
    m_decodedOffset += std::int64_t(out.size());
    return out;
}

std::string_view ArchiveByteStream::readGzip()
{
    Decoders &d = *m_decoders;
    m_output.resize(kOutputChunk);
    std::size_t produced = 0;
    while (!m_stopped && produced == 0) {
        if (m_inputPos == m_input.size() && !fillInput()) {
            if (d.inGzipMember)
                fail("its gzip stream ends early", true);
            else
                m_finished = true;
            m_stopped = true;
            break;
        }
        if (!d.inGzipMember) {
            // Concatenated members are one stream (gzip allows them); anything else after the
            // last member (tape padding, zeros) ends the stream.
            if (m_input.size() - m_inputPos < 2)
                fillInput();
            const auto *next = reinterpret_cast<const unsigned char *>(m_input.data()) + m_inputPos;
            if (!isGzipMagic(next, m_input.size() - m_inputPos)) {
                m_finished = true;
                m_stopped = true;
                break;
            }
            inflateReset(&d.gzip);
            d.inGzipMember = true;
        }
        d.gzip.next_in = reinterpret_cast<Bytef *>(m_input.data() + m_inputPos);
        d.gzip.avail_in = uInt(m_input.size() - m_inputPos);
        d.gzip.next_out = reinterpret_cast<Bytef *>(m_output.data() + produced);
        d.gzip.avail_out = uInt(m_output.size() - produced);
        const int status = inflate(&d.gzip, Z_NO_FLUSH);
        m_inputPos = m_input.size() - d.gzip.avail_in;
        produced = m_output.size() - d.gzip.avail_out;
        if (status == Z_STREAM_END)
            d.inGzipMember = false;
        else if (status != Z_OK && status != Z_BUF_ERROR)
            fail(std::string("its gzip data is corrupt (") +
                     (d.gzip.msg ? d.gzip.msg : "inflate error") + ")",
                 false);
    }
    m_output.resize(produced);
    return m_output;
}

std::string_view ArchiveByteStream::readZstd()
{
    Decoders &d = *m_decoders;
    m_output.resize(kOutputChunk);
    ZSTD_outBuffer output{m_output.data(), m_output.size(), 0};
    while (!m_stopped && output.pos == 0) {
        // With no input left the decoder may still hold output: ask for it before reading on.
        ZSTD_inBuffer input{m_input.data(), m_input.size(), m_inputPos};
        const std::size_t result = ZSTD_decompressStream(d.zstd, &output, &input);
        const bool progressed = input.pos != m_inputPos || output.pos > 0;
        m_inputPos = input.pos;
        if (ZSTD_isError(result)) {
            fail(std::string("its zstd data is corrupt (") + ZSTD_getErrorName(result) + ")",
                 false);
            break;
        }
        // 0 at the end of a frame; a call that did nothing (no input left) would report the
        // next frame's header size instead.
        if (progressed)
            d.zstdHint = result;
        if (output.pos > 0 || m_inputPos < m_input.size())
            continue;
        if (!fillInput()) {
            if (d.zstdHint != 0)
                fail("its zstd stream ends early", true);
            else
                m_finished = true;
            m_stopped = true;
        }
    }
    m_output.resize(output.pos);
    return m_output;
}

} // namespace rankscope
