#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// A compiled Perl-compatible regex (PCRE2, JIT-compiled when the platform has it). Subjects are
// UTF-8; invalid UTF-8 is matched as it is instead of failing. \d, \w and \b follow Unicode
// properties, as Python's re does on text. Keeps pcre2.h out of the headers.
class Pcre2Pattern
{
public:
    // Throws std::invalid_argument: "regex 'PATTERN': MESSAGE at offset N".
    explicit Pcre2Pattern(std::string_view pattern);
    ~Pcre2Pattern();
    Pcre2Pattern(Pcre2Pattern &&) noexcept;
    Pcre2Pattern &operator=(Pcre2Pattern &&) noexcept;

    struct Span
    {
        std::size_t begin = 0;
        std::size_t end = 0;
    };
    // Python re.sub(pattern, replacement, subject) with a literal replacement: every
    // non-overlapping match, empty matches included, replaced; matched texts appended to
    // `matched` when given.
    void substitute(std::string_view subject, std::string_view replacement, std::string &out,
                    std::vector<std::string> *matched = nullptr) const;
    // Python re.search(): the first match, with the spans of the numbered groups (an unset
    // group has begin == end == npos); nullopt when there is none.
    std::optional<std::vector<Span>> search(std::string_view subject) const;
    // The group number of a named group, or -1.
    int groupNumber(std::string_view name) const;

    const std::string &pattern() const { return m_pattern; }

private:
    struct Compiled;
    std::string m_pattern;
    std::unique_ptr<Compiled> m_compiled;
};

} // namespace rankscope
