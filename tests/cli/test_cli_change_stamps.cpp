// Rewrites that keep a file's size and modification time (issue 13, class 6) are not taken for
// unchanged: in a folder (a same-second rewrite, a copy that put the mtime back) the
// status-change time and inode tell; in an archive written with fixed member times (tar
// --mtime, SOURCE_DATE_EPOCH, Python's tarfile) the content hash taken while extracting
// tells. After the edit, the command prints exactly what an import into a fresh cache prints.
#include "CliTestSupport.h"

#include "../bundle/TarBuilder.h"

#include <QTemporaryDir>

#include <filesystem>
#include <fstream>

#include <fcntl.h>
#include <sys/stat.h>

using namespace cli_test;

namespace {

const char *kBefore = "[rank1]: step 2 loss 0.4\n";
const char *kAfter = "[rank1]: step 2 LOSS NaN\n"; // the same number of bytes

void writeText(const std::string &path, const std::string &text)
{
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

std::string rank0Log()
{
    return "[rank0]: step 1 loss 0.5\n[rank0]: step 2 loss 0.4\n";
}

std::string rank1Log(const char *last)
{
    return std::string("[rank1]: step 1 loss 0.5\n") + last;
}

CliRun logsJson(const std::string &bundle, const std::string &cache)
{
    return runInProcess({"logs", bundle, "--format", "json", "--cache-dir", cache});
}

} // namespace

class CliChangeStampsTest : public QObject
{
    Q_OBJECT

private slots:
    void folderRewriteWithTheSameSizeAndMtime()
    {
        QTemporaryDir dir;
        const std::string bundle = dir.path().toStdString() + "/bundle";
        const std::string cache = dir.path().toStdString() + "/cache";
        writeText(bundle + "/logs/rank0.log", rank0Log());
        writeText(bundle + "/logs/rank1.log", rank1Log(kBefore));
        const CliRun before = logsJson(bundle, cache);
        QVERIFY2(before.exitCode == 0, before.err.c_str());

        struct stat st;
        QCOMPARE(::stat((bundle + "/logs/rank1.log").c_str(), &st), 0);
        writeText(bundle + "/logs/rank1.log", rank1Log(kAfter));
        const timespec times[2] = {st.st_atim, st.st_mtim}; // the old mtime put back
        QCOMPARE(::utimensat(AT_FDCWD, (bundle + "/logs/rank1.log").c_str(), times, 0), 0);

        const CliRun after = logsJson(bundle, cache);
        QVERIFY2(after.exitCode == 0, after.err.c_str());
        const CliRun fresh = logsJson(bundle, dir.path().toStdString() + "/fresh");
        QCOMPARE(after.out, fresh.out);
        QVERIFY(after.out != before.out);
    }

    void archiveWithFixedMemberTimes()
    {
        QTemporaryDir dir;
        const QString archive = dir.path() + QStringLiteral("/bundle.tar.gz");
        const std::string cache = dir.path().toStdString() + "/cache";
        const auto writeArchive = [&](const char *last) {
            TarBuilder tar;
            tar.addFile("run/logs/rank0.log", QByteArray::fromStdString(rank0Log()), 1704067200);
            tar.addFile("run/logs/rank1.log", QByteArray::fromStdString(rank1Log(last)),
                        1704067200);
            tar.write(archive, TarBuilder::Compression::Gzip);
        };
        writeArchive(kBefore);
        const CliRun before = logsJson(archive.toStdString(), cache);
        QVERIFY2(before.exitCode == 0, before.err.c_str());

        writeArchive(kAfter); // the same size, the same member times
        const CliRun after = logsJson(archive.toStdString(), cache);
        QVERIFY2(after.exitCode == 0, after.err.c_str());
        const CliRun fresh = logsJson(archive.toStdString(), dir.path().toStdString() + "/fresh");
        QCOMPARE(after.out, fresh.out);
        QVERIFY(after.out != before.out);

        // Unchanged, the extraction and every file are reused.
        const CliRun again = runInProcess({"import", archive.toStdString(), "--cache-dir", cache});
        QVERIFY2(again.exitCode == 0, again.err.c_str());
        QVERIFY2(again.out.find("2 seen: 0 parsed, 2 reused") != std::string::npos,
                 again.out.c_str());
    }
};

QTEST_GUILESS_MAIN(CliChangeStampsTest)
#include "test_cli_change_stamps.moc"
