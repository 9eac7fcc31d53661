#pragma once

#include <QByteArray>
#include <QDir>
#include <QString>
#include <QtTest>

namespace rankscope_test {

// The real captures of ../shared/data (RANKSCOPE_SHARED_DATA overrides the location). Returns
// an empty string when absent, so tests can QSKIP with a reason.
inline QString sharedDataDir()
{
    QByteArray env = qgetenv("RANKSCOPE_SHARED_DATA");
    const QString dir = env.isEmpty() ? QString::fromUtf8(RANKSCOPE_SHARED_DATA_DEFAULT)
                                      : QString::fromLocal8Bit(env);
    return QDir(dir).exists() ? QDir(dir).absolutePath() : QString();
}

// The project's own hand-written fixtures in tests/fixtures.
inline QString fixturesDir()
{
    return QString::fromUtf8(RANKSCOPE_FIXTURES_DIR);
}

} // namespace rankscope_test

// Skips the current test with a clear reason when ../shared/data is not beside the project.
#define RANKSCOPE_REQUIRE_SHARED_DATA(dirVar)                                                      \
    const QString dirVar = rankscope_test::sharedDataDir();                                        \
    if (dirVar.isEmpty())                                                                          \
        QSKIP("../shared/data is absent (set RANKSCOPE_SHARED_DATA to the real captures); "        \
              "skipping the real-file checks");
