#pragma once

#include "TestData.h"
#include "core/logs/LogModel.h"
#include "importers/logs/LogImport.h"

#include <QFile>
#include <QString>
#include <QtTest>

#include <string>
#include <string_view>

namespace rankscope_test {

// Imports inline text as if it were the file `path` of a bundle.
inline rankscope::ParsedLog importText(std::string_view text,
                                       std::string_view path = "logs/combined.log")
{
    return rankscope::importLogBytes(text, path);
}

// The fixture tests/fixtures/logs/<name>.
inline QString logFixture(const char *name)
{
    return fixturesDir() + QStringLiteral("/logs/") + QString::fromUtf8(name);
}

inline std::string readFixture(const char *name)
{
    QFile file(logFixture(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

// The first event whose text contains `needle`, or nullptr.
inline const rankscope::LogEvent *eventContaining(const rankscope::ParsedLog &log,
                                                  std::string_view needle)
{
    for (const rankscope::LogEvent &event : log.events) {
        if (event.text.find(needle) != std::string::npos)
            return &event;
    }
    return nullptr;
}

inline QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

// All problem messages, one per line, for failure output.
inline QString problemsText(const rankscope::ParsedLog &log)
{
    QString all;
    for (const rankscope::LogProblem &problem : log.problems)
        all += qs(problem.message) + QLatin1Char('\n');
    return all;
}

} // namespace rankscope_test
