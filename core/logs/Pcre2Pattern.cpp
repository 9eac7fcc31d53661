#include "core/logs/Pcre2Pattern.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdexcept>

namespace rankscope {

struct Pcre2Pattern::Compiled
{
    pcre2_code *code = nullptr;
    ~Compiled() { pcre2_code_free(code); }
};

namespace {

// Match data is per call: patterns are shared between threads (LogMasker copies share them).
struct MatchData
{
    explicit MatchData(const pcre2_code *code)
        : data(pcre2_match_data_create_from_pattern(code, nullptr))
    {
        if (!data)
            throw std::bad_alloc();
    }
    ~MatchData() { pcre2_match_data_free(data); }
    MatchData(const MatchData &) = delete;
    MatchData &operator=(const MatchData &) = delete;
    pcre2_match_data *data;
};

std::string errorText(int code)
{
    PCRE2_UCHAR buffer[256];
    if (pcre2_get_error_message(code, buffer, sizeof buffer) < 0)
        return "error " + std::to_string(code);
    return reinterpret_cast<const char *>(buffer);
}

} // namespace

Pcre2Pattern::Pcre2Pattern(std::string_view pattern)
    : m_pattern(pattern), m_compiled(std::make_unique<Compiled>())
{
    int error = 0;
    PCRE2_SIZE offset = 0;
    m_compiled->code =
        pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                      PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF, &error, &offset, nullptr);
    if (!m_compiled->code)
        throw std::invalid_argument("regex '" + m_pattern + "': " + errorText(error) +
                                    " at offset " + std::to_string(offset));
    // JIT is an optimisation only: without it (or when the platform lacks it) the
    // interpreter gives the same matches.
    pcre2_jit_compile(m_compiled->code, PCRE2_JIT_COMPLETE);
}

Pcre2Pattern::~Pcre2Pattern() = default;
Pcre2Pattern::Pcre2Pattern(Pcre2Pattern &&) noexcept = default;
Pcre2Pattern &Pcre2Pattern::operator=(Pcre2Pattern &&) noexcept = default;

void Pcre2Pattern::substitute(std::string_view subject, std::string_view replacement,
                              std::string &out, std::vector<std::string> *matched) const
{
    MatchData match(m_compiled->code);
    const auto *text = reinterpret_cast<PCRE2_SPTR>(subject.data());
    std::size_t copied = 0; // subject bytes already in `out`
    std::size_t start = 0;
    std::uint32_t options = 0;
    out.clear();
    while (start <= subject.size()) {
        const int rc = pcre2_match(m_compiled->code, text, subject.size(), start, options,
                                   match.data, nullptr);
        if (rc == PCRE2_ERROR_NOMATCH) {
            if (options == 0)
                break;
            // No non-empty match where the last empty one was: step over one character
            // (a whole UTF-8 sequence) and search normally again.
            std::size_t next = start + 1;
            while (next < subject.size() &&
                   (static_cast<unsigned char>(subject[next]) & 0xC0) == 0x80)
                ++next;
            start = next;
            options = 0;
            continue;
        }
        if (rc < 0)
            throw std::runtime_error("regex '" + m_pattern + "': " + errorText(rc));
        const PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(match.data);
        const std::size_t begin = ovector[0];
        const std::size_t end = ovector[1];
        out.append(subject.substr(copied, begin - copied));
        out.append(replacement);
        if (matched)
            matched->emplace_back(subject.substr(begin, end - begin));
        copied = end;
        start = end;
        // After an empty match, look for a non-empty one at the same place (Python 3.7+ re.sub).
        options = begin == end ? (PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED) : 0;
    }
    out.append(subject.substr(copied));
}

std::optional<std::vector<Pcre2Pattern::Span>> Pcre2Pattern::search(std::string_view subject) const
{
    MatchData match(m_compiled->code);
    const int rc = pcre2_match(m_compiled->code, reinterpret_cast<PCRE2_SPTR>(subject.data()),
                               subject.size(), 0, 0, match.data, nullptr);
    if (rc == PCRE2_ERROR_NOMATCH)
        return std::nullopt;
    if (rc < 0)
        throw std::runtime_error("regex '" + m_pattern + "': " + errorText(rc));
    const PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(match.data);
    const std::uint32_t pairs = pcre2_get_ovector_count(match.data);
    std::vector<Span> spans(pairs);
    for (std::uint32_t i = 0; i < pairs; ++i) {
        if (ovector[2 * i] == PCRE2_UNSET)
            spans[i] = {std::string::npos, std::string::npos};
        else
            spans[i] = {ovector[2 * i], ovector[2 * i + 1]};
    }
    return spans;
}

int Pcre2Pattern::groupNumber(std::string_view name) const
{
    const std::string terminated(name);
    const int number = pcre2_substring_number_from_name(
        m_compiled->code, reinterpret_cast<PCRE2_SPTR>(terminated.c_str()));
    return number < 0 ? -1 : number;
}

} // namespace rankscope
