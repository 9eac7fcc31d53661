#include "core/model/Message.h"

namespace rankscope {

MessageArgument::MessageArgument(std::string text) : m_text(std::move(text)) {}

MessageArgument::MessageArgument(const char *text) : m_text(text ? text : "") {}

MessageArgument::MessageArgument(Message message)
{
    m_message.push_back(std::move(message));
}

const Message &MessageArgument::message() const
{
    return m_message.front();
}

Message::Message(MessagePattern pattern, std::vector<MessageArgument> arguments)
    : m_pattern(pattern), m_arguments(std::move(arguments))
{}

Message Message::verbatim(std::string text)
{
    // Not marked for lupdate: there is nothing to translate.
    return Message(MessagePattern{"verbatim", "%1"}, {MessageArgument(std::move(text))});
}

bool Message::isVerbatim() const
{
    return std::string(m_pattern.id) == "verbatim";
}

std::string Message::english() const
{
    std::vector<std::string> values;
    values.reserve(m_arguments.size());
    for (const MessageArgument &argument : m_arguments)
        values.push_back(argument.isMessage() ? argument.message().english() : argument.text());
    return substituteMessagePlaceholders(m_pattern.english, values);
}

std::string substituteMessagePlaceholders(const std::string &pattern,
                                          const std::vector<std::string> &values)
{
    std::string text;
    text.reserve(pattern.size() + 16 * values.size());
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c != '%' || i + 1 >= pattern.size() || pattern[i + 1] < '1' || pattern[i + 1] > '9') {
            text += c;
            continue;
        }
        std::size_t end = i + 2;
        std::size_t number = std::size_t(pattern[i + 1] - '0');
        if (end < pattern.size() && pattern[end] >= '0' && pattern[end] <= '9' &&
            number * 10 + std::size_t(pattern[end] - '0') <= values.size()) {
            number = number * 10 + std::size_t(pattern[end] - '0');
            ++end;
        }
        if (number > values.size()) {
            text += c;
            continue;
        }
        text += values[number - 1];
        i = end - 1;
    }
    return text;
}

} // namespace rankscope
