#include "core/logs/TrainingLogMasks.h"

#include "core/model/AsciiText.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace rankscope {

namespace {

// Character classes by table: the scanner looks at every byte of millions of lines.
enum : std::uint8_t
{
    kDigit = 1,
    kAlpha = 2,
    kValueStart = 4, // a character at which a value can start: letter, digit, / ~ . - +
};
constexpr std::array<std::uint8_t, 256> kClasses = [] {
    std::array<std::uint8_t, 256> classes{};
    for (int c = '0'; c <= '9'; ++c)
        classes[static_cast<std::size_t>(c)] = kDigit | kValueStart;
    for (int c = 'a'; c <= 'z'; ++c)
        classes[static_cast<std::size_t>(c)] = kAlpha | kValueStart;
    for (int c = 'A'; c <= 'Z'; ++c)
        classes[static_cast<std::size_t>(c)] = kAlpha | kValueStart;
    for (const char c : {'/', '~', '.', '-', '+'})
        classes[static_cast<std::size_t>(c)] = kValueStart;
    return classes;
}();
constexpr std::uint8_t charClass(char c)
{
    return kClasses[static_cast<unsigned char>(c)];
}
constexpr bool isDigitByte(char c)
{
    return charClass(c) & kDigit;
}
constexpr bool isAlpha(char c)
{
    return charClass(c) & kAlpha;
}
constexpr bool isAlnum(char c)
{
    return charClass(c) & (kDigit | kAlpha);
}
constexpr bool isHex(char c)
{
    return isDigitByte(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
constexpr bool isPathChar(char c)
{
    return isAlnum(c) || c == '_' || c == '.' || c == '-';
}
constexpr bool isHostChar(char c)
{
    return isAlnum(c) || c == '_' || c == '-';
}

// The scanners below look at text[pos...] and return the end of the value they recognise, or
// `pos` when there is none. Each one requires the value to end at a boundary.
struct Scanner
{
    std::string_view text;

    char at(std::size_t i) const { return i < text.size() ? text[i] : '\0'; }
    bool endsValue(std::size_t i) const { return !isAlnum(at(i)); }

    std::size_t digits(std::size_t i, std::size_t maxCount = std::string_view::npos) const
    {
        std::size_t count = 0;
        while (count < maxCount && isDigitByte(at(i + count)))
            ++count;
        return count;
    }

    std::size_t hexLiteral(std::size_t pos) const // 0x7f3a
    {
        if (at(pos) != '0' || (at(pos + 1) != 'x' && at(pos + 1) != 'X') || !isHex(at(pos + 2)))
            return pos;
        std::size_t end = pos + 2;
        while (isHex(at(end)))
            ++end;
        return endsValue(end) ? end : pos;
    }

    std::size_t uuid(std::size_t pos) const // 8-4-4-4-12 hex digits
    {
        static constexpr std::array<std::size_t, 5> groups = {8, 4, 4, 4, 12};
        std::size_t i = pos;
        for (std::size_t g = 0; g < groups.size(); ++g) {
            for (std::size_t k = 0; k < groups[g]; ++k, ++i) {
                if (!isHex(at(i)))
                    return pos;
            }
            if (g + 1 < groups.size() && at(i++) != '-')
                return pos;
        }
        return endsValue(i) ? i : pos;
    }

    // HH:MM[:SS[.fff|,fff]] (also the time part of an ISO timestamp).
    std::size_t clockTime(std::size_t pos, bool needSeconds) const
    {
        const std::size_t h = digits(pos, 3);
        if (h < 1 || h > 2 || at(pos + h) != ':' || digits(pos + h + 1, 3) != 2)
            return pos;
        std::size_t end = pos + h + 3;
        if (at(end) == ':' && digits(end + 1, 3) == 2) {
            end += 3;
            if ((at(end) == '.' || at(end) == ',') && isDigitByte(at(end + 1)))
                end += 1 + digits(end + 1);
        } else if (needSeconds) {
            return pos;
        }
        return end;
    }

    // YYYY-MM-DD, optionally followed by [T ]time and a zone (Z, +02:00, +0200).
    std::size_t isoTimestamp(std::size_t pos) const
    {
        if (digits(pos, 5) != 4 || at(pos + 4) != '-' || digits(pos + 5, 3) != 2 ||
            at(pos + 7) != '-' || digits(pos + 8, 3) != 2)
            return pos;
        std::size_t end = pos + 10;
        if ((at(end) == 'T' || at(end) == ' ') && isDigitByte(at(end + 1))) {
            const std::size_t time = clockTime(end + 1, false);
            if (time != end + 1) {
                end = time;
                if (at(end) == 'Z') {
                    ++end;
                } else if ((at(end) == '+' || at(end) == '-') && digits(end + 1, 3) == 2) {
                    std::size_t zone = end + 3;
                    if (at(zone) == ':')
                        ++zone;
                    if (digits(zone, 3) == 2)
                        end = zone + 2;
                }
            }
        }
        return endsValue(end) ? end : pos;
    }

    std::size_t time(std::size_t pos) const
    {
        if (const std::size_t end = isoTimestamp(pos); end != pos)
            return end;
        const std::size_t end = clockTime(pos, true);
        return end != pos && endsValue(end) ? end : pos;
    }

    std::size_t port(std::size_t end) const
    {
        if (at(end) == ':' && isDigitByte(at(end + 1))) {
            const std::size_t n = digits(end + 1, 6);
            if (n <= 5 && endsValue(end + 1 + n))
                return end + 1 + n;
        }
        return end;
    }

    std::size_t ipv4(std::size_t pos) const // 10.0.0.1[:29500]
    {
        std::size_t i = pos;
        for (int part = 0; part < 4; ++part) {
            const std::size_t n = digits(i, 4);
            if (n < 1 || n > 3)
                return pos;
            i += n;
            if (part < 3 && at(i++) != '.')
                return pos;
        }
        if (at(i) == '.' && isDigitByte(at(i + 1)))
            return pos; // 1.2.3.4.5 is no address
        return endsValue(i) ? port(i) : pos;
    }

    // node-17.cluster.local, gpu-a100-003, node-003:29500. Letters first; then either
    // letters-digits followed by dotted labels whose last one starts with a letter, or dashed
    // parts ending in a number with at least two dashes or two digits.
    std::size_t host(std::size_t pos) const
    {
        std::size_t i = pos;
        while (isAlpha(at(i)))
            ++i;
        if (i == pos)
            return pos;
        std::size_t dotted = i;
        if (at(dotted) == '-')
            ++dotted;
        if (const std::size_t n = digits(dotted); n > 0 && at(dotted + n) == '.') {
            std::size_t end = dotted + n;
            bool lastStartsWithLetter = false;
            while (at(end) == '.' && isHostChar(at(end + 1))) {
                lastStartsWithLetter = isAlpha(at(end + 1));
                end += 1;
                while (isHostChar(at(end)))
                    ++end;
            }
            if (lastStartsWithLetter && endsValue(end) && at(end) != '.')
                return port(end);
        }
        // Dashed form: a run of [A-Za-z0-9-] whose last dash-separated part is all digits.
        std::size_t end = i;
        int dashes = 0;
        std::size_t lastPart = pos;
        while (isAlnum(at(end)) || (at(end) == '-' && isAlnum(at(end + 1)))) {
            if (at(end) == '-') {
                ++dashes;
                lastPart = end + 1;
            }
            ++end;
        }
        if (dashes == 0 || at(end) == '_' || (at(end) == '.' && isAlnum(at(end + 1))))
            return pos;
        const std::size_t lastDigits = digits(lastPart);
        if (lastPart + lastDigits != end || lastDigits == 0 || (dashes < 2 && lastDigits < 2))
            return pos;
        return endsValue(end) ? port(end) : pos;
    }

    // The host of NCCL's debug header "r6i4n5:37339:37557 [0] NCCL INFO ..." at the start of a
    // line: any host name (also one like r6i4n5 that host() keeps as a word) when ":pid:tid ["
    // follows it. Without this every node's first lines become templates of their own.
    std::size_t ncclHeaderHost(std::size_t pos) const
    {
        std::size_t end = pos;
        while (isHostChar(at(end)) || (at(end) == '.' && isHostChar(at(end + 1))))
            ++end;
        std::size_t i = end;
        for (int part = 0; part < 2; ++part) {
            if (at(i) != ':')
                return pos;
            const std::size_t n = digits(i + 1, 10);
            if (n == 0)
                return pos;
            i += 1 + n;
        }
        return at(i) == ' ' && at(i + 1) == '[' ? end : pos;
    }

    std::size_t path(std::size_t pos) const // (/[\w.-]+)+, also ./x, ../x, ~/x
    {
        std::size_t i = pos;
        if (at(i) == '~')
            ++i;
        else
            while (at(i) == '.' && i - pos < 2)
                ++i;
        if (at(i) != '/' || !isPathChar(at(i + 1)))
            return pos;
        while (at(i) == '/' && isPathChar(at(i + 1))) {
            ++i;
            while (isPathChar(at(i)))
                ++i;
        }
        return i;
    }

    std::size_t hexRun(std::size_t pos) const // >= 8 hex digits with a digit and a letter
    {
        std::size_t end = pos;
        bool digit = false;
        bool letter = false;
        while (isHex(at(end))) {
            (isDigitByte(at(end)) ? digit : letter) = true;
            ++end;
        }
        return end - pos >= 8 && digit && letter && endsValue(end) ? end : pos;
    }

    // [-+]?digits[.digits][e[-+]digits]; dotted runs (2.14.3) are one number.
    std::size_t number(std::size_t pos, MaskKind &kind) const
    {
        std::size_t i = pos;
        if (at(i) == '-' || at(i) == '+')
            ++i;
        std::size_t n = digits(i);
        if (n == 0)
            return pos;
        i += n;
        kind = MaskKind::Number;
        if (at(i) == '.' && isDigitByte(at(i + 1))) {
            kind = MaskKind::Float;
            i += 1 + digits(i + 1);
            // A version such as 2.14.3 is one value, but no float.
            while (at(i) == '.' && isDigitByte(at(i + 1))) {
                kind = MaskKind::Number;
                i += 1 + digits(i + 1);
            }
        }
        if ((at(i) == 'e' || at(i) == 'E') &&
            (isDigitByte(at(i + 1)) ||
             ((at(i + 1) == '-' || at(i + 1) == '+') && isDigitByte(at(i + 2))))) {
            i += (isDigitByte(at(i + 1)) ? 1 : 2);
            i += digits(i);
            kind = MaskKind::Float;
        }
        return endsValue(i) ? i : pos;
    }
    // "rank 37", "rank=37", "Rank: 37", "rank37", "local_rank=0": the end of the separator
    // before the number (the number itself is masked as a Rank).
    std::size_t rankPrefix(std::size_t pos) const
    {
        static constexpr std::string_view word = "rank";
        for (std::size_t k = 0; k < word.size(); ++k) {
            if (lower(at(pos + k)) != word[k])
                return pos;
        }
        std::size_t i = pos + word.size();
        while (at(i) == ' ' || at(i) == '\t')
            ++i;
        if (at(i) == ':' || at(i) == '=')
            ++i;
        while (at(i) == ' ' || at(i) == '\t')
            ++i;
        const std::size_t n = digits(i);
        if (n == 0 || !endsValue(i + n) || (at(i + n) == '.' && isDigitByte(at(i + n + 1))))
            return pos;
        return i;
    }
};

} // namespace

std::string_view maskPlaceholder(MaskKind kind)
{
    switch (kind) {
    case MaskKind::Custom:
        return "<*>";
    case MaskKind::Hex:
        return "<HEX>";
    case MaskKind::Address:
        return "<IP>";
    case MaskKind::Host:
        return "<HOST>";
    case MaskKind::Path:
        return "<PATH>";
    case MaskKind::Uuid:
        return "<UUID>";
    case MaskKind::Time:
        return "<TIME>";
    case MaskKind::Rank:
        return "<RANK>";
    case MaskKind::Float:
    case MaskKind::Number:
        return "<NUM>";
    }
    return "<*>";
}

void maskTrainingLog(std::string_view content, std::string &out,
                     std::vector<MaskedParameter> *parameters, bool typedPlaceholders)
{
    out.clear();
    out.reserve(content.size() + 16);
    const Scanner scan{content};
    auto emit = [&](MaskKind kind, std::size_t begin, std::size_t end) {
        out.append(typedPlaceholders ? maskPlaceholder(kind) : std::string_view("<*>"));
        if (parameters)
            parameters->push_back({kind, std::string(content.substr(begin, end - begin))});
    };

    std::size_t i = 0;
    const std::size_t size = content.size();
    const char *data = content.data();
    while (i < size) {
        // Copy the run of characters that cannot start a value (spaces, punctuation) at once.
        std::size_t run = i;
        while (run < size && !(charClass(data[run]) & kValueStart))
            ++run;
        if (run > i) {
            out.append(data + i, run - i);
            i = run;
            continue;
        }
        const char c = data[i];
        if (i > 0 && isAlnum(data[i - 1])) {
            // Inside a word (after a '-' or '.' that followed letters, say): no value starts.
            out.push_back(c);
            ++i;
            continue;
        }
        std::size_t end = i;
        MaskKind kind = MaskKind::Number;
        if (isDigitByte(c)) {
            // The character after the leading digits says which forms are possible at all.
            const std::size_t n = scan.digits(i);
            const char next = scan.at(i + n);
            const bool hexLetter = (next >= 'a' && next <= 'f') || (next >= 'A' && next <= 'F');
            if (c == '0' && n == 1 && (next == 'x' || next == 'X') &&
                (end = scan.hexLiteral(i)) != i)
                kind = MaskKind::Hex;
            else if ((hexLetter || (n == 8 && next == '-')) && (end = scan.uuid(i)) != i)
                kind = MaskKind::Uuid;
            else if (((n == 4 && next == '-') || (n <= 2 && next == ':')) &&
                     (end = scan.time(i)) != i)
                kind = MaskKind::Time;
            else if (n <= 3 && next == '.' && (end = scan.ipv4(i)) != i)
                kind = MaskKind::Address;
            else if (hexLetter && (end = scan.hexRun(i)) != i)
                kind = MaskKind::Hex;
            else
                end = scan.number(i, kind);
        } else if (isAlpha(c)) {
            std::size_t letters = i + 1;
            while (letters < size && isAlpha(data[letters]))
                ++letters;
            const char next = scan.at(letters);
            if (letters - i == 4 && (c == 'r' || c == 'R') && (end = scan.rankPrefix(i)) != i) {
                // Keep "rank" and its separator, mask the number.
                out.append(data + i, end - i);
                i = end;
                const std::size_t numberEnd = i + scan.digits(i);
                emit(MaskKind::Rank, i, numberEnd);
                i = numberEnd;
                continue;
            }
            if ((i == 0 || data[i - 1] == '\n') && (end = scan.ncclHeaderHost(i)) != i) {
                emit(MaskKind::Host, i, end);
                i = end;
                continue;
            }
            if (!isDigitByte(next) && next != '-') {
                // No host, UUID or hex run starts with letters followed by anything else.
                out.append(data + i, letters - i);
                i = letters;
                continue;
            }
            if ((end = scan.uuid(i)) != i)
                kind = MaskKind::Uuid;
            else if ((end = scan.host(i)) != i)
                kind = MaskKind::Host;
            else if ((end = scan.hexRun(i)) != i)
                kind = MaskKind::Hex;
        } else if (c == '/' || c == '~' || c == '.') {
            if ((end = scan.path(i)) != i)
                kind = MaskKind::Path;
        } else if ((c == '-' || c == '+') && isDigitByte(scan.at(i + 1)) &&
                   (i == 0 || data[i - 1] == ' ' || data[i - 1] == '=' || data[i - 1] == '(' ||
                    data[i - 1] == '[' || data[i - 1] == ':')) {
            end = scan.number(i, kind);
        }
        if (end != i) {
            emit(kind, i, end);
            i = end;
            continue;
        }
        // No value here: copy the whole word so that digits inside it are not values.
        std::size_t wordEnd = i + 1;
        if (isAlnum(c)) {
            while (wordEnd < size && isAlnum(data[wordEnd]))
                ++wordEnd;
        }
        out.append(data + i, wordEnd - i);
        i = wordEnd;
    }
}

} // namespace rankscope
