#pragma once

#include <QDir>
#include <QImage>
#include <QString>
#include <QtTest>

namespace rankscope_test {

// Saves a rendered view as `name` in `tempDir` (checked to be a readable PNG) and, when
// RANKSCOPE_SCREENSHOT_DIR is set, there too, for looking at it as a user would.
inline QString saveScreenshot(const QImage &image, const QString &tempDir, const QString &name)
{
    const QString path = QDir(tempDir).filePath(name);
    if (!image.save(path, "PNG"))
        return {};
    const QByteArray extra = qgetenv("RANKSCOPE_SCREENSHOT_DIR");
    if (!extra.isEmpty()) {
        QDir().mkpath(QString::fromLocal8Bit(extra));
        image.save(QDir(QString::fromLocal8Bit(extra)).filePath(name), "PNG");
    }
    return path;
}

} // namespace rankscope_test
