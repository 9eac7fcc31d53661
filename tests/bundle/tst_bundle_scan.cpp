// The bundle walk (scanBundle): every file listed once with its kind, the odd entries reported in
// path order, and the same listing however the walking threads share the folders.
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/FolderQueue.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sys/stat.h>

using namespace rankscope;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path &path, std::string_view text = "x")
{
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

std::size_t openDescriptors()
{
    std::size_t count = 0;
    for ([[maybe_unused]] const auto &entry : fs::directory_iterator("/proc/self/fd"))
        ++count;
    return count;
}

std::vector<std::string> pathsOf(const BundleListing &listing)
{
    std::vector<std::string> paths;
    for (const BundleFile &file : listing.files)
        paths.push_back(file.path);
    return paths;
}

std::vector<std::string> problemFilesOf(const BundleListing &listing)
{
    std::vector<std::string> files;
    for (const ImportProblem &problem : listing.problems)
        files.push_back(problem.file);
    return files;
}

} // namespace

class TestBundleScan : public QObject
{
    Q_OBJECT

private slots:
    // Many more folders than the walkers' queue holds, some deep: each file once, by path, and
    // no folder left open.
    void manyFoldersListedOnceInPathOrder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path root = dir.path().toStdString();
        const int ranks = int(FolderQueue::kCapacity) * 5;
        std::set<std::string> expected;
        for (int rank = 0; rank < ranks; ++rank) {
            const std::string folder = "stacks/rank" + std::to_string(rank);
            for (const char *name : {"dump-0.txt", "dump-1.txt"}) {
                writeFile(root / folder / name);
                expected.insert(folder + "/" + name);
            }
            if (rank % 7 == 0) {
                const std::string deep = folder + "/a/b/c/dump-2.txt";
                writeFile(root / deep);
                expected.insert(deep);
            }
        }
        writeFile(root / "logs/node0/rank0.log");
        expected.insert("logs/node0/rank0.log");
        writeFile(root / "job.json", "{}");
        expected.insert("job.json");

        const std::size_t descriptorsBefore = openDescriptors();
        const BundleListing listing = scanBundle(root);
        QCOMPARE(openDescriptors(), descriptorsBefore);

        const std::vector<std::string> paths = pathsOf(listing);
        QCOMPARE(paths, std::vector<std::string>(expected.begin(), expected.end()));
        QVERIFY(listing.problems.empty());
        QVERIFY(listing.hasStacksFolder);
        QVERIFY(listing.hasLogsFolder);
        QVERIFY(!listing.hasTracesFolder);
        for (const BundleFile &file : listing.files) {
            const BundleFileKind want = file.path == "job.json"          ? BundleFileKind::Manifest
                                        : file.path.starts_with("logs/") ? BundleFileKind::Log
                                                                         : BundleFileKind::Stacks;
            QCOMPARE(int(file.kind), int(want));
            QCOMPARE(file.size, std::int64_t(file.path == "job.json" ? 2 : 1));
        }
    }

    // Links, pipes and nesting past the limit, spread over folders read by different threads:
    // reported the same way on every walk, in path order.
    void oddEntriesReportedInPathOrder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path root = dir.path().toStdString();
        for (int rank = 0; rank < 200; ++rank)
            writeFile(root / ("stacks/rank" + std::to_string(rank)) / "dump.txt");
        QCOMPARE(mkfifo((root / "stacks/rank150/pipe.txt").c_str(), 0600), 0);
        fs::create_symlink(root / "missing.txt", root / "stacks/rank20/broken.txt");
        fs::create_directory_symlink(root / "stacks/rank1", root / "stacks/rank90/linked");
        fs::path deep = root / "stacks/rank3";
        for (int level = 0; level < 40; ++level)
            deep /= "d";
        writeFile(deep / "lost.txt");
        writeFile(root / "stacks/.hidden/dump.txt");

        // The first folder past the 32 levels a bundle may have is reported, not read.
        std::string tooDeep = "stacks/rank3";
        for (int level = 0; level < 31; ++level)
            tooDeep += "/d";
        const std::vector<std::string> wantProblems = {
            "stacks/rank150/pipe.txt", "stacks/rank20/broken.txt", "stacks/rank90/linked", tooDeep};
        std::vector<std::string> sortedWant = wantProblems;
        std::sort(sortedWant.begin(), sortedWant.end());

        const BundleListing first = scanBundle(root);
        QCOMPARE(problemFilesOf(first), sortedWant);
        QCOMPARE(first.files.size(), std::size_t(200));
        for (int walk = 0; walk < 5; ++walk) {
            const BundleListing again = scanBundle(root);
            QCOMPARE(pathsOf(again), pathsOf(first));
            QCOMPARE(problemFilesOf(again), problemFilesOf(first));
            for (std::size_t i = 0; i < again.problems.size(); ++i)
                QCOMPARE(again.problems[i].message, first.problems[i].message);
        }
    }
};

QTEST_GUILESS_MAIN(TestBundleScan)
#include "tst_bundle_scan.moc"
