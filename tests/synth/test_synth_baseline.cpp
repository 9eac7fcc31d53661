// Healthy baselines of the synthetic scenarios (SynthOptions::healthyBaseline, issue 5): each
// scenario's twin keeps its seed, ranks, nodes, layout, pids and clocks and drops the fault —
// the hang's ranks all train and log no watchdog timeout, the traced twins run no rank or node
// slower — its ground truth expects no suspect, and a pair written with baselineDir has the
// faulty bundle's job.json name the twin, which the import carries into JobInfo::baseline.
#include "core/synth/SyntheticBundle.h"
#include "importers/bundle/BundleImport.h"
#include "importers/bundle/JobManifest.h"
#include "importers/stacks/StackFormat.h"
#include "importers/traces/TraceImport.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

using namespace rankscope;

namespace {

constexpr int kRanks = 16;
constexpr int kRanksPerNode = 8;
constexpr int kIterations = 10;
constexpr std::uint64_t kSeed = 3;

const char *const kScenarios[] = {"healthy", "hang-dataloader", "straggler-gpu", "slow-node"};

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

std::vector<std::string> linesOf(const std::string &text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

bool isTraced(const std::string &scenario)
{
    return scenario == "straggler-gpu" || scenario == "slow-node";
}

// A faulty bundle and its healthy baseline, written as `synth --baseline-out` writes them:
// <root>/<scenario> names <root>/<scenario>-baseline in its job.json.
struct BundlePair
{
    std::string faulty;
    std::string baseline;
    nlohmann::json faultyTruth;
    nlohmann::json baselineTruth;
    nlohmann::json faultyJob;
    nlohmann::json baselineJob;
};

SynthOptions optionsFor(const std::string &scenario, const std::string &outDir)
{
    SynthOptions options;
    options.scenario = scenario;
    options.ranks = kRanks;
    options.ranksPerNode = kRanksPerNode;
    options.seed = kSeed;
    options.iterations = kIterations;
    options.outDir = outDir;
    return options;
}

BundlePair writePair(const std::string &root, const std::string &scenario)
{
    BundlePair pair;
    pair.faulty = root + "/" + scenario;
    pair.baseline = root + "/" + scenario + "-baseline";
    SynthOptions faulty = optionsFor(scenario, pair.faulty);
    faulty.baselineDir = pair.baseline;
    writeSyntheticBundle(faulty);
    SynthOptions baseline = optionsFor(scenario, pair.baseline);
    baseline.healthyBaseline = true;
    writeSyntheticBundle(baseline);
    pair.faultyTruth = nlohmann::json::parse(readFile(pair.faulty + "/ground_truth.json"));
    pair.baselineTruth = nlohmann::json::parse(readFile(pair.baseline + "/ground_truth.json"));
    pair.faultyJob = nlohmann::json::parse(readFile(pair.faulty + "/job.json"));
    pair.baselineJob = nlohmann::json::parse(readFile(pair.baseline + "/job.json"));
    return pair;
}

// The dump files of a rank, in time order.
QStringList dumpFiles(const std::string &bundle, int rank)
{
    QDir dir(QString::fromStdString(bundle + "/stacks/rank" + std::to_string(rank)));
    const QStringList names =
        dir.entryList({QStringLiteral("dump-*.txt")}, QDir::Files, QDir::Name);
    QStringList paths;
    for (const QString &name : names)
        paths.push_back(dir.filePath(name));
    return paths;
}

const ParsedThread *mainThread(const ParsedStacks &stacks)
{
    if (stacks.processes.empty())
        return nullptr;
    for (const ParsedThread &thread : stacks.processes.front().threads) {
        if (thread.threadName == "MainThread")
            return &thread;
    }
    return nullptr;
}

std::vector<std::string> functionsOf(const ParsedThread &thread)
{
    std::vector<std::string> names;
    for (const Frame &frame : thread.frames)
        names.push_back(frame.function);
    return names;
}

bool contains(const std::vector<std::string> &names, const std::string &name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

// The main thread waits on its DataLoader: __next__ down to the queue.get of _try_get_data.
bool stuckInDataLoader(const std::vector<std::string> &frames)
{
    return contains(frames, "__next__") && contains(frames, "_try_get_data");
}

// Summed duration of the events of `kind` (of one collective group when given) per iteration.
std::vector<double> perIteration(const TraceData &trace, TraceEventKind kind,
                                 std::string_view group = {})
{
    std::vector<double> sums(trace.iterations.size(), 0.0);
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        const TraceEvent &event = trace.events[i];
        if (event.kind != kind)
            continue;
        if (!group.empty()) {
            const TraceCollective *collective = trace.collectiveOf(i);
            if (!collective || trace.string(collective->processGroupName) != group)
                continue;
        }
        for (const TraceIteration &iteration : trace.iterations) {
            if (event.startNs >= iteration.startNs && event.startNs < iteration.endNs) {
                sums[static_cast<std::size_t>(iteration.step)] += double(event.durationNs);
                break;
            }
        }
    }
    return sums;
}

double meanFrom(const std::vector<double> &values, int first)
{
    double sum = 0;
    for (std::size_t i = static_cast<std::size_t>(first); i < values.size(); ++i)
        sum += values[i];
    return sum / double(values.size() - static_cast<std::size_t>(first));
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// What the fault slows, per rank, from iteration `first` on: the compute kernels of
// straggler-gpu, the node-local ("tp", process group node + 1) collectives of slow-node.
std::vector<double> faultMetricPerRank(const std::string &bundle, const std::string &scenario,
                                       int first)
{
    std::vector<double> values;
    for (int rank = 0; rank < kRanks; ++rank) {
        const TraceData trace =
            importTraceFile(bundle + "/traces/rank" + std::to_string(rank) + ".pt.trace.json");
        const std::vector<double> sums =
            scenario == "straggler-gpu" ? perIteration(trace, TraceEventKind::ComputeKernel)
                                        : perIteration(trace, TraceEventKind::CommunicationKernel,
                                                       std::to_string(rank / kRanksPerNode + 1));
        values.push_back(meanFrom(sums, first));
    }
    return values;
}

// The fault ranks' metric over their peers' median: the slowdown they show.
double faultRatio(const std::vector<double> &perRank, const std::vector<int> &faultRanks)
{
    std::vector<double> peers;
    double fault = 0;
    for (int rank = 0; rank < kRanks; ++rank) {
        if (std::find(faultRanks.begin(), faultRanks.end(), rank) != faultRanks.end())
            fault += perRank[static_cast<std::size_t>(rank)] / double(faultRanks.size());
        else
            peers.push_back(perRank[static_cast<std::size_t>(rank)]);
    }
    return fault / median(peers);
}

} // namespace

class TestSynthBaseline : public QObject
{
    Q_OBJECT

    QTemporaryDir m_root;
    std::map<std::string, BundlePair> m_pairs;

    const BundlePair &pair(const QString &scenario) { return m_pairs.at(scenario.toStdString()); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_root.isValid());
        for (const char *scenario : kScenarios)
            m_pairs[scenario] = writePair(m_root.path().toStdString(), scenario);
    }

    void everyScenario_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const char *scenario : kScenarios)
            QTest::newRow(scenario) << QString::fromUtf8(scenario);
    }

    void baselineKeepsRanksNodesAndLayout_data() { everyScenario_data(); }
    void baselineKeepsRanksNodesAndLayout()
    {
        QFETCH(QString, scenario);
        const BundlePair &p = pair(scenario);
        QCOMPARE(p.baselineJob["world_size"], p.faultyJob["world_size"]);
        QCOMPARE(p.baselineJob["parallelism"], p.faultyJob["parallelism"]);
        QCOMPARE(p.baselineJob["ranks"], p.faultyJob["ranks"]); // nodes, local ranks, groups
        QCOMPARE(p.baselineJob["job_id"].get<std::string>(),
                 "synth-" + scenario.toStdString() + "-baseline-16-s3");
        QVERIFY(!p.baselineJob.contains("baseline"));

        for (int rank = 0; rank < kRanks; ++rank) {
            const QStringList faulty = dumpFiles(p.faulty, rank);
            const QStringList baseline = dumpFiles(p.baseline, rank);
            QCOMPARE(baseline.size(), faulty.size());
            QCOMPARE(baseline.size(), 3);
            // The rank's generator is drawn the same way: the same processes, and outside the
            // traced scenarios (where the samples follow the steps) the same sampling moments.
            const ParsedStacks a = parsePySpyText(readFile(faulty.front().toStdString()));
            const ParsedStacks b = parsePySpyText(readFile(baseline.front().toStdString()));
            QCOMPARE(b.processes.size(), a.processes.size());
            for (std::size_t i = 0; i < a.processes.size(); ++i)
                QCOMPARE(b.processes[i].pid, a.processes[i].pid);
            if (!isTraced(scenario.toStdString())) {
                for (qsizetype k = 0; k < faulty.size(); ++k)
                    QCOMPARE(QFileInfo(baseline[k]).fileName(), QFileInfo(faulty[k]).fileName());
            }
        }
        const QStringList logs =
            QDir(QString::fromStdString(p.faulty + "/logs")).entryList(QDir::Files, QDir::Name);
        QCOMPARE(
            QDir(QString::fromStdString(p.baseline + "/logs")).entryList(QDir::Files, QDir::Name),
            logs);
        QCOMPARE(logs.size(), 3); // launcher.out, node-0.log, node-1.log
    }

    void baselineGroundTruthExpectsNoSuspect_data() { everyScenario_data(); }
    void baselineGroundTruthExpectsNoSuspect()
    {
        QFETCH(QString, scenario);
        const BundlePair &p = pair(scenario);
        const nlohmann::json &truth = p.baselineTruth;
        QCOMPARE(truth["scenario"].get<std::string>(), scenario.toStdString());
        QCOMPARE(truth["healthy_baseline"].get<bool>(), true);
        QCOMPARE(p.faultyTruth["healthy_baseline"].get<bool>(), false);
        QCOMPARE(truth["seed"], p.faultyTruth["seed"]);
        QCOMPARE(truth["world_size"], p.faultyTruth["world_size"]);
        QCOMPARE(truth["ranks_per_node"], p.faultyTruth["ranks_per_node"]);
        QVERIFY(truth["fault_ranks"].empty());
        QVERIFY(truth["fault_node"].is_null());
        QVERIFY(truth["expected_top_suspect_frame"].is_null());
        QVERIFY(truth["fault_path"].empty());
        QCOMPARE(truth["wait_operation"].get<std::string>(), std::string());
        // Three samples per rank, each rank's stack changing: "no hang: every rank is progressing".
        QCOMPARE(truth["expected_verdict"].get<std::string>(), std::string("progressing"));
        QVERIFY(truth["description"].get<std::string>().rfind(
                    "Healthy baseline of " + scenario.toStdString(), 0) == 0);
        const nlohmann::json &logs = truth["logs"];
        QVERIFY(logs["fault_template"].is_null());
        QVERIFY(logs["fault_ranks"].empty());
        QVERIFY(logs["fault_template_ranks"].empty());
        QCOMPARE(logs["first_iteration"], p.faultyTruth["logs"]["first_iteration"]);
        if (scenario != QStringLiteral("healthy"))
            QVERIFY(!p.faultyTruth["fault_ranks"].empty()); // the twin really dropped something
    }

    void healthyIsItsOwnBaseline()
    {
        const BundlePair &p = pair(QStringLiteral("healthy"));
        for (int rank = 0; rank < kRanks; ++rank) {
            const QStringList faulty = dumpFiles(p.faulty, rank);
            const QStringList baseline = dumpFiles(p.baseline, rank);
            for (qsizetype k = 0; k < faulty.size(); ++k)
                QCOMPARE(readFile(baseline[k].toStdString()), readFile(faulty[k].toStdString()));
        }
        QCOMPARE(readFile(p.baseline + "/logs/launcher.out"),
                 readFile(p.faulty + "/logs/launcher.out"));
    }

    void hangBaselineTrainsEveryRank()
    {
        const BundlePair &p = pair(QStringLiteral("hang-dataloader"));
        const int fault = p.faultyTruth["fault_ranks"][0].get<int>();
        for (int rank = 0; rank < kRanks; ++rank) {
            std::vector<std::vector<std::string>> mains;
            for (const QString &file : dumpFiles(p.baseline, rank)) {
                const ParsedStacks stacks = parsePySpyText(readFile(file.toStdString()));
                QVERIFY(mainThread(stacks) != nullptr);
                mains.push_back(functionsOf(*mainThread(stacks)));
                const QString where = QStringLiteral("rank %1, %2").arg(rank).arg(file);
                QVERIFY2(!stuckInDataLoader(mains.back()), qPrintable(where));
                QVERIFY2(!contains(mains.back(), "finalize_model_grads"), qPrintable(where));
            }
            // Training ranks move on between samples.
            QVERIFY2(mains[0] != mains[1] && mains[1] != mains[2],
                     qPrintable(QStringLiteral("rank %1 does not progress").arg(rank)));
        }
        // The faulty bundle's fault rank is stuck where its twin trains.
        const ParsedStacks stuck =
            parsePySpyText(readFile(dumpFiles(p.faulty, fault).front().toStdString()));
        QVERIFY(stuckInDataLoader(functionsOf(*mainThread(stuck))));
    }

    void hangBaselineLogsTheSameIterationsWithoutTheHang()
    {
        const BundlePair &p = pair(QStringLiteral("hang-dataloader"));
        const std::vector<std::string> faulty = linesOf(readFile(p.faulty + "/logs/launcher.out"));
        const std::vector<std::string> baseline =
            linesOf(readFile(p.baseline + "/logs/launcher.out"));
        auto count = [](const std::vector<std::string> &lines, const std::string &needle) {
            return std::count_if(lines.begin(), lines.end(), [&](const std::string &line) {
                return line.find(needle) != std::string::npos;
            });
        };
        for (const char *fault :
             {"Watchdog caught collective operation timeout", "OSError", "ChildFailedError"}) {
            QVERIFY2(count(faulty, fault) > 0, fault);
            QCOMPARE(count(baseline, fault), std::ptrdiff_t(0));
        }

        // Up to the hang the two runs log the same lines at the same moments: start-up noise,
        // every iteration line, the checkpoint.
        std::size_t common = 0;
        while (common < faulty.size() && common < baseline.size() &&
               faulty[common] == baseline[common])
            ++common;
        const std::string iterationLine = "elapsed time per iteration";
        std::size_t lastIteration = 0;
        for (std::size_t i = 0; i < faulty.size(); ++i) {
            if (faulty[i].find(iterationLine) != std::string::npos)
                lastIteration = i;
        }
        QVERIFY(count(faulty, iterationLine) >= 60);
        QVERIFY2(lastIteration < common,
                 qPrintable(QStringLiteral("the logs part at line %1 of %2, before the last "
                                           "iteration line (%3)")
                                .arg(common + 1)
                                .arg(faulty.size())
                                .arg(lastIteration + 1)));
        // Then the twin goes on training through the samples.
        QVERIFY(count(baseline, iterationLine) > count(faulty, iterationLine));
        QCOMPARE(p.baselineTruth["logs"]["first_iteration"].get<int>(), 1461);
        QVERIFY(p.baselineTruth["logs"]["last_iteration"].get<int>() >
                p.faultyTruth["logs"]["last_iteration"].get<int>());
    }

    void tracedBaselineSlowsNothing_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("straggler-gpu") << QStringLiteral("straggler-gpu");
        QTest::newRow("slow-node") << QStringLiteral("slow-node");
    }
    void tracedBaselineSlowsNothing()
    {
        QFETCH(QString, scenario);
        const BundlePair &p = pair(scenario);
        const std::string name = scenario.toStdString();
        const nlohmann::json &truth = p.baselineTruth;
        QCOMPARE(truth["iterations"].get<int>(), kIterations);
        QCOMPARE(truth["slowdown_percent"].get<double>(), 0.0);
        QVERIFY(truth["first_iteration"].is_null());
        QVERIFY(truth["metric"].is_null());
        QVERIFY(truth["expected_waiters"].empty());
        // The clocks come from the same draws as the faulty bundle's.
        QCOMPARE(truth["node_clock_offsets_ns"], p.faultyTruth["node_clock_offsets_ns"]);
        QCOMPARE(truth["clock_offsets_ns"], p.faultyTruth["clock_offsets_ns"]);

        // The same traces in shape: the same events on every rank, the same steps.
        for (int rank = 0; rank < kRanks; ++rank) {
            const std::string file = "/traces/rank" + std::to_string(rank) + ".pt.trace.json";
            const TraceData a = importTraceFile(p.faulty + file);
            const TraceData b = importTraceFile(p.baseline + file);
            QCOMPARE(b.iterations.size(), std::size_t(kIterations));
            QCOMPARE(b.iterations.size(), a.iterations.size());
            QCOMPARE(b.events.size(), a.events.size());
            QCOMPARE(b.collectives.size(), a.collectives.size());
        }

        // The faulty bundle's fault ranks are slower than their peers from the fault iteration
        // on; in the twin they run like them.
        const int first = p.faultyTruth["first_iteration"].get<int>();
        const std::vector<int> faultRanks = p.faultyTruth["fault_ranks"].get<std::vector<int>>();
        const double faultySlowdown =
            faultRatio(faultMetricPerRank(p.faulty, name, first), faultRanks);
        const double baselineSlowdown =
            faultRatio(faultMetricPerRank(p.baseline, name, first), faultRanks);
        const QString message = QStringLiteral("fault ranks x%1 in the faulty bundle, x%2 in the "
                                               "baseline")
                                    .arg(faultySlowdown)
                                    .arg(baselineSlowdown);
        QVERIFY2(faultySlowdown > 1.2, qPrintable(message));
        QVERIFY2(std::abs(baselineSlowdown - 1) < 0.02, qPrintable(message));
    }

    void pairManifestNamesTheBaseline_data() { everyScenario_data(); }
    void pairManifestNamesTheBaseline()
    {
        QFETCH(QString, scenario);
        const BundlePair &p = pair(scenario);
        QCOMPARE(p.faultyJob["baseline"].get<std::string>(),
                 "../" + scenario.toStdString() + "-baseline");
        // The path leads from the bundle to its twin.
        QCOMPARE(nlohmann::json::parse(readFile(p.faulty + "/" +
                                                p.faultyJob["baseline"].get<std::string>() +
                                                "/ground_truth.json"))["healthy_baseline"]
                     .get<bool>(),
                 true);
    }

    void importCarriesTheBaselineIntoTheJob()
    {
        const BundlePair &p = pair(QStringLiteral("hang-dataloader"));
        QTemporaryDir cache;
        ImportOptions options;
        options.bundlePath = p.faulty;
        options.cacheDir = cache.path().toStdString();
        const ImportResult first = importBundle(options);
        QCOMPARE(first.stacks.job.baseline, std::string("../hang-dataloader-baseline"));
        // Reopened from the cache alone: the job table keeps it.
        const ImportResult again = importBundle(options);
        QCOMPARE(again.stacks.job.baseline, std::string("../hang-dataloader-baseline"));
        QCOMPARE(again.stacks.job.jobId, std::string("synth-hang-dataloader-16-s3"));

        // The baseline itself names no baseline.
        options.bundlePath = p.baseline;
        QCOMPARE(importBundle(options).stacks.job.baseline, std::string());
    }

    void manifestBaselineMustBeText()
    {
        const JobManifest named = parseJobManifest(R"({"job_id": "a", "baseline": "../b"})");
        QVERIFY(named.ok);
        QCOMPARE(named.job.baseline, std::string("../b"));
        QVERIFY(named.problems.empty());

        for (const char *text :
             {R"({"job_id": "a", "baseline": 42})", R"({"job_id": "a", "baseline": ["../b"]})"}) {
            const JobManifest bad = parseJobManifest(text);
            QVERIFY(bad.ok); // the rest of the manifest is used
            QCOMPARE(bad.job.jobId, std::string("a"));
            QCOMPARE(bad.job.baseline, std::string());
            QCOMPARE(bad.problems.size(), std::size_t(1));
            const std::string &message = bad.problems.front().message;
            // The file (job.json) is named once, by the bundle's problem list (issue 13).
            QVERIFY2(message.find("job.json") == std::string::npos, message.c_str());
            QVERIFY2(message.find("\"baseline\"") != std::string::npos, message.c_str());
        }
        QCOMPARE(parseJobManifest(R"({"baseline": null})").problems.size(), std::size_t(0));
    }

    void rejectsABaselineInsideTheBundle()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString() + "/run";
        SynthOptions options = optionsFor("hang-dataloader", out);
        for (const std::string &baseline : {out, out + "/base", dir.path().toStdString()}) {
            options.baselineDir = baseline;
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSyntheticBundle(options));
        }
        QVERIFY(!QFileInfo::exists(QString::fromStdString(out))); // nothing written
    }

    void sameSeedSameBaseline()
    {
        QTemporaryDir dir;
        SynthOptions options = optionsFor("hang-dataloader", dir.path().toStdString());
        options.healthyBaseline = true;
        writeSyntheticBundle(options);
        const BundlePair &p = pair(QStringLiteral("hang-dataloader"));
        QCOMPARE(readFile(options.outDir.string() + "/ground_truth.json"),
                 readFile(p.baseline + "/ground_truth.json"));
        QCOMPARE(readFile(options.outDir.string() + "/logs/launcher.out"),
                 readFile(p.baseline + "/logs/launcher.out"));
    }
};

QTEST_GUILESS_MAIN(TestSynthBaseline)
#include "test_synth_baseline.moc"
