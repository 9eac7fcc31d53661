// Archive extraction: hostile entries never write outside the private folder, damage keeps what
// was read, limits hold, and an unchanged archive is not extracted twice.
#include "BundleTestSupport.h"
#include "TarBuilder.h"

#include "importers/bundle/ArchiveExtractor.h"
#include "importers/bundle/BundleImport.h"

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace rankscope;
using namespace bundle_test;
namespace fs = std::filesystem;

class TestArchiveExtractor : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_counter = 0;

    // A fresh "cache" folder with the archive beside it (not inside), as in real use.
    struct Setup
    {
        QString archive;
        QString cache;
        fs::path target;
    };
    Setup setup(const char *name)
    {
        const QString base = m_tmp.path() + QStringLiteral("/case%1").arg(++m_counter);
        QDir().mkpath(base + QStringLiteral("/cache"));
        return {base + QLatin1Char('/') + QString::fromUtf8(name), base + QStringLiteral("/cache"),
                fs::path(QString(base + QStringLiteral("/cache/bundle.extract")).toStdString())};
    }

private slots:
    void plainBundleExtracts()
    {
        const Setup s = setup("plain.tar.gz");
        TarBuilder tar;
        tar.addDirectory("run/");
        tar.addFile("run/job.json", "{}");
        tar.addFile("run/stacks/rank0.txt", "hello", 1700000000);
        tar.write(s.archive, TarBuilder::Compression::Gzip);

        const ExtractionResult result = extractArchive(s.archive.toStdString(), s.target, {});
        QVERIFY2(result.problems.empty(), qPrintable(problemsText(result.problems)));
        QVERIFY(!result.reused);
        QCOMPARE(
            tree(QString::fromStdString(s.target.string())),
            QStringList({QStringLiteral("run"), QStringLiteral("run/job.json"),
                         QStringLiteral("run/stacks"), QStringLiteral("run/stacks/rank0.txt")}));
        // Modification times come from the archive: the importer may order samples by them.
        const auto mtime =
            QFileInfo(QString::fromStdString((s.target / "run/stacks/rank0.txt").string()))
                .lastModified()
                .toSecsSinceEpoch();
        QCOMPARE(mtime, qint64(1700000000));
    }

    void hostileEntriesStayInside()
    {
        const Setup s = setup("hostile.tar");
        const QString outside = m_tmp.path() + QStringLiteral("/outside-absolute.txt");
        TarBuilder tar;
        tar.addFile("stacks/rank0.txt", "good");
        tar.addFile(outside.toStdString(), "absolute");
        tar.addFile("../escape.txt", "dotdot");
        tar.addFile("stacks/../../escape2.txt", "dotdot inside");
        tar.addSymlink("stacks/link", "../../..");
        tar.addFile("stacks/link/through-link.txt", "via link");
        tar.addSymlink("stacks/passwd", "/etc/passwd");
        tar.addHardlink("stacks/hard", "/etc/passwd");
        tar.addSpecial("stacks/null", AE_IFCHR);
        tar.addSpecial("stacks/fifo", AE_IFIFO);
        tar.addFile("stacks/rank1.txt", "also good");
        tar.write(s.archive);

        const QStringList cacheBefore = tree(s.cache);
        const QStringList rootBefore = tree(m_tmp.path());
        const ExtractionResult result = extractArchive(s.archive.toStdString(), s.target, {});
        const QString report = problemsText(result.problems);

        // On disk: the two good files (and the folder a refused link would have used).
        QStringList inside = tree(QString::fromStdString(s.target.string()));
        QCOMPARE(inside, QStringList({QStringLiteral("stacks"), QStringLiteral("stacks/link"),
                                      QStringLiteral("stacks/link/through-link.txt"),
                                      QStringLiteral("stacks/rank0.txt"),
                                      QStringLiteral("stacks/rank1.txt")}));
        QVERIFY(QFileInfo(QString::fromStdString((s.target / "stacks/link").string())).isDir());
        QVERIFY(
            !QFileInfo(QString::fromStdString((s.target / "stacks/link").string())).isSymLink());
        QVERIFY(!QFile::exists(outside));
        // Nothing new beside the extraction folder or anywhere else in the temporary tree, except
        // the extraction folder itself and its record.
        QStringList rootAfter = tree(m_tmp.path());
        for (const QString &path : rootBefore)
            rootAfter.removeOne(path);
        for (const QString &path : rootAfter) {
            QVERIFY2(path.contains(QLatin1String("/cache/bundle.extract")),
                     qPrintable(QStringLiteral("unexpected file outside: ") + path));
        }
        Q_UNUSED(cacheBefore);

        QCOMPARE(result.problems.size(), std::size_t(8));
        QVERIFY2(problemFor(result.problems, outside.toStdString().c_str()), qPrintable(report));
        QVERIFY(QString::fromStdString(problemFor(result.problems, "../escape.txt")->message)
                    .contains(QLatin1String("..")));
        QVERIFY(problemFor(result.problems, "stacks/../../escape2.txt"));
        QVERIFY(QString::fromStdString(problemFor(result.problems, "stacks/link")->message)
                    .contains(QLatin1String("symbolic link")));
        QVERIFY(problemFor(result.problems, "stacks/passwd"));
        QVERIFY(QString::fromStdString(problemFor(result.problems, "stacks/hard")->message)
                    .contains(QLatin1String("hard link")));
        QVERIFY(QString::fromStdString(problemFor(result.problems, "stacks/null")->message)
                    .contains(QLatin1String("device")));
        QVERIFY(QString::fromStdString(problemFor(result.problems, "stacks/fifo")->message)
                    .contains(QLatin1String("pipe")));
    }

    void truncatedArchiveKeepsEarlierEntries()
    {
        const Setup s = setup("truncated.tar.gz");
        // 40 poorly compressible files of 16 KB: the cut lands far beyond the first blocks the
        // decompressor reads ahead.
        TarBuilder tar;
        std::vector<QByteArray> contents;
        for (int f = 0; f < 40; ++f) {
            QByteArray data;
            for (int i = 0; data.size() < 16384; ++i)
                data += QByteArray::number((i * 7919 + f * 104729) % 1000003) + '\n';
            contents.push_back(data);
            tar.addFile("stacks/rank" + std::to_string(f) + ".txt", data);
        }
        tar.write(s.archive, TarBuilder::Compression::Gzip);
        QFile file(s.archive);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.resize(file.size() * 6 / 10));
        file.close();

        const ExtractionResult result = extractArchive(s.archive.toStdString(), s.target, {});
        const QStringList inside = tree(QString::fromStdString(s.target.string()));
        // A prefix of the files, each complete (the one cut in the middle is removed).
        int kept = 0;
        while (inside.contains(QStringLiteral("stacks/rank%1.txt").arg(kept)))
            ++kept;
        QVERIFY2(kept >= 5 && kept < 40, qPrintable(inside.join(QLatin1Char(' '))));
        QCOMPARE(inside.size(), kept + 1); // + the stacks folder
        for (int f = 0; f < kept; ++f) {
            QFile in(QString::fromStdString(
                (s.target / ("stacks/rank" + std::to_string(f) + ".txt")).string()));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QCOMPARE(in.readAll(), contents[f]);
        }
        QCOMPARE(result.problems.size(), std::size_t(1));
        const std::string &named = result.problems[0].file;
        QVERIFY2(named == "stacks/rank" + std::to_string(kept) + ".txt" ||
                     named == "stacks/rank" + std::to_string(kept - 1) + ".txt",
                 named.c_str());
        QVERIFY(QString::fromStdString(result.problems[0].message)
                    .contains(QLatin1String("truncated or damaged")));
    }

    void truncatedPlainTarBetweenEntries()
    {
        const Setup s = setup("cut.tar");
        TarBuilder tar;
        tar.addFile("stacks/rank0.txt", QByteArray(1000, 'a'));
        tar.addFile("stacks/rank1.txt", QByteArray(1000, 'b'));
        tar.write(s.archive);
        QFile file(s.archive);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.resize(512 + 1024 + 100)); // first entry whole, then a piece of a header
        file.close();
        const ExtractionResult result = extractArchive(s.archive.toStdString(), s.target, {});
        QCOMPARE(tree(QString::fromStdString(s.target.string())),
                 QStringList({QStringLiteral("stacks"), QStringLiteral("stacks/rank0.txt")}));
        QCOMPARE(result.problems.size(), std::size_t(1));
        QCOMPARE(result.problems[0].file, std::string("stacks/rank0.txt")); // last good entry
    }

    void perFileLimitSkipsTheFile()
    {
        const Setup s = setup("bigfile.tar.zst");
        TarBuilder tar;
        tar.addFile("stacks/rank0.txt", QByteArray(5000, 'x'));
        tar.addFile("stacks/rank1.txt", "small");
        tar.write(s.archive, TarBuilder::Compression::Zstd);
        ExtractionLimits limits;
        limits.maxFileBytes = 1000;
        const ExtractionResult result = extractArchive(s.archive.toStdString(), s.target, limits);
        QCOMPARE(tree(QString::fromStdString(s.target.string())),
                 QStringList({QStringLiteral("stacks"), QStringLiteral("stacks/rank1.txt")}));
        QCOMPARE(result.problems.size(), std::size_t(1));
        QVERIFY(
            QString::fromStdString(result.problems[0].message).contains(QLatin1String("limit")));
    }

    void totalLimitIsABundleError()
    {
        const Setup s = setup("bomb.tar.gz");
        TarBuilder tar;
        for (int i = 0; i < 10; ++i)
            tar.addFile("stacks/rank" + std::to_string(i) + ".txt", QByteArray(100000, '\0'));
        tar.write(s.archive, TarBuilder::Compression::Gzip);
        QVERIFY(QFileInfo(s.archive).size() < 10000); // compresses well: a small "zip bomb"
        ExtractionLimits limits;
        limits.maxTotalBytes = 350000;
        try {
            extractArchive(s.archive.toStdString(), s.target, limits);
            QFAIL("expected a BundleError");
        } catch (const BundleError &error) {
            QVERIFY(QString::fromUtf8(error.what()).contains(QLatin1String("bomb.tar.gz")));
        }
        QVERIFY(!fs::exists(s.target)); // nothing half-extracted is left
    }

    void notAnArchive()
    {
        const Setup s = setup("notes.txt");
        QFile file(s.archive);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("Process 1: python\nThis is a dump, not an archive\n");
        file.close();
        QVERIFY_THROWS_EXCEPTION(BundleError,
                                 extractArchive(s.archive.toStdString(), s.target, {}));
        try {
            extractArchive(s.archive.toStdString(), s.target, {});
        } catch (const BundleError &error) {
            QVERIFY(QString::fromUtf8(error.what()).contains(QLatin1String("notes.txt")));
        }
        QVERIFY(!fs::exists(s.target));
    }

    void emptyFileIsNotAnArchive()
    {
        const Setup s = setup("empty.tar");
        QFile file(s.archive);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY_THROWS_EXCEPTION(BundleError,
                                 extractArchive(s.archive.toStdString(), s.target, {}));
    }

    void unchangedArchiveIsReused()
    {
        const Setup s = setup("reuse.tar");
        TarBuilder tar;
        tar.addFile("stacks/rank0.txt", "a");
        tar.addSymlink("stacks/link", "/etc");
        tar.addFile("../not\xff\xfeutf8.txt", "x"); // a name that is not UTF-8
        tar.write(s.archive);
        const ExtractionResult first = extractArchive(s.archive.toStdString(), s.target, {});
        QVERIFY(!first.reused);
        QCOMPARE(first.problems.size(), std::size_t(2));
        // Prove the second call does not extract: a file removed from the folder stays removed.
        QFile::remove(QString::fromStdString((s.target / "stacks/rank0.txt").string()));
        const ExtractionResult second = extractArchive(s.archive.toStdString(), s.target, {});
        QVERIFY(second.reused);
        QCOMPARE(second.problems.size(), std::size_t(2)); // problems are remembered
        QVERIFY(!fs::exists(s.target / "stacks/rank0.txt"));

        // A changed archive (new mtime) is extracted again, from scratch.
        QFile archive(s.archive);
        QVERIFY(archive.open(QIODevice::ReadWrite));
        QVERIFY(archive.setFileTime(QDateTime::currentDateTime().addSecs(-100),
                                    QFileDevice::FileModificationTime));
        archive.close();
        const ExtractionResult third = extractArchive(s.archive.toStdString(), s.target, {});
        QVERIFY(!third.reused);
        QVERIFY(fs::exists(s.target / "stacks/rank0.txt"));
    }

    void damagedArchivesNeverCrash()
    {
        // Random byte flips in a small archive, plain and compressed: each run either refuses
        // the archive with a BundleError or extracts what it can, and stays inside its folder.
        for (const TarBuilder::Compression compression :
             {TarBuilder::Compression::None, TarBuilder::Compression::Gzip,
              TarBuilder::Compression::Zstd}) {
            const Setup s = setup("flipped.tar");
            TarBuilder tar;
            for (int f = 0; f < 4; ++f)
                tar.addFile("run/stacks/rank" + std::to_string(f) + ".txt",
                            QByteArray(700 + 300 * f, char('a' + f)));
            tar.write(s.archive, compression);
            QFile file(s.archive);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray original = file.readAll();
            file.close();
            std::uint32_t seed = 12345;
            const auto random = [&seed] {
                seed = seed * 1664525u + 1013904223u;
                return seed >> 8;
            };
            for (int round = 0; round < 60; ++round) {
                QByteArray damaged = original;
                for (int flips = 0; flips < 1 + round % 5; ++flips)
                    damaged[int(random() % damaged.size())] = char(random() & 0xff);
                QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
                file.write(damaged);
                file.close();
                QFile::remove(QString::fromStdString(s.target.string() + ".json")); // no reuse
                try {
                    extractArchive(s.archive.toStdString(), s.target, {});
                } catch (const BundleError &) {
                }
                for (const QString &path : tree(s.cache))
                    QVERIFY2(path.startsWith(QLatin1String("bundle.extract")), qPrintable(path));
            }
        }
    }

    void problemListIsCapped()
    {
        const Setup s = setup("links.tar");
        TarBuilder tar;
        for (int i = 0; i < 300; ++i)
            tar.addSymlink("stacks/link" + std::to_string(i), "/etc/passwd");
        tar.addFile("stacks/rank0.txt", "kept");
        tar.write(s.archive);
        const ExtractionResult result = extractArchive(s.archive.toStdString(), s.target, {});
        QCOMPARE(result.problems.size(), std::size_t(201));
        QCOMPARE(result.problems.back().file, std::string("links.tar"));
        QVERIFY(QString::fromStdString(result.problems.back().message)
                    .startsWith(QLatin1String("100 more entries")));
        QVERIFY(fs::exists(s.target / "stacks/rank0.txt"));
    }

    void cancelRemovesThePartialFolder()
    {
        const Setup s = setup("cancel.tar");
        TarBuilder tar;
        tar.addFile("stacks/rank0.txt", "a");
        tar.write(s.archive);
        std::atomic<bool> cancel{true};
        const ExtractionResult result =
            extractArchive(s.archive.toStdString(), s.target, {}, {}, &cancel);
        QVERIFY(result.cancelled);
        QVERIFY(!fs::exists(s.target));
        QVERIFY(!fs::exists(s.target.string() + ".json"));
    }
};

QTEST_GUILESS_MAIN(TestArchiveExtractor)
#include "tst_archive_extractor.moc"
