// `rankscope-cli findings` on the synthetic scenarios (issue 14, point 5): the injected rank or
// node is the first culprit, with evidence from every layer that can speak for it; healthy
// bundles give no culprit; a bundle of traces only, or of logs only, still gives that layer's
// answer; the straggler's all-reduce slowdown in the Diff is listed as its effect; a hang no
// layer can pin says so and what would settle it.
#include "cli/CliTestSupport.h"
#include "core/synth/SyntheticBundle.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <set>

using namespace rankscope;
using cli_test::runInProcess;

namespace {

struct ScenarioBundles
{
    std::string bundle;
    std::string baseline;
    nlohmann::json truth;
};

// The scenario and its healthy baseline (same seed and layout, no fault) under `dir`.
ScenarioBundles writeScenario(const QTemporaryDir &dir, SynthOptions options)
{
    ScenarioBundles out;
    const std::filesystem::path root = dir.path().toStdString();
    out.bundle = (root / options.scenario).string();
    out.baseline = (root / (options.scenario + "-base")).string();
    options.outDir = out.bundle;
    options.baselineDir = out.baseline;
    writeSyntheticBundle(options);
    SynthOptions baseline = options;
    baseline.healthyBaseline = true;
    baseline.baselineDir.clear();
    baseline.outDir = out.baseline;
    writeSyntheticBundle(baseline);
    out.truth = cli_test::readJsonFile(out.bundle + "/ground_truth.json");
    return out;
}

SynthOptions scenario(const std::string &name, int ranks, std::uint64_t seed = 1)
{
    SynthOptions options;
    options.scenario = name;
    options.ranks = ranks;
    options.seed = seed;
    options.iterations = 24; // traced scenarios: slow from iteration 12
    return options;
}

nlohmann::json findingsJson(const std::vector<std::string> &args)
{
    std::vector<std::string> full{"findings"};
    full.insert(full.end(), args.begin(), args.end());
    full.insert(full.end(), {"--format", "json"});
    const cli_test::CliRun run = runInProcess(full);
    if (run.exitCode != 0) {
        qWarning("findings failed (%d): %s", run.exitCode, run.err.c_str());
        return nlohmann::json();
    }
    return nlohmann::json::parse(run.out, nullptr, false);
}

RankSet faultRanks(const nlohmann::json &truth)
{
    RankSet ranks;
    for (const nlohmann::json &rank : truth["fault_ranks"])
        ranks.insert(rank.get<int>());
    return ranks;
}

std::set<std::string> layersOf(const nlohmann::json &items)
{
    std::set<std::string> layers;
    for (const nlohmann::json &item : items)
        layers.insert(item["layer"].get<std::string>());
    return layers;
}

// Whether every layer of the comma-separated `expected` is among `layers`; "" when so, else
// what is missing and what is there.
std::string missingLayers(const QString &expected, const std::set<std::string> &layers);

std::string joined(const std::set<std::string> &items)
{
    std::string text;
    for (const std::string &item : items)
        text += (text.empty() ? "" : ",") + item;
    return text;
}

std::string missingLayers(const QString &expected, const std::set<std::string> &layers)
{
    std::string missing;
    for (const QString &layer : expected.split(QLatin1Char(','))) {
        if (!layers.count(layer.toStdString()))
            missing += (missing.empty() ? "" : ",") + layer.toStdString();
    }
    return missing.empty() ? missing
                           : "no evidence from " + missing + " (only " + joined(layers) + ")";
}

// Checks that the first culprit is the injected fault and returns what is wrong, "" when right.
std::string firstCulpritProblem(const nlohmann::json &json, const nlohmann::json &truth)
{
    if (!json.is_object() || json["culprits"].empty())
        return "no culprit: " + json.value("verdict", std::string("(no output)"));
    const nlohmann::json &top = json["culprits"][0];
    const RankSet expected = faultRanks(truth);
    if (!(cli_test::ranksOf(top["ranks"]) == expected))
        return "first culprit is ranks " + top["ranks"].get<std::string>() + ", not " +
               expected.toString();
    // A whole node is named by its node.
    if (expected.count() > 1 &&
        top["whole_nodes"] != nlohmann::json::array({truth["fault_node"].get<std::string>()}))
        return "the node is not named: " + top["subject"].get<std::string>();
    if (!json["verdict"].get<std::string>().starts_with(top["subject"].get<std::string>()) &&
        !json["verdict"].get<std::string>().starts_with(
            "R" + top["subject"].get<std::string>().substr(1)))
        return "the verdict does not open with the culprit: " + json["verdict"].get<std::string>();
    for (const nlohmann::json &evidence : top["evidence"]) {
        if (evidence["role"] != "cause" || evidence["sentence"].get<std::string>().empty())
            return "evidence that is no cause, or says nothing";
    }
    for (const nlohmann::json &effect : top["effects"]) {
        if (effect["role"] != "effect")
            return "an effect listed that is no effect";
    }
    if (json["undecided"] != nullptr)
        return "undecided despite a culprit";
    return std::string();
}

} // namespace

class TestCliFindings : public QObject
{
    Q_OBJECT
private slots:
    void everyScenarioNamesItsFault_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<bool>("culpritsWithoutDumps");
        // Layers whose evidence (at least) names the fault without, and with, the healthy
        // baseline.
        QTest::addColumn<QString>("layers");
        QTest::addColumn<QString>("layersWithBaseline");
        // A rank whose data loader hangs: its stack, its place in the collective sequence and
        // its own error all say so; against the baseline its path is new.
        QTest::newRow("hang-dataloader")
            << "hang-dataloader" << 16 << false << "collectives,logs,stacks"
            << "baseline,collectives,logs,stacks";
        // The hung rank wrote no Flight Recorder dump. The collective analysis then says every
        // member is at the same sequence (it does not read the culprit's own "Last enqueued NCCL
        // work: 186" log line as enqueued): the stacks and the logs still name it.
        QTest::newRow("hang-dataloader, no dump from the culprit")
            << "hang-dataloader" << 16 << true << "logs,stacks"
            << "baseline,logs,stacks";
        QTest::newRow("collective-mismatch")
            << "collective-mismatch" << 16 << false << "collectives,logs,stacks"
            << "baseline,collectives,logs,stacks";
        // Everyone waits in the same collective at the same sequence: stacks and collectives
        // cannot tell; one node's NCCL WARN lines can (4 nodes, so that 8 ranks are a
        // minority), and they are new against the baseline.
        QTest::newRow("network-hang") << "network-hang" << 32 << false << "logs"
                                      << "baseline,logs";
        // A slow GPU: only the traces can see it (the stacks progress and no log line is the
        // rank's own). The Diff's all-reduce slowdown is its effect, not a second accusation.
        QTest::newRow("straggler-gpu") << "straggler-gpu" << 16 << false << "traces"
                                       << "traces";
        // A slow node (4 nodes, so that a healthy majority exists): its traces and its own
        // NCCL WARN lines, new against the baseline.
        QTest::newRow("slow-node") << "slow-node" << 32 << false << "logs,traces"
                                   << "baseline,logs,traces";
    }

    void everyScenarioNamesItsFault()
    {
        QFETCH(QString, name);
        QFETCH(int, ranks);
        QFETCH(bool, culpritsWithoutDumps);
        QFETCH(QString, layers);
        QFETCH(QString, layersWithBaseline);
        QTemporaryDir dir;
        SynthOptions options = scenario(name.toStdString(), ranks);
        options.flightRecorderCulpritsMissing = culpritsWithoutDumps;
        const ScenarioBundles bundles = writeScenario(dir, options);

        const nlohmann::json alone = findingsJson({bundles.bundle});
        std::string problem = firstCulpritProblem(alone, bundles.truth);
        QVERIFY2(problem.empty(), problem.c_str());
        problem = missingLayers(layers, layersOf(alone["culprits"][0]["evidence"]));
        QVERIFY2(problem.empty(), problem.c_str());
        QVERIFY(alone["anchor"].is_object());

        const nlohmann::json compared =
            findingsJson({bundles.bundle, "--baseline", bundles.baseline});
        problem = firstCulpritProblem(compared, bundles.truth);
        QVERIFY2(problem.empty(), problem.c_str());
        const nlohmann::json &top = compared["culprits"][0];
        problem = missingLayers(layersWithBaseline, layersOf(top["evidence"]));
        QVERIFY2(problem.empty(), problem.c_str());
        // Two layers at least speak for every fault once the baseline is there: as evidence,
        // or (the straggler) as the effect it explains.
        std::set<std::string> speaking = layersOf(top["evidence"]);
        for (const std::string &layer : layersOf(top["effects"]))
            speaking.insert(layer);
        QVERIFY2(speaking.size() >= 2, joined(speaking).c_str());
        QVERIFY(top["confidence"].get<double>() >=
                alone["culprits"][0]["confidence"].get<double>());
        // What only follows from it is not evidence against anyone else.
        for (const nlohmann::json &culprit : compared["culprits"])
            QVERIFY(culprit["confidence"].get<double>() <= top["confidence"].get<double>());
    }

    void stragglerListsTheAllReduceSlowdownAsItsEffect()
    {
        QTemporaryDir dir;
        const ScenarioBundles bundles = writeScenario(dir, scenario("straggler-gpu", 16, 3));
        const nlohmann::json json = findingsJson({bundles.bundle, "--baseline", bundles.baseline});
        const std::string problem = firstCulpritProblem(json, bundles.truth);
        QVERIFY2(problem.empty(), problem.c_str());
        const nlohmann::json &top = json["culprits"][0];
        QCOMPARE(top["layers"], nlohmann::json::array({"traces"}));
        bool allReduce = false;
        bool waiters = false;
        for (const nlohmann::json &effect : top["effects"]) {
            const std::string sentence = effect["sentence"].get<std::string>();
            if (effect["layer"] == "baseline" && effect["kind"] == "op_slower" &&
                sentence.find("AllReduce") != std::string::npos) {
                allReduce = true;
                QCOMPARE(effect["ref"]["type"], nlohmann::json("diff_line"));
                QCOMPARE(effect["ref"]["section"], nlohmann::json("op"));
            }
            if (effect["layer"] == "traces" && effect["kind"] == "waiting")
                waiters = true;
        }
        QVERIFY2(allReduce, top["effects"].dump().c_str());
        QVERIFY(waiters);
        // The job-wide list says whose effect it is.
        bool attached = false;
        for (const nlohmann::json &effect : json["effects"])
            attached = attached || (effect["kind"] == "op_slower" && effect["culprit"] == 0);
        QVERIFY(attached);
        // The slow rank's evidence points at its heatmap cell.
        const nlohmann::json &ref = top["evidence"][0]["ref"];
        QCOMPARE(ref["type"], nlohmann::json("cell"));
        QCOMPARE(ref["rank"], bundles.truth["fault_ranks"][0]);
        QCOMPARE(ref["metric"], nlohmann::json("compute"));
        QCOMPARE(top["window"]["iteration_axis"], nlohmann::json("profiler_step"));
        QVERIFY(std::abs(top["window"]["first_iteration"].get<int>() -
                         bundles.truth["first_iteration"].get<int>()) <= 1);
    }

    void healthyBundlesHaveNoCulprit_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("healthy") << "healthy";
        QTest::newRow("hang-dataloader's baseline") << "hang-dataloader";
        QTest::newRow("straggler-gpu's baseline") << "straggler-gpu";
        QTest::newRow("slow-node's baseline") << "slow-node";
    }

    void healthyBundlesHaveNoCulprit()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        const ScenarioBundles bundles = writeScenario(dir, scenario(name.toStdString(), 32, 4));
        for (const std::vector<std::string> &args :
             {std::vector<std::string>{bundles.baseline},
              std::vector<std::string>{bundles.baseline, "--baseline", bundles.baseline}}) {
            const nlohmann::json json = findingsJson(args);
            QVERIFY(json.is_object());
            QVERIFY2(json["culprits"].empty(), json["verdict"].get<std::string>().c_str());
            QCOMPARE(json["undecided"]["kind"], nlohmann::json("nothing_stands_out"));
            QVERIFY(json["verdict"].get<std::string>().starts_with("No rank or node stands out"));
            QVERIFY(json["anchor"].is_null());
        }
        if (name == QStringLiteral("healthy")) {
            const nlohmann::json json = findingsJson({bundles.bundle});
            QVERIFY2(json["culprits"].empty(), json["verdict"].get<std::string>().c_str());
        }
    }

    void oneLayerBundlesGiveThatLayersAnswer()
    {
        namespace fs = std::filesystem;
        QTemporaryDir dir;
        const ScenarioBundles traced = writeScenario(dir, scenario("straggler-gpu", 16, 2));
        const ScenarioBundles hung = writeScenario(dir, scenario("hang-dataloader", 16, 2));
        // Nothing but the traces (no job.json either: the ranks come from the traces).
        const fs::path tracesOnly = fs::path(dir.path().toStdString()) / "traces-only";
        fs::create_directories(tracesOnly);
        fs::copy(fs::path(traced.bundle) / "traces", tracesOnly / "traces",
                 fs::copy_options::recursive);
        nlohmann::json json = findingsJson({tracesOnly.string()});
        std::string problem = firstCulpritProblem(json, traced.truth);
        QVERIFY2(problem.empty(), problem.c_str());
        QCOMPARE(json["culprits"][0]["layers"], nlohmann::json::array({"traces"}));
        for (const nlohmann::json &layer : json["layers"])
            QCOMPARE(layer["present"].get<bool>(), layer["layer"] == "traces");

        // Nothing but the logs.
        const fs::path logsOnly = fs::path(dir.path().toStdString()) / "logs-only";
        fs::create_directories(logsOnly);
        fs::copy(fs::path(hung.bundle) / "logs", logsOnly / "logs", fs::copy_options::recursive);
        json = findingsJson({logsOnly.string()});
        problem = firstCulpritProblem(json, hung.truth);
        QVERIFY2(problem.empty(), problem.c_str());
        QCOMPARE(json["culprits"][0]["layers"], nlohmann::json::array({"logs"}));
    }

    void hangNoLayerCanPinSaysWhatWouldSettleIt()
    {
        // Two nodes: every rank waits in the same collective, and one node's NCCL WARN lines are
        // on half the job, no minority. Nobody can be named.
        namespace fs = std::filesystem;
        QTemporaryDir dir;
        const ScenarioBundles bundles = writeScenario(dir, scenario("network-hang", 16));
        nlohmann::json json = findingsJson({bundles.bundle});
        QVERIFY(json.is_object());
        QVERIFY2(json["culprits"].empty(), json["verdict"].get<std::string>().c_str());
        QCOMPARE(json["undecided"]["kind"], nlohmann::json("cannot_tell"));
        QVERIFY(json["verdict"].get<std::string>().starts_with(
            "No layer can tell which rank or node started it."));
        QCOMPARE(json["undecided"]["would_settle"][0]["need"], nlohmann::json("node_logs"));
        QVERIFY(!json["effects"].empty()); // the watchdog timeouts, of no culprit
        for (const nlohmann::json &effect : json["effects"])
            QVERIFY(effect["culprit"].is_null());

        // The stacks alone: what the missing layers would add.
        const fs::path stacksOnly = fs::path(dir.path().toStdString()) / "stacks-only";
        fs::create_directories(stacksOnly);
        fs::copy(fs::path(bundles.bundle) / "stacks", stacksOnly / "stacks",
                 fs::copy_options::recursive);
        fs::copy(fs::path(bundles.bundle) / "job.json", stacksOnly / "job.json");
        json = findingsJson({stacksOnly.string()});
        std::set<std::string> needs;
        for (const nlohmann::json &need : json["undecided"]["would_settle"])
            needs.insert(need["need"].get<std::string>());
        for (const char *need : {"node_logs", "flight_recorder_dumps", "logs", "baseline"})
            QVERIFY2(needs.count(need), joined(needs).c_str());
    }

    void weakEvidenceSaysWhatWouldConfirmIt()
    {
        QTemporaryDir dir;
        // A capture of two profiler steps, slow in both: a tentative straggler.
        SynthOptions shortCapture = scenario("straggler-gpu", 16);
        shortCapture.iterations = 2;
        shortCapture.faultIteration = 0;
        const ScenarioBundles traced = writeScenario(dir, shortCapture);
        nlohmann::json json = findingsJson({traced.bundle});
        std::string problem = firstCulpritProblem(json, traced.truth);
        QVERIFY2(problem.empty(), problem.c_str());
        QCOMPARE(json["culprits"][0]["confidence_label"], nlohmann::json("low"));
        QCOMPARE(json["culprits"][0]["would_confirm"][0]["need"],
                 nlohmann::json("more_profiler_steps"));
        QVERIFY2(json["verdict"].get<std::string>().find("What would confirm it: two more "
                                                         "profiler steps") != std::string::npos,
                 json["verdict"].get<std::string>().c_str());

        // One stack dump per rank: stuck or slow is unknown, the other layers still agree.
        SynthOptions oneSample = scenario("hang-dataloader", 16);
        oneSample.samplesPerRank = 1;
        const ScenarioBundles hung = writeScenario(dir, oneSample);
        json = findingsJson({hung.bundle});
        problem = firstCulpritProblem(json, hung.truth);
        QVERIFY2(problem.empty(), problem.c_str());
        QCOMPARE(json["culprits"][0]["confidence_label"], nlohmann::json("high"));
        QCOMPARE(json["culprits"][0]["would_confirm"][0]["need"],
                 nlohmann::json("more_stack_samples"));
    }

    void textAndMarkdownSayTheSame()
    {
        QTemporaryDir dir;
        const ScenarioBundles bundles = writeScenario(dir, scenario("hang-dataloader", 16));
        const nlohmann::json json = findingsJson({bundles.bundle});
        const std::string verdict = json["verdict"].get<std::string>();
        const cli_test::CliRun text = runInProcess({"findings", bundles.bundle});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.starts_with("Verdict: " + verdict + "\n"));
        QVERIFY(text.out.find("Culprits, most likely first:\n  1. rank 9 (node-1)") !=
                std::string::npos);
        const cli_test::CliRun markdown =
            runInProcess({"findings", bundles.bundle, "--format", "markdown"});
        QCOMPARE(markdown.exitCode, 0);
        QVERIFY(markdown.out.starts_with("# Findings: "));
        QVERIFY(markdown.out.find("**Verdict:** " + verdict) != std::string::npos);
        QVERIFY(markdown.out.find("### 1. rank 9 (node-1)") != std::string::npos);
        // Bad options say so in one line, status 2; help names the command.
        const cli_test::CliRun bad = runInProcess({"findings", bundles.bundle, "--format", "xml"});
        QCOMPARE(bad.exitCode, 2);
        QCOMPARE(cli_test::lineCount(bad.err), 1);
        const cli_test::CliRun help = runInProcess({"help", "findings"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.starts_with("Usage: rankscope-cli findings BUNDLE"));
    }
};

QTEST_GUILESS_MAIN(TestCliFindings)
#include "test_cli_findings.moc"
