#include "core/logs/LogHeaderFormat.h"

#include "core/logs/Pcre2Pattern.h"

#include <stdexcept>

namespace rankscope {

std::string LogHeaderFormat::toRegex(std::string_view format, std::vector<std::string> *fields)
{
    // re.split(r"(<[^<>]+>)", format): literal text and <Field> alternate.
    std::string regex = "^";
    std::size_t i = 0;
    auto appendLiteral = [&](std::string_view literal) {
        // re.sub(" +", "\\s+", literal)
        for (std::size_t k = 0; k < literal.size();) {
            if (literal[k] == ' ') {
                while (k < literal.size() && literal[k] == ' ')
                    ++k;
                regex += "\\s+";
            } else {
                regex.push_back(literal[k++]);
            }
        }
    };
    while (i < format.size()) {
        std::size_t open = format.find('<', i);
        while (open != std::string_view::npos) {
            const std::size_t close = format.find_first_of("<>", open + 1);
            if (close != std::string_view::npos && format[close] == '>' && close > open + 1)
                break;
            open = format.find('<', open + 1);
        }
        if (open == std::string_view::npos) {
            appendLiteral(format.substr(i));
            break;
        }
        const std::size_t close = format.find('>', open);
        appendLiteral(format.substr(i, open - i));
        const std::string name(format.substr(open + 1, close - open - 1));
        regex += "(?P<" + name + ">.*?)";
        if (fields)
            fields->push_back(name);
        i = close + 1;
    }
    regex += "$";
    return regex;
}

LogHeaderFormat::LogHeaderFormat(std::string_view format)
{
    m_regex = toRegex(format, &m_fields);
    try {
        m_pattern = std::make_unique<Pcre2Pattern>(m_regex);
    } catch (const std::invalid_argument &error) {
        throw std::invalid_argument("log format '" + std::string(format) +
                                    "' gives an invalid regex: " + error.what());
    }
    m_contentGroup = m_pattern->groupNumber("Content");
    if (m_contentGroup < 0)
        throw std::invalid_argument("log format '" + std::string(format) +
                                    "' has no <Content> field");
}

LogHeaderFormat::~LogHeaderFormat() = default;
LogHeaderFormat::LogHeaderFormat(LogHeaderFormat &&) noexcept = default;
LogHeaderFormat &LogHeaderFormat::operator=(LogHeaderFormat &&) noexcept = default;

std::optional<std::string_view> LogHeaderFormat::content(std::string_view line) const
{
    // Python's str.strip() on ASCII whitespace.
    auto isSpace = [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' ||
               (c >= '\x1c' && c <= '\x1f');
    };
    while (!line.empty() && isSpace(line.front()))
        line.remove_prefix(1);
    while (!line.empty() && isSpace(line.back()))
        line.remove_suffix(1);
    const auto spans = m_pattern->search(line);
    if (!spans)
        return std::nullopt;
    const Pcre2Pattern::Span span = (*spans)[static_cast<std::size_t>(m_contentGroup)];
    if (span.begin == std::string::npos)
        return std::nullopt;
    return line.substr(span.begin, span.end - span.begin);
}

} // namespace rankscope
