#pragma once

#include "TestData.h"

#include <QFile>
#include <QString>

#include <string>

namespace rankscope_test {

inline std::string readBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

inline QString frFixture(const char *name)
{
    return fixturesDir() + QStringLiteral("/flight_recorder/") + QString::fromUtf8(name);
}

inline std::string readFrFixture(const char *name)
{
    return readBytes(frFixture(name));
}

} // namespace rankscope_test
