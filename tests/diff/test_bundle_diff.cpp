// The whole-bundle comparison (issue 5): synthetic pairs of every scenario, the faulty bundle
// against its healthy baseline (same seed and configuration, no fault), where the injected
// change must lead each section that has data, and healthy pairs that must show no change.
#include "core/diff/BundleDiff.h"
#include "core/report/DiffReport.h"
#include "core/synth/SyntheticBundle.h"
#include "core/synth/SyntheticScenario.h"
#include "importers/bundle/BundleImport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace rankscope;

namespace {

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

bool pathContains(const StackPathChange &change, const std::string &function)
{
    return std::any_of(change.frames.begin(), change.frames.end(),
                       [&](const std::string &frame) { return frame == function; });
}

std::string summaryText(const BundleDiff &diff)
{
    std::string text;
    for (const DiffSummaryLine &line : diff.summary)
        text += line.text + "\n";
    return text;
}

} // namespace

class TestBundleDiff : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_written = 0;

    SynthOptions options(const std::string &scenario, int ranks, std::uint64_t seed) const
    {
        SynthOptions options;
        options.scenario = scenario;
        options.ranks = ranks;
        options.seed = seed;
        options.iterations = 12;
        return options;
    }

    BundleDiffSide write(SynthOptions options)
    {
        options.outDir = m_dir.filePath(QString::number(++m_written)).toStdString();
        writeSyntheticBundle(options);
        ImportOptions import;
        import.bundlePath = options.outDir;
        import.cacheDir = m_dir.filePath(QStringLiteral("cache")).toStdString();
        ImportResult imported = importBundle(import);
        BundleDiffSide side;
        side.name = options.outDir.filename().string();
        side.cacheFile = imported.summary.cacheFile;
        side.stacks = std::make_shared<const StackDataset>(std::move(imported.stacks));
        return side;
    }

    // The faulty bundle against its healthy twin.
    BundleDiff faultyAgainstBaseline(const SynthOptions &faulty)
    {
        SynthOptions healthy = faulty;
        healthy.healthyBaseline = true;
        const BundleDiffSide baseline = write(healthy);
        const BundleDiffSide target = write(faulty);
        return computeBundleDiff(baseline, target);
    }

    static void verifyNoChange(const BundleDiff &diff)
    {
        QVERIFY2(diff.stacks.changes.empty(), summaryText(diff).c_str());
        QCOMPARE(diff.logs.significantCount(), 0);
        QVERIFY(diff.ops.regressions().empty());
        QVERIFY(diff.ops.improvements().empty());
        QCOMPARE(diff.summary.size(), std::size_t(1));
        QVERIFY2(contains(diff.summary.front().text, "No significant change"),
                 diff.summary.front().text.c_str());
        QCOMPARE(diff.summary.front().evidence.kind, DiffEvidence::Kind::None);
        const nlohmann::ordered_json json = bundleDiffJson(diff);
        QVERIFY(json["stacks"].is_array() && json["stacks"].empty());
        QVERIFY(json["logs"]["new"].empty() && json["logs"]["gone"].empty());
        QVERIFY(json["ops"]["changes"].empty());
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void hangDataLoaderLeadsStacksAndLogs()
    {
        // 32 ranks: the stuck rank is 1/32 of them, below the 5% a changed path needs, and its
        // path must be listed all the same because no baseline rank took it.
        const SynthOptions faulty = options("hang-dataloader", 32, 7);
        const SyntheticScenario plan = SyntheticScenario::plan(faulty);
        QCOMPARE(plan.faultRanks.size(), std::size_t(1));
        const int stuck = plan.faultRanks.front();
        const BundleDiff diff = faultyAgainstBaseline(faulty);
        QVERIFY(diff.hasStacks);
        QCOMPARE(diff.targetRanks, 32);

        // Stacks: the DataLoader path of the stuck rank is new and the summary leads with it.
        const auto loader =
            std::find_if(diff.stacks.changes.begin(), diff.stacks.changes.end(),
                         [](const StackPathChange &c) { return pathContains(c, "_get_data"); });
        QVERIFY2(loader != diff.stacks.changes.end(), summaryText(diff).c_str());
        QCOMPARE(loader->kind, StackPathChangeKind::New);
        QCOMPARE(loader->targetRanks, RankSet::fromVector({stuck}));
        QVERIFY(loader->baselineRanks.empty());
        const DiffSummaryLine &first = diff.summary.front();
        QCOMPARE(first.evidence.kind, DiffEvidence::Kind::StackPath);
        QCOMPARE(first.evidence.index, int(loader - diff.stacks.changes.begin()));
        QVERIFY2(contains(first.text, "Rank " + std::to_string(stuck)) &&
                     contains(first.text, "_get_data") && contains(first.text, "all_reduce"),
                 first.text.c_str());
        // The waiters' all_reduce is the largest change of the stacks section.
        const StackPathChange &wait = diff.stacks.changes.front();
        QVERIFY(std::abs(wait.change()) >= std::abs(loader->change()));

        // Logs: the watchdog (or a traceback) is new and the first of the section.
        QVERIFY(diff.hasLogs);
        QVERIFY(!diff.logs.changes.empty());
        const LogTemplateChange &log = diff.logs.changes.front();
        QCOMPARE(log.kind, LogTemplateChangeKind::New);
        QVERIFY2(contains(log.text, "Watchdog") || contains(log.text, "Traceback"),
                 log.text.c_str());

        // Sentences stay readable: function names, not file paths.
        for (const DiffSummaryLine &line : diff.summary)
            QVERIFY2(!contains(line.text, ".py"), line.text.c_str());
        const std::string text = bundleDiffText(diff);
        QVERIFY(contains(text, "What changed") && contains(text, first.text));
    }

    void hangAgainstABaselineSampledInTheSameCollective()
    {
        // The healthy baseline was sampled while it trained, and its ranks spend a phase in the
        // gradient all_reduce the hang's waiters block in: some baseline ranks sat there too.
        SynthOptions faulty = options("hang-dataloader", 32, 7);
        faulty.gradSyncInTraining = true;
        const int stuck = SyntheticScenario::plan(faulty).faultRanks.front();
        const BundleDiff diff = faultyAgainstBaseline(faulty);
        const auto wait =
            std::find_if(diff.stacks.changes.begin(), diff.stacks.changes.end(),
                         [](const StackPathChange &c) { return pathContains(c, "all_reduce"); });
        QVERIFY2(wait != diff.stacks.changes.end(), summaryText(diff).c_str());
        QVERIFY2(!wait->baselineRanks.empty(), summaryText(diff).c_str()); // not a new path
        // The one rank on a path no baseline rank took leads, before the watchdog and
        // terminate lines its hang causes on every rank.
        const DiffSummaryLine &first = diff.summary.front();
        QCOMPARE(first.evidence.kind, DiffEvidence::Kind::StackPath);
        QVERIFY2(contains(first.text, "Rank " + std::to_string(stuck) + " (1 of 32) is now in") &&
                     contains(first.text, "where no rank of the baseline was"),
                 summaryText(diff).c_str());
        bool echoAfter = false;
        for (std::size_t i = 1; i < diff.summary.size(); ++i)
            echoAfter =
                echoAfter || diff.summary[i].evidence.kind == DiffEvidence::Kind::LogTemplate;
        QVERIFY2(echoAfter, summaryText(diff).c_str());
    }

    void stragglerGpuRaisesStepTime()
    {
        SynthOptions faulty = options("straggler-gpu", 16, 3);
        const BundleDiff diff = faultyAgainstBaseline(faulty);
        QVERIFY(diff.hasOps);
        QVERIFY(diff.ops.perIteration);
        QVERIFY(diff.ops.targetSteps.p90Ns > diff.ops.baselineSteps.p90Ns * 1.1);
        // The stacks of a slow GPU are those of healthy training: nothing to report there.
        QVERIFY2(diff.stacks.changes.empty(), summaryText(diff).c_str());
        const DiffSummaryLine &first = diff.summary.front();
        QVERIFY2(first.evidence.kind == DiffEvidence::Kind::StepTime ||
                     first.evidence.kind == DiffEvidence::Kind::Op,
                 summaryText(diff).c_str());
        QVERIFY2(contains(summaryText(diff), "Step time p90 rose"), summaryText(diff).c_str());
    }

    void slowNodeSlowsTheCollective()
    {
        SynthOptions faulty = options("slow-node", 16, 4);
        faulty.ranksPerNode = 8;
        const BundleDiff diff = faultyAgainstBaseline(faulty);
        QVERIFY(diff.hasOps);
        QVERIFY(diff.ops.targetSteps.p90Ns > diff.ops.baselineSteps.p90Ns);
        const std::vector<const OpChange *> regressions = diff.ops.regressions();
        const bool collective = std::any_of(regressions.begin(), regressions.end(), [](auto *op) {
            return op->change == OpChangeKind::Slower && isCommunication(op->kind) &&
                   contains(op->name, "nccl");
        });
        QVERIFY2(collective, summaryText(diff).c_str());
        QVERIFY2(contains(summaryText(diff), "nccl"), summaryText(diff).c_str());
    }

    void healthyPairsShowNoChange()
    {
        // Two bundles of the same seed, written separately, without a fault.
        const BundleDiffSide a = write(options("healthy", 24, 11));
        const BundleDiffSide b = write(options("healthy", 24, 11));
        verifyNoChange(computeBundleDiff(a, b));
        QVERIFY(contains(computeBundleDiff(a, b).summary.front().text, "stacks, logs"));

        // A traced scenario's healthy twin against another copy of itself.
        SynthOptions twin = options("straggler-gpu", 16, 3);
        twin.healthyBaseline = true;
        const BundleDiffSide c = write(twin);
        const BundleDiffSide d = write(twin);
        const BundleDiff traced = computeBundleDiff(c, d);
        QVERIFY(traced.hasOps);
        verifyNoChange(traced);
        QVERIFY2(contains(traced.summary.front().text, "op timing"),
                 traced.summary.front().text.c_str());

        // A run against itself (the same cache on both sides).
        verifyNoChange(computeBundleDiff(c, c));
    }

    void healthyRunsOfOtherSeedsShowNoChange()
    {
        // Different sampling moments, clocks and noise: the thresholds must hold against them.
        verifyNoChange(
            computeBundleDiff(write(options("healthy", 32, 1)), write(options("healthy", 32, 2))));
        SynthOptions first = options("straggler-gpu", 16, 3);
        first.healthyBaseline = true;
        SynthOptions second = first;
        second.seed = 4;
        verifyNoChange(computeBundleDiff(write(first), write(second)));
    }

    void aSectionOnlyOneRunHasIsNotCompared()
    {
        // A traced run against the same run without traces: no op is "gone"; the step times of
        // its log iteration lines still compare.
        SynthOptions traced = options("straggler-gpu", 16, 5);
        traced.healthyBaseline = true;
        const BundleDiffSide withTraces = write(traced);
        traced.outDir = m_dir.filePath(QString::number(++m_written)).toStdString();
        writeSyntheticBundle(traced);
        std::filesystem::remove_all(traced.outDir / "traces");
        ImportOptions import;
        import.bundlePath = traced.outDir;
        import.cacheDir = m_dir.filePath(QStringLiteral("cache")).toStdString();
        ImportResult imported = importBundle(import);
        BundleDiffSide withoutTraces{"no-traces",
                                     std::make_shared<const StackDataset>(imported.stacks),
                                     imported.summary.cacheFile};
        const BundleDiff ops = computeBundleDiff(withTraces, withoutTraces);
        QVERIFY(ops.ops.ops.empty());
        QVERIFY(ops.ops.baselineSteps.samples > 0 && ops.ops.targetSteps.samples > 0);
        verifyNoChange(ops);

        // A baseline without logs: the target's templates are not all "new".
        std::filesystem::remove_all(traced.outDir / "logs");
        imported = importBundle(import);
        BundleDiffSide withoutLogs{"no-logs", std::make_shared<const StackDataset>(imported.stacks),
                                   imported.summary.cacheFile};
        const BundleDiff logs = computeBundleDiff(withoutLogs, withTraces);
        QVERIFY(!logs.hasLogs);
        QVERIFY(!logs.baselineHasLogs && logs.targetHasLogs);
        QCOMPARE(logs.logs.significantCount(), 0);
        QVERIFY2(contains(bundleDiffText(logs), "the baseline has no logs"),
                 bundleDiffText(logs).c_str());
    }

    void cancelReturnsEarly()
    {
        const BundleDiffSide a = write(options("hang-dataloader", 16, 2));
        const std::atomic<bool> cancel{true};
        const BundleDiff diff = computeBundleDiff(a, a, {}, &cancel);
        QVERIFY(diff.summary.empty());
        QVERIFY(!diff.hasStacks);
    }

    void summaryOfNothingNamesTheComparedSections()
    {
        BundleDiff diff;
        diff.hasStacks = true;
        diff.hasLogs = true;
        const std::vector<DiffSummaryLine> lines = summarizeBundleDiff(diff);
        QCOMPARE(lines.size(), std::size_t(1));
        QCOMPARE(lines.front().text, std::string("No significant change in stacks or logs."));
    }
};

QTEST_GUILESS_MAIN(TestBundleDiff)
#include "test_bundle_diff.moc"
