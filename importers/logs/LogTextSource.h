#pragma once

#include "importers/traces/TraceDecompression.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace rankscope {

// A compressed log may decode to at most this many times its own size (never below the floor,
// which keeps small, very repetitive files whole), and never to more than kMaxLogTextBytes: four
// times what a plain log may be (the bundle's 1 GiB per file), since the events of a log take
// about three times its text in memory.
// Real logs shrink far less: the BigScience Slurm logs 30x with zstd -19, the 328 MB launcher log
// of a synthetic 16,384-rank job 15x (gzip -9, zstd -3) to 21x (zstd -19); a gzip bomb of zeros
// is 1,030x, a zstd one far more.
inline constexpr std::uint64_t kMaxLogExpansion = 256;
inline constexpr std::uint64_t kMinLogTextCapBytes = std::uint64_t(64) << 20;
inline constexpr std::uint64_t kMaxLogTextBytes = std::uint64_t(4) << 30;

// The text of one log file, decoded piece by piece into the caller's buffer: the bytes
// themselves when plain, else the gzip members / zstd frames (recognised by content, not by
// name: "train.log.gz" files that are plain text are common). Nothing is held but a small input
// buffer and the decoders' state: a zstd frame's declared content size is never allocated.
// A truncated or corrupt stream ends the text where the damage is and textError() says so, so a
// log cut by a crash still yields its lines; so does a compressed file that would decode to more
// than the cap (maxTextBytes()).
class LogTextSource
{
public:
    // Reads the file. One that cannot be opened gives readError() and no text.
    explicit LogTextSource(const std::filesystem::path &file);
    // Reads bytes in memory (not copied: they must outlive the source). A std::string matches
    // neither constructor on purpose: say which one it is.
    explicit LogTextSource(std::string_view bytes);
    ~LogTextSource();
    LogTextSource(const LogTextSource &) = delete;
    LogTextSource &operator=(const LogTextSource &) = delete;

    // Up to `room` more bytes of text into `out`; 0 once the text has ended (its end, damage, a
    // read error or the cap).
    std::size_t read(char *out, std::size_t room);

    TraceCompression compression() const { return m_compression; }
    // Text bytes handed out so far.
    std::uint64_t textBytes() const { return m_textBytes; }
    // The size the text will likely have, for reserving (0: not known): the file's size when
    // plain, the gzip trailer's or the zstd header's figure when compressed, never above the cap.
    std::uint64_t expectedTextBytes() const { return m_expectedTextBytes; }
    // The most text a compressed file may decode to (plain text has no limit unless one is set:
    // the bundle import skips files over its size limit before reading them). Set it before
    // reading; it then holds for plain text too (a file that grows while it is read).
    std::uint64_t maxTextBytes() const { return m_maxTextBytes; }
    void setMaxTextBytes(std::uint64_t bytes) { m_maxTextBytes = bytes; }
    // The text ended because it reached maxTextBytes() with more to come (textError() says so
    // in the words of a log; a trace says it in its own).
    bool reachedCap() const { return m_reachedCap; }

    // Why the file could not be opened or read to its end ("cannot be opened (...)"), empty when
    // it could: a sentence that follows "the file ".
    const std::string &readError() const { return m_readError; }
    // Why the text stops before the end of the compressed stream (truncated, corrupt, over the
    // cap); empty when it does not.
    const std::string &textError() const { return m_textError; }

private:
    bool ensureInput(std::size_t bytes);
    void detectCompression();
    std::uint64_t expectedSize() const;
    std::size_t readPlain(char *out, std::size_t room);
    std::size_t readGzip(char *out, std::size_t room);
    std::size_t readZstd(char *out, std::size_t room);
    std::size_t decode(char *out, std::size_t room);
    void checkCap();
    void stop(std::string error);

    struct Decoders;
    std::unique_ptr<Decoders> m_decoders;
    int m_fd = -1;
    std::uint64_t m_fileBytes = 0; // the file's size when known, the bytes' size in memory
    std::string m_inputBuffer;     // compressed bytes read from the file
    std::string_view m_input;      // the unconsumed input (in m_inputBuffer, or the bytes)
    bool m_inputEnded = false;     // nothing more to read into m_input
    TraceCompression m_compression = TraceCompression::None;
    std::uint64_t m_textBytes = 0;
    std::uint64_t m_maxTextBytes = UINT64_MAX;
    std::uint64_t m_expectedTextBytes = 0;
    bool m_ended = false;
    bool m_reachedCap = false;
    std::string m_readError;
    std::string m_textError;
};

} // namespace rankscope
