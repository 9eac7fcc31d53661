// rankscope-cli diff: the JSON keys on a synthetic hang against its healthy baseline, the text
// report, and the errors for a missing --baseline and a bad --format.
#include "cli/CliTestSupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace cli_test;

class TestCliDiff : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string path(const char *name) const
    {
        return m_dir.filePath(QString::fromUtf8(name)).toStdString();
    }
    std::string target() const { return path("hang"); }
    std::string baseline() const { return path("hang-baseline"); }
    std::string cacheDir() const { return path("cache"); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        rankscope::SynthOptions options;
        options.scenario = "hang-dataloader";
        options.ranks = 16;
        options.seed = 5;
        options.outDir = target();
        rankscope::writeSyntheticBundle(options);
        options.healthyBaseline = true;
        options.outDir = baseline();
        rankscope::writeSyntheticBundle(options);
    }

    void logsWithBaselineDemotesWhatTheBaselineAlsoLogs()
    {
        // Two small runs of 4 ranks: rank 1 warns in both (a known, harmless warning); only
        // tonight's rank 2 has an I/O error. Alone, the warning is a suspect like the error;
        // with the baseline it says so and ranks below the error.
        const auto writeRun = [&](const char *name, bool withError) {
            for (int rank = 0; rank < 4; ++rank) {
                const QString dir =
                    m_dir.filePath(QString::fromUtf8(name) + QStringLiteral("/logs"));
                QDir().mkpath(dir);
                QFile file(dir + QStringLiteral("/rank%1.log").arg(rank));
                QVERIFY(file.open(QIODevice::WriteOnly));
                file.write("2025-11-29 12:00:00,000 INFO starting training\n");
                if (rank == 1)
                    file.write("2025-11-29 12:00:01,000 WARNING NCCL WARN Call to ibv_reg_mr "
                               "failed, retrying\n");
                if (rank == 2 && withError)
                    file.write("2025-11-29 12:00:02,000 ERROR OSError: [Errno 5] Input/output "
                               "error\n");
                file.write("2025-11-29 12:10:00,000 INFO saving checkpoint\n");
            }
        };
        writeRun("logs-tonight", true);
        writeRun("logs-last-week", false);
        const auto suspects = [&](bool withBaseline) {
            std::vector<std::string> arguments = {"logs", path("logs-tonight"), "--format",
                                                  "json", "--cache-dir",        cacheDir()};
            if (withBaseline) {
                arguments.push_back("--baseline");
                arguments.push_back(path("logs-last-week"));
            }
            const CliRun run = runInProcess(arguments);
            return run.exitCode == 0 ? nlohmann::json::parse(run.out)["suspects"]
                                     : nlohmann::json();
        };
        const auto indexOf = [](const nlohmann::json &list, const char *text) {
            for (std::size_t i = 0; i < list.size(); ++i)
                if (list[i]["kind"] == "template" &&
                    list[i]["reason"].get<std::string>().find(text) != std::string::npos)
                    return int(i);
            return -1;
        };
        const nlohmann::json plain = suspects(false);
        const nlohmann::json demoted = suspects(true);
        QVERIFY(plain.is_array() && demoted.is_array());
        const int warning = indexOf(demoted, "NCCL WARN");
        const int error = indexOf(demoted, "OSError");
        QVERIFY2(indexOf(plain, "NCCL WARN") >= 0, plain.dump(1).c_str());
        QVERIFY2(warning >= 0 && error >= 0, demoted.dump(1).c_str());
        QVERIFY(error < warning);
        QVERIFY(demoted[warning]["reason"].get<std::string>().find(
                    "also in the healthy baseline") != std::string::npos);
        QVERIFY(demoted[error]["reason"].get<std::string>().find("also in the healthy baseline") ==
                std::string::npos);
        QVERIFY(demoted[warning]["score"].get<double>() <
                plain[indexOf(plain, "NCCL WARN")]["score"].get<double>());
    }

    void jsonKeys()
    {
        const CliRun run = runInProcess({"diff", target(), "--baseline", baseline(), "--format",
                                         "json", "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 0);
        const nlohmann::json json = nlohmann::json::parse(run.out, nullptr, false);
        QVERIFY2(!json.is_discarded(), run.out.c_str());
        for (const char *key : {"baseline", "target", "stacks", "logs", "ops", "summary"})
            QVERIFY2(json.contains(key), key);
        QCOMPARE(json["baseline"]["name"].get<std::string>(), std::string("hang-baseline"));
        QCOMPARE(json["target"]["ranks"].get<int>(), 16);

        QVERIFY(json["stacks"].is_array() && !json["stacks"].empty());
        double previous = 2;
        for (const nlohmann::json &change : json["stacks"]) {
            for (const char *key : {"frames", "kind", "baseline_ranks", "target_ranks",
                                    "baseline_share", "target_share", "change"})
                QVERIFY2(change.contains(key), key);
            QVERIFY(change["frames"].is_array() && !change["frames"].empty());
            QVERIFY(rankscope::RankSet::parse(change["baseline_ranks"].get<std::string>()));
            QVERIFY(rankscope::RankSet::parse(change["target_ranks"].get<std::string>()));
            // Largest change first.
            const double size = std::abs(change["change"].get<double>());
            QVERIFY(size <= previous + 1e-12);
            previous = size;
        }
        for (const char *key : {"unit", "new", "gone", "changed"})
            QVERIFY2(json["logs"].contains(key), key);
        QVERIFY(!json["logs"]["new"].empty());
        for (const char *key : {"changes", "step_times"})
            QVERIFY2(json["ops"].contains(key), key);
        // The step time from the iteration lines: a hang changes the steps before it little.
        for (const char *key :
             {"compared", "baseline", "target", "relative_change", "z", "significant", "rule"})
            QVERIFY2(json["step_time"].contains(key), key);
        QVERIFY(json["step_time"]["target"]["steady"].contains("median_step_ms"));
        QVERIFY(!json["step_time"]["significant"].get<bool>());

        QVERIFY(json["summary"].is_array() && !json["summary"].empty());
        for (const nlohmann::json &line : json["summary"]) {
            QVERIFY(line["text"].is_string() && !line["text"].get<std::string>().empty());
            QVERIFY(line["evidence"].contains("kind"));
        }
        const nlohmann::json &first = json["summary"].front();
        QCOMPARE(first["evidence"]["kind"].get<std::string>(), std::string("stack"));
        const nlohmann::json &evidence = json["stacks"][first["evidence"]["index"].get<int>()];
        QCOMPARE(evidence["kind"].get<std::string>(), std::string("new"));
        QCOMPARE(evidence["baseline_ranks"].get<std::string>(), std::string());
    }

    void textReport()
    {
        const CliRun run = runInProcess({"diff", target(), "--baseline", baseline(), "--cache-dir",
                                         cacheDir(), "--limit", "3"});
        QCOMPARE(run.exitCode, 0);
        for (const char *part : {"Baseline: hang-baseline", "What changed", "  1. Rank ",
                                 "Stacks:", "Logs:", "Op timing", "more (--format json"})
            QVERIFY2(run.out.find(part) != std::string::npos, part);
        QVERIFY(run.out.find("\x1b[") == std::string::npos); // no colour into a pipe
    }

    void sameRunShowsNoChange()
    {
        const CliRun run =
            runInProcess({"diff", baseline(), "--baseline", baseline(), "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.find("1. No significant change in stacks, logs") != std::string::npos,
                 run.out.c_str());
    }

    void errors()
    {
        CliRun run = runInProcess({"diff", target(), "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("--baseline") != std::string::npos, run.err.c_str());
        QCOMPARE(lineCount(run.err), 1);

        run = runInProcess({"diff", target(), "--baseline", baseline(), "--format", "xml"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("--format") != std::string::npos, run.err.c_str());

        run = runInProcess(
            {"diff", target(), "--baseline", path("no-such-run"), "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("no-such-run") != std::string::npos, run.err.c_str());

        run = runInProcess({"help", "diff"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.find("--baseline BASE") != std::string::npos);
    }

    void benchDiffPrintsTimes()
    {
        const CliRun run =
            runInProcess({"bench-diff", target(), "--baseline", baseline(), "--repeat", "2",
                          "--format", "json", "--cache-dir", cacheDir()});
        QCOMPARE(run.exitCode, 0);
        const nlohmann::json json = nlohmann::json::parse(run.out, nullptr, false);
        QVERIFY2(!json.is_discarded(), run.out.c_str());
        for (const char *key : {"diff", "stacks", "logs", "ops", "summary"}) {
            QVERIFY2(json.contains(key), key);
            QVERIFY(json[key]["min_seconds"].get<double>() <=
                    json[key]["median_seconds"].get<double>());
        }
        QCOMPARE(json["repeat"].get<int>(), 2);
    }
};

QTEST_GUILESS_MAIN(TestCliDiff)
#include "test_cli_diff.moc"
