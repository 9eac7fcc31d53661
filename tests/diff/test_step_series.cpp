// The job-level step-time and loss series from iteration lines without a rank prefix
// (Megatron-LM prints them on the last rank only), its steady figure, and the comparison with a
// baseline's: the sentence when iterations got 10% longer, silence for a healthy pair. On hand-
// written Megatron logs (tests/fixtures/step-series) and on the real BigScience Slurm logs.
#include "TestData.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/LogCacheReader.h"
#include "core/diff/BundleDiff.h"
#include "core/diff/StepTimeComparison.h"
#include "core/logs/JobStepSeries.h"
#include "core/report/DiffReport.h"
#include "importers/bundle/BundleImport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace rankscope;

namespace {

LogIterationRecord record(int rank, std::int64_t iteration, double stepMs, double loss = NAN,
                          std::int64_t timeNs = 0, const char *framework = "megatron")
{
    LogIterationRecord r;
    r.rank = rank;
    r.iteration = iteration;
    r.stepTimeMs = stepMs;
    r.loss = loss;
    r.timeNs = timeNs;
    r.framework = framework;
    return r;
}

// A series of `n` iterations of about `stepMs` (noise ±`noise`, deterministic), the first one
// 20% slower.
JobStepSeries series(int n, double stepMs, double noise, unsigned seed)
{
    std::vector<LogIterationRecord> records;
    unsigned state = seed;
    for (int i = 1; i <= n; ++i) {
        state = state * 1103515245u + 12345u;
        const double jitter = (double((state >> 8) % 2001) / 1000.0 - 1.0) * noise;
        records.push_back(record(-1, i, stepMs * (i == 1 ? 1.2 : 1.0 + jitter), 10.0 - 0.1 * i));
    }
    return jobStepSeries(records);
}

// Copies one real or fixture log into a fresh bundle's logs/ and imports it.
BundleDiffSide importLog(const QString &file, const QString &root, const QString &name)
{
    const QString bundle = root + QLatin1Char('/') + name;
    QDir().mkpath(bundle + QStringLiteral("/logs"));
    QFile::copy(file, bundle + QStringLiteral("/logs/") + QFileInfo(file).fileName());
    ImportOptions options;
    options.bundlePath = bundle.toStdString();
    options.cacheDir = QString(root + QStringLiteral("/cache")).toStdString();
    ImportResult imported = importBundle(options);
    BundleDiffSide side;
    side.name = name.toStdString();
    side.cacheFile = imported.summary.cacheFile;
    side.stacks = std::make_shared<const StackDataset>(std::move(imported.stacks));
    return side;
}

QString fixture(const char *run)
{
    const QDir dir(rankscope_test::fixturesDir() + QStringLiteral("/step-series/") +
                   QString::fromUtf8(run) + QStringLiteral("/logs"));
    return dir.filePath(dir.entryList({QStringLiteral("*.out")}).value(0));
}

std::string summaryText(const BundleDiff &diff)
{
    std::string text;
    for (const DiffSummaryLine &line : diff.summary)
        text += line.text + "\n";
    return text;
}

const DiffSummaryLine *stepLine(const BundleDiff &diff)
{
    for (const DiffSummaryLine &line : diff.summary) {
        if (line.evidence.kind == DiffEvidence::Kind::StepSeries)
            return &line;
    }
    return nullptr;
}

JobStepSeries seriesOf(const BundleDiffSide &side)
{
    auto db = openStackCacheReader(side.cacheFile);
    return jobStepSeries(loadLogIterations(*db));
}

} // namespace

class TestStepSeries : public QObject
{
    Q_OBJECT

private slots:
    void unprefixedLinesAreTheJobsSeries()
    {
        // Megatron's line on the last stage, no prefix; the same line in a node's log and the
        // launcher's output is one point; ranks' own progress lines are not mixed in.
        const std::vector<LogIterationRecord> records = {
            record(-1, 1, 150000, 12.4), record(-1, 2, 125000, 12.1), record(-1, 2, 125000, 12.1),
            record(-1, 3, 126000, NAN),  record(-1, 3, NAN, 11.8),    record(5, 3, 1000, 1.0),
        };
        const JobStepSeries s = jobStepSeries(records);
        QCOMPARE(s.source, JobStepSource::Unprefixed);
        QCOMPARE(s.framework, std::string("megatron"));
        QCOMPARE(int(s.points.size()), 3);
        QCOMPARE(s.points[1].stepTimeMs, 125000.0);
        QCOMPARE(s.points[2].stepTimeMs, 126000.0);
        QCOMPARE(s.points[2].loss, 11.8); // the later line fills what the first lacked
        QVERIFY(s.hasLosses() && s.hasStepTimes());
    }

    void ranksLinesGiveTheMedianPerIteration()
    {
        std::vector<LogIterationRecord> records;
        for (int rank = 0; rank < 3; ++rank)
            for (int i = 1; i <= 3; ++i)
                records.push_back(record(rank, i, 1000.0 + 100 * rank, 5.0 - i));
        records.push_back(record(0, 1, 1000.0, 4.0, 0, "tqdm")); // bars only without frameworks
        const JobStepSeries s = jobStepSeries(records);
        QCOMPARE(s.source, JobStepSource::Ranks);
        QCOMPARE(s.ranks, 3);
        QCOMPARE(int(s.points.size()), 3);
        QCOMPARE(s.points[0].stepTimeMs, 1100.0);
        QCOMPARE(s.points[2].loss, 2.0);
    }

    void stepTimesFromTheGapsBetweenLines()
    {
        // HF Trainer's dicts every 10 steps, 30 s apart: 3 s a step.
        const std::int64_t s = 1'000'000'000;
        const std::vector<LogIterationRecord> records = {
            record(0, 10, NAN, 2.5, 100 * s, "hf-trainer"),
            record(0, 20, NAN, 2.3, 130 * s, "hf-trainer"),
            record(0, 30, NAN, 2.2, 160 * s, "hf-trainer"),
        };
        const JobStepSeries series = jobStepSeries(records);
        QVERIFY(series.stepTimeFromGaps);
        QVERIFY(std::isnan(series.points[0].stepTimeMs));
        QCOMPARE(series.points[1].stepTimeMs, 3000.0);
        QCOMPARE(series.points[2].stepTimeMs, 3000.0);
    }

    void steadyFigureSkipsTheWarmup()
    {
        const JobStepSeries s = series(40, 125000, 0.01, 3);
        const SteadyStepTime steady = steadyStepTime(s);
        QVERIFY(steady.known);
        QCOMPARE(steady.warmupSkipped, 4); // a tenth of 40 lines
        QCOMPARE(steady.fromIteration, std::int64_t(5));
        QCOMPARE(steady.toIteration, std::int64_t(40));
        QCOMPARE(steady.samples, 36);
        QVERIFY(std::abs(steady.medianMs - 125000) < 1300);
        // Too few lines after the warm-up: no figure.
        QVERIFY(!steadyStepTime(series(6, 125000, 0.01, 3)).known);
    }

    void tenPercentLongerIsSaid()
    {
        const JobStepSeries baseline = series(40, 125000, 0.015, 1);
        const JobStepSeries target = series(40, 137500, 0.015, 2);
        const StepTimeComparison c = compareStepTimes(baseline, target);
        QVERIFY(c.comparable);
        QVERIFY(c.significant);
        QVERIFY(std::abs(c.relativeChange - 0.10) < 0.02);
        const std::string sentence = stepTimeSentence(c);
        QVERIFY2(sentence.rfind("Iterations take 13", 0) == 0, sentence.c_str());
        QVERIFY2(sentence.find("% longer than the baseline's 12") != std::string::npos,
                 sentence.c_str());
        QVERIFY2(sentence.find("median of iterations 5\u201340 against 5\u201340") !=
                     std::string::npos,
                 sentence.c_str());
        QVERIFY(sentence.find("warm-up") != std::string::npos);
        // Faster the other way round.
        const std::string faster = stepTimeSentence(compareStepTimes(target, baseline));
        QVERIFY2(faster.find("% less than the baseline's 13") != std::string::npos, faster.c_str());
    }

    void healthyNoiseSaysNothing()
    {
        // Two healthy runs: 0.5% apart with ±1.5% noise per iteration.
        const StepTimeComparison noise =
            compareStepTimes(series(60, 125000, 0.015, 5), series(60, 125600, 0.015, 6));
        QVERIFY(noise.comparable);
        QVERIFY(!noise.significant);
        QVERIFY(stepTimeSentence(noise).empty());
        // 8% apart but over five noisy iterations each: not enough to tell.
        const StepTimeComparison few =
            compareStepTimes(series(7, 125000, 0.08, 7), series(7, 135000, 0.08, 8));
        QVERIFY(!few.significant);
        // A run without iteration lines is not compared.
        QVERIFY(!compareStepTimes(JobStepSeries(), series(40, 125000, 0.01, 1)).comparable);
    }

    void bundlesTenPercentSlower()
    {
        QTemporaryDir dir;
        const BundleDiffSide baseline =
            importLog(fixture("baseline"), dir.path(), QStringLiteral("baseline"));
        const BundleDiffSide target =
            importLog(fixture("slower"), dir.path(), QStringLiteral("slower"));
        const JobStepSeries series = seriesOf(target);
        QCOMPARE(series.source, JobStepSource::Unprefixed);
        QCOMPARE(int(series.points.size()), 40);
        QVERIFY(series.hasLosses()); // Megatron-DeepSpeed's "lm-loss"
        QCOMPARE(series.points.front().loss, 1.085548E+01);
        QCOMPARE(series.points.front().stepTimeMs, 162250.0);

        const BundleDiff diff = computeBundleDiff(baseline, target);
        QVERIFY(diff.stepTimes.significant);
        const DiffSummaryLine *line = stepLine(diff);
        QVERIFY2(line, summaryText(diff).c_str());
        QVERIFY2(line->text.rfind("Iterations take 138 s, 9.7% longer than the baseline's 125 s",
                                  0) == 0,
                 line->text.c_str());
        QCOMPARE(diff.summary.front().evidence.kind, DiffEvidence::Kind::StepSeries);
        // The Megatron iteration template matches across the runs ("lm loss" / "lm-loss").
        for (const LogTemplateChange &change : diff.logs.changes) {
            if (change.text.find("iteration") != std::string::npos &&
                change.text.find("elapsed time per iteration") != std::string::npos)
                QCOMPARE(change.kind, LogTemplateChangeKind::Unchanged);
        }
        const nlohmann::ordered_json json = bundleDiffJson(diff);
        QVERIFY(json["step_time"]["significant"].get<bool>());
        QCOMPARE(json["step_time"]["target"]["source"].get<std::string>(),
                 std::string("unprefixed"));
        QCOMPARE(json["step_time"]["target"]["steady"]["from_iteration"].get<int>(), 5);
        QVERIFY(std::abs(json["step_time"]["relative_change"].get<double>() - 0.10) < 0.01);
        QCOMPARE(json["summary"][0]["evidence"]["kind"].get<std::string>(),
                 std::string("step_series"));
        QVERIFY(bundleDiffText(diff).find("Iterations (step time from the logs' iteration "
                                          "lines)") != std::string::npos);
    }

    void healthyBundlesSayNothingAboutStepTime()
    {
        QTemporaryDir dir;
        const BundleDiffSide baseline =
            importLog(fixture("baseline"), dir.path(), QStringLiteral("baseline"));
        const BundleDiffSide target =
            importLog(fixture("healthy"), dir.path(), QStringLiteral("healthy"));
        const BundleDiff diff = computeBundleDiff(baseline, target);
        QVERIFY(diff.stepTimes.comparable);
        QVERIFY(!diff.stepTimes.significant);
        QVERIFY2(!stepLine(diff), summaryText(diff).c_str());
    }

    void realBigScienceRuns()
    {
        RANKSCOPE_REQUIRE_SHARED_DATA(shared);
        const QString dir =
            shared + QStringLiteral("/bigscience-train-logs/experiments/gpt2-meg-ds-3d/");
        const QString on = dir + QStringLiteral("meg_ds_3d_gpt2_perf_n16-ds-on.out");
        const QString off = dir + QStringLiteral("meg_ds_3d_gpt2_perf_n16-ds-off.out");
        if (!QFile::exists(on) || !QFile::exists(off))
            QSKIP("the BigScience gpt2-meg-ds-3d logs are not in ../shared/data");
        QTemporaryDir root;
        const BundleDiffSide baseline = importLog(off, root.path(), QStringLiteral("ds-off"));
        const BundleDiffSide target = importLog(on, root.path(), QStringLiteral("ds-on"));

        // The real lines: Megatron's iteration line without a prefix, step time and loss.
        const JobStepSeries offSeries = seriesOf(baseline);
        QCOMPARE(offSeries.source, JobStepSource::Unprefixed);
        QCOMPARE(int(offSeries.points.size()), 62);
        QCOMPARE(offSeries.points.front().stepTimeMs, 144915.6);
        QCOMPARE(offSeries.points.front().loss, 1.244238E+01);
        QCOMPARE(offSeries.points.back().iteration, std::int64_t(62));
        const JobStepSeries onSeries = seriesOf(target);
        QCOMPARE(onSeries.source, JobStepSource::Unprefixed);
        QCOMPARE(int(onSeries.points.size()), 49);
        QCOMPARE(onSeries.points.front().stepTimeMs, 159778.9);
        QCOMPARE(onSeries.points.front().loss, 1.244238E+01); // "lm-loss" in this run
        QVERIFY(onSeries.hasLosses());

        const BundleDiff diff = computeBundleDiff(baseline, target);
        const DiffSummaryLine *line = stepLine(diff);
        QVERIFY2(line, summaryText(diff).c_str());
        // Megatron-DeepSpeed with DeepSpeed on against off: 137 s against 127 s per iteration.
        QVERIFY2(line->text.rfind("Iterations take 137 s, 8.1% longer than the baseline's 127 s",
                                  0) == 0,
                 line->text.c_str());
        QVERIFY(diff.stepTimes.relativeChange > 0.05 && diff.stepTimes.relativeChange < 0.15);
    }
};

QTEST_GUILESS_MAIN(TestStepSeries)
#include "test_step_series.moc"
