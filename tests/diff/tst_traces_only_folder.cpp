// A folder that holds only profiler traces at its top level (as HTA and TraceLens keep a run)
// is a bundle of those traces; folders laid out as bundles keep their meaning.

#include "TestData.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/TraceCacheReader.h"
#include "importers/bundle/BundleImport.h"
#include "importers/bundle/BundleScanner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;

namespace {

void write(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    file.write(data);
}

QByteArray kinetoFixture()
{
    QFile file(rankscope_test::fixturesDir() + QStringLiteral("/traces/kineto-basic.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture kineto-basic.json");
    return file.readAll();
}

BundleFileKind kindOf(const BundleListing &listing, const std::string &path)
{
    for (const BundleFile &file : listing.files) {
        if (file.path == path)
            return file.kind;
    }
    qFatal("%s is not listed", path.c_str());
}

} // namespace

class TracesOnlyFolderTest : public QObject
{
    Q_OBJECT

private slots:
    void topLevelTracesAreTraces();
    void bundlesKeepTheirLayout();
    void wrappedTracesOnlyFolderIsFound();
    void importsAsATraceBundle();
};

void TracesOnlyFolderTest::topLevelTracesAreTraces()
{
    QTemporaryDir dir;
    const QString root = dir.path();
    write(root + QStringLiteral("/base.json.gz"), "x");
    write(root + QStringLiteral("/rank1.pt.trace.json"), "x");
    write(root + QStringLiteral("/rank2.json.zst"), "x");
    write(root + QStringLiteral("/ground_truth.json"), "{}");
    write(root + QStringLiteral("/.hidden.json"), "{}");
    write(root + QStringLiteral("/notes.txt"), "x");
    write(root + QStringLiteral("/sub/deeper.json"), "x");

    QCOMPARE(findBundleRoot(root.toStdString()), std::filesystem::path(root.toStdString()));
    const BundleListing listing = scanBundle(root.toStdString());
    QVERIFY(listing.tracesOnlyFolder);
    QVERIFY(listing.hasTracesFolder);
    QVERIFY(!listing.hasStacksFolder);
    QCOMPARE(kindOf(listing, "base.json.gz"), BundleFileKind::Trace);
    QCOMPARE(kindOf(listing, "rank1.pt.trace.json"), BundleFileKind::Trace);
    QCOMPARE(kindOf(listing, "rank2.json.zst"), BundleFileKind::Trace);
    QCOMPARE(kindOf(listing, "ground_truth.json"), BundleFileKind::Quiet);
    QCOMPARE(kindOf(listing, ".hidden.json"), BundleFileKind::Quiet);
    QCOMPARE(kindOf(listing, "notes.txt"), BundleFileKind::Ignored);
    QCOMPARE(kindOf(listing, "sub/deeper.json"), BundleFileKind::Ignored);
}

void TracesOnlyFolderTest::bundlesKeepTheirLayout()
{
    // A bundle with stacks/ and a stray JSON at the top: the JSON is not a trace.
    QTemporaryDir dir;
    const QString root = dir.path();
    write(root + QStringLiteral("/stacks/rank0.txt"), "x");
    write(root + QStringLiteral("/stray.json"), "{}");
    BundleListing listing = scanBundle(root.toStdString());
    QVERIFY(!listing.tracesOnlyFolder);
    QVERIFY(!listing.hasTracesFolder);
    QCOMPARE(kindOf(listing, "stray.json"), BundleFileKind::Ignored);

    // A folder wrapping one bundle, with a JSON beside it: the wrapped bundle is the root.
    QTemporaryDir wrapper;
    write(wrapper.path() + QStringLiteral("/run-42/traces/rank0.json"), "x");
    write(wrapper.path() + QStringLiteral("/summary.json"), "{}");
    QCOMPARE(findBundleRoot(wrapper.path().toStdString()),
             std::filesystem::path(wrapper.filePath(QStringLiteral("run-42")).toStdString()));
    listing = scanBundle(wrapper.filePath(QStringLiteral("run-42")).toStdString());
    QVERIFY(!listing.tracesOnlyFolder);
    QCOMPARE(kindOf(listing, "traces/rank0.json"), BundleFileKind::Trace);

    // A folder with nothing a bundle holds stays as it was.
    QTemporaryDir empty;
    write(empty.path() + QStringLiteral("/readme.txt"), "x");
    QVERIFY(!scanBundle(empty.path().toStdString()).tracesOnlyFolder);
}

void TracesOnlyFolderTest::wrappedTracesOnlyFolderIsFound()
{
    // tar czf base.tar.gz base/ wraps HTA's folder: its one sub-folder with traces is the root.
    QTemporaryDir dir;
    write(dir.path() + QStringLiteral("/base/base.json.gz"), "x");
    QCOMPARE(findBundleRoot(dir.path().toStdString()),
             std::filesystem::path(dir.filePath(QStringLiteral("base")).toStdString()));
    // Two such sub-folders: ambiguous, the folder itself.
    write(dir.path() + QStringLiteral("/test/test.json.gz"), "x");
    QCOMPARE(findBundleRoot(dir.path().toStdString()),
             std::filesystem::path(dir.path().toStdString()));
}

void TracesOnlyFolderTest::importsAsATraceBundle()
{
    QTemporaryDir dir;
    const QString bundle = dir.filePath(QStringLiteral("captures"));
    write(bundle + QStringLiteral("/kineto-basic.json"), kinetoFixture());
    ImportOptions options;
    options.bundlePath = bundle.toStdString();
    options.cacheDir = dir.filePath(QStringLiteral("cache")).toStdString();
    const ImportResult result = importBundle(options);
    QCOMPARE(result.summary.traceFiles, 1);
    QCOMPARE(result.summary.traceRanks, 1);
    QCOMPARE(result.summary.filesFailed, 0);
    for (const ImportProblem &problem : result.stacks.problems)
        QVERIFY2(problem.message.find("no stacks/, traces/ or logs/") == std::string::npos,
                 problem.message.c_str());
    auto db = openStackCacheReader(result.summary.cacheFile);
    const TraceOverview overview = loadTraceOverview(*db);
    QCOMPARE(overview.clocks.size(), std::size_t(1));
    QCOMPARE(overview.clocks[0].rank, 3); // distributedInfo.rank of the fixture
    QCOMPARE(overview.clocks[0].file, std::string("kineto-basic.json"));
    QVERIFY(overview.hasIterations);
}

QTEST_GUILESS_MAIN(TracesOnlyFolderTest)
#include "tst_traces_only_folder.moc"
