// Flight Recorder dumps through the whole import: found by folder, name or content, read,
// cut to their frontier, stored, loaded back and analysed. The real NVRx dumps of
// ../shared/data/nvrx-flight-recorder lie loose in their folder (_dump_0 ... _dump_15 beside
// fault_injection.log), as a job leaves them when TORCH_NCCL_DEBUG_INFO_TEMP_FILE points there.
#include "BundleTestSupport.h"
#include "TestData.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/CollectiveCacheReader.h"
#include "core/cache/SqliteStatement.h"
#include "core/collectives/CollectiveAnalysis.h"
#include "core/report/CoverageText.h"
#include "importers/bundle/StackFileReader.h"

#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using namespace rankscope;
using bundle_test::options;
using bundle_test::writeFile;

namespace {

QByteArray frFixture(const char *name)
{
    QFile file(rankscope_test::fixturesDir() + QStringLiteral("/flight_recorder/") +
               QString::fromUtf8(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return file.readAll();
}

struct Imported
{
    ImportResult result;
    CollectiveDataset data;
    CollectiveReport report;
};

Imported importAndAnalyse(const QString &bundle, const QString &cache)
{
    Imported out;
    out.result = importBundle(options(bundle, cache));
    const auto db = openStackCacheReader(out.result.summary.cacheFile);
    out.data = loadCollectiveDataset(*db);
    out.data.worldSize = std::max(out.data.worldSize, out.result.stacks.job.worldSize);
    out.report = analyseCollectives(out.data, out.result.stacks.job);
    return out;
}

RankSet causeRanks(const CollectiveReport &report)
{
    RankSet ranks;
    for (const CollectiveSuspect &suspect : report.suspects)
        if (!suspect.consequence)
            ranks |= suspect.ranks;
    return ranks;
}

bool hasProblem(const StackDataset &data, const std::string &file, const std::string &words)
{
    for (const ImportProblem &problem : data.problems)
        if (problem.file == file && problem.message.find(words) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestCollectiveBundle : public QObject
{
    Q_OBJECT

private slots:
    void nvrxGpuErrorNamesBothInjectedRanks()
    {
        RANKSCOPE_REQUIRE_SHARED_DATA(shared);
        QTemporaryDir cache;
        const Imported imported = importAndAnalyse(
            shared + QStringLiteral("/nvrx-flight-recorder/fr_traces/gpu_error_1st"), cache.path());
        QCOMPARE(imported.result.summary.collectiveDumps, 16);
        QCOMPARE(imported.data.dumps.size(), std::size_t(16));
        QCOMPARE(imported.result.stacks.job.worldSize, 16);
        QCOMPARE(imported.result.stacks.job.layers.dumps.toString(), std::string("0-15"));
        QVERIFY2(coverageText(imported.result.stacks.job).find("flight recorder dumps") !=
                     std::string::npos,
                 coverageText(imported.result.stacks.job).c_str());
        QCOMPARE(imported.report.verdictKind, CollectiveVerdictKind::Suspects);
        // fault_injection.log: "Fault ranks: [12, 14]"; PyTorch's analyser names 12 only.
        QCOMPARE(causeRanks(imported.report).toString(), std::string("12,14"));
        QCOMPARE(imported.report.leadGroup, std::string("74"));
    }

    void nvrxLockGilNamesBothInjectedRanks()
    {
        RANKSCOPE_REQUIRE_SHARED_DATA(shared);
        QTemporaryDir cache;
        const Imported imported = importAndAnalyse(
            shared + QStringLiteral("/nvrx-flight-recorder/fr_traces/lock_gil_1st"), cache.path());
        QCOMPARE(imported.data.dumps.size(), std::size_t(16));
        QCOMPARE(imported.report.verdictKind, CollectiveVerdictKind::Suspects);
        QCOMPARE(causeRanks(imported.report).toString(), std::string("9,14"));
        QCOMPARE(imported.report.suspects.front().pgName, std::string("72"));
        QCOMPARE(imported.report.suspects.front().op, std::string("all_to_all"));
    }

    // Reopening parses nothing and gives the same records; a changed dump is read again.
    void reopenReusesTheCache()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_3"),
                  frFixture("v2_10_nccl_trace_rank_3.pkl"), 1000);
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_1"),
                  frFixture("v2_3_nccl_trace_rank_1.pkl"), 1000);
        const Imported first = importAndAnalyse(bundle.path(), cache.path());
        QCOMPARE(first.result.summary.filesParsed, 2);
        QCOMPARE(first.result.summary.collectiveDumps, 2);
        QVERIFY(first.result.summary.collectiveEntries > 0);
        QVERIFY(!first.data.entries.empty());
        for (const CollectiveEntry &entry : first.data.entries)
            QVERIFY(entry.rank == 1 || entry.rank == 3);

        const Imported second = importAndAnalyse(bundle.path(), cache.path());
        QCOMPARE(second.result.summary.filesParsed, 0);
        QCOMPARE(second.result.summary.filesReused, 2);
        QCOMPARE(second.data.entries.size(), first.data.entries.size());

        QFile::remove(bundle.path() + QStringLiteral("/fr/nccl_trace_rank_1"));
        const Imported third = importAndAnalyse(bundle.path(), cache.path());
        QCOMPARE(third.result.summary.filesRemoved, 1);
        QCOMPARE(third.data.dumps.size(), std::size_t(1));
        for (const CollectiveEntry &entry : third.data.entries)
            QCOMPARE(entry.rank, 3);
    }

    // A group lives while a file states it: removing the only dump that stated the tensor
    // parallel group [2, 3] (and gloo_group) takes them out of the cache, default_pg stays
    // (rank 1's dump states it too); changing a dump replaces its groups.
    void groupsFollowTheirDumps()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        const auto names = [](const CollectiveDataset &data) {
            std::vector<std::string> out;
            for (const ProcessGroupConfig &group : data.groups)
                out.push_back(group.name + ":" + group.desc);
            std::sort(out.begin(), out.end());
            return out;
        };
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_3"),
                  frFixture("v2_10_nccl_trace_rank_3.pkl"), 1000);
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_1"),
                  frFixture("v2_3_nccl_trace_rank_1.pkl"), 1000);
        const Imported first = importAndAnalyse(bundle.path(), cache.path());
        QCOMPARE(names(first.data),
                 (std::vector<std::string>{"0:default_pg", "1:TENSOR_MODEL_PARALLEL_GROUP",
                                           "3:gloo_group"}));

        QFile::remove(bundle.path() + QStringLiteral("/fr/nccl_trace_rank_3"));
        const Imported removed = importAndAnalyse(bundle.path(), cache.path());
        QCOMPARE(removed.result.summary.filesRemoved, 1);
        QCOMPARE(names(removed.data), (std::vector<std::string>{"0:default_pg"}));
        QCOMPARE(removed.data.groups.front().ranks, (std::vector<int>{0, 1, 2, 3}));

        // Rank 1's dump changes into one stating the three groups, then back.
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_1"),
                  frFixture("v2_10_nccl_trace_rank_3.pkl"), 2000);
        const Imported changed = importAndAnalyse(bundle.path(), cache.path());
        QCOMPARE(changed.result.summary.filesParsed, 1);
        QCOMPARE(names(changed.data).size(), std::size_t(3));
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_1"),
                  frFixture("v2_3_nccl_trace_rank_1.pkl"), 3000);
        const Imported back = importAndAnalyse(bundle.path(), cache.path());
        QCOMPARE(back.result.summary.filesParsed, 1);
        QCOMPARE(names(back.data), (std::vector<std::string>{"0:default_pg"}));
        const auto db = openStackCacheReader(back.result.summary.cacheFile);
        SqliteStatement links = db->prepare("SELECT count(*) FROM collective_file_groups");
        QVERIFY(links.step());
        QCOMPARE(links.columnInt(0), 1);
    }

    // A JSON dump, a dump under another prefix found by its content, a hostile pickle and a cut
    // one: the good ones import, the bad ones are problems naming the file and the byte.
    void messyDumpFolder()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_0.json"),
                  frFixture("v2_10_json_nccl_trace_rank_0.json"));
        writeFile(bundle.path(), QStringLiteral("debug/my_prefix_2"),
                  frFixture("v2_7_strings_nccl_trace_rank_2.pkl"));
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_5"),
                  frFixture("refused_p2_bytes.pkl"));
        QByteArray cut = frFixture("v2_10_nccl_trace_rank_3.pkl");
        cut.truncate(cut.size() * 2 / 3);
        writeFile(bundle.path(), QStringLiteral("fr/nccl_trace_rank_3"), cut);
        writeFile(bundle.path(), QStringLiteral("logs/rank0.log"),
                  QByteArray("[rank0]: training started\n"));

        const Imported imported = importAndAnalyse(bundle.path(), cache.path());
        const StackDataset &stacks = imported.result.stacks;
        QCOMPARE(imported.result.summary.collectiveDumps, 4);
        QVERIFY(hasProblem(stacks, "fr/nccl_trace_rank_5", "byte 47"));
        QVERIFY(hasProblem(stacks, "fr/nccl_trace_rank_3", "byte"));
        std::vector<int> dumped;
        for (const CollectiveDumpInfo &dump : imported.data.dumps)
            dumped.push_back(dump.rank);
        // rank 3's cut dump keeps its complete entries (if any) or fails; 0 and 2 import.
        QVERIFY(std::find(dumped.begin(), dumped.end(), 0) != dumped.end());
        QVERIFY(std::find(dumped.begin(), dumped.end(), 2) != dumped.end());
        QVERIFY(std::find(dumped.begin(), dumped.end(), 5) == dumped.end());
        for (const CollectiveDumpInfo &dump : imported.data.dumps) {
            if (dump.rank == 0)
                QVERIFY(dump.json);
            if (dump.rank == 3)
                QVERIFY(dump.truncated);
        }
    }

    // One dump opened on its own is a bundle of that file.
    void singleDumpFile()
    {
        QTemporaryDir dir;
        QTemporaryDir cache;
        writeFile(dir.path(), QStringLiteral("nccl_trace_rank_3"),
                  frFixture("v2_10_nccl_trace_rank_3.pkl"));
        const Imported imported =
            importAndAnalyse(dir.path() + QStringLiteral("/nccl_trace_rank_3"), cache.path());
        QCOMPARE(imported.data.dumps.size(), std::size_t(1));
        QCOMPARE(imported.data.dumps.front().rank, 3);
        QVERIFY(!imported.data.entries.empty());
    }

    // Workers read dump after dump into one reused buffer: a file never shows the bytes of a
    // longer one read before it, and what is not a regular file is refused.
    void reusedFileBufferHoldsOnlyTheFile()
    {
        QTemporaryDir dir;
        writeFile(dir.path(), QStringLiteral("long"), QByteArray(100000, 'a'));
        writeFile(dir.path(), QStringLiteral("short"), QByteArray("bbb"));
        writeFile(dir.path(), QStringLiteral("empty"), QByteArray());
        FileBuffer buffer;
        std::string error;
        const std::filesystem::path root = dir.path().toStdString();
        QVERIFY(readWholeFile(root / "long", 1u << 20, buffer, error));
        QCOMPARE(buffer.bytes().size(), std::size_t(100000));
        QVERIFY(readWholeFile(root / "short", 1u << 20, buffer, error));
        QCOMPARE(std::string(buffer.bytes()), std::string("bbb"));
        QCOMPARE(reinterpret_cast<std::uintptr_t>(buffer.bytes().data()) % 64, std::uintptr_t(0));
        QVERIFY(readWholeFile(root / "empty", 1u << 20, buffer, error));
        QVERIFY(buffer.bytes().empty());
        QVERIFY(!readWholeFile(root / "long", 1000, buffer, error));
        QVERIFY2(error.find("limit") != std::string::npos, error.c_str());
        QVERIFY(!readWholeFile(root, 1u << 20, buffer, error));
        QVERIFY2(error.find("folder") != std::string::npos, error.c_str());
        QVERIFY(!readWholeFile(root / "missing", 1u << 20, buffer, error));
        buffer.shrinkIfAbove(16);
        QVERIFY(buffer.bytes().empty());
        QVERIFY(readWholeFile(root / "short", 1u << 20, buffer, error));
        QCOMPARE(std::string(buffer.bytes()), std::string("bbb"));
    }
};

QTEST_GUILESS_MAIN(TestCollectiveBundle)
#include "tst_collective_bundle.moc"
