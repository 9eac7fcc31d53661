// rankscope-cli as a user runs it: synth a bundle, then ask `stacks` for the culprit. For an
// injected DataLoader hang the injected rank (from ground_truth.json) must be the top suspect,
// at every size and seed; a healthy job must yield no blocker.
#include "CliTestSupport.h"

#include "importers/stacks/StackFormat.h"

#include <QTemporaryDir>

using namespace cli_test;
using rankscope::RankSet;

class TestCliEndToEnd : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_work;

    QString cacheDir() const { return m_work.path() + QStringLiteral("/cache"); }

    // Runs `synth` through the binary and returns the bundle directory.
    QString synth(const QString &scenario, int ranks, int seed)
    {
        const QString out =
            m_work.path() + QStringLiteral("/%1-%2-s%3").arg(scenario).arg(ranks).arg(seed);
        const CliRun run =
            runBinary({QStringLiteral("synth"), QStringLiteral("--scenario"), scenario,
                       QStringLiteral("--ranks"), QString::number(ranks), QStringLiteral("--seed"),
                       QString::number(seed), QStringLiteral("--out"), out});
        if (run.exitCode != 0)
            qWarning("synth failed: %s", run.err.c_str());
        return run.exitCode == 0 ? out : QString();
    }

    nlohmann::json stacksJson(const QString &bundle, const QStringList &extra = {})
    {
        const CliRun run = runBinary(QStringList{QStringLiteral("stacks"), bundle,
                                                 QStringLiteral("--format"), QStringLiteral("json"),
                                                 QStringLiteral("--cache-dir"), cacheDir()} +
                                     extra);
        if (run.exitCode != 0) {
            qWarning("stacks failed (%d): %s", run.exitCode, run.err.c_str());
            return {};
        }
        return nlohmann::json::parse(run.out, nullptr, false);
    }

private slots:
    void initTestCase() { QVERIFY(m_work.isValid()); }

    void injectedRankIsTheTopSuspect_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("seed");
        for (int seed : {1, 2, 3, 4, 5, 6})
            QTest::addRow("16 ranks seed %d", seed) << 16 << seed;
        for (int seed : {1, 2, 3, 4})
            QTest::addRow("64 ranks seed %d", seed) << 64 << seed;
        QTest::addRow("1024 ranks seed 1") << 1024 << 1;
    }

    void injectedRankIsTheTopSuspect()
    {
        QFETCH(int, ranks);
        QFETCH(int, seed);
        const QString bundle = synth(QStringLiteral("hang-dataloader"), ranks, seed);
        QVERIFY(!bundle.isEmpty());
        const nlohmann::json truth = readJsonFile(bundle.toStdString() + "/ground_truth.json");
        QCOMPARE(truth["fault_ranks"].size(), std::size_t(1));
        const int fault = truth["fault_ranks"][0];
        const RankSet faultSet = RankSet::fromVector({fault});
        const RankSet others = RankSet::range(0, ranks - 1) - faultSet;

        const nlohmann::json json = stacksJson(bundle);
        QVERIFY(json.is_object());
        QCOMPARE(json["world_size"].get<int>(), ranks);
        QCOMPARE(ranksOf(json["ranks_with_data"]), RankSet::range(0, ranks - 1));

        // Verdict: every other rank waits in all_reduce.
        QCOMPARE(json["verdict"]["kind"].get<std::string>(), std::string("blockers-found"));
        QCOMPARE(ranksOf(json["verdict"]["waiters"]), others);
        QCOMPARE(json["verdict"]["wait_operation"].get<std::string>(), std::string("all_reduce"));

        // Top suspect: exactly the injected rank, a blocker, in the data loader.
        const nlohmann::json &top = json["suspects"].at(0);
        QCOMPARE(ranksOf(top["ranks"]), faultSet);
        QCOMPARE(top["kind"].get<std::string>(), std::string("blocker"));
        const std::string reason = top["reason"];
        QVERIFY2(reason.find("data loading") != std::string::npos ||
                     reason.find("DataLoader") != std::string::npos,
                 reason.c_str());
        QVERIFY2(reason.find("all_reduce") != std::string::npos, reason.c_str());
        // Its node is a frame of the faulty rank's own branch, a branch that passes through
        // DataLoader.__next__ (at, above or below the node, depending on which frame the
        // analysis picks to show).
        const std::vector<std::string> faultPath = truth["fault_path"];
        QVERIFY2(std::find(faultPath.begin(), faultPath.end(), top["frame"]) != faultPath.end(),
                 top.dump().c_str());
        const nlohmann::json *node = findPath(json["tree"], top["path"]);
        QVERIFY(node);
        QCOMPARE(ranksOf((*node)["has"]), faultSet);
        const std::string expected = truth["expected_top_suspect_frame"];
        const std::vector<std::string> path = top["path"];
        QVERIFY2(std::find(path.begin(), path.end(), expected) != path.end() ||
                     subtreeHasFrame(*node, expected, faultSet),
                 top.dump().c_str());
        // Nothing else outranks it: any further suspect scores lower.
        for (std::size_t i = 1; i < json["suspects"].size(); ++i)
            QVERIFY(json["suspects"][i]["score"].get<double>() < top["score"].get<double>());
    }

    void healthyJobHasNoBlocker_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("seed");
        QTest::addRow("16 ranks") << 16 << 1;
        QTest::addRow("64 ranks") << 64 << 2;
        QTest::addRow("64 ranks other seed") << 64 << 9;
    }

    void healthyJobHasNoBlocker()
    {
        QFETCH(int, ranks);
        QFETCH(int, seed);
        const QString bundle = synth(QStringLiteral("healthy"), ranks, seed);
        QVERIFY(!bundle.isEmpty());
        const nlohmann::json json = stacksJson(bundle);
        QVERIFY(json.is_object());
        QVERIFY(json["verdict"]["kind"] != "blockers-found");
        for (const auto &suspect : json["suspects"])
            QVERIFY2(suspect["kind"] != "blocker", suspect.dump().c_str());
        QCOMPARE(ranksOf(json["progress"]["progressing"]), RankSet::range(0, ranks - 1));
    }

    void jsonTreePartitionsRanksUnderEveryOption_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("defaults") << QStringList{};
        QTest::newRow("line, all threads")
            << QStringList{QStringLiteral("--frames=line"), QStringLiteral("--threads=all")};
        QTest::newRow("file, latest")
            << QStringList{QStringLiteral("--frames=file"), QStringLiteral("--samples=latest")};
        QTest::newRow("dataloader role")
            << QStringList{QStringLiteral("--role=dataloader"), QStringLiteral("--threads=all")};
        QTest::newRow("every role") << QStringList{QStringLiteral("--role=*")};
        QTest::newRow("named thread") << QStringList{QStringLiteral("--threads"),
                                                     QStringLiteral("Thread-2 (_pin_memory_loop)")};
    }

    void jsonTreePartitionsRanksUnderEveryOption()
    {
        QFETCH(QStringList, options);
        const QString bundle = synth(QStringLiteral("hang-dataloader"), 16, 7);
        QVERIFY(!bundle.isEmpty());
        const nlohmann::json json = stacksJson(bundle, options);
        QVERIFY(json.is_object());
        for (const char *key : {"world_size", "ranks_with_data", "no_data", "options", "verdict",
                                "suspects", "classes", "tree"})
            QVERIFY2(json.contains(key), key);
        const RankSet withData = ranksOf(json["ranks_with_data"]);
        QCOMPARE(withData, RankSet::range(0, 15));
        QVERIFY(RankSet::parse(json["no_data"].get<std::string>()).has_value());
        const std::string problem = checkTreePartition(json["tree"], withData);
        QVERIFY2(problem.empty(), problem.c_str());
        for (const auto &suspect : json["suspects"])
            QVERIFY(RankSet::parse(suspect["ranks"].get<std::string>()).has_value());
    }

    void missingRanksAreNoDataNotMissing()
    {
        // Delete two ranks' dumps: job.json still expects them.
        const QString bundle = synth(QStringLiteral("hang-dataloader"), 16, 3);
        QVERIFY(!bundle.isEmpty());
        const int fault =
            readJsonFile(bundle.toStdString() + "/ground_truth.json")["fault_ranks"][0];
        std::vector<int> gone;
        for (int r = 0; r < 16 && gone.size() < 2; ++r) {
            if (r != fault)
                gone.push_back(r);
        }
        for (int r : gone)
            QVERIFY(QDir(bundle + QStringLiteral("/stacks/rank%1").arg(r)).removeRecursively());
        const nlohmann::json json = stacksJson(bundle);
        QVERIFY(json.is_object());
        const RankSet goneSet = RankSet::fromVector(gone);
        QCOMPARE(ranksOf(json["no_data"]), goneSet);
        QCOMPARE(ranksOf(json["ranks_with_data"]), RankSet::range(0, 15) - goneSet);
        const std::string problem =
            checkTreePartition(json["tree"], ranksOf(json["ranks_with_data"]));
        QVERIFY2(problem.empty(), problem.c_str());
        // The injected rank is still found.
        bool faultSuspected = false;
        for (const auto &suspect : json["suspects"])
            faultSuspected |= suspect["kind"] == "blocker" &&
                              ranksOf(suspect["ranks"]) == RankSet::fromVector({fault});
        QVERIFY(faultSuspected);
    }

    void foldedOutputReparsesToTheSameSampleCount()
    {
        const QString bundle = synth(QStringLiteral("healthy"), 16, 4);
        QVERIFY(!bundle.isEmpty());
        for (const QString &threads : {QStringLiteral("main"), QStringLiteral("all")}) {
            const nlohmann::json json = stacksJson(
                bundle, {QStringLiteral("--frames=line"), QStringLiteral("--threads"), threads});
            const CliRun folded = runBinary(
                {QStringLiteral("stacks"), bundle, QStringLiteral("--format"),
                 QStringLiteral("folded"), QStringLiteral("--frames=line"),
                 QStringLiteral("--threads"), threads, QStringLiteral("--cache-dir"), cacheDir()});
            QCOMPARE(folded.exitCode, 0);
            const rankscope::ParsedStacks parsed = rankscope::parseFoldedStacks(folded.out);
            QCOMPARE(parsed.invalidLines, std::int64_t(0));
            std::uint64_t total = 0;
            for (const auto &process : parsed.processes) {
                for (const auto &thread : process.threads)
                    total += thread.weight;
            }
            QCOMPARE(total, json["tree"]["samples"].get<std::uint64_t>());
            QVERIFY(folded.out.find('@') == std::string::npos);
        }
    }

    void textOutputNamesTheCulprit()
    {
        const QString bundle = synth(QStringLiteral("hang-dataloader"), 64, 2);
        QVERIFY(!bundle.isEmpty());
        const int fault =
            readJsonFile(bundle.toStdString() + "/ground_truth.json")["fault_ranks"][0];
        const CliRun run = runBinary(
            {QStringLiteral("stacks"), bundle, QStringLiteral("--cache-dir"), cacheDir()});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.empty());
        QVERIFY(run.out.find("Verdict: blockers-found") != std::string::npos);
        QVERIFY2(run.out.find("1. rank " + std::to_string(fault) + " ") != std::string::npos,
                 run.out.c_str());
        QVERIFY(run.out.find("\x1b[") == std::string::npos); // stdout is a pipe here
    }

    void importPrintsTheSummary()
    {
        const QString bundle = synth(QStringLiteral("hang-dataloader"), 16, 1);
        QVERIFY(!bundle.isEmpty());
        // A file that is not a stack dump and one that is broken.
        QFile readme(bundle + QStringLiteral("/README"));
        QVERIFY(readme.open(QIODevice::WriteOnly));
        readme.write("copied from the cluster\n");
        readme.close();
        const QString fresh = m_work.path() + QStringLiteral("/import-cache");
        CliRun run =
            runBinary({QStringLiteral("import"), bundle, QStringLiteral("--cache-dir"), fresh});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.empty());
        for (const char *field :
             {"Imported ", "cache ", "files ", " seen: ", " parsed, ", " reused, ", " failed, ",
              " ignored, ", "ranks ", "world size 16 (job.json); ranks 0-15: stacks, logs",
              "samples ", "Problems: "})
            QVERIFY2(run.out.find(field) != std::string::npos, field);
        QVERIFY(run.out.find("0 reused") != std::string::npos);

        run = runBinary({QStringLiteral("import"), bundle, QStringLiteral("--cache-dir"), fresh});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.find(" 0 parsed, ") != std::string::npos, run.out.c_str());
        QVERIFY2(run.out.find(" 0 reused") == std::string::npos, run.out.c_str());

        run = runBinary({QStringLiteral("import"), bundle, QStringLiteral("--cache-dir"), fresh,
                         QStringLiteral("--force")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.find(" 0 reused") != std::string::npos, run.out.c_str());
    }

    void binaryErrorsAreOneLineWithStatusTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no command") << QStringList{};
        QTest::newRow("unknown option") << QStringList{
            QStringLiteral("stacks"), QStringLiteral("/x"), QStringLiteral("--colour")};
        QTest::newRow("missing bundle") << QStringList{
            QStringLiteral("stacks"), QStringLiteral("/nonexistent/rankscope/bundle")};
        QTest::newRow("synth bad scenario")
            << QStringList{QStringLiteral("synth"), QStringLiteral("--scenario=x"),
                           QStringLiteral("--ranks=2"), QStringLiteral("--out=/nonexistent/x")};
    }

    void binaryErrorsAreOneLineWithStatusTwo()
    {
        QFETCH(QStringList, args);
        const CliRun run = runBinary(args);
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(lineCount(run.err), 1);
        QVERIFY2(run.err.rfind("rankscope-cli: ", 0) == 0, run.err.c_str());
        QVERIFY(run.out.empty());
    }

    void benchStacksReportsFigures()
    {
        const QString bundle = synth(QStringLiteral("hang-dataloader"), 16, 1);
        QVERIFY(!bundle.isEmpty());
        const CliRun run = runBinary({QStringLiteral("bench-stacks"), bundle,
                                      QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(run.exitCode, 0);
        const nlohmann::json json = nlohmann::json::parse(run.out, nullptr, false);
        QVERIFY2(json.is_object(), run.out.c_str());
        QVERIFY(json["import_files_parsed"].get<int>() >= 48); // 48 dumps (and the manifest)
        QCOMPARE(json["reopen_files_reused"], json["import_files_parsed"]);
        QCOMPARE(json["ranks_with_data"].get<int>(), 16);
        QCOMPARE(json["verdict"].get<std::string>(), std::string("blockers-found"));
        QVERIFY(json["peak_rss_mib"].get<double>() > 0);
        QVERIFY(json["tree_nodes"].get<int>() > 10);
    }
};

QTEST_GUILESS_MAIN(TestCliEndToEnd)
#include "test_cli_end_to_end.moc"
