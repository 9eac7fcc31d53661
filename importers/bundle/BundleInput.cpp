#include "importers/bundle/BundleInput.h"

#include "importers/bundle/ArchiveByteStream.h"
#include "importers/collectives/FlightRecorderDump.h"
#include "importers/stacks/StackFormat.h"

#include <string>
#include <string_view>

namespace rankscope {

namespace {

// Enough for detectStackFormat's look at a file's first lines, and for a tar header.
constexpr std::size_t kSniffBytes = 64 * 1024;

// A tar header block: its checksum field (octal, at 148) is the sum of the block's bytes with
// that field read as spaces. Old writers summed signed chars, so both sums are accepted, as
// libarchive does. Every tar format (v7, ustar, pax, GNU) has it.
bool isTarHeader(std::string_view block)
{
    if (block.size() < 512)
        return false;
    std::uint64_t stored = 0;
    int digits = 0;
    for (std::size_t i = 148; i < 156; ++i) {
        const char c = block[i];
        if (c >= '0' && c <= '7') {
            stored = stored * 8 + std::uint64_t(c - '0');
            ++digits;
        } else if (c != ' ' && c != '\0') {
            return false;
        } else if (digits > 0) {
            break;
        }
    }
    if (digits == 0)
        return false;
    std::int64_t unsignedSum = 0;
    std::int64_t signedSum = 0;
    for (std::size_t i = 0; i < 512; ++i) {
        const char c = i >= 148 && i < 156 ? ' ' : block[i];
        unsignedSum += static_cast<unsigned char>(c);
        signedSum += static_cast<signed char>(c);
    }
    return std::int64_t(stored) == unsignedSum || std::int64_t(stored) == signedSum;
}

// Text a person could read: no NUL and few control bytes (UTF-8 and UTF-16 with a BOM pass).
bool looksLikeText(std::string_view head)
{
    if (head.size() >= 2 &&
        ((head[0] == '\xff' && head[1] == '\xfe') || (head[0] == '\xfe' && head[1] == '\xff')))
        return true;
    std::size_t control = 0;
    for (const char c : head) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte == 0)
            return false;
        if (byte < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\x1b' && c != '\f')
            ++control;
    }
    return control * 100 <= head.size();
}

std::string_view withoutBomAndSpace(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    return first == std::string_view::npos ? std::string_view() : text.substr(first);
}

// '{' then a key or '}', or '[' then an object or ']': "[rank0]: ..." and "[2026-11-29 ...]"
// start log lines, not JSON.
bool looksLikeJsonDocument(std::string_view text)
{
    if (text.size() < 2 || (text.front() != '{' && text.front() != '['))
        return false;
    const std::size_t next = text.find_first_not_of(" \t\r\n", 1);
    if (next == std::string_view::npos)
        return false;
    return text.front() == '{' ? text[next] == '"' || text[next] == '}'
                               : text[next] == '{' || text[next] == ']';
}

// A structured log writes one JSON object per line ({"time": ..., "level": "INFO", ...}); a
// trace is one document whose first line does not close, or names its traceEvents.
bool isJsonLinesLog(std::string_view text)
{
    if (text.find("\"traceEvents\"") != std::string_view::npos || text.front() != '{')
        return false;
    std::string_view first = text.substr(0, text.find('\n'));
    while (!first.empty() && (first.back() == '\r' || first.back() == ' ' || first.back() == '\t'))
        first.remove_suffix(1);
    return first.size() > 1 && first.back() == '}';
}

} // namespace

BundleInputKind classifyBundleInput(const std::filesystem::path &path)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        return BundleInputKind::Folder;
    ArchiveByteStream stream(path);
    std::string head;
    while (head.size() < kSniffBytes) {
        const std::string_view bytes = stream.read();
        if (bytes.empty())
            break;
        head.append(bytes.substr(0, kSniffBytes - head.size()));
    }
    if (stream.encoding() == ArchiveByteStream::Encoding::Raw && looksLikeFlightRecorderDump(head))
        return BundleInputKind::CollectiveDump;
    // Binary, or nothing decoded at all: libarchive recognises xz, bzip2, ... or says why the
    // file is not an archive (a gzip cut before its first member, say).
    if (isTarHeader(head) || head.empty() || !looksLikeText(head))
        return BundleInputKind::Archive;
    const std::string_view text = withoutBomAndSpace(head);
    const bool compressed = stream.encoding() != ArchiveByteStream::Encoding::Raw;
    // Stack dumps are read as plain text; a compressed one would not parse.
    if (!compressed && detectStackFormat(head, path.filename().string()) != StackFormat::Unknown)
        return BundleInputKind::StackDump;
    if (looksLikeJsonDocument(text) && !isJsonLinesLog(text))
        return BundleInputKind::Trace;
    return BundleInputKind::Log;
}

const char *bundleInputKindName(BundleInputKind kind)
{
    switch (kind) {
    case BundleInputKind::Folder:
        return "folder";
    case BundleInputKind::Archive:
        return "archive";
    case BundleInputKind::Trace:
        return "trace";
    case BundleInputKind::StackDump:
        return "stack dump";
    case BundleInputKind::CollectiveDump:
        return "flight recorder dump";
    case BundleInputKind::Log:
        break;
    }
    return "log";
}

} // namespace rankscope
