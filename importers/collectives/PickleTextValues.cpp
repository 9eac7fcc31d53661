#include "importers/collectives/PickleTextValues.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace rankscope {

bool littleEndianTwosComplement(const unsigned char *bytes, std::size_t length, std::int64_t &value)
{
    if (length == 0) {
        value = 0;
        return true;
    }
    const bool negative = (bytes[length - 1] & 0x80) != 0;
    // Bytes past the eighth must only repeat the sign, and the eighth must carry it.
    if (length > 8) {
        const unsigned char fill = negative ? 0xFF : 0x00;
        for (std::size_t i = 8; i < length; ++i)
            if (bytes[i] != fill)
                return false;
        if (((bytes[7] & 0x80) != 0) != negative)
            return false;
        length = 8;
    }
    std::uint64_t bits = negative ? ~std::uint64_t(0) : 0;
    for (std::size_t i = 0; i < length; ++i) {
        bits &= ~(std::uint64_t(0xFF) << (8 * i));
        bits |= std::uint64_t(bytes[i]) << (8 * i);
    }
    value = std::int64_t(bits);
    return true;
}

bool decimalInteger(std::string_view text, bool allowSuffix, std::int64_t &value)
{
    if (allowSuffix && !text.empty() && text.back() == 'L')
        text.remove_suffix(1);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty())
        return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

bool decimalReal(std::string_view text, double &value)
{
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty())
        return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

namespace {

void appendUtf8(std::uint32_t codePoint, std::string &out)
{
    if (codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
        codePoint = 0xFFFD;
    if (codePoint < 0x80) {
        out.push_back(char(codePoint));
    } else if (codePoint < 0x800) {
        out.push_back(char(0xC0 | (codePoint >> 6)));
        out.push_back(char(0x80 | (codePoint & 0x3F)));
    } else if (codePoint < 0x10000) {
        out.push_back(char(0xE0 | (codePoint >> 12)));
        out.push_back(char(0x80 | ((codePoint >> 6) & 0x3F)));
        out.push_back(char(0x80 | (codePoint & 0x3F)));
    } else {
        out.push_back(char(0xF0 | (codePoint >> 18)));
        out.push_back(char(0x80 | ((codePoint >> 12) & 0x3F)));
        out.push_back(char(0x80 | ((codePoint >> 6) & 0x3F)));
        out.push_back(char(0x80 | (codePoint & 0x3F)));
    }
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

void appendRawUnicodeEscape(std::string_view text, std::string &out)
{
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\\' && i + 1 < text.size() && (text[i + 1] == 'u' || text[i + 1] == 'U')) {
            const std::size_t digits = text[i + 1] == 'u' ? 4 : 8;
            if (i + 2 + digits <= text.size()) {
                std::uint32_t codePoint = 0;
                bool ok = true;
                for (std::size_t k = 0; k < digits && ok; ++k) {
                    const int d = hexDigit(text[i + 2 + k]);
                    ok = d >= 0;
                    codePoint = codePoint << 4 | std::uint32_t(d < 0 ? 0 : d);
                }
                if (ok) {
                    appendUtf8(codePoint, out);
                    i += 1 + digits;
                    continue;
                }
            }
        }
        appendUtf8(c, out); // Latin-1
    }
}

} // namespace rankscope
