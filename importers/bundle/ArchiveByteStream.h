#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace rankscope {

// The bytes of an archive file as the tar reader wants them: a gzip or zstd stream is decoded
// here, chunk by chunk, so that a stream cut or damaged part-way still yields every byte before
// the damage. libarchive's own filters fail the whole read-ahead at the cut, which loses the
// last complete members and refuses to open a small cut archive at all. Other content (plain
// tar, xz, bzip2, ...) passes through unchanged for libarchive to recognise.
class ArchiveByteStream
{
public:
    enum class Encoding
    {
        Raw, // passed through
        Gzip,
        Zstd
    };

    // Opens the file and recognises gzip and zstd by their first bytes. Throws nothing: a file
    // that cannot be opened gives error() and an empty stream.
    explicit ArchiveByteStream(const std::filesystem::path &file);
    ~ArchiveByteStream();
    ArchiveByteStream(const ArchiveByteStream &) = delete;
    ArchiveByteStream &operator=(const ArchiveByteStream &) = delete;

    Encoding encoding() const { return m_encoding; }
    const char *encodingName() const; // "gzip", "zstd", "" for raw

    // The next decoded bytes; empty at the end of the stream or after damage. Valid until the
    // next call.
    std::string_view read();

    // Bytes of the file consumed so far (the place of a cut or of damage).
    std::int64_t fileOffset() const
    {
        return m_fileRead - std::int64_t(m_input.size() - m_inputPos);
    }
    // Decoded bytes handed out so far.
    std::int64_t decodedOffset() const { return m_decodedOffset; }

    // Why the stream stopped before its proper end: "its gzip stream ends early",
    // "its zstd data is corrupt (...)", "cannot read the file (...)"; empty while it is whole.
    const std::string &damage() const { return m_damage; }
    // True when the damage is an early end (a cut), not corrupt data.
    bool cut() const { return m_cut; }
    // True once read() has returned its last bytes (end of file, end of stream or damage).
    bool ended() const { return m_stopped; }
    // True when a compressed stream ended properly and nothing but padding followed.
    bool finished() const { return m_finished; }

private:
    bool fillInput();
    std::string_view readGzip();
    std::string_view readZstd();
    void fail(std::string why, bool cut);

    struct Decoders;
    std::unique_ptr<Decoders> m_decoders;
    int m_fd = -1;
    Encoding m_encoding = Encoding::Raw;
    std::string m_input; // compressed bytes read from the file
    std::size_t m_inputPos = 0;
    bool m_fileEnded = false;
    std::string m_output;        // decoded bytes of the last read() (compressed streams)
    std::int64_t m_fileRead = 0; // bytes read from the file, consumed or not
    std::int64_t m_decodedOffset = 0;
    std::string m_damage;
    bool m_cut = false;
    bool m_finished = false;
    bool m_stopped = false;
};

} // namespace rankscope
