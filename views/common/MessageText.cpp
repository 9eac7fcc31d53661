#include "views/common/MessageText.h"

#include <QCoreApplication>
#include <QStringList>

namespace rankscope {

namespace {

// %1..%99 replaced in one pass (as Message::english does), so a value that holds "%1" (a log
// line, a frame name) is not substituted again the way chained QString::arg() calls would.
QString substitutePlaceholdersOnce(const QString &pattern, const QStringList &values)
{
    QString text;
    text.reserve(pattern.size() + 16 * values.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c != u'%' || i + 1 >= pattern.size() || pattern.at(i + 1) < u'1' ||
            pattern.at(i + 1) > u'9') {
            text += c;
            continue;
        }
        qsizetype end = i + 2;
        qsizetype number = pattern.at(i + 1).unicode() - u'0';
        if (end < pattern.size() && pattern.at(end).isDigit() &&
            number * 10 + (pattern.at(end).unicode() - u'0') <= values.size()) {
            number = number * 10 + (pattern.at(end).unicode() - u'0');
            ++end;
        }
        if (number > values.size()) {
            text += c;
            continue;
        }
        text += values.at(number - 1);
        i = end - 1;
    }
    return text;
}

} // namespace

QString messageText(const Message &message)
{
    if (message.empty())
        return {};
    QStringList values;
    values.reserve(qsizetype(message.arguments().size()));
    for (const MessageArgument &argument : message.arguments())
        values << (argument.isMessage() ? messageText(argument.message())
                                        : QString::fromStdString(argument.text()));
    if (message.isVerbatim())
        return values.value(0);
    const QString pattern = QCoreApplication::translate(message.id(), message.pattern());
    return substitutePlaceholdersOnce(pattern, values);
}

QString messageText(const Message &message, const std::string &english)
{
    return message.empty() ? QString::fromStdString(english) : messageText(message);
}

} // namespace rankscope
