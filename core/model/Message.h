#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

// Marks a message pattern for the translators without any Qt in core: lupdate reads
// RANKSCOPE_MESSAGE(id, pattern) as QT_TRANSLATE_NOOP(context, source) (translations/update.sh
// passes -tr-function-alias), so the stable id becomes the catalog context and the English
// pattern its source. The app translates with QCoreApplication::translate(id, pattern).
#define RANKSCOPE_MESSAGE(id, pattern) (::rankscope::MessagePattern{id, pattern})

namespace rankscope {

// A stable id ("straggler.suspect") and its English source pattern with numbered placeholders
// (%1, %2, ... as Qt writes them).
struct MessagePattern
{
    const char *id = "";
    const char *english = "";
};

class Message;

// One placeholder's value: a plain value (a rank list, a number already formatted, a name, a
// quoted log line) that reads the same in every language, or a nested message that is
// translated in turn ("from iteration 1498", "tentative (one window)").
class MessageArgument
{
public:
    MessageArgument(std::string text);
    MessageArgument(const char *text);
    template <typename Integer,
              std::enable_if_t<std::is_integral_v<Integer> && !std::is_same_v<Integer, bool> &&
                                   !std::is_same_v<Integer, char>,
                               int> = 0>
    MessageArgument(Integer number) : MessageArgument(std::to_string(number))
    {}
    MessageArgument(Message message);

    bool isMessage() const { return !m_message.empty(); }
    const std::string &text() const { return m_text; }
    const Message &message() const; // only when isMessage()

private:
    std::string m_text;
    std::vector<Message> m_message; // zero or one: a class cannot hold itself by value
};

// A sentence or phrase of the analysis as data: the CLI prints english(), the GUI translates
// the pattern and substitutes the arguments (views/common/MessageText.h). An empty message
// (no id) stands for "no sentence".
class Message
{
public:
    Message() = default;
    Message(MessagePattern pattern, std::vector<MessageArgument> arguments = {});

    // Text that is not the analysis' own wording (a log line, a sentence from another tool)
    // shown as it is, in every language.
    static Message verbatim(std::string text);

    const char *id() const { return m_pattern.id; }
    const char *pattern() const { return m_pattern.english; }
    const std::vector<MessageArgument> &arguments() const { return m_arguments; }
    bool empty() const { return *m_pattern.id == '\0'; }
    bool isVerbatim() const;

    // The English sentence: the pattern with every placeholder replaced, nested messages
    // rendered in English too.
    std::string english() const;

private:
    MessagePattern m_pattern;
    std::vector<MessageArgument> m_arguments;
};

// Replaces %1..%99 in `pattern` with `values[n - 1]` in one pass, so a value that itself holds
// "%1" is not substituted again. A placeholder without a value stays as written.
std::string substituteMessagePlaceholders(const std::string &pattern,
                                          const std::vector<std::string> &values);

} // namespace rankscope
