// rankscope-cli logs: the JSON shape and the text report on the fixture bundle with logs, and
// the message for a bundle without logs.
#include "CliTestSupport.h"
#include "TestData.h"

#include <QDir>
#include <QTemporaryDir>

using namespace cli_test;

class TestCliLogs : public QObject
{
    Q_OBJECT

private:
    std::string bundle() const
    {
        return QString(rankscope_test::fixturesDir() + QStringLiteral("/bundle-logs"))
            .toStdString();
    }
    std::string cacheDir() const { return m_cache.path().toStdString(); }

    QTemporaryDir m_cache;

private slots:
    void jsonShape()
    {
        const CliRun run =
            runInProcess({"logs", bundle(), "--format", "json", "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 0);
        const nlohmann::json json = nlohmann::json::parse(run.out);
        for (const char *key :
             {"summary", "files", "events", "anchor", "suspects", "templates", "last_iteration"})
            QVERIFY2(json.contains(key), key);
        QCOMPARE(json["files"].get<int>(), 5);
        QVERIFY(json["templates"].size() >= 5);
        for (const nlohmann::json &templ : json["templates"]) {
            for (const char *key :
                 {"id", "text", "severity", "builtin", "role", "count", "has", "missing",
                  "first_time_ns", "first_time", "first_iteration", "first_rank", "flags", "score"})
                QVERIFY2(templ.contains(key), key);
            QVERIFY(templ["flags"].is_array());
            QVERIFY(rankscope::RankSet::parse(templ["has"].get<std::string>()).has_value());
        }
        const nlohmann::json &top = json["templates"].front();
        QVERIFY2(top["text"].get<std::string>().find("Watchdog") != std::string::npos,
                 top.dump().c_str());
        QCOMPARE(top["has"].get<std::string>(), std::string("0-1,3"));
        QCOMPARE(top["missing"].get<std::string>(), std::string("2"));
        QCOMPARE(top["first_iteration"].get<int>(), 21);
        QCOMPARE(top["first_time"].get<std::string>(), std::string("2025-11-29T12:10:40.000Z"));

        bool rank2 = false;
        for (const nlohmann::json &suspect : json["suspects"]) {
            for (const char *key : {"kind", "template", "ranks", "node", "score", "reason"})
                QVERIFY2(suspect.contains(key), key);
            rank2 = rank2 || (suspect["kind"] == "rank" && suspect["ranks"] == "2");
        }
        QVERIFY(rank2);
        QCOMPARE(json["last_iteration"]["2"].get<int>(), 20);
        QCOMPARE(json["last_iteration"]["0"].get<int>(), 21);
        QCOMPARE(json["anchor"]["rank"].get<int>(), 0);
    }

    void textReport()
    {
        const CliRun run = runInProcess({"logs", bundle(), "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.rfind("Summary: ", 0) == 0);
        QVERIFY2(run.out.find("rank 2: nothing after iteration 20 while others reached 21") !=
                     std::string::npos,
                 run.out.c_str());
        QVERIFY(run.out.find("Templates (most suspicious first):") != std::string::npos);
    }

    void copiesAndTheStepSeries()
    {
        // The same events in the ranks' own logs and in the launcher's output: each once.
        const std::string copies =
            QString(rankscope_test::fixturesDir() + QStringLiteral("/bundle-copies")).toStdString();
        CliRun run = runInProcess({"logs", copies, "--format", "json", "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 0);
        nlohmann::json json = nlohmann::json::parse(run.out);
        QCOMPARE(json["events"].get<int>(), 29);
        QCOMPARE(json["copies"].get<int>(), 20);
        QCOMPARE(json["step_series"]["source"].get<std::string>(), std::string("none"));
        run = runInProcess({"logs", copies, "--cache-dir", cacheDir()});
        QVERIFY2(run.out.find("20 more lines are copies of these events in another file") !=
                     std::string::npos,
                 run.out.c_str());

        // Megatron's iteration lines without a rank prefix: the job's series.
        const std::string slower =
            QString(rankscope_test::fixturesDir() + QStringLiteral("/step-series/slower"))
                .toStdString();
        run = runInProcess({"logs", slower, "--format", "json", "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 0);
        json = nlohmann::json::parse(run.out);
        const nlohmann::json &series = json["step_series"];
        QCOMPARE(series["source"].get<std::string>(), std::string("unprefixed"));
        QCOMPARE(series["framework"].get<std::string>(), std::string("megatron"));
        QCOMPARE(series["points"].size(), std::size_t(40));
        QCOMPARE(series["points"][0]["iteration"].get<int>(), 1);
        QCOMPARE(series["points"][0]["step_ms"].get<double>(), 162250.0);
        QCOMPARE(series["points"][0]["loss"].get<double>(), 10.85548);
        QVERIFY(series["steady"]["known"].get<bool>());
        QCOMPARE(series["steady"]["from_iteration"].get<int>(), 5);
        QCOMPARE(series["steady"]["warmup_lines_skipped"].get<int>(), 4);
        run = runInProcess({"logs", slower, "--cache-dir", cacheDir()});
        QVERIFY2(run.out.find("Iterations: 40 (megatron, lines of no rank), step time 138 s "
                              "median over iterations 5-40") != std::string::npos,
                 run.out.c_str());
    }

    void bundleWithoutLogsIsRefused()
    {
        QTemporaryDir empty;
        QDir(empty.path()).mkpath(QStringLiteral("stacks"));
        const CliRun run =
            runInProcess({"logs", empty.path().toStdString(), "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("has no logs") != std::string::npos, run.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliLogs)
#include "test_cli_logs.moc"
