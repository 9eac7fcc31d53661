#pragma once

#include "TestData.h"
#include "importers/stacks/StackFormat.h"

#include <QFile>
#include <QString>
#include <QStringList>

#include <string>

namespace rankscope_test {

// Raw bytes of tests/fixtures/stacks/<name>; fails the calling test when missing.
inline std::string readStackFixture(const QString &name)
{
    QFile file(fixturesDir() + QStringLiteral("/stacks/") + name);
    if (!file.open(QIODevice::ReadOnly)) {
        qWarning("cannot open fixture %s", qPrintable(file.fileName()));
        return {};
    }
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

inline std::string readFileBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

inline QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

// The thread's function names, root first, joined by ';' (compact to compare).
inline QString frameNames(const rankscope::ParsedThread &thread)
{
    QStringList names;
    for (const rankscope::Frame &frame : thread.frames)
        names << qs(frame.function);
    return names.join(QLatin1Char(';'));
}

// All problems as "line: message" lines, for failure messages and substring checks.
inline QString problemsText(const rankscope::ParsedStacks &stacks)
{
    QStringList lines;
    for (const rankscope::ParseProblem &problem : stacks.problems)
        lines << QString::number(problem.line) + QStringLiteral(": ") + qs(problem.message);
    return lines.join(QLatin1Char('\n'));
}

inline bool hasProblem(const rankscope::ParsedStacks &stacks, const char *text,
                       std::int64_t line = -1)
{
    for (const rankscope::ParseProblem &problem : stacks.problems) {
        if (problem.message.find(text) != std::string::npos && (line < 0 || problem.line == line))
            return true;
    }
    return false;
}

inline int threadCount(const rankscope::ParsedStacks &stacks)
{
    int n = 0;
    for (const rankscope::ParsedProcess &process : stacks.processes)
        n += static_cast<int>(process.threads.size());
    return n;
}

} // namespace rankscope_test
