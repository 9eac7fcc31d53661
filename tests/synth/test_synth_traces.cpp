// The profiler-trace scenarios of the synthetic bundle writer (straggler-gpu, slow-node): every
// trace imports without a problem as a Kineto trace of its rank, the injected fault is where
// the ground truth says, the node clock offsets are exactly the shift of the collective ends,
// the stack samples fall in the steps the ground truth names, and a seed always gives the
// same bytes.
#include "app/cli/CliApp.h"
#include "core/model/TraceModel.h"
#include "core/synth/SyntheticBundle.h"
#include "importers/traces/TraceImport.h"

#include <nlohmann/json.hpp>

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>

using namespace rankscope;

namespace {

constexpr int kRanks = 16;
constexpr int kRanksPerNode = 8;
constexpr int kIterations = 40;
constexpr std::uint64_t kSeed = 5;

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

SynthOptions tracedOptions(const std::string &scenario, const QString &dir)
{
    SynthOptions options;
    options.scenario = scenario;
    options.ranks = kRanks;
    options.ranksPerNode = kRanksPerNode;
    options.seed = kSeed;
    options.iterations = kIterations;
    options.outDir = dir.toStdString();
    return options;
}

// A written and imported bundle.
struct TracedBundle
{
    QTemporaryDir dir;
    nlohmann::json truth;
    std::vector<TraceData> traces; // by rank
};

std::unique_ptr<TracedBundle> writeAndImport(const SynthOptions &base)
{
    auto bundle = std::make_unique<TracedBundle>();
    SynthOptions options = base;
    options.outDir = bundle->dir.path().toStdString();
    writeSyntheticBundle(options);
    bundle->truth = nlohmann::json::parse(readFile(options.outDir.string() + "/ground_truth.json"));
    for (int rank = 0; rank < options.ranks; ++rank)
        bundle->traces.push_back(importTraceFile(options.outDir.string() + "/traces/rank" +
                                                 std::to_string(rank) + ".pt.trace.json"));
    return bundle;
}

// The events of kind `kind` whose collective args name process group `group` ("" = any).
std::vector<const TraceEvent *> collectiveKernels(const TraceData &trace, std::string_view group)
{
    std::vector<const TraceEvent *> kernels;
    for (const TraceCollective &collective : trace.collectives) {
        const TraceEvent &event = trace.events[collective.event];
        if (event.kind != TraceEventKind::CommunicationKernel)
            continue;
        if (!group.empty() && trace.string(collective.processGroupName) != group)
            continue;
        kernels.push_back(&event);
    }
    std::sort(kernels.begin(), kernels.end(),
              [](const TraceEvent *a, const TraceEvent *b) { return a->startNs < b->startNs; });
    return kernels;
}

// The iteration whose ProfilerStep contains `timeNs` (the trace's own clock), or -1.
std::int64_t iterationAt(const TraceData &trace, std::int64_t timeNs)
{
    for (const TraceIteration &iteration : trace.iterations) {
        if (timeNs >= iteration.startNs && timeNs < iteration.endNs)
            return iteration.step;
    }
    return -1;
}

// Summed duration of the events of `kind` (optionally of one collective group) that start in
// each iteration.
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
        const std::int64_t step = iterationAt(trace, event.startNs);
        if (step >= 0)
            sums[static_cast<std::size_t>(step)] += double(event.durationNs);
    }
    return sums;
}

double mean(const std::vector<double> &values, int first, int end)
{
    double sum = 0;
    for (int i = first; i < end; ++i)
        sum += values[static_cast<std::size_t>(i)];
    return sum / (end - first);
}

// Mean of iterations after K over mean before K (skipping the first step's start-up skew).
double shiftAt(const std::vector<double> &values, int k)
{
    return mean(values, k, int(values.size())) / mean(values, 1, k);
}

// "dump-1764419466.437512.txt" -> ns since the epoch.
std::int64_t dumpTimeNs(const QString &fileName)
{
    const std::string name = fileName.toStdString();
    const std::size_t dot = name.find('.');
    std::int64_t seconds = 0;
    std::int64_t micros = 0;
    std::from_chars(name.data() + 5, name.data() + dot, seconds);
    std::from_chars(name.data() + dot + 1, name.data() + dot + 7, micros);
    return seconds * 1'000'000'000 + micros * 1000;
}

} // namespace

class TestSynthTraces : public QObject
{
    Q_OBJECT

    std::map<std::string, std::unique_ptr<TracedBundle>> m_bundles;

    const TracedBundle &bundle(const std::string &scenario) { return *m_bundles.at(scenario); }

private slots:
    void initTestCase()
    {
        for (const char *scenario : {"straggler-gpu", "slow-node"}) {
            m_bundles[scenario] = writeAndImport(tracedOptions(scenario, {}));
            QVERIFY(m_bundles[scenario]->dir.isValid());
        }
    }

    void scenariosAreListed()
    {
        std::vector<std::string> names;
        for (const SynthScenarioInfo &info : synthScenarios())
            names.push_back(info.name);
        QVERIFY(std::count(names.begin(), names.end(), "straggler-gpu") == 1);
        QVERIFY(std::count(names.begin(), names.end(), "slow-node") == 1);
    }

    void tracesImportCleanly_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("straggler-gpu") << QStringLiteral("straggler-gpu");
        QTest::newRow("slow-node") << QStringLiteral("slow-node");
    }

    void tracesImportCleanly()
    {
        QFETCH(QString, scenario);
        const bool tensorParallel = scenario == QStringLiteral("slow-node");
        const TracedBundle &b = bundle(scenario.toStdString());
        QCOMPARE(int(b.traces.size()), kRanks);
        for (int rank = 0; rank < kRanks; ++rank) {
            const TraceData &trace = b.traces[static_cast<std::size_t>(rank)];
            const QString where = QStringLiteral("rank %1: ").arg(rank);
            QVERIFY2(trace.problems.empty(),
                     qPrintable(where + qs(trace.problems.empty() ? std::string()
                                                                  : trace.problems[0].message)));
            QCOMPARE(trace.rank, rank);
            QVERIFY(trace.rankSource == TraceRankSource::DistributedInfo);
            QCOMPARE(trace.worldSize, kRanks);
            QCOMPARE(trace.backend, std::string("nccl"));
            QCOMPARE(trace.baseTimeNs, std::int64_t(1'759'276'800'000'000'000));
            QVERIFY(!trace.truncated);

            QCOMPARE(int(trace.iterations.size()), kIterations);
            for (int i = 0; i < kIterations; ++i)
                QCOMPARE(trace.iterations[static_cast<std::size_t>(i)].step, std::int64_t(i));

            // GPU streams under pid = the rank's device, named as Kineto names them.
            std::vector<std::int64_t> streams;
            int cpuThreads = 0;
            for (const TraceTrack &track : trace.tracks) {
                if (track.kind == TraceTrackKind::GpuStream) {
                    QCOMPARE(track.gpuDevice, rank % kRanksPerNode);
                    QCOMPARE(std::string(trace.string(track.processLabels)),
                             "GPU " + std::to_string(rank % kRanksPerNode));
                    streams.push_back(track.gpuStream);
                } else if (track.kind == TraceTrackKind::CpuThread) {
                    ++cpuThreads;
                }
            }
            std::sort(streams.begin(), streams.end());
            const std::vector<std::int64_t> expected = tensorParallel
                                                           ? std::vector<std::int64_t>{7, 20, 24}
                                                           : std::vector<std::int64_t>{7, 20};
            QCOMPARE(streams, expected);
            QCOMPARE(cpuThreads, 2); // main and autograd threads

            // Every launch reaches its GPU work; everything nests like a call tree.
            QCOMPARE(trace.stats.unpairedFlowPoints, std::int64_t(0));
            QVERIFY(!trace.flows.empty());
            QCOMPARE(trace.stats.unnestedSlices, std::int64_t(0));

            // Collective args on record_param_comms and on the NCCL kernel, 2 buckets a step.
            int bucketOps = 0;
            int bucketKernels = 0;
            int tpKernels = 0;
            for (const TraceCollective &collective : trace.collectives) {
                const TraceEvent &event = trace.events[collective.event];
                const std::string_view group = trace.string(collective.processGroupName);
                if (group == "0") {
                    QCOMPARE(trace.string(collective.collectiveName),
                             std::string_view("allreduce"));
                    QCOMPARE(trace.string(collective.processGroupDescription),
                             std::string_view("default_pg"));
                    QCOMPARE(collective.groupSize, kRanks);
                    QVERIFY(collective.inMessageElements > 0);
                    QCOMPARE(trace.string(collective.dtype), std::string_view("Float"));
                    bucketOps += event.kind == TraceEventKind::CpuCommunication;
                    bucketKernels += event.kind == TraceEventKind::CommunicationKernel;
                } else {
                    QVERIFY(tensorParallel);
                    QCOMPARE(std::string(group), std::to_string(rank / kRanksPerNode + 1));
                    QCOMPARE(trace.string(collective.processGroupDescription),
                             std::string_view("tp"));
                    QCOMPARE(collective.groupSize, kRanksPerNode);
                    tpKernels += event.kind == TraceEventKind::CommunicationKernel;
                }
            }
            QCOMPARE(bucketOps, 2 * kIterations);
            QCOMPARE(bucketKernels, 2 * kIterations);
            QCOMPARE(tpKernels, tensorParallel ? 2 * kIterations : 0);

            // Compute kernels on stream 7, communication kernels on the NCCL streams.
            for (const TraceTrack &track : trace.tracks) {
                if (track.kind != TraceTrackKind::GpuStream)
                    continue;
                for (const TraceEvent &event :
                     trace.eventsOf(std::uint32_t(&track - trace.tracks.data()))) {
                    if (track.gpuStream == 7)
                        QVERIFY(event.kind == TraceEventKind::ComputeKernel ||
                                event.kind == TraceEventKind::Memcpy);
                    else
                        QVERIFY(event.kind == TraceEventKind::CommunicationKernel);
                }
            }
        }
    }

    // job.json describes the simulated job: no pipeline stages (every rank is a peer of every
    // other), node-wide tensor parallelism in slow-node.
    void manifestDescribesTheSimulatedJob_data() { tracesImportCleanly_data(); }

    void manifestDescribesTheSimulatedJob()
    {
        QFETCH(QString, scenario);
        const TracedBundle &b = bundle(scenario.toStdString());
        const nlohmann::json job =
            nlohmann::json::parse(readFile(b.dir.path().toStdString() + "/job.json"));
        const int tp = scenario == QStringLiteral("slow-node") ? kRanksPerNode : 1;
        QCOMPARE(job["world_size"].get<int>(), kRanks);
        QCOMPARE(job["parallelism"]["tp"].get<int>(), tp);
        QCOMPARE(job["parallelism"]["pp"].get<int>(), 1);
        QCOMPARE(job["parallelism"]["dp"].get<int>(), kRanks / tp);
        for (int rank = 0; rank < kRanks; ++rank) {
            const nlohmann::json &entry = job["ranks"][std::size_t(rank)];
            QCOMPARE(entry["rank"].get<int>(), rank);
            QCOMPARE(entry["node"].get<std::string>(),
                     "node-" + std::to_string(rank / kRanksPerNode));
            QCOMPARE(entry["local_rank"].get<int>(), rank % kRanksPerNode);
            QCOMPARE(entry["role"].get<std::string>(), std::string("trainer"));
            QCOMPARE(entry["groups"]["tp"].get<int>(), rank / tp);
        }
    }

    void straggler_kernelsSlowerFromFaultIteration()
    {
        const TracedBundle &b = bundle("straggler-gpu");
        const nlohmann::json &truth = b.truth;
        QCOMPARE(truth["metric"].get<std::string>(), std::string("compute"));
        const int k = truth["first_iteration"].get<int>();
        QCOMPARE(k, kIterations / 2);
        QCOMPARE(truth["slowdown_percent"].get<double>(), 30.0);
        QCOMPARE(truth["fault_ranks"].size(), std::size_t(1));
        const int fault = truth["fault_ranks"][0].get<int>();
        QVERIFY(fault > 0 && fault < kRanks);
        QCOMPARE(truth["fault_node"].get<std::string>(),
                 "node-" + std::to_string(fault / kRanksPerNode));
        QCOMPARE(truth["expected_waiters"].size(), std::size_t(kRanks - 1));

        for (int rank = 0; rank < kRanks; ++rank) {
            const std::vector<double> compute =
                perIteration(b.traces[std::size_t(rank)], TraceEventKind::ComputeKernel);
            const double shift = shiftAt(compute, k);
            const QString message = QStringLiteral("rank %1: compute x%2").arg(rank).arg(shift);
            if (rank == fault)
                QVERIFY2(shift > 1.27 && shift < 1.33, qPrintable(message));
            else
                QVERIFY2(std::abs(shift - 1) < 0.01, qPrintable(message));
            // Healthy noise stays far from the straggler thresholds in every step.
            const double first = compute[1];
            for (int i = 1; i < k; ++i)
                QVERIFY2(std::abs(compute[std::size_t(i)] / first - 1) < 0.03, qPrintable(message));

            // The others wait: their gradient all-reduce kernels get much longer.
            const std::vector<double> comm =
                perIteration(b.traces[std::size_t(rank)], TraceEventKind::CommunicationKernel);
            const double grown = mean(comm, k, kIterations) - mean(comm, 1, k);
            if (rank == fault)
                QVERIFY2(grown < 2e6, qPrintable(message));
            else
                QVERIFY2(grown > 30e6, qPrintable(message)); // ~ 0.3 x 115 ms of compute
        }
    }

    void slowNode_transfersSlowerAndOthersWait()
    {
        const TracedBundle &b = bundle("slow-node");
        const nlohmann::json &truth = b.truth;
        QCOMPARE(truth["metric"].get<std::string>(), std::string("comm_transfer"));
        const int k = truth["first_iteration"].get<int>();
        const int node = 1; // node 0 is the clock reference and never the fault
        QCOMPARE(truth["fault_node"].get<std::string>(), std::string("node-1"));
        std::vector<int> faultRanks;
        for (int r = node * kRanksPerNode; r < (node + 1) * kRanksPerNode; ++r)
            faultRanks.push_back(r);
        QCOMPARE(truth["fault_ranks"].get<std::vector<int>>(), faultRanks);
        QCOMPARE(truth["expected_waiters"].get<std::vector<int>>(),
                 std::vector<int>({0, 1, 2, 3, 4, 5, 6, 7}));
        QVERIFY(truth["expected_increase_percent"].get<double>() > 20);

        for (int rank = 0; rank < kRanks; ++rank) {
            const TraceData &trace = b.traces[std::size_t(rank)];
            const bool faulty = rank / kRanksPerNode == node;
            const std::string group = std::to_string(rank / kRanksPerNode + 1);
            const double tpShift =
                shiftAt(perIteration(trace, TraceEventKind::CommunicationKernel, group), k);
            const std::vector<double> buckets =
                perIteration(trace, TraceEventKind::CommunicationKernel, "0");
            const double bucketGrowth = mean(buckets, k, kIterations) - mean(buckets, 1, k);
            const double computeShift =
                shiftAt(perIteration(trace, TraceEventKind::ComputeKernel), k);
            const QString message = QStringLiteral("rank %1: tp x%2, buckets +%3 ns")
                                        .arg(rank)
                                        .arg(tpShift)
                                        .arg(bucketGrowth);
            QVERIFY2(std::abs(computeShift - 1) < 0.01, qPrintable(message));
            if (faulty) {
                QVERIFY2(tpShift > 1.25 && tpShift < 1.35, qPrintable(message));
                QVERIFY2(std::abs(bucketGrowth) < 1e6, qPrintable(message));
            } else {
                QVERIFY2(std::abs(tpShift - 1) < 0.03, qPrintable(message));
                // The slow node's backward starts 2 x 30% of 12 ms later, so each of the two
                // buckets waits that much longer for it.
                QVERIFY2(bucketGrowth > 12.5e6 && bucketGrowth < 16.5e6, qPrintable(message));
            }
        }
    }

    void clockOffsetsMatchCollectiveEnds_data() { tracesImportCleanly_data(); }

    void clockOffsetsMatchCollectiveEnds()
    {
        QFETCH(QString, scenario);
        const TracedBundle &b = bundle(scenario.toStdString());
        const std::vector<std::int64_t> offsets =
            b.truth["clock_offsets_ns"].get<std::vector<std::int64_t>>();
        QCOMPARE(int(offsets.size()), kRanks);
        QCOMPARE(offsets[0], std::int64_t(0));
        QCOMPARE(b.truth["node_clock_offsets_ns"]["node-1"].get<std::int64_t>(), offsets[8]);
        QVERIFY(offsets[8] != 0);
        QVERIFY(std::abs(offsets[8]) <= 40'000'000);

        // The same all-reduce ends at the same aligned moment on every rank: the ends on a
        // rank's clock are rank 0's shifted by exactly the rank's offset.
        const std::vector<const TraceEvent *> reference = collectiveKernels(b.traces[0], "0");
        QCOMPARE(int(reference.size()), 2 * kIterations);
        for (int rank = 1; rank < kRanks; ++rank) {
            const std::vector<const TraceEvent *> ends =
                collectiveKernels(b.traces[std::size_t(rank)], "0");
            QCOMPARE(ends.size(), reference.size());
            for (std::size_t i = 0; i < ends.size(); ++i)
                QCOMPARE(ends[i]->endNs() - reference[i]->endNs(),
                         offsets[std::size_t(rank)] - offsets[0]);
        }
        // Each rank's kernel starts at its own arrival: someone always arrives last (waits 0).
        for (std::size_t i = 0; i < reference.size(); ++i) {
            std::int64_t shortestWait = std::numeric_limits<std::int64_t>::max();
            for (int rank = 0; rank < kRanks; ++rank) {
                const TraceEvent *kernel = collectiveKernels(b.traces[std::size_t(rank)], "0")[i];
                QVERIFY(kernel->durationNs > 0);
                shortestWait = std::min(shortestWait, kernel->durationNs);
            }
            QVERIFY(shortestWait >= 1'900'000); // the transfer itself, 2 or 9 ms
        }
    }

    void stackSamplesFallInTheirSteps_data() { tracesImportCleanly_data(); }

    void stackSamplesFallInTheirSteps()
    {
        QFETCH(QString, scenario);
        const TracedBundle &b = bundle(scenario.toStdString());
        const nlohmann::json &samples = b.truth["stack_samples"];
        QCOMPARE(samples.size(), std::size_t(3));
        for (int rank = 0; rank < kRanks; ++rank) {
            QDir dir(b.dir.path() + QStringLiteral("/stacks/rank%1").arg(rank));
            QStringList names = dir.entryList(QDir::Files, QDir::Name);
            QCOMPARE(names.size(), 3);
            for (int k = 0; k < 3; ++k) {
                const std::int64_t local = dumpTimeNs(names[k]);
                const std::int64_t step = iterationAt(b.traces[std::size_t(rank)], local);
                QVERIFY2(
                    step == samples[std::size_t(k)]["iteration"].get<std::int64_t>(),
                    qPrintable(
                        QStringLiteral("rank %1 sample %2 in step %3").arg(rank).arg(k).arg(step)));
            }
        }
    }

    void sameSeedSameBytes()
    {
        QTemporaryDir first;
        QTemporaryDir second;
        QTemporaryDir other;
        SynthOptions options = tracedOptions("slow-node", first.path());
        options.iterations = 6;
        writeSyntheticBundle(options);
        options.outDir = second.path().toStdString();
        writeSyntheticBundle(options);
        options.outDir = other.path().toStdString();
        options.seed = kSeed + 1;
        writeSyntheticBundle(options);

        int files = 0;
        bool anyDifferent = false;
        QDirIterator it(first.path(), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString relative = QDir(first.path()).relativeFilePath(path);
            const std::string a = readFile(path.toStdString());
            const std::string b = readFile(QString(second.path() + u'/' + relative).toStdString());
            QVERIFY2(a == b, qPrintable(relative));
            if (relative.startsWith(QStringLiteral("traces/")))
                anyDifferent |=
                    a != readFile(QString(other.path() + u'/' + relative).toStdString());
            ++files;
        }
        // job, truth, dumps, traces, and the logs: launcher.out and one per node
        const int nodes = (kRanks + kRanksPerNode - 1) / kRanksPerNode;
        QCOMPARE(files, 2 + kRanks * 3 + kRanks + 1 + nodes);
        QVERIFY(anyDifferent);
    }

    void compressedTracesImport()
    {
        QTemporaryDir plainDir;
        QTemporaryDir gzipDir;
        SynthOptions options = tracedOptions("straggler-gpu", plainDir.path());
        options.ranks = 4;
        options.iterations = 5;
        writeSyntheticBundle(options);
        options.outDir = gzipDir.path().toStdString();
        options.compressTraces = true;
        writeSyntheticBundle(options);

        const std::string gz = gzipDir.path().toStdString() + "/traces/rank3.pt.trace.json.gz";
        QVERIFY(QFile::exists(qs(gz)));
        QVERIFY(!QFile::exists(qs(gzipDir.path().toStdString() + "/traces/rank3.pt.trace.json")));
        const std::string gzipBytes = readFile(gz);
        QVERIFY(gzipBytes.size() > 2 && std::uint8_t(gzipBytes[0]) == 0x1f &&
                std::uint8_t(gzipBytes[1]) == 0x8b);
        const TraceData compressed = importTraceFile(gz);
        const TraceData plain =
            importTraceFile(plainDir.path().toStdString() + "/traces/rank3.pt.trace.json");
        QVERIFY(compressed.problems.empty());
        QCOMPARE(compressed.rank, 3);
        QCOMPARE(compressed.events.size(), plain.events.size());
        QCOMPARE(compressed.stats.jsonBytes, plain.stats.fileBytes);
        QVERIFY(compressed.stats.fileBytes * 5 < plain.stats.fileBytes);
        const nlohmann::json truth =
            nlohmann::json::parse(readFile(gzipDir.path().toStdString() + "/ground_truth.json"));
        QCOMPARE(truth["traces"].get<std::string>(),
                 std::string("traces/rank<N>.pt.trace.json.gz"));
    }

    void aPeriodicFaultSlowsEveryKthIterationOnly()
    {
        // --fault-period: a stall every 4th iteration from iteration 2 (GC, a checkpoint).
        SynthOptions options = tracedOptions("straggler-gpu", {});
        options.iterations = 14;
        options.faultIteration = 2;
        options.faultPeriod = 4;
        options.slowdownPercent = 50;
        const std::unique_ptr<TracedBundle> b = writeAndImport(options);
        QCOMPARE(b->truth["fault_period"].get<int>(), 4);
        QCOMPARE(b->truth["first_iteration"].get<int>(), 2);
        const int fault = b->truth["fault_ranks"][0].get<int>();
        const std::vector<double> compute =
            perIteration(b->traces[std::size_t(fault)], TraceEventKind::ComputeKernel);
        const std::vector<double> healthy =
            perIteration(b->traces[std::size_t(fault == 1 ? 2 : 1)], TraceEventKind::ComputeKernel);
        for (int i = 1; i < options.iterations; ++i) {
            const double ratio = compute[std::size_t(i)] / healthy[std::size_t(i)];
            const bool slow = i >= 2 && (i - 2) % 4 == 0;
            QVERIFY2(slow ? ratio > 1.45 : std::abs(ratio - 1) < 0.03,
                     qPrintable(QStringLiteral("iteration %1: x%2").arg(i).arg(ratio)));
        }
        // Without a period the ground truth says so.
        QVERIFY(bundle("straggler-gpu").truth["fault_period"].is_null());
    }

    void zeroSlowdownIsHealthy()
    {
        SynthOptions options = tracedOptions("straggler-gpu", {});
        options.slowdownPercent = 0;
        options.iterations = 12;
        const std::unique_ptr<TracedBundle> b = writeAndImport(options);
        QVERIFY(b->truth["fault_ranks"].empty());
        QVERIFY(b->truth["expected_waiters"].empty());
        QVERIFY(b->truth["metric"].is_null());
        QVERIFY(b->truth["first_iteration"].is_null());
        // The same clocks as the same seed with a fault.
        QCOMPARE(b->truth["clock_offsets_ns"], bundle("straggler-gpu").truth["clock_offsets_ns"]);
        std::vector<double> computePerRank;
        for (const TraceData &trace : b->traces) {
            QVERIFY(trace.problems.empty());
            const std::vector<double> compute = perIteration(trace, TraceEventKind::ComputeKernel);
            computePerRank.push_back(mean(compute, 1, options.iterations));
        }
        const auto [low, high] = std::minmax_element(computePerRank.begin(), computePerRank.end());
        QVERIFY(*high / *low < 1.01);
    }

    void rejectsOptionsItCannotUse()
    {
        QTemporaryDir dir;
        SynthOptions options = tracedOptions("straggler-gpu", dir.path() + QStringLiteral("/b"));
        options.faultIteration = kIterations;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSyntheticBundle(options));
        options.faultIteration = -1;
        options.iterations = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSyntheticBundle(options));
        options.iterations = 10;
        options.slowdownPercent = -5;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSyntheticBundle(options));
        options.slowdownPercent = 30;
        options.ranks = 1;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSyntheticBundle(options));
        options.ranks = 20000;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSyntheticBundle(options));
        options.ranks = kRanks;
        options.faultPeriod = -2;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSyntheticBundle(options));
        QVERIFY(!QFile::exists(dir.path() + QStringLiteral("/b"))); // nothing written
    }

    // The ground truth is written last, so a bundle without it was interrupted: writing again
    // into it must work, and leave no trace of the earlier, larger job.
    void rewritesAnInterruptedBundle()
    {
        QTemporaryDir dir;
        SynthOptions options = tracedOptions("straggler-gpu", dir.path());
        options.iterations = 3;
        writeSyntheticBundle(options);
        QVERIFY(QFile::remove(dir.path() + QStringLiteral("/ground_truth.json")));
        options.ranks = 4;
        writeSyntheticBundle(options);
        QVERIFY(QFile::exists(dir.path() + QStringLiteral("/ground_truth.json")));
        QCOMPARE(QDir(dir.path() + QStringLiteral("/traces")).entryList(QDir::Files).size(), 4);
        QCOMPARE(QDir(dir.path() + QStringLiteral("/stacks"))
                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                     .size(),
                 4);
    }

    void cliWritesTracedBundle()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString() + "/cli";
        std::ostringstream stdOut;
        std::ostringstream stdErr;
        cli::CliContext context{stdOut, stdErr, false, false};
        const int status = cli::runCli({"synth", "--scenario", "slow-node", "--ranks", "16",
                                        "--seed", "3", "--iterations", "12", "--slowdown", "12.5",
                                        "--fault-iteration", "4", "--samples", "2", "--out", out},
                                       context);
        QVERIFY2(status == 0, stdErr.str().c_str());
        QVERIFY2(stdOut.str().find("16 profiler traces of 12 iterations") != std::string::npos,
                 stdOut.str().c_str());
        const nlohmann::json truth = nlohmann::json::parse(readFile(out + "/ground_truth.json"));
        QCOMPARE(truth["first_iteration"].get<int>(), 4);
        QCOMPARE(truth["slowdown_percent"].get<double>(), 12.5);
        QCOMPARE(truth["stack_samples"].size(), std::size_t(2));
        const TraceData trace = importTraceFile(out + "/traces/rank11.pt.trace.json");
        QVERIFY(trace.problems.empty());
        QCOMPARE(int(trace.iterations.size()), 12);

        for (const std::vector<std::string> &bad :
             {std::vector<std::string>{"--slowdown", "fast"},
              std::vector<std::string>{"--fault-iteration", "12"},
              std::vector<std::string>{"--fault-period", "13"},
              std::vector<std::string>{"--iterations", "0"}}) {
            std::vector<std::string> args = {"synth",
                                             "--scenario",
                                             "straggler-gpu",
                                             "--ranks",
                                             "4",
                                             "--out",
                                             dir.path().toStdString() + "/bad"};
            if (bad[0] != "--iterations")
                args.insert(args.end(), {"--iterations", "12"});
            args.insert(args.end(), bad.begin(), bad.end());
            std::ostringstream badOut;
            std::ostringstream badErr;
            cli::CliContext badContext{badOut, badErr, false, false};
            QCOMPARE(cli::runCli(args, badContext), int(cli::kExitUnusableInput));
            QVERIFY2(badErr.str().find(bad[0]) != std::string::npos, badErr.str().c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestSynthTraces)
#include "test_synth_traces.moc"
