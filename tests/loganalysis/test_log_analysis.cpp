// analyzeLogs on hand-built events: the story (rank 37 stops at iteration 1520 while
// the others log NCCL watchdog timeouts), rank-0 noise, a healthy job, a minority error.
#include "core/logs/LogAnalysis.h"

#include <QtTest>

using namespace rankscope;

namespace {

constexpr std::int64_t kStartNs = 1764419464000000000; // 2025-11-29 12:31:04 UTC
constexpr std::int64_t kSecond = 1000000000;

// Template ids of the hand-built job.
enum : TemplateId
{
    kIterationLine = 0,
    kNcclInit,
    kDownload,
    kProgressBar,
    kWatchdog,
    kOom,
    kRankZeroCheckpointMeta,
    kTemplateCount
};

LogTemplate makeTemplate(TemplateId id, const char *text, LogSeverity severity)
{
    LogTemplate templ;
    templ.id = id;
    templ.text = text;
    templ.severity = severity;
    return templ;
}

struct Job
{
    std::vector<TemplatedLogEvent> events;
    std::vector<LogTemplate> templates;
    std::vector<LogIterationRecord> iterations;
    JobInfo info;

    void event(int rank, std::int64_t timeNs, TemplateId templ, std::int64_t iteration)
    {
        TemplatedLogEvent e;
        e.rank = rank;
        e.timeNs = timeNs;
        e.templ = templ;
        e.iteration = iteration;
        e.severity = templates[templ].severity;
        e.line = std::uint32_t(events.size() + 1);
        events.push_back(e);
    }
};

// `ranks` trainers on nodes of 8; every rank logs NCCL init lines and one iteration line per
// iteration up to `lastIteration` (ranks in `stopAt` stop earlier); rank 0 downloads, shows
// progress bars and writes checkpoint metadata.
Job trainingJob(int ranks, std::int64_t lastIteration, const std::map<int, std::int64_t> &stopAt)
{
    Job job;
    job.templates = {
        makeTemplate(kIterationLine, "iteration <*>/ <*> | elapsed time per iteration (ms): <*>",
                     LogSeverity::Info),
        makeTemplate(kNcclInit, "NCCL INFO Channel <*>/<*> : <*>[<*>] -> <*>[<*>] via P2P/IPC",
                     LogSeverity::Info),
        makeTemplate(kDownload, "Downloading <*> from https://huggingface.co/<*>",
                     LogSeverity::Info),
        makeTemplate(kProgressBar, "<*>%|<*>| <*>/<*> [<*><<*>, <*>it/s]", LogSeverity::Info),
        makeTemplate(
            kWatchdog,
            "[Rank <*>] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=<*>, "
            "OpType=ALLREDUCE, Timeout(ms)=600000) ran for <*> milliseconds before "
            "timing out.",
            LogSeverity::Fatal),
        makeTemplate(kOom, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate <*>",
                     LogSeverity::Fatal),
        makeTemplate(kRankZeroCheckpointMeta, "saving checkpoint at iteration <*> to <*>",
                     LogSeverity::Info),
    };
    job.info.worldSize = ranks;
    for (int rank = 0; rank < ranks; ++rank) {
        RankInfo info;
        info.rank = rank;
        info.node = "node-" + std::to_string(rank / 8);
        info.localRank = rank % 8;
        info.role = "trainer";
        job.info.ranks.push_back(info);
    }
    for (int rank = 0; rank < ranks; ++rank) {
        job.event(rank, kStartNs + rank, kNcclInit, -1);
        job.event(rank, kStartNs + 2 * kSecond, kNcclInit, -1);
    }
    job.event(0, kStartNs + kSecond, kDownload, -1);
    for (int bar = 0; bar < 20; ++bar)
        job.event(0, kStartNs + kSecond + bar, kProgressBar, -1);
    for (std::int64_t it = 1; it <= lastIteration; ++it) {
        const std::int64_t timeNs = kStartNs + (10 + it) * kSecond;
        for (int rank = 0; rank < ranks; ++rank) {
            const auto stop = stopAt.find(rank);
            if (stop != stopAt.end() && it > stop->second)
                continue;
            job.event(rank, timeNs + rank, kIterationLine, it);
            LogIterationRecord record;
            record.rank = rank;
            record.iteration = it;
            record.timeNs = timeNs + rank;
            record.stepTimeMs = 1000;
            job.iterations.push_back(record);
        }
        if (it % 500 == 0)
            job.event(0, timeNs + 100, kRankZeroCheckpointMeta, it);
    }
    return job;
}

const LogTemplateSummary *findTemplate(const LogAnalysis &analysis, TemplateId id)
{
    for (const LogTemplateSummary &templ : analysis.templates) {
        if (templ.id == id)
            return &templ;
    }
    return nullptr;
}

bool isNoiseSuspect(const LogAnalysis &analysis)
{
    for (const LogSuspect &suspect : analysis.suspects) {
        if (suspect.templ == kDownload || suspect.templ == kProgressBar ||
            suspect.templ == kRankZeroCheckpointMeta)
            return true;
        if (suspect.kind == LogSuspectKind::Rank && suspect.ranks == RankSet::fromVector({0}))
            return true;
    }
    return false;
}

} // namespace

class TestLogAnalysis : public QObject
{
    Q_OBJECT

private slots:
    // The story: 128 ranks; rank 37 prints nothing after iteration 1520 while the others
    // reach 1521 and then log NCCL watchdog timeouts waiting for it.
    void watchdogStoryNamesRank37AndTheWatchdog()
    {
        Job job = trainingJob(128, 1521, {{37, 1520}});
        const std::int64_t hangNs = kStartNs + (10 + 1521 + 600) * kSecond;
        for (int rank = 0; rank < 128; ++rank) {
            if (rank == 37)
                continue;
            job.event(rank, hangNs + rank * 1000, kWatchdog, 1521);
        }
        const LogAnalysis analysis =
            analyzeLogs(job.events, job.templates, job.iterations, job.info);

        QVERIFY(analysis.suspects.size() >= 2);
        bool rankOnTop = false;
        bool watchdogOnTop = false;
        for (std::size_t i = 0; i < 2; ++i) {
            const LogSuspect &suspect = analysis.suspects[i];
            if (suspect.kind == LogSuspectKind::Rank && suspect.ranks == RankSet::fromVector({37}))
                rankOnTop = true;
            if (suspect.kind == LogSuspectKind::Template && suspect.templ == kWatchdog)
                watchdogOnTop = true;
        }
        QVERIFY2(rankOnTop && watchdogOnTop, analysis.summary.c_str());

        const LogTemplateSummary *watchdog = findTemplate(analysis, kWatchdog);
        QVERIFY(watchdog);
        QCOMPARE(watchdog->has.toString(), std::string("0-36,38-127"));
        QCOMPARE(watchdog->missing.toString(), std::string("37"));
        QVERIFY(watchdog->flags & LogTemplateFlag::MinorityLacks);
        QVERIFY(watchdog->flags & LogTemplateFlag::NewLate);
        QVERIFY(!(watchdog->flags & LogTemplateFlag::MinorityHas));
        QCOMPARE(watchdog->firstTimeNs, hangNs);
        QCOMPARE(watchdog->firstIteration, std::int64_t(1521));
        QCOMPARE(watchdog->firstRank, 0);
        QCOMPARE(analysis.anchorTimeNs, hangNs);
        QCOMPARE(analysis.anchorRank, 0);

        QCOMPARE(analysis.lastIteration.at(37), std::int64_t(1520));
        QCOMPARE(analysis.lastIteration.at(36), std::int64_t(1521));
        for (const LogSuspect &suspect : analysis.suspects) {
            if (suspect.kind == LogSuspectKind::Rank && suspect.ranks.contains(37)) {
                QVERIFY2(suspect.reason.find("nothing after iteration 1520 while others reached "
                                             "1521") != std::string::npos,
                         suspect.reason.c_str());
                QVERIFY2(suspect.reason.find("lacks") != std::string::npos, suspect.reason.c_str());
            }
        }
        QVERIFY2(analysis.summary.find("37") != std::string::npos, analysis.summary.c_str());
        QVERIFY(!isNoiseSuspect(analysis));
        // Only rank 37 and the watchdog: no other rank is a suspect.
        for (const LogSuspect &suspect : analysis.suspects) {
            if (suspect.kind != LogSuspectKind::Template)
                QCOMPARE(suspect.ranks.toString(), std::string("37"));
        }
    }

    void rankZeroNoiseIsRoleScoped()
    {
        const Job job = trainingJob(16, 40, {});
        const LogAnalysis analysis =
            analyzeLogs(job.events, job.templates, job.iterations, job.info);
        for (TemplateId id : {kDownload, kProgressBar}) {
            const LogTemplateSummary *templ = findTemplate(analysis, id);
            QVERIFY(templ);
            QVERIFY(templ->flags & (LogTemplateFlag::RankZeroOnly | LogTemplateFlag::ControlPlane));
            QVERIFY(!(templ->flags & LogTemplateFlag::MinorityHas));
            QVERIFY(templ->missing.empty());
        }
        QVERIFY(!isNoiseSuspect(analysis));
    }

    void healthyJobHasNoSuspects()
    {
        const Job job = trainingJob(64, 1200, {});
        const LogAnalysis analysis =
            analyzeLogs(job.events, job.templates, job.iterations, job.info);
        QVERIFY2(analysis.suspects.empty(), analysis.summary.c_str());
        QCOMPARE(analysis.anchorTimeNs, std::int64_t(0));
        QVERIFY2(analysis.summary.rfind("No suspicious", 0) == 0, analysis.summary.c_str());
        const LogTemplateSummary *iterations = findTemplate(analysis, kIterationLine);
        QVERIFY(iterations);
        QCOMPARE(iterations->has.toString(), std::string("0-63"));
        QVERIFY(iterations->missing.empty());
        QCOMPARE(iterations->flags & ~LogTemplateFlag::ErrorSeverity, std::uint32_t(0));
    }

    // One rank runs out of memory: the template is on a minority, the rank is the suspect.
    void minorityErrorNamesItsRank()
    {
        Job job = trainingJob(16, 100, {{5, 60}});
        job.event(5, kStartNs + 80 * kSecond, kOom, 60);
        const LogAnalysis analysis =
            analyzeLogs(job.events, job.templates, job.iterations, job.info);
        const LogTemplateSummary *oom = findTemplate(analysis, kOom);
        QVERIFY(oom);
        QVERIFY(oom->flags & LogTemplateFlag::MinorityHas);
        QCOMPARE(oom->has.toString(), std::string("5"));
        QVERIFY(!analysis.suspects.empty());
        bool rank5 = false;
        for (const LogSuspect &suspect : analysis.suspects)
            rank5 = rank5 || (suspect.kind == LogSuspectKind::Rank &&
                              suspect.ranks == RankSet::fromVector({5}));
        QVERIFY2(rank5, analysis.summary.c_str());
        QCOMPARE(analysis.anchorRank, 5);
    }

    // A warning every rank logs now and then, which one rank suddenly logs dozens of times in
    // one stretch: a burst against that rank's own history, not a minority template.
    void burstAgainstTheRanksOwnHistory()
    {
        Job job = trainingJob(16, 200, {});
        const TemplateId retry = TemplateId(job.templates.size());
        job.templates.push_back(makeTemplate(retry, "NCCL WARN NET/IB : retrying connection to <*>",
                                             LogSeverity::Warning));
        // Every rank: one retry every 20 iterations (steady background).
        for (int rank = 0; rank < 16; ++rank) {
            for (std::int64_t it = 10; it <= 200; it += 20)
                job.event(rank, kStartNs + (10 + it) * kSecond + 500 + rank, retry, it);
        }
        const LogAnalysis quiet = analyzeLogs(job.events, job.templates, job.iterations, job.info);
        const LogTemplateSummary *steady = findTemplate(quiet, retry);
        QVERIFY(steady);
        QVERIFY(!(steady->flags & LogTemplateFlag::Burst));

        // Rank 9 logs 60 retries within two seconds around iteration 150.
        for (int i = 0; i < 60; ++i)
            job.event(9, kStartNs + 160 * kSecond + i * (kSecond / 30), retry, 150);
        const LogAnalysis bursting =
            analyzeLogs(job.events, job.templates, job.iterations, job.info);
        const LogTemplateSummary *burst = findTemplate(bursting, retry);
        QVERIFY(burst);
        QVERIFY(burst->flags & LogTemplateFlag::Burst);
        QCOMPARE(burst->has.toString(), std::string("0-15")); // every rank has it: no minority
        QVERIFY(!(burst->flags & LogTemplateFlag::MinorityHas));
        bool listed = false;
        for (const LogSuspect &suspect : bursting.suspects)
            listed |= suspect.kind == LogSuspectKind::Template && suspect.templ == retry;
        QVERIFY2(listed, bursting.summary.c_str());
    }

    // All eight ranks of one node stop early: the node leads.
    void nodeOfStoppedRanksIsASuspect()
    {
        std::map<int, std::int64_t> stops;
        for (int rank = 16; rank < 24; ++rank)
            stops[rank] = 70;
        const Job job = trainingJob(64, 80, stops);
        const LogAnalysis analysis =
            analyzeLogs(job.events, job.templates, job.iterations, job.info);
        QVERIFY(!analysis.suspects.empty());
        const LogSuspect &top = analysis.suspects.front();
        QCOMPARE(int(top.kind), int(LogSuspectKind::Node));
        QCOMPARE(top.node, std::string("node-2"));
        QCOMPARE(top.ranks.toString(), std::string("16-23"));
    }

    // A local fault before the echoes is the first cause: the rank leads, the watchdog that
    // every other rank logged ten minutes later is its echo, listed after every suspect.
    void localCauseMakesTheWatchdogAnEcho()
    {
        Job job = trainingJob(16, 100, {{5, 60}});
        job.templates[kWatchdog].builtin = 1; // nccl-watchdog-timeout
        job.templates[kOom].builtin = 2;      // cuda-oom
        const std::int64_t oomNs = kStartNs + 80 * kSecond;
        job.event(5, oomNs, kOom, 60);
        for (int rank = 0; rank < 16; ++rank) {
            if (rank != 5 && rank != 12)
                job.event(rank, oomNs + 600 * kSecond + rank, kWatchdog, 100);
        }
        // torchrun's report on node-1 lists rank 12 as stopped with SIGTERM: it lacks the
        // timeout because it was gone, an effect, not a second suspect.
        LogAnalysisContext context;
        LauncherFailure stopped;
        stopped.rank = 12;
        stopped.exitCode = -15;
        context.failures.push_back(stopped);
        const LogAnalysis analysis =
            analyzeLogs(job.events, job.templates, job.iterations, job.info, context);
        QVERIFY(!analysis.suspects.empty());
        const LogSuspect &top = analysis.suspects.front();
        QCOMPARE(int(top.kind), int(LogSuspectKind::Rank));
        QCOMPARE(top.ranks.toString(), std::string("5"));
        QVERIFY2(analysis.cause.rfind("rank 5's `torch.OutOfMemoryError", 0) == 0,
                 analysis.cause.c_str());
        // The watchdog is an echo of it, after every suspect that is no effect.
        bool effects = false;
        for (const LogSuspect &suspect : analysis.suspects) {
            QVERIFY(suspect.effect || !effects);
            effects = effects || suspect.effect;
            if (suspect.kind == LogSuspectKind::Template && suspect.templ == kWatchdog) {
                QVERIFY(suspect.effect);
                QVERIFY2(suspect.reason.find("; echo of rank 5's `torch.OutOfMemoryError") !=
                             std::string::npos,
                         suspect.reason.c_str());
            }
        }
        QVERIFY(effects);
        bool rank12 = false;
        for (const LogSuspect &suspect : analysis.suspects) {
            if (suspect.kind == LogSuspectKind::Rank && suspect.ranks.toString() == "12") {
                rank12 = true;
                QVERIFY(suspect.effect);
                QVERIFY2(suspect.reason.find("an effect: torchrun stopped it (SIGTERM) after rank "
                                             "5's `torch.OutOfMemoryError") != std::string::npos,
                         suspect.reason.c_str());
            }
        }
        QVERIFY(rank12);
        QVERIFY(findTemplate(analysis, kOom)->flags & LogTemplateFlag::Cause);
        QVERIFY(findTemplate(analysis, kWatchdog)->flags & LogTemplateFlag::Echo);
        QCOMPARE(analysis.suspiciousTemplates, 2);
    }

    // A fault that comes after the echoes is one of them (a loader that errors out when its
    // process is torn down): no first cause, the watchdog stays what it was.
    void causeAfterTheEchoesIsNoCause()
    {
        Job job = trainingJob(16, 100, {{5, 99}});
        job.templates[kWatchdog].builtin = 1;
        const TemplateId loader = TemplateId(job.templates.size());
        LogTemplate traceback = makeTemplate(
            loader, "Traceback (most recent call last): ... OSError: <*>", LogSeverity::Error);
        traceback.builtin = 11; // python-traceback
        job.templates.push_back(traceback);
        const std::int64_t timeoutNs = kStartNs + 800 * kSecond;
        for (int rank = 0; rank < 16; ++rank) {
            if (rank != 5)
                job.event(rank, timeoutNs + rank, kWatchdog, 100);
        }
        job.event(5, timeoutNs + 2 * kSecond, loader, 99);
        const LogAnalysis analysis =
            analyzeLogs(job.events, job.templates, job.iterations, job.info);
        QVERIFY2(analysis.cause.empty(), analysis.cause.c_str());
        for (const LogSuspect &suspect : analysis.suspects)
            QVERIFY2(!suspect.effect, suspect.reason.c_str());
        for (const LogSuspect &suspect : analysis.suspects)
            qInfo() << suspect.ranks.toString().c_str() << suspect.reason.c_str();
        QCOMPARE(analysis.suspects.front().ranks.toString(), std::string("5"));
    }

    // Launcher lines (rank -1) belong to the launcher role: never missing from trainers.
    void launcherLinesAreTheirOwnRole()
    {
        Job job = trainingJob(8, 10, {});
        job.templates.push_back(
            makeTemplate(kTemplateCount, "torchrun: starting <*> workers", LogSeverity::Info));
        job.event(-1, kStartNs, kTemplateCount, -1);
        const LogAnalysis analysis =
            analyzeLogs(job.events, job.templates, job.iterations, job.info);
        const LogTemplateSummary *launcher = findTemplate(analysis, kTemplateCount);
        QVERIFY(launcher);
        QCOMPARE(launcher->role, std::string("launcher"));
        QVERIFY(launcher->has.empty());
        QVERIFY(launcher->missing.empty());
        QVERIFY(analysis.suspects.empty());
    }
};

QTEST_GUILESS_MAIN(TestLogAnalysis)
#include "test_log_analysis.moc"
