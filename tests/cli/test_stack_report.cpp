// StackReport on imported synthetic bundles: the JSON schema of docs/cli.md, range strings that
// parse back, has/missing that partition the ranks with data at every node, folded output that
// re-parses to the same sample count, and the text rendering.
#include "CliTestSupport.h"

#include "core/report/StackReport.h"
#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"
#include "importers/bundle/BundleImport.h"
#include "importers/stacks/StackFormat.h"

#include <QTemporaryDir>

using namespace cli_test;
using namespace rankscope;

namespace {

struct Analysed
{
    ImportResult imported;
    StackTree tree;
    StackAnalysis analysis;
};

Analysed analyse(const QString &bundle, const QString &cacheDir, StackTreeOptions options = {})
{
    ImportOptions importOptions;
    importOptions.bundlePath = bundle.toStdString();
    importOptions.cacheDir = cacheDir.toStdString();
    Analysed result{importBundle(importOptions), {}, {}};
    result.tree = StackTreeBuilder::build(result.imported.stacks, options);
    result.analysis = analyzeStacks(result.imported.stacks, result.tree);
    return result;
}

std::uint64_t selfSamplesBelowRoot(const StackTree &tree)
{
    std::uint64_t total = 0;
    for (int id = 1; id < tree.size(); ++id)
        total += tree.node(id).selfSamples;
    return total;
}

} // namespace

class TestStackReport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_work;
    QString m_hang;
    QString m_healthy;
    int m_fault = -1;

private slots:
    void initTestCase()
    {
        QVERIFY(m_work.isValid());
        m_hang = m_work.path() + QStringLiteral("/hang");
        m_healthy = m_work.path() + QStringLiteral("/healthy");
        writeSynth(m_hang, "hang-dataloader", 32, 5);
        writeSynth(m_healthy, "healthy", 32, 5);
        m_fault = readJsonFile(m_hang.toStdString() + "/ground_truth.json")["fault_ranks"][0];
    }

    void jsonHasTheDocumentedFields()
    {
        const Analysed a = analyse(m_hang, m_work.path() + QStringLiteral("/cache"));
        // Held as plain json: findPath() returns pointers into it.
        const nlohmann::json json = StackReport(a.imported.stacks, a.tree, a.analysis).toJson();

        QCOMPARE(json["report"].get<std::string>(), std::string("rankscope-stacks"));
        QCOMPARE(json["version"].get<int>(), 1);
        QCOMPARE(json["job_id"].get<std::string>(), std::string("synth-hang-dataloader-32-s5"));
        QCOMPARE(json["world_size"].get<int>(), 32);
        QCOMPARE(ranksOf(json["ranks_with_data"]), RankSet::range(0, 31));
        QCOMPARE(json["ranks_with_data_count"].get<int>(), 32);
        QCOMPARE(json["no_data"].get<std::string>(), std::string());
        QCOMPARE(json["options"]["frames"].get<std::string>(), std::string("function"));
        QCOMPARE(json["options"]["threads"].get<std::string>(), std::string("main"));
        QCOMPARE(json["options"]["role"].get<std::string>(), std::string("trainer"));
        QCOMPARE(json["options"]["samples"].get<std::string>(), std::string("all"));

        const auto &verdict = json["verdict"];
        QCOMPARE(verdict["kind"].get<std::string>(), std::string("blockers-found"));
        QVERIFY(!verdict["summary"].get<std::string>().empty());
        QCOMPARE(ranksOf(verdict["waiters"]),
                 RankSet::range(0, 31) - RankSet::fromVector({m_fault}));
        QCOMPARE(verdict["wait_operation"].get<std::string>(), std::string("all_reduce"));

        QVERIFY(json["suspects"].is_array() && !json["suspects"].empty());
        double previousScore = 1e300;
        for (const auto &suspect : json["suspects"]) {
            for (const char *key : {"kind", "ranks", "frame", "reason", "score", "path"})
                QVERIFY2(suspect.contains(key), key);
            QVERIFY(RankSet::parse(suspect["ranks"].get<std::string>()).has_value());
            QVERIFY(suspect["score"].get<double>() <= previousScore);
            previousScore = suspect["score"].get<double>();
            // The path leads to a real node of the tree whose label is the suspect's frame.
            const std::vector<std::string> path = suspect["path"];
            const nlohmann::json *node = findPath(json["tree"], path);
            QVERIFY(node);
            QCOMPARE((*node)["frame"].get<std::string>(), suspect["frame"].get<std::string>());
        }
        QVERIFY(!json["classes"].empty());
        int classRanks = 0;
        for (const auto &cls : json["classes"]) {
            QVERIFY(RankSet::parse(cls["ranks"].get<std::string>()).has_value());
            classRanks += cls["rank_count"].get<int>();
        }
        QCOMPARE(classRanks, 32); // every rank with data in exactly one class
        QCOMPARE(ranksOf(json["progress"]["stuck"]), RankSet::range(0, 31));

        const auto &root = json["tree"];
        QCOMPARE(root["frame"].get<std::string>(), a.tree.node(StackTree::kRoot).label);
        QCOMPARE(root["samples"].get<std::uint64_t>(), a.tree.node(StackTree::kRoot).samples);
        const nlohmann::json *allReduce =
            findPath(root, {"<module>", "pretrain", "train", "train_step",
                            "forward_backward_pipelining_without_interleaving",
                            "finalize_model_grads", "finish_grad_sync", "finish_grad_sync",
                            "start_grad_sync", "wrapper", "all_reduce"});
        QVERIFY(allReduce);
        QCOMPARE((*allReduce)["file"].get<std::string>(),
                 std::string("torch/distributed/distributed_c10d.py"));
        QCOMPARE((*allReduce)["line"].get<int>(), 2050);
        QCOMPARE(ranksOf((*allReduce)["missing"]), RankSet::fromVector({m_fault}));
    }

    void hasAndMissingPartitionTheRanksAtEveryNode_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("frames");
        QTest::addColumn<QString>("threads");
        QTest::newRow("hang function main")
            << QStringLiteral("hang") << QStringLiteral("function") << QStringLiteral("main");
        QTest::newRow("hang line all")
            << QStringLiteral("hang") << QStringLiteral("line") << QStringLiteral("all");
        QTest::newRow("healthy file main")
            << QStringLiteral("healthy") << QStringLiteral("file") << QStringLiteral("main");
        QTest::newRow("healthy line all")
            << QStringLiteral("healthy") << QStringLiteral("line") << QStringLiteral("all");
    }

    void hasAndMissingPartitionTheRanksAtEveryNode()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, frames);
        QFETCH(QString, threads);
        StackTreeOptions options;
        options.identity = *frameIdentityFromName(frames.toStdString());
        options.threads = ThreadSelection::fromText(threads.toStdString());
        const Analysed a = analyse(scenario == QStringLiteral("hang") ? m_hang : m_healthy,
                                   m_work.path() + QStringLiteral("/cache"), options);
        // Held as plain json: findPath() returns pointers into it.
        const nlohmann::json json = StackReport(a.imported.stacks, a.tree, a.analysis).toJson();
        const nlohmann::json tree = json["tree"];
        const std::string problem = checkTreePartition(tree, ranksOf(json["ranks_with_data"]));
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void foldedRoundTripsToTheSameSampleCount_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<bool>("allThreads");
        QTest::newRow("hang main") << QStringLiteral("hang") << false;
        QTest::newRow("hang all threads") << QStringLiteral("hang") << true;
        QTest::newRow("healthy all threads") << QStringLiteral("healthy") << true;
    }

    void foldedRoundTripsToTheSameSampleCount()
    {
        QFETCH(QString, scenario);
        QFETCH(bool, allThreads);
        StackTreeOptions options;
        options.identity = FrameIdentityMode::FunctionFileLine;
        if (allThreads)
            options.threads = ThreadSelection::fromText("all");
        const Analysed a = analyse(scenario == QStringLiteral("hang") ? m_hang : m_healthy,
                                   m_work.path() + QStringLiteral("/cache"), options);
        const std::string folded = StackReport(a.imported.stacks, a.tree, a.analysis).toFolded();
        QVERIFY(!folded.empty());

        const ParsedStacks parsed = parseFoldedStacks(folded);
        QVERIFY(parsed.problems.empty());
        QCOMPARE(parsed.invalidLines, std::int64_t(0));
        std::uint64_t total = 0;
        std::size_t paths = 0;
        for (const ParsedProcess &process : parsed.processes) {
            for (const ParsedThread &thread : process.threads) {
                total += thread.weight;
                ++paths;
                // Labels with file and line come back as one frame each, not split.
                QVERIFY(!thread.frames.empty());
            }
        }
        QCOMPARE(total, selfSamplesBelowRoot(a.tree));
        QCOMPARE(total, a.tree.node(StackTree::kRoot).samples); // no empty stacks here
        QCOMPARE(paths, static_cast<std::size_t>(lineCount(folded)));
    }

    void foldedAnnotationIsOptIn()
    {
        const Analysed a = analyse(m_hang, m_work.path() + QStringLiteral("/cache"));
        const std::string plain = StackReport(a.imported.stacks, a.tree, a.analysis).toFolded();
        QVERIFY(plain.find('@') == std::string::npos);
        StackReportOptions options;
        options.annotateFolded = true;
        const std::string annotated =
            StackReport(a.imported.stacks, a.tree, a.analysis, options).toFolded();
        // xpu-timer/FLAME style: the faulty rank has __next__, all the others miss it.
        const std::string others =
            (RankSet::range(0, 31) - RankSet::fromVector({m_fault})).toString();
        std::string slashed = others;
        std::replace(slashed.begin(), slashed.end(), ',', '/');
        const std::string label = "__next__@" + std::to_string(m_fault) + "|" + slashed;
        QVERIFY2(annotated.find(label) != std::string::npos, annotated.c_str());
        QCOMPARE(lineCount(annotated), lineCount(plain));
    }

    void textShowsVerdictSuspectsAndTree()
    {
        const Analysed a = analyse(m_hang, m_work.path() + QStringLiteral("/cache"));
        const std::string text = StackReport(a.imported.stacks, a.tree, a.analysis).toText();
        QVERIFY(text.find("Verdict: blockers-found") != std::string::npos);
        QVERIFY(text.find("1. rank " + std::to_string(m_fault) + "  [blocker") !=
                std::string::npos);
        QVERIFY(text.find("<- suspect 1") != std::string::npos);
        QVERIFY(text.find("has 1: " + std::to_string(m_fault) + " | missing 31: ") !=
                std::string::npos);
        QVERIFY(text.find("\x1b[") == std::string::npos); // no colour unless asked

        StackReportOptions options;
        options.color = true;
        const std::string colored =
            StackReport(a.imported.stacks, a.tree, a.analysis, options).toText();
        QVERIFY(colored.find("\x1b[") != std::string::npos);
    }

    void textLimitsAreHonoured()
    {
        StackTreeOptions treeOptions;
        treeOptions.identity = FrameIdentityMode::FunctionFileLine;
        treeOptions.threads = ThreadSelection::fromText("all");
        const Analysed a =
            analyse(m_healthy, m_work.path() + QStringLiteral("/cache"), treeOptions);
        const auto treeText = [&](const StackReportOptions &options) {
            const std::string text =
                StackReport(a.imported.stacks, a.tree, a.analysis, options).toText();
            const std::size_t start = text.find("Merged stacks");
            return start == std::string::npos ? std::string()
                                              : text.substr(text.find('\n', start) + 1);
        };

        StackReportOptions options;
        options.maxLines = 30;
        std::string tree = treeText(options);
        QCOMPARE(lineCount(tree), 31); // 30 lines and the "goes on" note
        QVERIFY(tree.find("--format json has all of it") != std::string::npos);

        options = {};
        options.maxChildren = 1;
        options.maxLines = 100000;
        tree = treeText(options);
        QVERIFY(tree.find("more branch") != std::string::npos);
        QVERIFY(tree.find("└─ ... 1 more branch with ") != std::string::npos);
        QVERIFY(tree.find("goes on") == std::string::npos);

        options = {};
        options.maxDepth = 3;
        options.maxLines = 100000;
        tree = treeText(options);
        QVERIFY(tree.find("deeper frames not shown") != std::string::npos);
        QVERIFY(tree.find("forward_backward") == std::string::npos); // depth 5
    }

    void emptySelectionGivesAReportToo()
    {
        StackTreeOptions options;
        options.threads = ThreadSelection::fromText("no-such-thread");
        const Analysed a = analyse(m_hang, m_work.path() + QStringLiteral("/cache"), options);
        const StackReport report(a.imported.stacks, a.tree, a.analysis);
        const nlohmann::json json = report.toJson();
        QCOMPARE(json["verdict"]["kind"].get<std::string>(), std::string("no-data"));
        QCOMPARE(json["tree"]["children"].size(), std::size_t(0));
        QVERIFY(report.toFolded().empty());
        QVERIFY(report.toText().find("(no stacks)") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestStackReport)
#include "test_stack_report.moc"
