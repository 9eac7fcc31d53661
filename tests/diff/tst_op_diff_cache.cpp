// The op diff from imported caches: the per-op totals the trace import stores (and drops with
// their file), synthetic pairs (a healthy pair shows no change; a GPU straggler and a slow node
// show in the step-time tail and in the faulty ranks' own totals), and the real HTA pairs
// trace_compare/{base,test} and trace_diff/{control,test}, imported as traces-only folders.

#include "TestData.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/TraceOpTotalsCache.h"
#include "core/diff/OpDiff.h"
#include "core/synth/SyntheticBundle.h"
#include "importers/bundle/BundleImport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace rankscope;

namespace {

struct CachedRun
{
    ImportSummary summary;
    std::vector<RankOpTotals> ops;
    std::vector<double> stepsNs;
};

CachedRun importRun(const QString &bundle, const QString &cacheDir)
{
    ImportOptions options;
    options.bundlePath = bundle.toStdString();
    options.cacheDir = cacheDir.toStdString();
    const ImportResult result = importBundle(options);
    auto db = openStackCacheReader(result.summary.cacheFile);
    CachedRun run;
    run.summary = result.summary;
    run.ops = loadRankOpTotals(*db);
    run.stepsNs = loadStepTimesNs(*db);
    return run;
}

std::int64_t scalar(const std::filesystem::path &cacheFile, const char *sql)
{
    auto db = openStackCacheReader(cacheFile);
    SqliteStatement statement = db->prepare(sql);
    return statement.step() ? statement.columnInt64(0) : -1;
}

SynthOptions traced(const QString &outDir, const std::string &scenario, int ranks,
                    std::uint64_t seed, double slowdownPercent)
{
    SynthOptions options;
    options.scenario = scenario;
    options.ranks = ranks;
    options.ranksPerNode = 8;
    options.seed = seed;
    options.iterations = 12;
    options.slowdownPercent = slowdownPercent;
    options.samplesPerRank = 1;
    options.writeLogs = false;
    options.outDir = outDir.toStdString();
    return options;
}

QJsonObject groundTruth(const QString &bundle)
{
    QFile file(bundle + QStringLiteral("/ground_truth.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no ground truth in %s", qPrintable(bundle));
    return QJsonDocument::fromJson(file.readAll()).object();
}

const RankOpTotals *rankOf(const std::vector<RankOpTotals> &run, int rank)
{
    for (const RankOpTotals &totals : run) {
        if (totals.rank == rank)
            return &totals;
    }
    return nullptr;
}

// A rank's time per iteration in the ops of some kinds whose name contains `part`.
double nsPerIteration(const RankOpTotals &rank, TraceEventKind kind, const std::string &part = {})
{
    double total = 0;
    for (const OpTotal &op : rank.ops) {
        if (op.kind == kind && op.name.find(part) != std::string::npos)
            total += double(op.totalNs);
    }
    return total / double(rank.iterations);
}

void printTop(const char *title, const OpDiff &diff, int count = 5)
{
    qInfo("%s (%s; %zu ops):", title, diff.perIteration ? "per iteration" : "per second",
          diff.ops.size());
    for (int i = 0; i < count && i < int(diff.ops.size()); ++i) {
        const OpChange &op = diff.ops[std::size_t(i)];
        qInfo("  %-9s %-20s %10.0f -> %10.0f ns (x%.2f, %.2f -> %.2f calls) %s",
              opChangeKindKey(op.change), traceEventKindName(op.kind), op.baseline.medianNsPerUnit,
              op.target.medianNsPerUnit, op.ratio, op.baseline.countPerUnit, op.target.countPerUnit,
              op.name.substr(0, 70).c_str());
    }
}

// Every value of a sensible diff is finite, every op was run somewhere with calls.
void checkSane(const OpDiff &diff)
{
    QVERIFY(!diff.ops.empty());
    for (const OpChange &op : diff.ops) {
        for (double value :
             {op.ratio, op.deltaNsPerUnit, op.countRatio, op.baseline.medianNsPerUnit,
              op.target.medianNsPerUnit, op.baseline.p10NsPerUnit, op.target.p90NsPerUnit,
              op.baseline.medianNsPerCall, op.target.medianNsPerCall})
            QVERIFY2(std::isfinite(value), op.name.c_str());
        QVERIFY2(op.baseline.ranksWithOp > 0 || op.target.ranksWithOp > 0, op.name.c_str());
        if (op.baseline.ranksWithOp > 0)
            QVERIFY2(op.baseline.countPerUnit > 0, op.name.c_str());
        if (op.target.ranksWithOp > 0)
            QVERIFY2(op.target.countPerUnit > 0, op.name.c_str());
        QVERIFY(op.baseline.p10NsPerUnit <= op.baseline.medianNsPerUnit + 1e-6);
        QVERIFY(op.baseline.medianNsPerUnit <= op.baseline.p90NsPerUnit + 1e-6);
    }
    for (std::size_t i = 1; i < diff.ops.size(); ++i)
        QVERIFY(std::abs(diff.ops[i - 1].deltaNsPerUnit) >= std::abs(diff.ops[i].deltaNsPerUnit));
}

} // namespace

class OpDiffCacheTest : public QObject
{
    Q_OBJECT

private slots:
    void importStoresOpTotals();
    void removedAndChangedTracesDropTheirTotals();
    void healthyPairShowsNoChange();
    void gpuStragglerShowsInTheTailAndItsOwnTotals();
    void slowNodeShowsInTheTailAndItsRanksTotals();
    void realPairTraceCompare();
    void realPairTraceDiff();
};

void OpDiffCacheTest::importStoresOpTotals()
{
    QTemporaryDir dir;
    const QString bundle = dir.filePath(QStringLiteral("run"));
    writeSyntheticBundle(traced(bundle, "straggler-gpu", 16, 1, 0));
    const CachedRun run = importRun(bundle, dir.filePath(QStringLiteral("cache")));

    QCOMPARE(run.ops.size(), std::size_t(16));
    for (int r = 0; r < 16; ++r) {
        QCOMPARE(run.ops[std::size_t(r)].rank, r);
        QCOMPARE(run.ops[std::size_t(r)].iterations, 12);
        QVERIFY(run.ops[std::size_t(r)].spanNs > 0);
    }
    QCOMPARE(run.stepsNs.size(), std::size_t(16 * 12));

    // Rank 3's stored totals against its trace file: every kernel and copy lies inside the
    // ProfilerStep ranges of a synthetic trace, so the counts are those of the file, and the
    // span runs from the first step's start to the last one's end.
    QFile file(bundle + QStringLiteral("/traces/rank3.pt.trace.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray events = QJsonDocument::fromJson(file.readAll())
                                  .object()
                                  .value(QStringLiteral("traceEvents"))
                                  .toArray();
    std::map<std::string, std::int64_t> gpuCounts;
    double firstStepUs = 1e300;
    double lastStepEndUs = 0;
    for (const QJsonValue &value : events) {
        const QJsonObject event = value.toObject();
        const QString category = event.value(QStringLiteral("cat")).toString();
        const QString name = event.value(QStringLiteral("name")).toString();
        if (category == QStringLiteral("kernel") || category == QStringLiteral("gpu_memcpy"))
            ++gpuCounts[name.toStdString()];
        if (name.startsWith(QStringLiteral("ProfilerStep#"))) {
            const double ts = event.value(QStringLiteral("ts")).toDouble();
            firstStepUs = std::min(firstStepUs, ts);
            lastStepEndUs =
                std::max(lastStepEndUs, ts + event.value(QStringLiteral("dur")).toDouble());
        }
    }
    QVERIFY(gpuCounts.size() >= 5);
    const RankOpTotals &rank3 = run.ops[3];
    std::map<std::string, std::int64_t> storedCounts;
    for (const OpTotal &op : rank3.ops) {
        if (isGpuWork(op.kind))
            storedCounts[op.name] += op.count;
        QVERIFY(op.totalNs >= 0);
    }
    QCOMPARE(storedCounts, gpuCounts);
    QVERIFY(std::abs(double(rank3.spanNs) - (lastStepEndUs - firstStepUs) * 1000) < 1000);
}

void OpDiffCacheTest::removedAndChangedTracesDropTheirTotals()
{
    QTemporaryDir dir;
    const QString bundle = dir.filePath(QStringLiteral("run"));
    writeSyntheticBundle(traced(bundle, "straggler-gpu", 4, 1, 0));
    const QString cache = dir.filePath(QStringLiteral("cache"));
    CachedRun run = importRun(bundle, cache);
    QCOMPARE(run.ops.size(), std::size_t(4));
    const std::int64_t rowsPerFile =
        scalar(run.summary.cacheFile, "SELECT count(*) FROM trace_op_totals") / 4;
    QVERIFY(rowsPerFile > 5);

    // Rank 2's trace goes away; in rank 1's the first host-to-device copy is renamed.
    QVERIFY(QFile::remove(bundle + QStringLiteral("/traces/rank2.pt.trace.json")));
    QFile rank1(bundle + QStringLiteral("/traces/rank1.pt.trace.json"));
    QVERIFY(rank1.open(QIODevice::ReadOnly));
    QByteArray json = rank1.readAll();
    rank1.close();
    const QByteArray copy = "\"name\": \"Memcpy HtoD (Pinned -> Device)\"";
    const qsizetype at = json.indexOf(copy);
    QVERIFY(at > 0);
    json.replace(at, copy.size(), "\"name\": \"Memcpy HtoD renamed\"");
    QVERIFY(rank1.open(QIODevice::WriteOnly | QIODevice::Truncate));
    rank1.write(json);
    rank1.close();

    run = importRun(bundle, cache);
    QCOMPARE(run.summary.filesRemoved, 1);
    QCOMPARE(run.ops.size(), std::size_t(3));
    QVERIFY(!rankOf(run.ops, 2));
    const RankOpTotals *changed = rankOf(run.ops, 1);
    QVERIFY(changed);
    std::map<std::string, std::int64_t> counts;
    for (const OpTotal &op : changed->ops)
        counts[op.name] += op.count;
    QCOMPARE(counts["Memcpy HtoD renamed"], 1);
    QCOMPARE(counts["Memcpy HtoD (Pinned -> Device)"], 11); // one per step, 12 steps
    // No row outlives its file, and no file has its rows twice.
    QCOMPARE(scalar(run.summary.cacheFile, "SELECT count(*) FROM trace_op_totals WHERE trace_id "
                                           "NOT IN (SELECT id FROM trace_files)"),
             0);
    QCOMPARE(scalar(run.summary.cacheFile, "SELECT count(*) FROM trace_op_spans"), 3);
    QCOMPARE(scalar(run.summary.cacheFile, "SELECT count(*) FROM trace_op_totals"),
             3 * rowsPerFile + 1); // the renamed copy is a row of its own
}

void OpDiffCacheTest::healthyPairShowsNoChange()
{
    QTemporaryDir dir;
    const QString base = dir.filePath(QStringLiteral("base"));
    const QString next = dir.filePath(QStringLiteral("next"));
    writeSyntheticBundle(traced(base, "straggler-gpu", 16, 7, 0));
    writeSyntheticBundle(traced(next, "straggler-gpu", 16, 7, 0));
    const CachedRun a = importRun(base, dir.filePath(QStringLiteral("cache-a")));
    const CachedRun b = importRun(next, dir.filePath(QStringLiteral("cache-b")));
    QCOMPARE(a.ops.size(), std::size_t(16));

    const OpDiff diff = diffOps(a.ops, b.ops, a.stepsNs, b.stepsNs);
    checkSane(diff);
    QVERIFY(diff.perIteration);
    for (const OpChange &op : diff.ops) {
        QCOMPARE(op.change, OpChangeKind::Unchanged);
        QCOMPARE(op.baseline.ranksWithOp, op.target.ranksWithOp);
    }
    QVERIFY(diff.regressions().empty());
    QVERIFY(diff.improvements().empty());
    QCOMPARE(diff.baselineSteps.p90Ns, diff.targetSteps.p90Ns);

    // Another seed draws other clocks and another (uninjected) fault rank: still no change.
    const QString other = dir.filePath(QStringLiteral("other"));
    writeSyntheticBundle(traced(other, "straggler-gpu", 16, 8, 0));
    const CachedRun c = importRun(other, dir.filePath(QStringLiteral("cache-c")));
    const OpDiff seeds = diffOps(a.ops, c.ops, a.stepsNs, c.stepsNs);
    printTop("healthy, seed 7 -> seed 8", seeds, 3);
    QVERIFY(seeds.regressions().empty());
    QVERIFY(seeds.improvements().empty());
}

void OpDiffCacheTest::gpuStragglerShowsInTheTailAndItsOwnTotals()
{
    QTemporaryDir dir;
    const QString base = dir.filePath(QStringLiteral("base"));
    const QString next = dir.filePath(QStringLiteral("next"));
    writeSyntheticBundle(traced(base, "straggler-gpu", 16, 1, 0));
    writeSyntheticBundle(traced(next, "straggler-gpu", 16, 1, 30));
    const int faultRank =
        groundTruth(next).value(QStringLiteral("fault_ranks")).toArray().at(0).toInt(-1);
    QVERIFY(faultRank > 0);
    const CachedRun a = importRun(base, dir.filePath(QStringLiteral("cache-a")));
    const CachedRun b = importRun(next, dir.filePath(QStringLiteral("cache-b")));

    const OpDiff diff = diffOps(a.ops, b.ops, a.stepsNs, b.stepsNs);
    checkSane(diff);
    printTop("straggler-gpu 30% against its healthy twin", diff);
    // One slow rank of 16 barely moves the medians, but it sets the pace of every step from the
    // fault on: the slow half of the steps lifts the tail.
    QVERIFY2(diff.targetSteps.p90Ns > diff.baselineSteps.p90Ns * 1.05,
             qPrintable(QStringLiteral("p90 %1 -> %2")
                            .arg(diff.baselineSteps.p90Ns)
                            .arg(diff.targetSteps.p90Ns)));
    QVERIFY(diff.targetSteps.maxNs > diff.baselineSteps.maxNs * 1.05);
    QCOMPARE(diff.targetSteps.samples, diff.baselineSteps.samples);

    // What the median over ranks sees is the other 15 ranks waiting for the slow one inside
    // the gradient all-reduce: that kernel leads the regressions.
    const auto regressions = diff.regressions();
    QVERIFY(!regressions.empty());
    QCOMPARE(regressions.front()->kind, TraceEventKind::CommunicationKernel);
    QVERIFY(regressions.front()->name.starts_with("ncclDevKernel_AllReduce"));
    QVERIFY(regressions.front()->ratio > 1.5);

    // The GEMMs run at the same median speed; on the slow rank they take longer.
    for (const OpChange &op : diff.ops) {
        if (op.kind == TraceEventKind::ComputeKernel)
            QVERIFY2(op.change == OpChangeKind::Unchanged, op.name.c_str());
    }
    const double slowBefore =
        nsPerIteration(*rankOf(a.ops, faultRank), TraceEventKind::ComputeKernel, "gemm");
    const double slowAfter =
        nsPerIteration(*rankOf(b.ops, faultRank), TraceEventKind::ComputeKernel, "gemm");
    // 30% slower over half the iterations: about 15% more per iteration.
    QVERIFY2(slowAfter > slowBefore * 1.10 && slowAfter < slowBefore * 1.20,
             qPrintable(QStringLiteral("%1 -> %2").arg(slowBefore).arg(slowAfter)));
    const int healthyRank = faultRank == 1 ? 2 : 1;
    const double healthyBefore =
        nsPerIteration(*rankOf(a.ops, healthyRank), TraceEventKind::ComputeKernel, "gemm");
    const double healthyAfter =
        nsPerIteration(*rankOf(b.ops, healthyRank), TraceEventKind::ComputeKernel, "gemm");
    QVERIFY(std::abs(healthyAfter / healthyBefore - 1) < 0.01);
}

void OpDiffCacheTest::slowNodeShowsInTheTailAndItsRanksTotals()
{
    QTemporaryDir dir;
    const QString base = dir.filePath(QStringLiteral("base"));
    const QString next = dir.filePath(QStringLiteral("next"));
    writeSyntheticBundle(traced(base, "slow-node", 32, 3, 0));
    writeSyntheticBundle(traced(next, "slow-node", 32, 3, 40));
    const QJsonObject truth = groundTruth(next);
    std::vector<int> faultRanks;
    for (const QJsonValue &rank : truth.value(QStringLiteral("fault_ranks")).toArray())
        faultRanks.push_back(rank.toInt());
    QCOMPARE(faultRanks.size(), std::size_t(8)); // the node's ranks
    const CachedRun a = importRun(base, dir.filePath(QStringLiteral("cache-a")));
    const CachedRun b = importRun(next, dir.filePath(QStringLiteral("cache-b")));

    const OpDiff diff = diffOps(a.ops, b.ops, a.stepsNs, b.stepsNs);
    checkSane(diff);
    printTop("slow-node 40% against its healthy twin", diff);
    QVERIFY(diff.targetSteps.p90Ns > diff.baselineSteps.p90Ns * 1.02);
    QVERIFY(diff.targetSteps.maxNs > diff.baselineSteps.maxNs * 1.02);

    // 8 ranks of 32 hide their own tensor-parallel collectives from the median, but the other
    // 24 wait for them in the data-parallel gradient all-reduce (f32), which leads.
    const auto regressions = diff.regressions();
    QVERIFY(!regressions.empty());
    QCOMPARE(regressions.front()->kind, TraceEventKind::CommunicationKernel);
    QVERIFY(regressions.front()->name.starts_with("ncclDevKernel_AllReduce_Sum_f32"));

    // Each rank of the slow node spends longer in communication kernels; a rank of another
    // node keeps its GEMMs.
    for (int rank : faultRanks) {
        const double before =
            nsPerIteration(*rankOf(a.ops, rank), TraceEventKind::CommunicationKernel);
        const double after =
            nsPerIteration(*rankOf(b.ops, rank), TraceEventKind::CommunicationKernel);
        QVERIFY2(after > before * 1.05,
                 qPrintable(QStringLiteral("rank %1: %2 -> %3").arg(rank).arg(before).arg(after)));
    }
    const int healthyRank = faultRanks.front() == 0 ? 31 : 0;
    QVERIFY(
        std::abs(nsPerIteration(*rankOf(b.ops, healthyRank), TraceEventKind::ComputeKernel) /
                     nsPerIteration(*rankOf(a.ops, healthyRank), TraceEventKind::ComputeKernel) -
                 1) < 0.01);
}

void OpDiffCacheTest::realPairTraceCompare()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString data = shared + QStringLiteral("/hta-testdata/tests/data/trace_compare");
    if (!QDir(data).exists())
        QSKIP("../shared/data has no hta-testdata/tests/data/trace_compare");
    QTemporaryDir dir;
    const CachedRun base =
        importRun(data + QStringLiteral("/base"), dir.filePath(QStringLiteral("a")));
    const CachedRun test =
        importRun(data + QStringLiteral("/test"), dir.filePath(QStringLiteral("b")));
    QCOMPARE(base.summary.traceFiles, 1);
    QCOMPARE(base.ops.size(), std::size_t(1));
    QCOMPARE(test.ops.size(), std::size_t(1));
    QCOMPARE(base.ops[0].rank, 1); // distributedInfo.rank
    QCOMPARE(base.ops[0].iterations, 2);

    const OpDiff diff = diffOps(base.ops, test.ops, base.stepsNs, test.stepsNs);
    checkSane(diff);
    printTop("trace_compare base -> test", diff);
    QVERIFY(diff.perIteration);
    // Read off the JSON: the test trace adds three CPU ops inside its 2 steps
    // (All2All_Pooled_Req 311 us, AddmmBackward0 207 us, CatBackward0 11 us) and lacks the
    // second nccl:all_reduce range (67 us); every other event is the same.
    QCOMPARE(diff.ops[0].name, std::string("All2All_Pooled_Req"));
    QCOMPARE(diff.ops[0].change, OpChangeKind::New);
    QCOMPARE(diff.ops[0].target.medianNsPerUnit, 155'500.0);
    QCOMPARE(diff.ops[0].target.countPerUnit, 0.5);
    QCOMPARE(diff.ops[1].name, std::string("AddmmBackward0"));
    QCOMPARE(diff.ops[1].change, OpChangeKind::New);
    QCOMPARE(diff.ops[1].target.medianNsPerUnit, 103'500.0);
    const OpChange &allReduce = diff.ops[2];
    QCOMPARE(allReduce.name, std::string("nccl:all_reduce"));
    QCOMPARE(allReduce.kind, TraceEventKind::CpuCommunication);
    QCOMPARE(allReduce.baseline.medianNsPerUnit, 66'500.0);
    QCOMPARE(allReduce.target.medianNsPerUnit, 33'000.0);
    QCOMPARE(allReduce.countRatio, 0.5);
    // 33 us less in a 111 ms step is below the 0.2% that makes a change worth a line.
    QCOMPARE(allReduce.change, OpChangeKind::Unchanged);
    QCOMPARE(diff.ops[3].name, std::string("CatBackward0"));
    QCOMPARE(diff.ops[3].change, OpChangeKind::New);
    // 5.5 us in a 111 ms step is new, but below a tenth of the 0.2% that makes it a regression.
    QVERIFY(diff.ops[0].significant && diff.ops[1].significant);
    QVERIFY(!diff.ops[3].significant);
    for (std::size_t i = 4; i < diff.ops.size(); ++i) {
        QCOMPARE(diff.ops[i].change, OpChangeKind::Unchanged);
        QCOMPARE(diff.ops[i].deltaNsPerUnit, 0.0);
    }
    QCOMPARE(diff.regressions().size(), std::size_t(2));
    QVERIFY(diff.improvements().empty());
    // The steps themselves are the same 100.3 ms and 122.1 ms.
    QCOMPARE(diff.baselineSteps.samples, 2);
    QCOMPARE(diff.baselineSteps.maxNs, diff.targetSteps.maxNs);
}

void OpDiffCacheTest::realPairTraceDiff()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString data = shared + QStringLiteral("/hta-testdata/tests/data/trace_diff");
    if (!QDir(data).exists())
        QSKIP("../shared/data has no hta-testdata/tests/data/trace_diff");
    QTemporaryDir dir;
    const CachedRun control =
        importRun(data + QStringLiteral("/control"), dir.filePath(QStringLiteral("a")));
    const CachedRun test =
        importRun(data + QStringLiteral("/test"), dir.filePath(QStringLiteral("b")));
    QCOMPARE(control.ops.size(), std::size_t(1));
    QCOMPARE(test.ops.size(), std::size_t(1));
    QCOMPARE(control.ops[0].rank, 3);
    QCOMPARE(test.ops[0].rank, 1);
    QCOMPARE(control.ops[0].iterations, 6);
    QCOMPARE(test.ops[0].iterations, 6);

    const OpDiff diff = diffOps(control.ops, test.ops, control.stepsNs, test.stepsNs);
    checkSane(diff);
    printTop("trace_diff control -> test", diff);
    QVERIFY(diff.perIteration);
    QVERIFY(diff.ops.size() > 100);
    // Read off the JSON (python3 over both files): per step the test run spends ~27 ms more in
    // aten::item (5.8 -> 32.8 ms) and runs 774 device-to-device copies instead of 3 (0.46 ->
    // 15.5 ms), and it has a compiled (torch.compile) graph the control lacks.
    const auto find = [&](const std::string &name) -> const OpChange * {
        for (const OpChange &op : diff.ops)
            if (op.name == name)
                return &op;
        return nullptr;
    };
    QCOMPARE(diff.ops[0].name, std::string("aten::item"));
    QCOMPARE(diff.ops[0].change, OpChangeKind::Slower);
    QVERIFY(std::abs(diff.ops[0].baseline.medianNsPerUnit - 5'792'667) < 1000);
    QVERIFY(std::abs(diff.ops[0].target.medianNsPerUnit - 32'822'000) < 1000);
    const OpChange *copies = find("Memcpy DtoD (Device -> Device)");
    QVERIFY(copies);
    QCOMPARE(copies->change, OpChangeKind::Slower);
    QVERIFY(std::abs(copies->baseline.countPerUnit - 3) < 1e-9);
    QVERIFY(std::abs(copies->target.countPerUnit - 774.1666) < 0.01);
    const OpChange *compiled = find("CompiledFunction");
    QVERIFY(compiled);
    QCOMPARE(compiled->change, OpChangeKind::New);
    // The test's steps are longer: 100-166 ms against 75-81 ms.
    QVERIFY(diff.targetSteps.p50Ns > diff.baselineSteps.p90Ns);
    QVERIFY(!diff.regressions().empty());
    QVERIFY(!diff.improvements().empty());
}

QTEST_GUILESS_MAIN(OpDiffCacheTest)
#include "tst_op_diff_cache.moc"
