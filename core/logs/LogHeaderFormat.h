#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

class Pcre2Pattern;

// A logparser header format such as "<Date> <Time> <Level> <Component>: <Content>" turned
// into the regex logparser's generate_logformat_regex builds: each <Field> a lazy named group
// (?P<Field>.*?), runs of spaces \s+, the rest literal regex text (formats escape their own
// brackets: "\[<Time>\]"), anchored at both ends. Lines are stripped before matching.
class LogHeaderFormat
{
public:
    // Throws std::invalid_argument naming the format when it has no <Content> field or the
    // generated regex does not compile.
    explicit LogHeaderFormat(std::string_view format);
    ~LogHeaderFormat();
    LogHeaderFormat(LogHeaderFormat &&) noexcept;
    LogHeaderFormat &operator=(LogHeaderFormat &&) noexcept;

    // The Content field of a line, or nullopt when the line does not fit the format.
    std::optional<std::string_view> content(std::string_view line) const;
    const std::vector<std::string> &fields() const { return m_fields; }
    const std::string &regex() const { return m_regex; }

    // logparser's regex for a format (exposed for tests and messages).
    static std::string toRegex(std::string_view format, std::vector<std::string> *fields = nullptr);

private:
    std::string m_regex;
    std::vector<std::string> m_fields;
    std::unique_ptr<Pcre2Pattern> m_pattern;
    int m_contentGroup = -1;
};

} // namespace rankscope
