#pragma once

// Builds job bundles for the import tests out of the hand-written fixtures in
// tests/fixtures/bundle, and prints datasets in a form that is easy to compare.
#include "TestData.h"

#include "core/model/StackDataset.h"
#include "importers/bundle/BundleImport.h"

#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QStringList>

#include <sys/stat.h>

namespace bundle_test {

inline QByteArray fixture(const char *name)
{
    QFile file(rankscope_test::fixturesDir() + QStringLiteral("/bundle/") +
               QString::fromUtf8(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return file.readAll();
}

// Writes `data` at `root/relative`, creating folders; sets the mtime when given (s since epoch).
inline void writeFile(const QString &root, const QString &relative, const QByteArray &data,
                      qint64 mtime = -1)
{
    const QString path = root + QLatin1Char('/') + relative;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    file.write(data);
    file.flush(); // or closing the file would move the mtime set below
    if (mtime >= 0)
        file.setFileTime(QDateTime::fromSecsSinceEpoch(mtime), QFileDevice::FileModificationTime);
}

inline void setMtime(const QString &path, qint64 mtime)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        qFatal("cannot open %s", qPrintable(path));
    file.setFileTime(QDateTime::fromSecsSinceEpoch(mtime), QFileDevice::FileModificationTime);
}

inline rankscope::ImportOptions options(const QString &bundle, const QString &cacheDir)
{
    rankscope::ImportOptions o;
    o.bundlePath = bundle.toStdString();
    o.cacheDir = cacheDir.toStdString();
    return o;
}

inline std::string frameText(const rankscope::StackDataset &data, rankscope::StackId stack)
{
    std::string text;
    for (rankscope::FrameId id : data.stacks[stack]) {
        const rankscope::Frame &f = data.frames[id];
        text += (text.empty() ? "" : ";") + f.function;
    }
    return text;
}

// One line per sample with everything the analysis uses (ids replaced by content).
inline QStringList digest(const rankscope::StackDataset &data)
{
    QStringList lines;
    for (const rankscope::StackSample &s : data.samples) {
        lines << QString::fromStdString(
            std::to_string(s.rank) + " #" + std::to_string(s.sampleIndex) +
            " t=" + std::to_string(s.timeNs) + " " + s.role + " pid=" + std::to_string(s.pid) +
            " tid=" + std::to_string(s.threadId) + " \"" + s.threadName + "\" " +
            rankscope::threadStateName(s.state) + (s.isMainThread ? " MAIN " : " ") +
            "w=" + std::to_string(s.weight) + " " + data.sourceFiles[s.sourceFile] + " " +
            frameText(data, s.stack));
    }
    return lines;
}

inline QString problemsText(const std::vector<rankscope::ImportProblem> &problems)
{
    QStringList lines;
    for (const rankscope::ImportProblem &p : problems)
        lines << QString::fromStdString(p.file + ":" + std::to_string(p.line) + ": " + p.message);
    return lines.join(QLatin1Char('\n'));
}

inline const rankscope::ImportProblem *problemFor(const std::vector<rankscope::ImportProblem> &all,
                                                  const std::string &file)
{
    for (const rankscope::ImportProblem &p : all) {
        if (p.file == file)
            return &p;
    }
    return nullptr;
}

// Every path under `dir`, relative, sorted: what is really on disk.
inline QStringList tree(const QString &dir)
{
    QStringList paths;
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        paths << QDir(dir).relativeFilePath(it.next());
    paths.sort();
    return paths;
}

} // namespace bundle_test
