// Real traces from ../shared/data (skipped when absent). Expected counts were taken
// independently with Python's json module while writing the test (events = entries with ph X, i
// or I; kernels by category; NCCL kernels by name; ProfilerStep#N of user_annotation/cpu_op).

#include "TraceTestSupport.h"

#include <QDir>
#include <QtTest>

#include <set>

using namespace rankscope;
using namespace rankscope_test;

class TraceRealFilesTest : public QObject
{
    Q_OBJECT

private slots:
    void dlrmEightRanks();
    void htaEdgeCases();
    void htaSchemaVariants();
    void exactNanosecondTimestamps();
    void tracelensWithoutMetadataEvents();
    void speedscopeEdgeCases_data();
    void speedscopeEdgeCases();
};

namespace {

bool onlyProblemIsNoRank(const TraceData &data)
{
    return data.problems.empty() || (data.problems.size() == 1 && findProblem(data, "no rank"));
}

std::string under(const QString &base, const char *relative)
{
    const QString path = base + QString::fromUtf8(relative);
    return path.toStdString();
}

int countCategory(const TraceData &data, std::string_view category)
{
    int count = 0;
    for (const TraceEvent &event : data.events)
        count += data.string(event.category) == category ? 1 : 0;
    return count;
}

} // namespace

void TraceRealFilesTest::dlrmEightRanks()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QDir dir(shared + QStringLiteral("/param-et-kineto/et_replay/tests/inputs/extracted/"
                                           "dlrm_kineto"));
    const QStringList files =
        dir.entryList({QStringLiteral("worker*_step_12.*.pt.trace.json")}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 8);
    struct Expected
    {
        int events;
        int kernels;
        std::int64_t stepStartUs;
        std::int64_t stepDurUs;
        std::size_t flows;
    };
    const Expected expected[8] = {
        {2462, 245, 1694128201426674, 14455, 261}, {2529, 310, 1694128201421205, 19901, 262},
        {2451, 246, 1694128201428092, 13017, 262}, {2554, 315, 1694128201421900, 19313, 273},
        {2472, 251, 1694128201424049, 17979, 273}, {2442, 245, 1694128201424195, 17797, 261},
        {2453, 246, 1694128201428080, 13091, 262}, {2442, 246, 1694128201428718, 12509, 262}};
    std::set<int> ranks;
    for (const QString &name : files) {
        const TraceData data = importTraceFile(dir.filePath(name).toStdString());
        QVERIFY2(data.problems.empty(), qPrintable(name + QLatin1Char('\n') + problemsText(data)));
        QCOMPARE(data.rankSource, TraceRankSource::DistributedInfo);
        QVERIFY(name.startsWith(QStringLiteral("worker") + QString::number(data.rank)));
        ranks.insert(data.rank);
        QCOMPARE(data.worldSize, 8);
        QCOMPARE(qs(data.backend), QStringLiteral("nccl"));
        const Expected &e = expected[data.rank];
        QCOMPARE(int(data.events.size()), e.events);
        QCOMPARE(countCategory(data, "kernel"), e.kernels);
        // 5 SendRecv (all_to_all) and 3 AllReduce NCCL kernels on every rank.
        QCOMPARE(countKind(data, TraceEventKind::CommunicationKernel), 8);
        QCOMPARE(countKind(data, TraceEventKind::ComputeKernel), e.kernels - 8);
        QCOMPARE(countKind(data, TraceEventKind::Memcpy), 16);
        QCOMPARE(eventsNamed(data, "record_param_comms").size(), 13u);
        QCOMPARE(data.iterations.size(), 1u);
        QCOMPARE(data.iterations[0].step, 10);
        QCOMPARE(data.iterations[0].startNs, e.stepStartUs * 1000);
        QCOMPARE(data.iterations[0].endNs - data.iterations[0].startNs, e.stepDurUs * 1000);
        QCOMPARE(data.flows.size(), e.flows);
        for (const TraceFlow &flow : data.flows)
            QVERIFY(flow.fromEvent != kNoTraceEvent && flow.toEvent != kNoTraceEvent);
        // The GPU's streams (pid = device, named "stream N") and the two Python threads.
        QVERIFY(countTracks(data, TraceTrackKind::GpuStream) >= 3);
        QCOMPARE(countTracks(data, TraceTrackKind::CpuThread), 2);
        for (const TraceTrack &track : data.tracks) {
            if (track.kind == TraceTrackKind::GpuStream) {
                QCOMPARE(track.gpuDevice, data.rank); // one GPU per worker: GPU N for rank N
                QVERIFY(data.string(track.name).substr(0, 7) == "stream ");
            }
        }
        const QString violation = modelInvariantViolation(data);
        QVERIFY2(violation.isEmpty(), qPrintable(violation));
    }
    QCOMPARE(ranks, (std::set<int>{0, 1, 2, 3, 4, 5, 6, 7}));
}

void TraceRealFilesTest::htaEdgeCases()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString data = shared + QStringLiteral("/hta-testdata/tests/data/");

    // gloo, world size 300, CPU only.
    const TraceData gloo =
        importTraceFile(under(data, "cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz"));
    QVERIFY2(gloo.problems.empty(), qPrintable(problemsText(gloo)));
    QCOMPARE(gloo.rank, 34);
    QCOMPARE(gloo.worldSize, 300);
    QCOMPARE(qs(gloo.backend), QStringLiteral("gloo"));
    QCOMPARE(gloo.events.size(), 18u);
    QCOMPARE(countTracks(gloo, TraceTrackKind::GpuStream), 0);
    QCOMPARE(gloo.iterations.size(), 1u);
    QCOMPARE(gloo.iterations[0].step, 551);
    QVERIFY(countKind(gloo, TraceEventKind::CpuCommunication) > 0); // gloo:all_reduce ranges

    // No GPU events at all.
    const TraceData nonGpu = importTraceFile(under(data, "rank_non_gpu/rank_non_gpu.json.gz"));
    QVERIFY2(nonGpu.problems.empty(), qPrintable(problemsText(nonGpu)));
    QCOMPARE(nonGpu.rank, 0);
    QCOMPARE(nonGpu.events.size(), 2467u);
    QCOMPARE(countTracks(nonGpu, TraceTrackKind::GpuStream), 0);
    QCOMPARE(nonGpu.iterations.size(), 1u);
    QCOMPARE(nonGpu.iterations[0].step, 1009);

    // No distributedInfo: a problem, or the rank from the path when it has one.
    const std::string missing =
        under(data, "distributed_info_unavailable/distributed_info_not_found.json.gz");
    const TraceData noInfo = importTraceFile(missing);
    QCOMPARE(noInfo.rank, -1);
    QVERIFY2(findProblem(noInfo, "no rank"), qPrintable(problemsText(noInfo)));
    QCOMPARE(noInfo.events.size(), 2467u);
    const TraceData fromPath = importTraceFile(missing, "traces/rank12/trace.json.gz");
    QCOMPARE(fromPath.rank, 12);
    QCOMPARE(fromPath.rankSource, TraceRankSource::FilePath);

    // distributedInfo without a rank.
    const TraceData noRank =
        importTraceFile(under(data, "rank_unavailable/rank_not_found.json.gz"));
    QCOMPARE(noRank.rank, -1);
    QCOMPARE(qs(noRank.backend), QStringLiteral("nccl"));
    QVERIFY2(findProblem(noRank, "no rank"), qPrintable(problemsText(noRank)));

    // An execution trace is JSON but not a Chrome trace.
    const TraceData et =
        importTraceFile(under(data, "execution_trace/benchmark_simple_add_et.json.gz"));
    QVERIFY(et.events.empty());
    QVERIFY(findProblem(et, "has no \"traceEvents\" array"));
}

void TraceRealFilesTest::htaSchemaVariants()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString data = shared + QStringLiteral("/hta-testdata/tests/data/");

    // ROCm: GPU kernels under pid 2, no distributedInfo.
    const TraceData rocm =
        importTraceFile(under(data, "amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz"));
    QVERIFY2(onlyProblemIsNoRank(rocm), qPrintable(problemsText(rocm)));
    QCOMPARE(rocm.events.size(), 115u);
    QCOMPARE(countKind(rocm, TraceEventKind::ComputeKernel), 14);
    QCOMPARE(rocm.baseTimeNs, std::int64_t(1735632360000000000));
    QCOMPARE(countTracks(rocm, TraceTrackKind::GpuStream), 1);
    for (const TraceTrack &track : rocm.tracks) {
        if (track.kind == TraceTrackKind::GpuStream)
            QCOMPARE(track.gpuDevice, 2);
    }
    QCOMPARE(rocm.iterations.size(), 2u);

    // 2 ranks of a 128-rank job: rank 1, NCCL kernels on five streams.
    const TraceData sampled = importTraceFile(under(data, "trace_filter/sampled_rank-1.json.gz"));
    QVERIFY2(sampled.problems.empty(), qPrintable(problemsText(sampled)));
    QCOMPARE(sampled.rank, 1);
    QCOMPARE(sampled.worldSize, 128);
    QCOMPARE(sampled.events.size(), 4676u);
    QCOMPARE(countCategory(sampled, "kernel"), 1104);
    QCOMPARE(countKind(sampled, TraceEventKind::CommunicationKernel), 10);
    QCOMPARE(countTracks(sampled, TraceTrackKind::GpuStream), 5);
    QCOMPARE(sampled.iterations.size(), 2u);
    QCOMPARE(sampled.iterations[0].step, 551);
    QCOMPARE(sampled.iterations[1].step, 552);

    // Collective args on record_param_comms and on the kernels they launch.
    const TraceData nccl = importTraceFile(under(data, "nccl_parser_config/nccl_data.json.gz"));
    QVERIFY2(nccl.problems.empty(), qPrintable(problemsText(nccl)));
    QCOMPARE(nccl.worldSize, 2);
    QCOMPARE(nccl.events.size(), 26935u);
    QCOMPARE(nccl.collectives.size(), 48u);
    QCOMPARE(countKind(nccl, TraceEventKind::CommunicationKernel), 21);
    QCOMPARE(eventsNamed(nccl, "record_param_comms").size(), 27u);
    int withGroupSize = 0;
    for (const TraceCollective &collective : nccl.collectives) {
        QVERIFY(!nccl.string(collective.collectiveName).empty());
        withGroupSize += collective.groupSize == 2 ? 1 : 0;
    }
    QVERIFY(withGroupSize > 0);
    QCOMPARE(nccl.iterations.size(), 3u);
}

void TraceRealFilesTest::exactNanosecondTimestamps()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    // displayTimeUnit "ns", absolute microseconds with three decimals, no baseTimeNanoseconds.
    const TraceData data =
        importTraceFile(under(shared, "/hta-testdata/tests/data/ns_resolution_trace/"
                                      "rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz"));
    QVERIFY2(data.problems.empty(), qPrintable(problemsText(data)));
    QCOMPARE(qs(data.displayTimeUnit), QStringLiteral("ns"));
    QCOMPARE(data.events.size(), 45422u);
    QCOMPARE(data.collectives.size(), 45u);
    QCOMPARE(data.iterations.size(), 5u);
    QCOMPARE(data.iterations.front().step, 101);
    bool found = false;
    for (std::uint32_t i : eventsNamed(data, "autograd::engine::evaluate_function: DivBackward1")) {
        // The first X event of the file: "ts": 1712195495519689.047, "dur": 63.813
        if (data.events[i].startNs == std::int64_t(1712195495519689047)) {
            QCOMPARE(data.events[i].durationNs, 63813);
            found = true;
        }
    }
    QVERIFY(found);
}

void TraceRealFilesTest::tracelensWithoutMetadataEvents()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    // B200 rank 0 of 8 with 71 process groups and no "M" events: tracks only from pid/tid.
    const TraceData b200 =
        importTraceFile(under(shared, "/tracelens-traces/tests/traces/b200/eager_trace.json.gz"));
    QVERIFY2(b200.problems.empty(), qPrintable(problemsText(b200)));
    QCOMPARE(b200.stats.metadataEvents, 0);
    QCOMPARE(b200.rank, 0);
    QCOMPARE(b200.worldSize, 8);
    QCOMPARE(b200.baseTimeNs, std::int64_t(1767189312000000000));
    QCOMPARE(b200.events.size(), 22355u);
    const std::uint32_t stream = trackOf(b200, 0, 7);
    QVERIFY(stream != kNoTraceEvent);
    QCOMPARE(b200.tracks[stream].kind, TraceTrackKind::GpuStream); // from its kernels alone
    QCOMPARE(b200.tracks[stream].gpuStream, 7);
    QCOMPARE(b200.tracks[stream].eventCount, 932u);
    QCOMPARE(countCategory(b200, "kernel"), 768);
    QCOMPARE(countKind(b200, TraceEventKind::CommunicationKernel), 1);
    QCOMPARE(countKind(b200, TraceEventKind::PythonFunction), 15230);
    QCOMPARE(b200.collectives.size(), 2u);
    const std::uint32_t gather =
        onlyEventNamed(b200, "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)");
    const TraceCollective *collective = b200.collectiveOf(gather);
    QVERIFY(collective);
    QCOMPARE(qs(b200.string(collective->collectiveName)), QStringLiteral("_allgather_base"));
    QCOMPARE(collective->inMessageElements, 25136);
    QCOMPARE(collective->outMessageElements, 201088);
    QCOMPARE(collective->groupSize, 8);
    QCOMPARE(qs(b200.string(collective->processGroupName)), QStringLiteral("3"));
    QCOMPARE(qs(b200.string(collective->dtype)), QStringLiteral("BFloat16"));
    // Kineto's overhead process (pid -1) is not a CPU thread.
    const std::uint32_t overhead = trackOf(b200, -1, 0);
    QCOMPARE(b200.tracks[overhead].kind, TraceTrackKind::Other);

    // MI300 ResNet with activation checkpointing: two streams, three profiler steps.
    const TraceData mi300 = importTraceFile(
        under(shared, "/tracelens-traces/tests/traces/mi300/resnet_act_checkpoint.json.gz"));
    QVERIFY2(mi300.problems.empty(), qPrintable(problemsText(mi300)));
    QCOMPARE(mi300.events.size(), 49210u);
    QCOMPARE(countTracks(mi300, TraceTrackKind::GpuStream), 2);
    QCOMPARE(countKind(mi300, TraceEventKind::CommunicationKernel), 17);
    QCOMPARE(mi300.collectives.size(), 30u);
    QCOMPARE(mi300.iterations.size(), 3u);
    QCOMPARE(mi300.iterations[0].step, 15);
    QVERIFY(mi300.stats.unnestedSlices > 0); // real traces do not always nest
}

void TraceRealFilesTest::speedscopeEdgeCases_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("events");
    QTest::addColumn<QStringList>("problems"); // substrings, besides "no rank"
    const auto row = [](const char *file, int events, QStringList problems) {
        QTest::newRow(file) << QString::fromUtf8(file) << events << problems;
    };
    const QString cut = QStringLiteral("the JSON ends before its brackets close");
    const QString noDur = QStringLiteral("has no 'dur'");
    const QString unfinished = QStringLiteral("has no matching 'E' event");
    const QString stray = QStringLiteral("matches no open 'B' event");
    const QString mismatch = QStringLiteral("names differ");
    const QString order = QStringLiteral("are not in time order");
    const QString samples = QStringLiteral("sampled stacks");
    row("bex-interaction.json", 12, {});
    row("end-event-with-empty-stack.json", 1, {stray});
    row("end-non-top-of-stack.json", 3, {mismatch, unfinished});
    row("event-reordering-name-match.json", 3, {});
    row("hermes-multiple-frames.json", 4, {order});
    row("invalid-x-nesting.json", 2, {});
    row("matching-x.json", 5, {});
    row("mismatched-args.json", 1, {});
    row("mismatched-name.json", 1, {stray, unfinished});
    row("multi-thread-with-samples.json", 2, {samples});
    row("multiprocess.json", 8, {});
    row("must-retain-original-order.json", 7, {});
    row("not-enough-end-events.json", 3, {unfinished});
    row("only-begin-events.json", 3, {unfinished});
    row("out-of-order-unbalanced-name.json", 2, {order, mismatch, stray, unfinished});
    row("out-of-order.json", 3, {order});
    row("simple-hermes.json", 2, {});
    row("simple-object.json", 3, {noDur});
    row("simple-partial-trailing-comma.json", 4, {noDur, cut});
    row("simple-partial-whitespace.json", 4, {noDur, cut});
    row("simple-partial.json", 4, {noDur, cut});
    row("simple-with-samples.json", 0, {samples, QStringLiteral("holds no events")});
    row("simple.json", 4, {noDur});
    row("simultaneous-anonymous-calls.json", 6, {});
    row("too-many-end-events.json", 2, {order, stray});
    row("unbalanced-args.json", 2, {});
    row("unbalanced-name.json", 2, {mismatch, stray, unfinished});
    row("x-events-matching-end.json", 9, {});
    row("x-events-matching-start.json", 9, {});
    row("zero-duration-events.json", 4, {});
}

void TraceRealFilesTest::speedscopeEdgeCases()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    QFETCH(QString, file);
    QFETCH(int, events);
    QFETCH(QStringList, problems);
    const QString path =
        shared + QStringLiteral("/speedscope-samples/sample/profiles/trace-event/") + file;
    QVERIFY(QFile::exists(path));
    const TraceData data = importTraceFile(path.toStdString());
    QCOMPARE(int(data.events.size()), events);
    const QString violation = modelInvariantViolation(data);
    QVERIFY2(violation.isEmpty(), qPrintable(violation));
    int expected = 0;
    for (const QString &problem : problems) {
        QVERIFY2(findProblem(data, problem.toUtf8().constData()),
                 qPrintable(problem + QStringLiteral(" missing in:\n") + problemsText(data)));
        ++expected;
    }
    if (findProblem(data, "no rank"))
        ++expected;
    QVERIFY2(int(data.problems.size()) == expected, qPrintable(problemsText(data)));
    QCOMPARE(data.truncated,
             problems.contains(QStringLiteral("the JSON ends before its brackets close")));
    if (file == QStringLiteral("invalid-x-nesting.json"))
        QCOMPARE(data.stats.unnestedSlices, 1);
}

QTEST_GUILESS_MAIN(TraceRealFilesTest)
#include "test_trace_real_files.moc"
