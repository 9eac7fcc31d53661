#include "core/cache/CacheSchema.h"
#include "core/cache/LogCacheReader.h"
#include "core/diff/LogDiff.h"
#include "core/diff/LogRates.h"
#include "core/diff/LogTemplateMatching.h"
#include "core/synth/SyntheticBundle.h"
#include "importers/bundle/BundleImport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace rankscope;

namespace {

constexpr std::int64_t kHourNs = 3600LL * 1000000000LL;

// A run's logs as loadLogAnalysisInput() would give them, written line by line.
class RunBuilder
{
public:
    // `ranks` ranks, `ranksPerNode` to a node ("node-0", "node-1", ...).
    explicit RunBuilder(int ranks, int ranksPerNode = 4)
    {
        m_input.job.worldSize = ranks;
        for (int r = 0; r < ranks; ++r) {
            RankInfo info;
            info.rank = r;
            info.node = "node-" + std::to_string(r / ranksPerNode);
            info.role = "trainer";
            m_input.job.ranks.push_back(info);
        }
    }

    // Ids count from offsetIds() (0 by default), so that two runs' ids can differ as caches' do.
    TemplateId templ(const std::string &text, int builtin = -1,
                     LogSeverity severity = LogSeverity::Unknown)
    {
        LogTemplate t;
        t.id = TemplateId(m_input.templates.size()) + m_idOffset;
        t.text = text;
        t.builtin = builtin;
        t.severity = severity;
        m_input.templates.push_back(t);
        return t.id;
    }
    void offsetIds(TemplateId offset) { m_idOffset = offset; }

    void event(int rank, TemplateId templ, std::int64_t iteration,
               LogSeverity severity = LogSeverity::Info, std::int64_t timeNs = 0)
    {
        TemplatedLogEvent e;
        e.rank = rank;
        e.templ = templ;
        e.iteration = iteration;
        e.severity = severity;
        e.timeNs = timeNs;
        m_input.events.push_back(e);
        for (LogTemplate &t : m_input.templates) {
            if (t.id == templ)
                ++t.size;
        }
    }
    // Iteration lines first..last on every rank, one second apart.
    void train(std::int64_t first, std::int64_t last)
    {
        for (int r = 0; r < m_input.job.worldSize; ++r) {
            for (std::int64_t i = first; i <= last; ++i) {
                LogIterationRecord record;
                record.rank = r;
                record.iteration = i;
                record.timeNs = kHourNs + i * 1000000000LL;
                m_input.iterations.push_back(record);
            }
        }
    }
    // `count` events of `templ` on every rank, spread over iterations first..last.
    void everyRank(TemplateId templ, int count, std::int64_t first, std::int64_t last,
                   LogSeverity severity = LogSeverity::Info)
    {
        for (int r = 0; r < m_input.job.worldSize; ++r) {
            for (int k = 0; k < count; ++k)
                event(r, templ, first + (last - first) * k / std::max(count, 1), severity);
        }
    }

    const LogAnalysisInput &input() const { return m_input; }
    LogAnalysisInput &input() { return m_input; }

private:
    LogAnalysisInput m_input;
    TemplateId m_idOffset = 0;
};

const LogTemplateChange *findChange(const LogDiff &diff, const std::string &text)
{
    for (const LogTemplateChange &change : diff.changes) {
        if (change.text == text || change.baselineText == text)
            return &change;
    }
    return nullptr;
}

std::string describe(const LogDiff &diff, std::size_t limit = 12)
{
    std::string text = std::string("unit ") + logRateUnitKey(diff.unit) + ", exposure " +
                       std::to_string(diff.baselineExposure) + " -> " +
                       std::to_string(diff.targetExposure) + "\n";
    for (std::size_t i = 0; i < diff.changes.size() && i < limit; ++i) {
        const LogTemplateChange &c = diff.changes[i];
        text += std::string(logTemplateChangeKindKey(c.kind)) + " " + logSeverityKey(c.severity) +
                " score " + std::to_string(c.score) + " counts " + std::to_string(c.baselineCount) +
                "/" + std::to_string(c.targetCount) + " ratio " + std::to_string(c.ratio) +
                " ranks " + c.targetRanks.toString() + " [" + c.builtinName + "] " +
                c.text.substr(0, 100) + "\n";
    }
    return text;
}

// Two runs of the same healthy training: 16 ranks, a start-up line per rank, a progress line
// every iteration.
void healthyTraining(RunBuilder &run, std::int64_t iterations)
{
    const TemplateId loading = run.templ("Loading shard <*>");
    const TemplateId progress = run.templ("step <NUM> tokens per second <NUM>");
    for (int r = 0; r < run.input().job.worldSize; ++r)
        run.event(r, loading, -1);
    run.train(1, iterations);
    run.everyRank(progress, int(iterations), 1, iterations);
}

LogAnalysisInput importedLogs(const std::string &scenario, const QString &root)
{
    SynthOptions options;
    options.scenario = scenario;
    options.ranks = 16;
    options.seed = 7;
    options.outDir = std::filesystem::path(root.toStdString()) / "bundle";
    writeSyntheticBundle(options);
    ImportOptions import;
    import.bundlePath = options.outDir;
    import.cacheDir = std::filesystem::path(root.toStdString()) / "cache";
    const ImportResult result = importBundle(import);
    auto db = openStackCacheReader(result.summary.cacheFile);
    return loadLogAnalysisInput(*db, result.stacks.job);
}

} // namespace

// The log side of baseline comparison (issue 5): templates matched across a healthy and a failed
// run, new, gone and changed per rank per iteration.
class TestLogDiff : public QObject
{
    Q_OBJECT
private slots:
    void newErrorOnOneNodeLeads()
    {
        RunBuilder baseline(16), target(16);
        healthyTraining(baseline, 100);
        healthyTraining(target, 100);
        // A new info line everywhere, more often than the error: the error still reads first.
        const TemplateId info = target.templ("prefetch queue depth <NUM>");
        target.everyRank(info, 10, 50, 100);
        const TemplateId error = target.templ("OSError: [Errno <NUM>] Input/output error");
        for (int r = 12; r < 16; ++r)
            target.event(r, error, 87 + (r == 13 ? 0 : 1), LogSeverity::Error,
                         kHourNs + (r == 13 ? 5 : 9));
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        QVERIFY2(diff.changes.size() >= 2, describe(diff).c_str());
        const LogTemplateChange &top = diff.changes.front();
        QCOMPARE(top.kind, LogTemplateChangeKind::New);
        QCOMPARE(top.text, std::string("OSError: [Errno <NUM>] Input/output error"));
        QCOMPARE(top.severity, LogSeverity::Error);
        QCOMPARE(top.targetRanks.toString(), std::string("12-15"));
        QCOMPARE(top.targetNodes, std::vector<std::string>{"node-3"});
        QCOMPARE(top.baselineTemplate, kNoTemplate);
        QCOMPARE(top.targetTemplate, error);
        QVERIFY(!top.firstSeenInBaseline);
        QCOMPARE(top.firstTargetRank, 13);
        QCOMPARE(top.firstTargetIteration, std::int64_t(87));
        QCOMPARE(top.targetCount, std::int64_t(4));
        QCOMPARE(diff.changes[1].kind, LogTemplateChangeKind::New);
        QCOMPARE(diff.changes[1].text, std::string("prefetch queue depth <NUM>"));
        QCOMPARE(diff.significantCount(), 2);
        QVERIFY(diff.changes.front().score > diff.changes[1].score);
    }

    void goneTemplateIsListed()
    {
        RunBuilder baseline(8), target(8);
        healthyTraining(baseline, 50);
        healthyTraining(target, 50);
        const TemplateId saved = baseline.templ("Saved checkpoint to <PATH>");
        baseline.event(0, saved, 50);
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        const LogTemplateChange *gone = findChange(diff, "Saved checkpoint to <PATH>");
        QVERIFY(gone);
        QCOMPARE(gone->kind, LogTemplateChangeKind::Gone);
        QCOMPARE(gone->baselineCount, std::int64_t(1));
        QCOMPARE(gone->targetCount, std::int64_t(0));
        QCOMPARE(gone->baselineTemplate, saved);
        QCOMPARE(gone->targetTemplate, kNoTemplate);
        QVERIFY(gone->firstSeenInBaseline);
        QCOMPARE(gone->baselineRanks.toString(), std::string("0"));
        QCOMPARE(diff.significantCount(), 1);
        QCOMPARE(diff.changes.front().kind, LogTemplateChangeKind::Gone);
    }

    void frequencyIsPerRankIteration()
    {
        // Baseline: 2 warnings per rank over 100 iterations.
        RunBuilder baseline(8);
        healthyTraining(baseline, 100);
        const TemplateId warn = baseline.templ("grad norm clipped to <NUM>");
        baseline.everyRank(warn, 2, 1, 100, LogSeverity::Warning);

        // Five times as many in as many iterations: more frequent.
        RunBuilder more(8);
        healthyTraining(more, 100);
        more.everyRank(more.templ("grad norm clipped to <NUM>"), 10, 1, 100, LogSeverity::Warning);
        LogDiff diff = diffLogs(baseline.input(), more.input());
        const LogTemplateChange *change = findChange(diff, "grad norm clipped to <NUM>");
        QVERIFY(change);
        QCOMPARE(change->kind, LogTemplateChangeKind::MoreFrequent);
        QVERIFY(std::abs(change->ratio - 5.0) < 1e-9);
        QVERIFY(std::abs(change->baselineRate - 16.0 / 800) < 1e-12);
        QVERIFY(std::abs(change->targetRate - 80.0 / 800) < 1e-12);
        QCOMPARE(diff.changes.front().text, change->text);
        QCOMPARE(diff.unit, LogRateUnit::PerRankIteration);
        QCOMPARE(diff.baselineExposure, 800.0);

        // Twice the count over twice the iterations: the same rate.
        RunBuilder longer(8);
        healthyTraining(longer, 200);
        longer.everyRank(longer.templ("grad norm clipped to <NUM>"), 4, 1, 200,
                         LogSeverity::Warning);
        diff = diffLogs(baseline.input(), longer.input());
        change = findChange(diff, "grad norm clipped to <NUM>");
        QVERIFY(change);
        QCOMPARE(change->kind, LogTemplateChangeKind::Unchanged);
        QVERIFY(std::abs(change->ratio - 1.0) < 1e-9);
        // The start-up line comes once per rank however long a run trains: not "less frequent".
        QCOMPARE(findChange(diff, "Loading shard <*>")->kind, LogTemplateChangeKind::Unchanged);
        QCOMPARE(diff.significantCount(), 0);

        // Fewer: a fifth in as many iterations.
        RunBuilder fewer(8);
        healthyTraining(fewer, 100);
        const TemplateId rare = fewer.templ("grad norm clipped to <NUM>");
        baseline.everyRank(warn, 8, 1, 100, LogSeverity::Warning); // baseline now 10 per rank
        fewer.everyRank(rare, 2, 1, 100, LogSeverity::Warning);
        diff = diffLogs(baseline.input(), fewer.input());
        QCOMPARE(findChange(diff, "grad norm clipped to <NUM>")->kind,
                 LogTemplateChangeKind::LessFrequent);
    }

    void startupLinesComparePerRank()
    {
        // The target hung after a tenth of the baseline's iterations. Its start-up (a line per
        // rank before the first iteration line) is no more frequent for that; its progress
        // lines keep their rate; a warning it logs as many times in a tenth of the run does.
        RunBuilder baseline(8), target(8);
        healthyTraining(baseline, 1000);
        healthyTraining(target, 100);
        baseline.everyRank(baseline.templ("slow dataloader worker <NUM>"), 3, 1, 1000,
                           LogSeverity::Warning);
        target.everyRank(target.templ("slow dataloader worker <NUM>"), 3, 1, 100,
                         LogSeverity::Warning);
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        const LogTemplateChange *loading = findChange(diff, "Loading shard <*>");
        QVERIFY(loading);
        QCOMPARE(loading->kind, LogTemplateChangeKind::Unchanged);
        QVERIFY(std::abs(loading->ratio - 1.0) < 1e-9);
        QCOMPARE(findChange(diff, "step <NUM> tokens per second <NUM>")->kind,
                 LogTemplateChangeKind::Unchanged);
        const LogTemplateChange *slow = findChange(diff, "slow dataloader worker <NUM>");
        QCOMPARE(slow->kind, LogTemplateChangeKind::MoreFrequent);
        QVERIFY(std::abs(slow->ratio - 10.0) < 1e-9);
        QCOMPARE(diff.significantCount(), 1);
    }

    void startupWithoutOwnIterationLines()
    {
        // Pipeline stages other than the last print no iteration lines: their events are split
        // by time at the run's first iteration line.
        RunBuilder baseline(4), target(4);
        for (RunBuilder *run : {&baseline, &target}) {
            const std::int64_t iterations = run == &baseline ? 1000 : 100;
            const TemplateId init = run->templ("initializing stage <NUM>");
            const TemplateId step = run->templ("stage <NUM> forward done");
            for (std::int64_t i = 1; i <= iterations; ++i) {
                LogIterationRecord record;
                record.rank = 3;
                record.iteration = i;
                record.timeNs = kHourNs + i * 1000000000LL;
                record.framework = "megatron";
                run->input().iterations.push_back(record);
            }
            for (int r = 0; r < 3; ++r) {
                for (int k = 0; k < 3; ++k)
                    run->event(r, init, -1, LogSeverity::Info, kHourNs - 5000000000LL + k);
                for (std::int64_t i = 1; i <= iterations; ++i)
                    run->event(r, step, -1, LogSeverity::Info, kHourNs + i * 1000000000LL + 1);
            }
        }
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        QCOMPARE(diff.baselineExposure, 4000.0);
        QCOMPARE(diff.targetExposure, 400.0);
        QCOMPARE(findChange(diff, "initializing stage <NUM>")->kind,
                 LogTemplateChangeKind::Unchanged);
        QCOMPARE(findChange(diff, "stage <NUM> forward done")->kind,
                 LogTemplateChangeKind::Unchanged);
        QCOMPARE(diff.significantCount(), 0);
    }

    void smallCountsAreNotSignificant()
    {
        // 1 against 4 events: four times the rate, but too few events to tell.
        RunBuilder baseline(8), target(8);
        healthyTraining(baseline, 100);
        healthyTraining(target, 100);
        baseline.event(2, baseline.templ("retrying connection to <HOST>"), 10);
        const TemplateId retry = target.templ("retrying connection to <HOST>");
        for (int k = 0; k < 4; ++k)
            target.event(2, retry, 10 + k);
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        QCOMPARE(findChange(diff, "retrying connection to <HOST>")->kind,
                 LogTemplateChangeKind::Unchanged);
        QCOMPARE(diff.significantCount(), 0);
    }

    void differentRankCountsNormalise()
    {
        RunBuilder baseline(8), target(32, 8);
        healthyTraining(baseline, 100);
        healthyTraining(target, 100);
        baseline.everyRank(baseline.templ("allreduce bucket <NUM> ready"), 10, 1, 100);
        target.everyRank(target.templ("allreduce bucket <NUM> ready"), 10, 1, 100);
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        const LogTemplateChange *change = findChange(diff, "allreduce bucket <NUM> ready");
        QVERIFY(change);
        QCOMPARE(change->baselineCount, std::int64_t(80));
        QCOMPARE(change->targetCount, std::int64_t(320));
        QCOMPARE(change->kind, LogTemplateChangeKind::Unchanged);
        QVERIFY(std::abs(change->ratio - 1.0) < 1e-9);
        QCOMPARE(change->targetNodes,
                 (std::vector<std::string>{"node-0", "node-1", "node-2", "node-3"}));
        QCOMPARE(diff.significantCount(), 0);
    }

    void nearIdenticalTextsMatch()
    {
        // The baseline only ever loaded shard 3, so its miner kept the number; the target's
        // generalized it.
        RunBuilder baseline(4), target(4);
        target.offsetIds(100);
        baseline.train(1, 10);
        target.train(1, 10);
        const TemplateId shard3 = baseline.templ("Loading shard 3");
        const TemplateId shardAny = target.templ("Loading shard <*>");
        const TemplateId established = baseline.templ("connection to <IP> established");
        const TemplateId failed = target.templ("connection to <IP> failed");
        for (int r = 0; r < 4; ++r) {
            baseline.event(r, shard3, -1);
            target.event(r, shardAny, -1);
            baseline.event(r, established, -1);
            target.event(r, failed, -1, LogSeverity::Error);
        }
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        const LogTemplateChange *shard = findChange(diff, "Loading shard <*>");
        QVERIFY2(shard, describe(diff).c_str());
        QCOMPARE(shard->baselineText, std::string("Loading shard 3"));
        QCOMPARE(shard->baselineTemplate, shard3);
        QCOMPARE(shard->targetTemplate, shardAny);
        QVERIFY(shard->firstSeenInBaseline);
        QCOMPARE(shard->kind, LogTemplateChangeKind::Unchanged);
        // Similar texts with a different word are different messages: a new error, not hidden.
        QCOMPARE(findChange(diff, "connection to <IP> failed")->kind, LogTemplateChangeKind::New);
        QCOMPARE(findChange(diff, "connection to <IP> established")->kind,
                 LogTemplateChangeKind::Gone);
        QCOMPARE(diff.changes.front().text, std::string("connection to <IP> failed"));

        QVERIFY(logTokensCompatible("shard3", "shard<NUM>"));
        QVERIFY(logTokensCompatible("cuda:0", "cuda:1"));
        QVERIFY(!logTokensCompatible("failed", "established"));
    }

    void punctuationAndWordJoiningMatch()
    {
        // Megatron-DeepSpeed prints "lm-loss" where Megatron prints "lm loss"; other loggers
        // join words with "_". Same words, same template across runs; other words stay apart.
        RunBuilder baseline(4), target(4);
        target.offsetIds(100);
        baseline.train(1, 10);
        target.train(1, 10);
        const TemplateId spaced = baseline.templ(
            "iteration <NUM>/ <NUM> | elapsed time per iteration (ms): <NUM> | lm loss: <NUM> |");
        const TemplateId joined = target.templ(
            "iteration <NUM>/ <NUM> | elapsed_time_per_iteration_ms: <NUM> | lm-loss: <NUM> |");
        const TemplateId camel = baseline.templ("gradNorm <NUM>");
        const TemplateId snake = target.templ("grad_norm <NUM>");
        const TemplateId kept = baseline.templ("checkpoint saved");
        const TemplateId other = target.templ("checkpoint-failed");
        baseline.everyRank(spaced, 10, 1, 10);
        target.everyRank(joined, 10, 1, 10);
        for (int r = 0; r < 4; ++r) {
            baseline.event(r, camel, 5);
            target.event(r, snake, 5);
            baseline.event(r, kept, 5);
            target.event(r, other, 5, LogSeverity::Error);
        }
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        const LogTemplateChange *iteration = findChange(
            diff,
            "iteration <NUM>/ <NUM> | elapsed_time_per_iteration_ms: <NUM> | lm-loss: <NUM> |");
        QVERIFY2(iteration, describe(diff).c_str());
        QCOMPARE(iteration->baselineTemplate, spaced);
        QCOMPARE(iteration->targetTemplate, joined);
        QCOMPARE(iteration->kind, LogTemplateChangeKind::Unchanged);
        const LogTemplateChange *norm = findChange(diff, "grad_norm <NUM>");
        QVERIFY2(norm && norm->baselineTemplate == camel, describe(diff).c_str());
        QCOMPARE(findChange(diff, "checkpoint-failed")->kind, LogTemplateChangeKind::New);
        QCOMPARE(findChange(diff, "checkpoint saved")->kind, LogTemplateChangeKind::Gone);

        QCOMPARE(logTemplateWords("lm-loss: <NUM> |"), std::string("lm loss <*>"));
        QCOMPARE(logTemplateWords("lm loss: <*>"), std::string("lm loss <*>"));
        QCOMPARE(logTemplateWords("elapsed time per iteration (ms)"),
                 logTemplateWords("elapsed_time_per_iteration_ms"));
        QCOMPARE(logTemplateWords("lmLoss"), std::string("lm loss"));
    }

    void builtinsMatchById()
    {
        RunBuilder baseline(4), target(4);
        target.offsetIds(7);
        baseline.train(1, 100);
        target.train(1, 100);
        // The target's cache numbers it differently; a mined template with the same text is not
        // the built-in.
        target.templ("unrelated first template");
        const TemplateId b = baseline.templ("loss is nan <*>", 9, LogSeverity::Error);
        const TemplateId t = target.templ("loss is nan <*>", 9, LogSeverity::Error);
        const TemplateId mined = target.templ("NCCL WARN <*>");
        const TemplateId builtinWarn = baseline.templ("NCCL WARN <*>", 13, LogSeverity::Warning);
        for (int r = 0; r < 4; ++r) {
            for (int k = 0; k < 3; ++k) {
                baseline.event(r, b, 10 * k + 1, LogSeverity::Error);
                target.event(r, t, 10 * k + 1, LogSeverity::Error);
            }
            baseline.event(r, builtinWarn, 5, LogSeverity::Warning);
            target.event(r, mined, 5, LogSeverity::Warning);
        }
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        const auto loss =
            std::find_if(diff.changes.begin(), diff.changes.end(), [](const LogTemplateChange &c) {
                return c.builtinName == "loss-not-finite";
            });
        QVERIFY(loss != diff.changes.end());
        QCOMPARE(loss->baselineTemplate, b);
        QCOMPARE(loss->targetTemplate, t);
        QCOMPARE(loss->kind, LogTemplateChangeKind::Unchanged);
        QCOMPARE(loss->severity, LogSeverity::Error);
        int warnChanges = 0;
        for (const LogTemplateChange &c : diff.changes)
            warnChanges += c.text == "NCCL WARN <*>" ? 1 : 0;
        QCOMPARE(warnChanges, 2); // built-in gone, mined new
    }

    // A rank without iteration lines of its own is exposed for the iterations its lines cover:
    // Megatron's job-level series (lines of no rank) dates them. Rank 3's log covers the first
    // ten minutes of a ten-hour run: ten iterations, not six hundred.
    void ranksWithoutIterationLinesCountTheIterationsTheirLinesCover()
    {
        RunBuilder run(4);
        const TemplateId beat = run.templ("heartbeat from worker <NUM>");
        for (std::int64_t i = 1; i <= 600; ++i) {
            LogIterationRecord record;
            record.rank = -1;
            record.iteration = i;
            record.timeNs = kHourNs + i * 60'000'000'000LL;
            record.framework = "megatron";
            run.input().iterations.push_back(record);
            for (int r = 0; r < 4; ++r) {
                if (r < 3 || i <= 10)
                    run.event(r, beat, -1, LogSeverity::Info, record.timeNs);
            }
        }
        QCOMPARE(chooseLogRateUnit(run.input(), run.input()), LogRateUnit::PerRankIteration);
        const LogRunExposure exposure = logRunExposure(run.input(), LogRateUnit::PerRankIteration);
        QCOMPARE(exposure.rateExposure, 3 * 600.0 + 10.0);

        // Per rank-hour, likewise: each rank its own span.
        const LogRunExposure hours = logRunExposure(run.input(), LogRateUnit::PerRankHour);
        QVERIFY(std::abs(hours.rateExposure - (3 * 599.0 + 9.0) / 60.0) < 1e-9);
    }

    void rankHoursWithoutIterations()
    {
        // No iteration lines in the target: both runs are measured in rank-hours, each rank
        // from its first to its last event. The target ran twice as long with the same rate.
        RunBuilder baseline(4), target(4);
        baseline.train(1, 10); // ignored: the target has none
        const TemplateId hb = baseline.templ("heartbeat from agent <NUM>");
        const TemplateId ht = target.templ("heartbeat from agent <NUM>");
        for (int r = 0; r < 4; ++r) {
            for (int k = 0; k <= 60; ++k)
                baseline.event(r, hb, -1, LogSeverity::Info, kHourNs + k * kHourNs / 60);
            for (int k = 0; k <= 120; ++k)
                target.event(r, ht, -1, LogSeverity::Info, kHourNs + k * kHourNs / 60);
        }
        const LogDiff diff = diffLogs(baseline.input(), target.input());
        QCOMPARE(diff.unit, LogRateUnit::PerRankHour);
        QVERIFY(std::abs(diff.baselineExposure - 4.0) < 1e-9);
        QVERIFY(std::abs(diff.targetExposure - 8.0) < 1e-9);
        const LogTemplateChange *change = findChange(diff, "heartbeat from agent <NUM>");
        QVERIFY(change);
        QVERIFY(std::abs(change->baselineRate - 61.0) < 1e-9);
        QVERIFY(std::abs(change->targetRate - 121.0 / 2) < 1e-9);
        QCOMPARE(change->kind, LogTemplateChangeKind::Unchanged);
        QCOMPARE(std::string(logRateUnitKey(diff.unit)), std::string("per_rank_hour"));
    }

    void identicalRunsHaveNoSignificantChange()
    {
        RunBuilder run(16);
        healthyTraining(run, 100);
        run.everyRank(run.templ("NCCL WARN <*>", 13, LogSeverity::Warning), 2, 1, 100,
                      LogSeverity::Warning);
        const LogDiff diff = diffLogs(run.input(), run.input());
        QCOMPARE(diff.significantCount(), 0);
        QCOMPARE(diff.changes.size(), std::size_t(3));
        for (const LogTemplateChange &change : diff.changes) {
            QCOMPARE(change.kind, LogTemplateChangeKind::Unchanged);
            QVERIFY(std::abs(change.ratio - 1.0) < 1e-9);
            QCOMPARE(change.baselineCount, change.targetCount);
            QVERIFY(change.firstSeenInBaseline);
        }
        // Unchanged ones by target count.
        QCOMPARE(diff.changes.front().text, std::string("step <NUM> tokens per second <NUM>"));
    }

    void emptyBaselineMakesEverythingNew()
    {
        RunBuilder target(4);
        healthyTraining(target, 10);
        const LogDiff diff = diffLogs(LogAnalysisInput{}, target.input());
        QCOMPARE(diff.significantCount(), 2);
        for (const LogTemplateChange &change : diff.changes)
            QCOMPARE(change.kind, LogTemplateChangeKind::New);
        const LogDiff reverse = diffLogs(target.input(), LogAnalysisInput{});
        for (const LogTemplateChange &change : reverse.changes)
            QCOMPARE(change.kind, LogTemplateChangeKind::Gone);
    }

    void demotionMovesBaselineTemplatesBelowNewOnes()
    {
        // A fatal line rank 3 always logs (the baseline has it too), and a new error everywhere.
        RunBuilder baseline(16), target(16);
        healthyTraining(baseline, 100);
        healthyTraining(target, 100);
        const TemplateId oldFatal =
            baseline.templ("ECC page retirement pending on <*>", -1, LogSeverity::Fatal);
        baseline.event(3, oldFatal, 1, LogSeverity::Fatal);
        const TemplateId sameFatal =
            target.templ("ECC page retirement pending on <*>", -1, LogSeverity::Fatal);
        target.event(3, sameFatal, 1, LogSeverity::Fatal);
        const TemplateId newError = target.templ(
            "RuntimeError: DataLoader worker exited unexpectedly", -1, LogSeverity::Error);
        for (int r = 0; r < 16; ++r)
            target.event(r, newError, 100, LogSeverity::Error);

        const LogAnalysisInput &t = target.input();
        LogAnalysis analysis = analyzeLogs(t.events, t.templates, t.iterations, t.job);
        auto suspectIndex = [&](TemplateId id) {
            for (std::size_t i = 0; i < analysis.suspects.size(); ++i) {
                if (analysis.suspects[i].kind == LogSuspectKind::Template &&
                    analysis.suspects[i].templ == id)
                    return int(i);
            }
            return -1;
        };
        auto templateIndex = [&](TemplateId id) {
            for (std::size_t i = 0; i < analysis.templates.size(); ++i) {
                if (analysis.templates[i].id == id)
                    return int(i);
            }
            return -1;
        };
        QVERIFY(suspectIndex(sameFatal) >= 0 && suspectIndex(newError) >= 0);
        QVERIFY(suspectIndex(sameFatal) < suspectIndex(newError)); // before the baseline
        QVERIFY(templateIndex(sameFatal) < templateIndex(newError));
        const double newScore = analysis.suspects[std::size_t(suspectIndex(newError))].score;

        const LogDiff diff = diffLogs(baseline.input(), target.input());
        demoteBaselineTemplates(analysis, diff);
        QVERIFY(suspectIndex(newError) < suspectIndex(sameFatal));
        QVERIFY(templateIndex(newError) < templateIndex(sameFatal));
        const LogSuspect &demoted = analysis.suspects[std::size_t(suspectIndex(sameFatal))];
        QVERIFY2(demoted.reason.find("also in the healthy baseline at a similar rate") !=
                     std::string::npos,
                 demoted.reason.c_str());
        QCOMPARE(analysis.suspects[std::size_t(suspectIndex(newError))].score, newScore);
        for (std::size_t i = 1; i < analysis.suspects.size(); ++i)
            QVERIFY(analysis.suspects[i - 1].score >= analysis.suspects[i].score);
        // The one-sentence summary now names the new error first, not the shared fatal line.
        const std::string &newReason = analysis.suspects.front().reason;
        QVERIFY2(analysis.summary.find(newReason.substr(1, 30)) != std::string::npos,
                 analysis.summary.c_str());
        QVERIFY(analysis.summary.find("also in the healthy baseline") == std::string::npos ||
                analysis.suspects.front().reason.find("also in the healthy baseline") !=
                    std::string::npos);
    }

    void syntheticHangAgainstHealthy()
    {
        QTemporaryDir healthyDir, hangDir;
        QVERIFY(healthyDir.isValid() && hangDir.isValid());
        const LogAnalysisInput healthy = importedLogs("healthy", healthyDir.path());
        const LogAnalysisInput hang = importedLogs("hang-dataloader", hangDir.path());
        QVERIFY(!healthy.events.empty() && !hang.events.empty());
        const LogDiff diff = diffLogs(healthy, hang);
        const std::string text = describe(diff, 20);
        QCOMPARE(diff.unit, LogRateUnit::PerRankIteration);
        // Both resume at iteration 1461; the hung run stops after 1520, 16 ranks each.
        QCOMPARE(diff.targetExposure, 16.0 * 60);
        QVERIFY(diff.baselineExposure > diff.targetExposure);

        // The fault leads: the watchdog timeout on every rank but the one stuck in the data
        // loader, whose OSError traceback follows among the new errors.
        const LogTemplateChange &top = diff.changes.front();
        QVERIFY2(top.kind == LogTemplateChangeKind::New, text.c_str());
        QCOMPARE(top.builtinName, std::string("nccl-watchdog-timeout"));
        QCOMPARE(top.severity, LogSeverity::Fatal);
        QCOMPARE(top.targetRanks.count(), 15);
        const auto osError =
            std::find_if(diff.changes.begin(), diff.changes.end(), [](const LogTemplateChange &c) {
                return c.builtinName == "python-traceback" &&
                       c.text.find("OSError") != std::string::npos;
            });
        QVERIFY2(osError != diff.changes.end(), text.c_str());
        QCOMPARE(osError->kind, LogTemplateChangeKind::New);
        QCOMPARE(osError->targetRanks.count(), 1);
        QVERIFY(!top.targetRanks.contains(osError->targetRanks.first()));
        for (auto it = diff.changes.begin(); it != osError; ++it) {
            QVERIFY2(it->kind == LogTemplateChangeKind::New, text.c_str());
            QVERIFY2(it->severity >= LogSeverity::Error, text.c_str());
        }
        // Same configuration: training's own lines keep their rates, start-up lines included.
        for (const LogTemplateChange &change : diff.changes) {
            QVERIFY2(change.kind != LogTemplateChangeKind::MoreFrequent &&
                         change.kind != LogTemplateChangeKind::LessFrequent,
                     (change.text + "\n" + text).c_str());
        }

        // In the hung run's own ranking, what the baseline shares sinks below the fault.
        LogAnalysis analysis = analyzeLogs(hang.events, hang.templates, hang.iterations, hang.job);
        demoteBaselineTemplates(analysis, diff);
        QVERIFY(!analysis.suspects.empty());
        QVERIFY2(analysis.suspects.front().reason.find("also in the healthy baseline") ==
                     std::string::npos,
                 analysis.suspects.front().reason.c_str());
    }

    void syntheticIdenticalBundles()
    {
        QTemporaryDir first, second;
        QVERIFY(first.isValid() && second.isValid());
        const LogAnalysisInput a = importedLogs("hang-dataloader", first.path());
        const LogAnalysisInput b = importedLogs("hang-dataloader", second.path());
        const LogDiff diff = diffLogs(a, b);
        QVERIFY2(diff.significantCount() == 0, describe(diff).c_str());
        QVERIFY(!diff.changes.empty());
    }
};

QTEST_GUILESS_MAIN(TestLogDiff)
#include "test_logdiff.moc"
