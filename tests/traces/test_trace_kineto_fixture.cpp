// The hand-written Kineto-shaped fixture: every phase Kineto writes (X, i, I, C, M, s, f), CPU
// threads and GPU streams with their metadata, distributedInfo, baseTimeNanoseconds with
// three-decimal microseconds, ProfilerStep iterations, collectives and flows.

#include "TraceTestSupport.h"

#include "core/model/TraceEventKind.h"
#include "core/traces/CollectiveRecords.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

constexpr std::int64_t kBase = 1727740800000000000; // baseTimeNanoseconds of the fixture

} // namespace

class TraceKinetoFixtureTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fileLevelFields();
    void tracksAndMetadata();
    void eventsTimesAndKinds();
    void gpuStreams();
    void iterations();
    void collectives();
    void flows();
    void countersAndInstants();
    void eventStaysSmall();
    void pointToPointArgs();

private:
    TraceData m_data;
};

void TraceKinetoFixtureTest::initTestCase()
{
    m_data = importTraceFixture("kineto-basic.json");
    QVERIFY2(m_data.problems.empty(), qPrintable(problemsText(m_data)));
    const QString violation = modelInvariantViolation(m_data);
    QVERIFY2(violation.isEmpty(), qPrintable(violation));
}

void TraceKinetoFixtureTest::fileLevelFields()
{
    QCOMPARE(m_data.rank, 3);
    QCOMPARE(m_data.rankSource, TraceRankSource::DistributedInfo);
    QCOMPARE(m_data.worldSize, 8);
    QCOMPARE(qs(m_data.backend), QStringLiteral("nccl"));
    QCOMPARE(m_data.baseTimeNs, kBase);
    QCOMPARE(qs(m_data.displayTimeUnit), QStringLiteral("ms"));
    QVERIFY(!m_data.truncated);
    QCOMPARE(m_data.stats.eventEntries, 38);
    QCOMPARE(m_data.stats.metadataEvents, 13);
    QCOMPARE(m_data.stats.skippedEvents, 0);
    QCOMPARE(m_data.stats.unnestedSlices, 0);
    // The Spans row starts at 990 us; "Record Window End" is at 2000 us.
    QCOMPARE(m_data.firstNs, kBase + 990000);
    QCOMPARE(m_data.lastNs, kBase + 2000000);
}

void TraceKinetoFixtureTest::tracksAndMetadata()
{
    // 2 CPU threads, 2 GPU streams, 2 counter series, the Spans / Traces / "" rows.
    QCOMPARE(m_data.tracks.size(), 9u);
    QCOMPARE(countTracks(m_data, TraceTrackKind::CpuThread), 2);
    QCOMPARE(countTracks(m_data, TraceTrackKind::GpuStream), 2);
    QCOMPARE(countTracks(m_data, TraceTrackKind::Counter), 2);
    QCOMPARE(countTracks(m_data, TraceTrackKind::Other), 3);

    const TraceTrack &main = m_data.tracks[trackOf(m_data, 4100, 4100)];
    QCOMPARE(main.kind, TraceTrackKind::CpuThread);
    QCOMPARE(qs(m_data.string(main.name)), QStringLiteral("thread 4100 (python3)"));
    QCOMPARE(qs(m_data.string(main.processName)), QStringLiteral("python3"));
    QCOMPARE(qs(m_data.string(main.processLabels)), QStringLiteral("CPU"));
    QCOMPARE(main.sortIndex, 1);
    QCOMPARE(main.processSortIndex, 4100);
    QCOMPARE(main.eventCount, 10u);

    const TraceTrack &autograd = m_data.tracks[trackOf(m_data, 4100, 4222)];
    QCOMPARE(qs(m_data.string(autograd.name)), QStringLiteral("thread 4222 (pt_autograd_0)"));
    QCOMPARE(autograd.sortIndex, 4222); // no thread_sort_index: the tid
    QCOMPARE(autograd.eventCount, 1u);

    int labelled = 0;
    for (const TraceTrack &track : m_data.tracks) {
        if (!track.pidIsLabel)
            continue;
        ++labelled;
        QCOMPARE(track.kind, TraceTrackKind::Other);
        QCOMPARE(track.eventCount, 1u);
    }
    QCOMPARE(labelled, 3);
}

void TraceKinetoFixtureTest::eventsTimesAndKinds()
{
    QCOMPARE(m_data.events.size(), 19u); // 16 X + 2 i + 1 I

    const TraceEvent &mm = m_data.events[onlyEventNamed(m_data, "aten::mm")];
    QCOMPARE(mm.startNs, kBase + 1010250); // 1010.250 us after the base, exactly
    QCOMPARE(mm.durationNs, 40500);
    QCOMPARE(mm.kind, TraceEventKind::CpuOp);
    QCOMPARE(mm.externalId, 2);
    QCOMPARE(mm.phase, TracePhase::Slice);
    QCOMPARE(qs(m_data.string(mm.category)), QStringLiteral("cpu_op"));

    const std::vector<std::uint32_t> launches = eventsNamed(m_data, "cudaLaunchKernel");
    QCOMPARE(launches.size(), 2u);
    QCOMPARE(m_data.events[launches[0]].startNs, kBase + 1020125);
    QCOMPARE(m_data.events[launches[0]].durationNs, 6375);
    QCOMPARE(m_data.events[launches[0]].correlationId, 501);
    QCOMPARE(m_data.events[launches[0]].kind, TraceEventKind::Runtime);
    QCOMPARE(m_data.events[launches[1]].correlationId, 502);

    QCOMPARE(m_data.events[onlyEventNamed(m_data, "cuLaunchKernel")].kind, TraceEventKind::Runtime);
    QCOMPARE(m_data.events[onlyEventNamed(m_data, "train.py(42): step")].kind,
             TraceEventKind::PythonFunction);
    QCOMPARE(m_data.events[onlyEventNamed(m_data, "nccl:all_reduce")].kind,
             TraceEventKind::CpuCommunication);
    QCOMPARE(m_data.events[onlyEventNamed(m_data, "record_param_comms")].kind,
             TraceEventKind::CpuCommunication);
    QCOMPARE(m_data.events[onlyEventNamed(m_data, "aten::add_")].kind, TraceEventKind::CpuOp);

    // Within a track: by start time, the enclosing ProfilerStep#5 before what it contains.
    const TraceTrack &main = m_data.tracks[trackOf(m_data, 4100, 4100)];
    QCOMPARE(qs(m_data.eventName(main.firstEvent)), QStringLiteral("ProfilerStep#5"));
    QCOMPARE(qs(m_data.eventName(main.firstEvent + 1)), QStringLiteral("aten::mm"));
    QCOMPARE(qs(m_data.eventName(main.firstEvent + main.eventCount - 1)),
             QStringLiteral("ProfilerStep#6"));
}

void TraceKinetoFixtureTest::gpuStreams()
{
    const std::uint32_t compute = trackOf(m_data, 0, 7);
    const TraceTrack &stream7 = m_data.tracks[compute];
    QCOMPARE(stream7.kind, TraceTrackKind::GpuStream);
    QCOMPARE(stream7.gpuDevice, 0);
    QCOMPARE(stream7.gpuStream, 7);
    QCOMPARE(qs(m_data.string(stream7.name)), QStringLiteral("stream 7 "));
    QCOMPARE(qs(m_data.string(stream7.processLabels)), QStringLiteral("GPU 0"));
    QCOMPARE(stream7.processSortIndex, 5000000);
    QCOMPARE(stream7.sortIndex, 7);
    QCOMPARE(stream7.eventCount, 4u);
    QCOMPARE(m_data.eventsOf(compute).size(), 4u);
    QCOMPARE(&m_data.eventsOf(compute)[0], &m_data.events[stream7.firstEvent]);
    // The GPU user annotation starts 1 ns before the kernel it covers (Kineto widens it).
    QCOMPARE(m_data.events[stream7.firstEvent].kind, TraceEventKind::GpuUserAnnotation);
    QCOMPARE(m_data.events[stream7.firstEvent].startNs, kBase + 1029999);
    QCOMPARE(m_data.events[stream7.firstEvent].durationNs, 220002);

    const TraceEvent &gemm = m_data.events[onlyEventNamed(m_data, "ampere_sgemm_128x64_nn")];
    QCOMPARE(gemm.kind, TraceEventKind::ComputeKernel);
    QCOMPARE(gemm.track, compute);
    QCOMPARE(gemm.correlationId, 501);
    QCOMPARE(gemm.externalId, 2);
    QCOMPARE(m_data.events[onlyEventNamed(m_data, "Memcpy HtoD (Pageable -> Device)")].kind,
             TraceEventKind::Memcpy);
    QCOMPARE(m_data.events[onlyEventNamed(m_data, "Memset (Device)")].kind, TraceEventKind::Memset);

    const TraceTrack &stream13 = m_data.tracks[trackOf(m_data, 0, 13)];
    QCOMPARE(stream13.kind, TraceTrackKind::GpuStream);
    QCOMPARE(stream13.gpuStream, 13);
    QCOMPARE(stream13.sortIndex, 13);
    QCOMPARE(countKind(m_data, TraceEventKind::CommunicationKernel), 1);
    QCOMPARE(countKind(m_data, TraceEventKind::ComputeKernel), 1);
}

void TraceKinetoFixtureTest::iterations()
{
    // The gpu_user_annotation copy of ProfilerStep#5 is not an iteration.
    QCOMPARE(m_data.iterations.size(), 2u);
    QCOMPARE(m_data.iterations[0].step, 5);
    QCOMPARE(m_data.iterations[0].startNs, kBase + 1000000);
    QCOMPARE(m_data.iterations[0].endNs, kBase + 1500000);
    QCOMPARE(qs(m_data.eventName(m_data.iterations[0].event)), QStringLiteral("ProfilerStep#5"));
    QCOMPARE(m_data.iterations[1].step, 6);
    QCOMPARE(m_data.iterations[1].startNs, kBase + 1500000);
    QCOMPARE(m_data.iterations[1].endNs, kBase + 1950000);
    QCOMPARE(countKind(m_data, TraceEventKind::IterationMarker), 2);
}

void TraceKinetoFixtureTest::collectives()
{
    QCOMPARE(m_data.collectives.size(), 2u);
    const std::uint32_t cpu = onlyEventNamed(m_data, "record_param_comms");
    const std::uint32_t kernel = onlyEventNamed(
        m_data, "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)");
    for (std::uint32_t event : {cpu, kernel}) {
        const TraceCollective *collective = m_data.collectiveOf(event);
        QVERIFY(collective);
        QCOMPARE(collective->event, event);
        QCOMPARE(qs(m_data.string(collective->collectiveName)), QStringLiteral("allreduce"));
        QCOMPARE(qs(m_data.string(collective->processGroupName)), QStringLiteral("0"));
        QCOMPARE(qs(m_data.string(collective->processGroupDescription)),
                 QStringLiteral("default_pg"));
        QCOMPARE(qs(m_data.string(collective->dtype)), QStringLiteral("Float"));
        QCOMPARE(collective->inMessageElements, 1048576);
        QCOMPARE(collective->outMessageElements, 1048576);
        QCOMPARE(collective->groupSize, 8);
    }
    QCOMPARE(m_data.events[kernel].kind, TraceEventKind::CommunicationKernel);
    QVERIFY(!m_data.collectiveOf(onlyEventNamed(m_data, "aten::mm")));
}

void TraceKinetoFixtureTest::flows()
{
    QCOMPARE(m_data.stats.flowPoints, 4);
    QCOMPARE(m_data.stats.unpairedFlowPoints, 0);
    QCOMPARE(m_data.flows.size(), 2u);
    const std::vector<std::uint32_t> launches = eventsNamed(m_data, "cudaLaunchKernel");
    for (const TraceFlow &flow : m_data.flows) {
        QCOMPARE(qs(m_data.string(flow.category)), QStringLiteral("ac2g"));
        if (flow.id == 501) {
            // The launch, not the aten::mm around it; the kernel, not the annotation around it.
            QCOMPARE(flow.fromEvent, launches[0]);
            QCOMPARE(flow.toEvent, onlyEventNamed(m_data, "ampere_sgemm_128x64_nn"));
        } else {
            QCOMPARE(flow.id, 502u);
            QCOMPARE(flow.fromEvent, launches[1]); // not record_param_comms around it
            QCOMPARE(qs(m_data.eventName(flow.toEvent)).left(13), QStringLiteral("ncclDevKernel"));
        }
    }
}

void TraceKinetoFixtureTest::countersAndInstants()
{
    QCOMPARE(m_data.counterSamples.size(), 4u);
    for (const TraceTrack &track : m_data.tracks) {
        if (track.kind != TraceTrackKind::Counter)
            continue;
        QCOMPARE(qs(m_data.string(track.name)), QStringLiteral("GPU Memory"));
        QCOMPARE(track.sampleCount, 2u);
        const TraceCounterSample &first = m_data.counterSamples[track.firstSample];
        const TraceCounterSample &second = m_data.counterSamples[track.firstSample + 1];
        QCOMPARE(first.timeNs, kBase + 1100000); // sorted by time: written second
        QCOMPARE(second.timeNs, kBase + 1250000);
        if (m_data.string(track.counterSeries) == "allocated") {
            QCOMPARE(first.value, 512.0);
            QCOMPARE(second.value, 1536.5);
        } else {
            QCOMPARE(qs(m_data.string(track.counterSeries)), QStringLiteral("reserved"));
            QCOMPARE(second.value, 4096.0);
        }
    }

    const TraceEvent &memory = m_data.events[onlyEventNamed(m_data, "[memory]")];
    QCOMPARE(memory.phase, TracePhase::Instant);
    QCOMPARE(memory.durationNs, 0);
    QCOMPARE(memory.startNs, kBase + 1300000);
    const TraceEvent &windowEnd = m_data.events[onlyEventNamed(m_data, "Record Window End")];
    QCOMPARE(windowEnd.phase, TracePhase::Instant);
    QVERIFY(m_data.tracks[windowEnd.track].pidIsLabel);
    QVERIFY(m_data.string(m_data.tracks[windowEnd.track].pidLabel).empty());
}

void TraceKinetoFixtureTest::eventStaysSmall()
{
    QVERIFY(sizeof(TraceEvent) <= 48);
    QVERIFY(m_data.memoryBytes() > m_data.events.size() * sizeof(TraceEvent));
}

// kineto-p2p.json: rank 5 of a pipeline group [1, 5, 9, 13], a send to rank 9 and a recv from
// rank 1 as PyTorch 2.5+ records them (torch/csrc/profiler/util.cpp saveNcclMeta: "Dst Rank" on
// a send, "Src Rank" on a recv, global ranks; "Seq") and Kineto copies them onto the NCCL kernel
// (libkineto/src/output_json.cpp appendCollectiveArgs), then an all-reduce with its Seq.
void TraceKinetoFixtureTest::pointToPointArgs()
{
    const TraceData trace = importTraceFixture("kineto-p2p.json");
    QVERIFY2(trace.problems.empty(), qPrintable(problemsText(trace)));
    std::vector<const TraceCollective *> kernels;
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        if (trace.events[i].kind == TraceEventKind::CommunicationKernel)
            kernels.push_back(trace.collectiveOf(i));
    }
    QCOMPARE(kernels.size(), std::size_t(3));
    QCOMPARE(qs(trace.string(kernels[0]->collectiveName)), QStringLiteral("send"));
    QCOMPARE(kernels[0]->dstRank, 9);
    QCOMPARE(kernels[0]->srcRank, -1);
    QCOMPARE(kernels[0]->sequence, std::int64_t(41));
    QCOMPARE(kernels[1]->srcRank, 1);
    QCOMPARE(kernels[1]->dstRank, -1);
    QCOMPARE(kernels[2]->sequence, std::int64_t(7));
    QCOMPARE(kernels[2]->groupSize, 4);

    const std::vector<CollectiveRecord> records = collectiveRecords(trace);
    QCOMPARE(records.size(), std::size_t(3));
    QCOMPARE(records[0].kind, CollectiveKind::Send);
    QCOMPARE(records[0].peer, 9);
    QCOMPARE(records[0].step, std::int64_t(2));
    QCOMPARE(records[1].kind, CollectiveKind::Recv);
    QCOMPARE(records[1].peer, 1);
    QCOMPARE(records[2].kind, CollectiveKind::Collective);
    QCOMPARE(records[2].groupSize, 4);
    QCOMPARE(records[2].startNs, kBase + 8'000'000);
    QCOMPARE(records[0].endNs - records[0].startNs, std::int64_t(310'500));
}

QTEST_GUILESS_MAIN(TraceKinetoFixtureTest)
#include "test_trace_kineto_fixture.moc"
