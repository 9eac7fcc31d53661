// decodeStackText: raw file bytes -> UTF-8 text for the stack parsers. Windows tools write
// UTF-16 (PowerShell's ">" redirection) or a UTF-8 BOM; crashed nodes leave files padded with
// NUL bytes; log collectors cut multi-byte characters. Each repair is reported once, with the
// line of its first occurrence.

#include "importers/Utf8Sequence.h"
#include "importers/stacks/StackFormat.h"
#include "importers/stacks/TextLines.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace rankscope {

namespace {

void appendUtf8(std::string *out, std::uint32_t codePoint)
{
    if (codePoint < 0x80) {
        out->push_back(static_cast<char>(codePoint));
    } else if (codePoint < 0x800) {
        out->push_back(static_cast<char>(0xC0 | (codePoint >> 6)));
        out->push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
    } else if (codePoint < 0x10000) {
        out->push_back(static_cast<char>(0xE0 | (codePoint >> 12)));
        out->push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
    } else {
        out->push_back(static_cast<char>(0xF0 | (codePoint >> 18)));
        out->push_back(static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | (codePoint & 0x3F)));
    }
}

constexpr std::uint32_t kReplacement = 0xFFFD;

// Counts repairs of one kind and remembers the line of the first.
struct RepairCount
{
    std::int64_t count = 0;
    std::int64_t firstLine = 0;
    void add(std::int64_t line)
    {
        if (count++ == 0)
            firstLine = line;
    }
};

std::string decodeUtf16(std::string_view bytes, bool bigEndian, RepairCount *badUnits)
{
    std::string out;
    out.reserve(bytes.size() / 2 + bytes.size() / 8);
    std::int64_t line = 1;
    auto unitAt = [&](std::size_t i) -> std::uint32_t {
        const auto a = static_cast<unsigned char>(bytes[i]);
        const auto b = static_cast<unsigned char>(bytes[i + 1]);
        return bigEndian ? (a << 8 | b) : (b << 8 | a);
    };
    std::size_t i = 0;
    for (; i + 1 < bytes.size(); i += 2) {
        std::uint32_t unit = unitAt(i);
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            if (i + 3 < bytes.size()) {
                const std::uint32_t low = unitAt(i + 2);
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    appendUtf8(&out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
                    i += 2;
                    continue;
                }
            }
            badUnits->add(line);
            unit = kReplacement;
        } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
            badUnits->add(line);
            unit = kReplacement;
        }
        if (unit == '\n')
            ++line;
        appendUtf8(&out, unit);
    }
    if (i < bytes.size()) { // odd byte count: the last character was cut
        badUnits->add(line);
        appendUtf8(&out, kReplacement);
    }
    return out;
}

// UTF-16 without a byte order mark: mostly-ASCII text has a NUL in every other byte.
bool looksLikeUtf16WithoutBom(std::string_view bytes, bool *bigEndian)
{
    const std::size_t n = std::min<std::size_t>(bytes.size(), 4096) & ~std::size_t(1);
    if (n < 8)
        return false;
    // Text without a NUL in the sample cannot be UTF-16 by this test: one library scan spares
    // the count below for every ordinary file.
    if (!std::memchr(bytes.data(), '\0', n))
        return false;
    std::size_t evenNul = 0, oddNul = 0;
    for (std::size_t i = 0; i < n; i += 2) {
        evenNul += bytes[i] == '\0';
        oddNul += bytes[i + 1] == '\0';
    }
    const std::size_t pairs = n / 2;
    if (oddNul * 10 >= pairs * 9 && evenNul * 20 <= pairs) {
        *bigEndian = false;
        return true;
    }
    if (evenNul * 10 >= pairs * 9 && oddNul * 20 <= pairs) {
        *bigEndian = true;
        return true;
    }
    return false;
}

std::string plural(std::int64_t n, const char *word)
{
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::size_t countNuls(std::string_view bytes)
{
    // Text has none: one library scan answers. Binary data has many: count them in one pass.
    const std::size_t first = bytes.find('\0');
    if (first == std::string_view::npos)
        return 0;
    return std::size_t(std::count(bytes.begin() + std::ptrdiff_t(first), bytes.end(), '\0'));
}

// Offset of the first byte that is not part of valid UTF-8, or npos. Dumps are nearly all
// ASCII, so the bytes are tested eight at a time for a set high bit, and only a word that has
// one is walked byte by byte.
std::size_t firstInvalidUtf8(std::string_view text)
{
    constexpr std::uint64_t kHighBits = 0x8080808080808080ull;
    const std::size_t size = text.size();
    auto asciiWordAt = [&](std::size_t i) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, sizeof word); // unaligned load
        return (word & kHighBits) == 0;
    };
    std::size_t i = 0;
    while (true) {
        while (i + 8 <= size && asciiWordAt(i))
            i += 8;
        while (i < size && static_cast<unsigned char>(text[i]) < 0x80)
            ++i;
        if (i == size)
            return std::string_view::npos;
        const std::size_t length = validUtf8Length(text, i);
        if (length == 0)
            return i;
        i += length;
    }
}

// The careful path, for text with invalid sequences or stray NULs: every bad byte becomes
// U+FFFD and each kind of repair is reported once, at the line where it first occurs.
std::string repairUtf8(std::string_view bytes, std::vector<ParseProblem> *problems)
{
    std::string out;
    out.reserve(bytes.size());
    RepairCount invalidUtf8, nuls;
    std::int64_t line = 1;
    for (std::size_t i = 0; i < bytes.size();) {
        // Dumps are nearly all ASCII: copy runs of it in one go.
        std::size_t run = i;
        while (run < bytes.size() && static_cast<unsigned char>(bytes[run]) < 0x80 &&
               bytes[run] != '\0') {
            line += bytes[run] == '\n';
            ++run;
        }
        if (run > i) {
            out.append(bytes.data() + i, run - i);
            i = run;
            continue;
        }
        const char c = bytes[i];
        if (c == '\0') {
            nuls.add(line);
            appendUtf8(&out, kReplacement);
            ++i;
            continue;
        }
        const std::size_t length = validUtf8Length(bytes, i);
        if (length == 0) {
            invalidUtf8.add(line);
            appendUtf8(&out, kReplacement);
            ++i;
            continue;
        }
        out.append(bytes.data() + i, length);
        i += length;
    }
    if (invalidUtf8.count > 0) {
        problems->push_back(
            {invalidUtf8.firstLine,
             "invalid UTF-8 (" + plural(invalidUtf8.count, "byte") + " replaced with U+FFFD)"});
    }
    if (nuls.count > 0) {
        problems->push_back({nuls.firstLine, "stray NUL bytes (" + plural(nuls.count, "byte") +
                                                 " replaced with U+FFFD)"});
    }
    return out;
}

} // namespace

std::string decodeStackText(std::string_view bytes, std::vector<ParseProblem> *problems)
{
    std::vector<ParseProblem> ignored;
    if (!problems)
        problems = &ignored;

    std::string utf16Text;
    bool bigEndian = false;
    const bool bomLe = startsWith(bytes, "\xFF\xFE");
    const bool bomBe = startsWith(bytes, "\xFE\xFF");
    if (bomLe || bomBe || looksLikeUtf16WithoutBom(bytes, &bigEndian)) {
        if (bomLe || bomBe) {
            bigEndian = bomBe;
            bytes.remove_prefix(2);
        } else {
            problems->push_back({0, std::string("no byte order mark, but the content looks like "
                                                "UTF-16 ") +
                                        (bigEndian ? "big" : "little") +
                                        "-endian text: decoded as such"});
        }
        RepairCount badUnits;
        utf16Text = decodeUtf16(bytes, bigEndian, &badUnits);
        if (badUnits.count > 0) {
            problems->push_back({badUnits.firstLine, "invalid UTF-16 (" +
                                                         plural(badUnits.count, "code unit") +
                                                         " replaced with U+FFFD)"});
        }
        bytes = utf16Text;
    } else if (startsWith(bytes, "\xEF\xBB\xBF")) {
        bytes.remove_prefix(3);
    }

    // A node that crashed while writing leaves the file padded with NUL bytes.
    std::size_t nulTail = 0;
    while (nulTail < bytes.size() && bytes[bytes.size() - 1 - nulTail] == '\0')
        ++nulTail;
    if (nulTail > 0) {
        bytes.remove_suffix(nulTail);
        problems->push_back({lineOfOffset(bytes, bytes.size()),
                             "the file ends in " + plural(std::int64_t(nulTail), "NUL byte") +
                                 " (an interrupted write?); ignored them"});
    }
    const std::size_t nulCount = countNuls(bytes);
    if (nulCount > 0 && (nulCount * 100 > bytes.size() || bytes.size() < 64)) {
        problems->push_back({0, "binary data (" + plural(std::int64_t(nulCount), "NUL byte") +
                                    "), not a text stack dump"});
        return {};
    }

    // Nearly every file: valid UTF-8 (mostly ASCII) that needs no repair, so one copy.
    if (nulCount == 0 && firstInvalidUtf8(bytes) == std::string_view::npos) {
        if (bytes.data() == utf16Text.data()) { // already our own copy: hand it over
            utf16Text.resize(bytes.size());
            return utf16Text;
        }
        return std::string(bytes);
    }
    return repairUtf8(bytes, problems);
}

} // namespace rankscope
