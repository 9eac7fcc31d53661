// rankscope-cli on bundles with logs and no profiler traces: stragglers says the data cannot
// tell when the logs carry no per-rank timing (Megatron's iteration lines on the last rank
// only, with or without its prefix; start-up timestamps only), and still compares ranks when
// every rank prints its step times; logs counts its suspicious templates as its summary does.
#include "CliTestSupport.h"

#include "../bundle/RealLogFixtures.h"

#include <QTemporaryDir>

using namespace cli_test;

namespace {

struct Bundle
{
    QTemporaryDir dir;
    QTemporaryDir cache;
    std::string path() const { return dir.path().toStdString(); }
};

CliRun stragglers(const Bundle &bundle, const char *format)
{
    return runInProcess({"stragglers", bundle.path(), "--format", format, "--cache-dir",
                         bundle.cache.path().toStdString()});
}

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestCliLogVerdicts : public QObject
{
    Q_OBJECT

private slots:
    void lastRankOnlyCannotTell_data()
    {
        QTest::addColumn<bool>("prefixed");
        QTest::newRow("[rank63]: prefix") << true;
        QTest::newRow("no prefix (job-level lines)") << false;
    }

    // Megatron prints its iteration line on the last rank only: 1 of 64 ranks is timed (or
    // none, when the lines carry no rank): never "no stragglers".
    void lastRankOnlyCannotTell()
    {
        QFETCH(bool, prefixed);
        Bundle bundle;
        real_logs::megatronLastRankOnly(prefixed).write(bundle.dir.path());
        const CliRun text = stragglers(bundle, "text");
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.rfind("Verdict: inconclusive - Cannot tell stragglers from these logs: "
                                "the logs give step times for ",
                                0) == 0,
                 text.out.c_str());
        QVERIFY2(contains(text.out, prefixed ? "for 1 of 64 ranks" : "for 0 of 64 ranks"),
                 text.out.c_str());
        if (!prefixed)
            QVERIFY2(contains(text.out, "120 iteration lines carry no rank"), text.out.c_str());
        QVERIFY2(!contains(text.out, "no_stragglers") && !contains(text.out, "Compared"),
                 text.out.c_str());

        const CliRun json = stragglers(bundle, "json");
        QCOMPARE(json.exitCode, 0);
        const nlohmann::json report = nlohmann::json::parse(json.out);
        QCOMPARE(report["verdict"].get<std::string>(), std::string("inconclusive"));
        QCOMPARE(report["timing"]["source"].get<std::string>(), std::string("logs"));
        QCOMPARE(report["timing"]["ranks"].get<int>(), 64);
        QCOMPARE(report["timing"]["timed_ranks"].get<int>(), prefixed ? 1 : 0);
        QCOMPARE(report["timing"]["enough"].get<bool>(), false);
        QVERIFY(report["suspects"].empty());
    }

    void startUpTimestampsOnlyCannotTell()
    {
        Bundle bundle;
        real_logs::startUpOnly().write(bundle.dir.path());
        const CliRun run = stragglers(bundle, "text");
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(contains(run.out, "Verdict: inconclusive - Cannot tell stragglers from these "
                                   "logs: the logs give step times for 0 of 64 ranks: they have "
                                   "timestamps but no iteration lines with step times"),
                 run.out.c_str());
    }

    // Every rank prints its iteration lines: the logs can tell, and they name the slow rank.
    void everyRankTimedFindsTheSlowRank()
    {
        Bundle bundle;
        real_logs::Job job(4, 8);
        job.startUp();
        job.iterationsOnEveryRank(1, 40, real_logs::kStartNs + 10 * real_logs::kSecond,
                                  2 * real_logs::kSecond, 12, 1.6, 15);
        job.write(bundle.dir.path());
        const CliRun json = stragglers(bundle, "json");
        QCOMPARE(json.exitCode, 0);
        const nlohmann::json report = nlohmann::json::parse(json.out);
        QCOMPARE(report["timing"]["timed_ranks"].get<int>(), 32);
        QCOMPARE(report["timing"]["enough"].get<bool>(), true);
        QCOMPARE(report["verdict"].get<std::string>(), std::string("stragglers_found"));
        QCOMPARE(report["suspects"][0]["ranks"][0].get<int>(), 12);
    }

    // The summary and the suspicious count come from one source: a healthy job's logs say
    // "no suspicious templates" next to 0, the OOM job's name rank 5 next to its count.
    void logsSummaryAgreesWithItsCount()
    {
        Bundle healthy;
        real_logs::megatronLastRankOnly().write(healthy.dir.path());
        const CliRun quiet = runInProcess({"logs", healthy.path(), "--format", "json",
                                           "--cache-dir", healthy.cache.path().toStdString()});
        QCOMPARE(quiet.exitCode, 0);
        const nlohmann::json calm = nlohmann::json::parse(quiet.out);
        QVERIFY2(calm["summary"].get<std::string>().rfind("No suspicious log templates", 0) == 0,
                 quiet.out.c_str());
        QCOMPARE(calm["suspicious_templates"].get<int>(), 0);

        Bundle oom;
        real_logs::oomOnOneRank().write(oom.dir.path());
        const CliRun run = runInProcess({"logs", oom.path(), "--format", "json", "--cache-dir",
                                         oom.cache.path().toStdString()});
        QCOMPARE(run.exitCode, 0);
        const nlohmann::json json = nlohmann::json::parse(run.out);
        int flagged = 0;
        for (const nlohmann::json &templ : json["templates"]) {
            for (const nlohmann::json &flag : templ["flags"])
                flagged += flag == "suspect" ? 1 : 0;
        }
        int templateSuspects = 0;
        for (const nlohmann::json &suspect : json["suspects"])
            templateSuspects += suspect["kind"] == "template" ? 1 : 0;
        QCOMPARE(json["suspicious_templates"].get<int>(), flagged);
        QCOMPARE(flagged, templateSuspects);
        QVERIFY(flagged > 0);
        QVERIFY2(json["summary"].get<std::string>().rfind("Rank 5 (node-0): ", 0) == 0,
                 run.out.c_str());
        QVERIFY2(json["cause"].get<std::string>().rfind("rank 5's `CUDA out of memory", 0) == 0,
                 run.out.c_str());
        QCOMPARE(json["suspects"][0]["effect"].get<bool>(), false);

        const CliRun text = runInProcess(
            {"logs", oom.path(), "--cache-dir", oom.cache.path().toStdString(), "--limit", "0"});
        QVERIFY2(contains(text.out, (std::to_string(flagged) + " suspicious\n").c_str()),
                 text.out.c_str());
        QVERIFY2(contains(text.out, "First cause: rank 5's `CUDA out of memory"), text.out.c_str());
        QVERIFY2(contains(text.out, ", effect, score "), text.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliLogVerdicts)
#include "test_cli_log_verdicts.moc"
