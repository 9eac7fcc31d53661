// The Flight Recorder dump reader: the real NVRx dumps (../shared/data), hand-written dumps of
// versions 2.3, 2.7 (values as strings), 2.10 (comm_lib_version, hook prefixes, coalesced) and
// the JSON form, file names, and content sniffing.

#include "CollectiveTestSupport.h"

#include "core/model/CollectiveTail.h"
#include "core/synth/PickleWriter.h"
#include "importers/collectives/FlightRecorderDump.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace rankscope;
using namespace rankscope_test;

namespace {

QString problemsText(const FlightRecorderReadResult &r)
{
    QStringList lines;
    for (const ImportProblem &p : r.problems)
        lines << QString::fromStdString(p.message);
    return lines.join(QLatin1Char('\n'));
}

const CollectiveGroupStatus *statusOf(const FlightRecorderReadResult &r, int pgId)
{
    for (const CollectiveGroupStatus &s : r.records.statuses)
        if (s.pgId == pgId)
            return &s;
    return nullptr;
}

const ProcessGroupConfig *groupNamed(const FlightRecorderReadResult &r, const char *name)
{
    for (const ProcessGroupConfig &g : r.records.groups)
        if (g.name == name)
            return &g;
    return nullptr;
}

FlightRecorderReadResult readFixture(const char *name, int rank)
{
    return readFlightRecorderDump(readFrFixture(name), std::string("fr/") + name, rank);
}

} // namespace

class FlightRecorderDumpTest : public QObject
{
    Q_OBJECT

private slots:
    void nvrxDumpsAllParse();
    void nvrxEntryFields();
    void nvrxStatusesGetGroupNames();
    void version23WithFrames();
    void version27ValuesAsStrings();
    void version210HookPrefixesAndCoalesced();
    void jsonDump();
    void rankFromContentWhenTheNameHasNone();
    void laneTailAndNoFrames();
    void laneTailIsKeepCollectiveTail();
    void notADump();
    void dumpPaths();
    void ranksFromNames();
    void sniffing();
};

void FlightRecorderDumpTest::nvrxDumpsAllParse()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString base = shared + QStringLiteral("/nvrx-flight-recorder/fr_traces/");
    if (!QDir(base).exists())
        QSKIP("../shared/data/nvrx-flight-recorder is absent");
    // Entry totals per scenario, as python3's pickle.load counts them.
    const std::vector<std::pair<QString, int>> scenarios = {{QStringLiteral("gpu_error_1st"), 289},
                                                            {QStringLiteral("lock_gil_1st"), 142}};
    for (const auto &[scenario, expectedEntries] : scenarios) {
        const QDir dir(base + scenario);
        std::set<int> ranks;
        int entries = 0;
        for (const QString &name : dir.entryList({QStringLiteral("_dump_*")}, QDir::Files)) {
            const std::string path =
                "fr_traces/" + scenario.toStdString() + "/" + name.toStdString();
            QVERIFY(isFlightRecorderPath("fr/" + name.toStdString()));
            const int rank = flightRecorderRankFromName(name.toStdString());
            const std::string bytes = readBytes(dir.filePath(name));
            QVERIFY(looksLikeFlightRecorderDump(std::string_view(bytes).substr(0, 256)));
            const FlightRecorderReadResult r = readFlightRecorderDump(bytes, path, rank);
            QVERIFY2(r.ok, qPrintable(problemsText(r)));
            QVERIFY2(r.problems.empty(), qPrintable(problemsText(r)));
            QCOMPARE(r.info.rank, rank);
            QCOMPARE(r.info.version, std::string("2.9"));
            QCOMPARE(r.info.libVersion, std::string("2.27.3"));
            QVERIFY(!r.info.json && !r.info.truncated && !r.info.hasFrames);
            QVERIFY(r.records.groups.size() >= 12);
            const ProcessGroupConfig *world = groupNamed(r, "0");
            QVERIFY(world);
            QCOMPARE(world->desc, std::string("default_pg"));
            QCOMPARE(world->ranks.size(), 16u);
            QCOMPARE(world->ranks[15], 15);
            for (const CollectiveEntry &e : r.records.entries) {
                QCOMPARE(e.rank, rank);
                QCOMPARE(e.source.file, path);
                QVERIFY(e.source.byteOffset > 0);
                QVERIFY(!e.pgName.empty());
                QVERIFY(e.groupRank >= 0); // every entry's group lists this rank
                QCOMPARE(int(e.state), int(CollectiveState::Scheduled)); // onlyActive dumps
            }
            ranks.insert(rank);
            entries += r.info.entries;
        }
        QCOMPARE(ranks.size(), 16u);
        QCOMPARE(*ranks.begin(), 0);
        QCOMPARE(*ranks.rbegin(), 15);
        QCOMPARE(entries, expectedEntries);
    }
}

void FlightRecorderDumpTest::nvrxEntryFields()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const std::string bytes =
        readBytes(shared + QStringLiteral("/nvrx-flight-recorder/fr_traces/gpu_error_1st/_dump_0"));
    if (bytes.empty())
        QSKIP("the NVRx dumps are absent");
    const FlightRecorderReadResult r = readFlightRecorderDump(bytes, "fr/_dump_0", 0);
    QVERIFY(r.ok);
    QCOMPARE(r.records.entries.size(), 20u);
    // As python3 -c "pickle.load(...)['entries'][0]" prints it.
    const CollectiveEntry &e = r.records.entries.front();
    QCOMPARE(e.recordId, 86676);
    QCOMPARE(e.pgId, 6);
    QCOMPARE(e.pgName, std::string("43"));
    QCOMPARE(e.pgDesc, std::string("PIPELINE_MODEL_PARALLEL_GROUP"));
    QCOMPARE(e.collectiveSeq, 26);
    QCOMPARE(e.p2pSeq, 11981);
    QCOMPARE(e.opId, 12007);
    QCOMPARE(e.profilingName, std::string("nccl:send 0->3"));
    QCOMPARE(e.op, std::string("send"));
    QCOMPARE(e.groupRank, 0);
    QCOMPARE(e.peerGroupRank, 3);
    QVERIFY(e.isP2p);
    QCOMPARE(e.inputSizes, std::string("4096x1x5120"));
    QCOMPARE(e.inputNumel, 4096LL * 5120);
    QCOMPARE(e.outputNumel, 4096LL * 5120);
    QCOMPARE(e.inputDtypes, std::string("BFloat16"));
    QCOMPARE(e.outputDtypes, std::string("BFloat16"));
    QCOMPARE(int(e.state), int(CollectiveState::Scheduled));
    QCOMPARE(e.createdNs, 1758610505592849034LL);
    QCOMPARE(e.startedNs, -1);
    QCOMPARE(e.completedNs, -1);
    QVERIFY(std::isnan(e.durationMs));
    QCOMPARE(e.timeoutMs, 180000);
    QVERIFY(!e.retired);
    QCOMPARE(e.threadName, std::string("python3"));
    QCOMPARE(e.threadId, std::string("23456244340032"));
    QVERIFY(e.frames.empty());

    const CollectiveEntry &last = r.records.entries.back();
    QCOMPARE(last.recordId, 86709);
    QCOMPARE(last.op, std::string("all_gather")); // nccl:_all_gather_base
    QCOMPARE(last.collectiveSeq, 39416);
    QCOMPARE(last.pgDesc, std::string("TENSOR_MODEL_PARALLEL_GROUP"));
    QCOMPARE(last.outputSizes, std::string("8192x1x5120"));
    QVERIFY(!last.isP2p);
    QCOMPARE(last.peerGroupRank, -1);
}

void FlightRecorderDumpTest::nvrxStatusesGetGroupNames()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString dir = shared + QStringLiteral("/nvrx-flight-recorder/fr_traces/");
    const std::string bytes = readBytes(dir + QStringLiteral("gpu_error_1st/_dump_0"));
    if (bytes.empty())
        QSKIP("the NVRx dumps are absent");
    const FlightRecorderReadResult r = readFlightRecorderDump(bytes, "fr/_dump_0", 0);
    QCOMPARE(r.records.statuses.size(), 13u);
    // pg_status is keyed by pg_id: pg 6 is named "43" by its entries.
    const CollectiveGroupStatus *pp = statusOf(r, 6);
    QVERIFY(pp);
    QCOMPARE(pp->pgName, std::string("43"));
    QCOMPARE(pp->pgDesc, std::string("PIPELINE_MODEL_PARALLEL_GROUP"));
    QVERIFY(!pp->pgNameInferred);
    QCOMPARE(pp->lastEnqueued, 11986);
    QCOMPARE(pp->lastStarted, -1);
    QCOMPARE(pp->lastCompleted, 11983);
    QCOMPARE(pp->rank, 0);
    QCOMPARE(pp->groupRank, 0);
    // pg 0 has no entry in this dump: paired by creation order, and marked so.
    const CollectiveGroupStatus *world = statusOf(r, 0);
    QVERIFY(world);
    QCOMPARE(world->pgName, std::string("0"));
    QCOMPARE(world->pgDesc, std::string("default_pg"));
    QVERIFY(world->pgNameInferred);
    QCOMPARE(world->lastEnqueued, 163);

    // lock_gil_1st rank 14 dumped no entry at all: its statuses still get names.
    const std::string silent = readBytes(dir + QStringLiteral("lock_gil_1st/_dump_14"));
    const FlightRecorderReadResult s = readFlightRecorderDump(silent, "fr/_dump_14", 14);
    QVERIFY(s.ok);
    QCOMPARE(s.info.entries, 0);
    QVERIFY(!s.records.statuses.empty());
    for (const CollectiveGroupStatus &st : s.records.statuses) {
        QVERIFY(!st.pgName.empty());
        QVERIFY(st.pgNameInferred);
        QCOMPARE(st.rank, 14);
    }
}

void FlightRecorderDumpTest::version23WithFrames()
{
    const FlightRecorderReadResult r = readFixture("v2_3_nccl_trace_rank_1.pkl", 1);
    QVERIFY2(r.ok && r.problems.empty(), qPrintable(problemsText(r)));
    QCOMPARE(r.info.version, std::string("2.3"));
    QCOMPARE(r.info.libVersion, std::string("2.20.5"));
    QVERIFY(r.info.hasFrames);
    QCOMPARE(r.records.entries.size(), 2u);
    const CollectiveEntry &done = r.records.entries[0];
    QCOMPARE(done.op, std::string("all_reduce"));
    QCOMPARE(int(done.state), int(CollectiveState::Completed));
    QVERIFY(done.startedNs > 0 && done.completedNs > done.startedNs);
    QVERIFY(done.retired);
    QCOMPARE(done.groupRank, 1); // rank 1 in default_pg [0, 1, 2, 3]
    QVERIFY(done.threadName.empty());
    QCOMPARE(done.frames.size(), 3u);
    QCOMPARE(done.frames[0].name, std::string("all_reduce"));
    QCOMPARE(done.frames[0].file, std::string("torch/distributed/distributed_c10d.py"));
    QCOMPARE(done.frames[0].line, 2501);
    QCOMPARE(done.frames[2].name, std::string("train_step"));
    const CollectiveEntry &running = r.records.entries[1];
    QCOMPARE(int(running.state), int(CollectiveState::Started));
    QVERIFY(running.startedNs > 0);
    QCOMPARE(running.completedNs, -1);
    QCOMPARE(running.frames.size(), 3u); // the same memoized frames
    const CollectiveGroupStatus *st = statusOf(r, 0);
    QVERIFY(st);
    QCOMPARE(st->pgName, std::string("0"));
    QCOMPARE(st->lastStarted, 2);
    QCOMPARE(st->lastCompleted, 1);
}

void FlightRecorderDumpTest::version27ValuesAsStrings()
{
    const FlightRecorderReadResult r = readFixture("v2_7_strings_nccl_trace_rank_2.pkl", 2);
    QVERIFY2(r.ok && r.problems.empty(), qPrintable(problemsText(r)));
    QCOMPARE(r.records.entries.size(), 3u);
    const CollectiveEntry &gather = r.records.entries[0];
    QCOMPARE(gather.recordId, 40);
    QCOMPARE(gather.pgId, 1);
    QCOMPARE(gather.collectiveSeq, 7);
    QCOMPARE(gather.timeoutMs, 600000);
    QCOMPARE(gather.op, std::string("all_gather"));
    QVERIFY(!gather.isP2p);
    QCOMPARE(gather.groupRank, 0); // rank 2 in TP [2, 3]
    const CollectiveEntry &send = r.records.entries[1];
    QVERIFY(send.isP2p); // "True"
    QCOMPARE(send.op, std::string("send"));
    QCOMPARE(send.groupRank, 1);
    QCOMPARE(send.peerGroupRank, 0);
    QCOMPARE(send.p2pSeq, 3);
    const CollectiveEntry &recv = r.records.entries[2];
    QCOMPARE(recv.op, std::string("recv"));
    QCOMPARE(recv.groupRank, 1);
    QCOMPARE(recv.peerGroupRank, 0);

    const CollectiveGroupStatus *tp = statusOf(r, 1);
    QVERIFY(tp);
    QCOMPARE(tp->pgName, std::string("1"));
    QCOMPARE(tp->pgDesc, std::string("TENSOR_MODEL_PARALLEL_GROUP"));
    QCOMPARE(tp->lastEnqueued, 7);
    QCOMPARE(tp->lastStarted, -1);
    QCOMPARE(groupNamed(r, "2")->ranks, (std::vector<int>{0, 2}));
}

void FlightRecorderDumpTest::version210HookPrefixesAndCoalesced()
{
    const FlightRecorderReadResult r = readFixture("v2_10_nccl_trace_rank_3.pkl", 3);
    QVERIFY2(r.ok && r.problems.empty(), qPrintable(problemsText(r)));
    QCOMPARE(r.info.version, std::string("2.10"));
    QCOMPARE(r.info.libVersion, std::string("2.27.3")); // comm_lib_version
    QCOMPARE(r.records.entries.size(), 4u);
    const auto &e = r.records.entries;
    QCOMPARE(e[0].op, std::string("all_reduce")); // nccl2:
    QCOMPARE(e[0].profilingName, std::string("nccl2:all_reduce"));
    QCOMPARE(e[0].durationMs, 0.25);
    QCOMPARE(e[0].inputSizes, std::string("2x3"));
    QCOMPARE(e[0].inputNumel, 6);
    QCOMPARE(e[1].op, std::string("all_gather_coalesced"));
    QCOMPARE(e[1].inputSizes, std::string("16;32"));
    QCOMPARE(e[1].inputNumel, 48);
    QCOMPARE(e[1].outputNumel, 96);
    QCOMPARE(e[1].inputDtypes, std::string("BFloat16,BFloat16"));
    QCOMPARE(e[1].groupRank, 1); // rank 3 in TP [2, 3]
    QCOMPARE(e[2].op, std::string("coalesced"));
    QCOMPARE(e[2].opId, e[1].opId);
    QCOMPARE(e[2].inputSizes, std::string());
    QCOMPARE(e[2].inputNumel, 0);
    QCOMPARE(e[3].op, std::string("broadcast"));  // gloo:
    QCOMPARE(e[3].inputSizes, std::string("[]")); // a zero-dimension tensor
    QCOMPARE(e[3].inputNumel, 1);
    QCOMPARE(e[3].inputDtypes, std::string("Float"));
    QCOMPARE(e[3].pgDesc, std::string("gloo_group"));
    // pg 9 has a status but no entry and no matching config count: left unnamed.
    const CollectiveGroupStatus *orphan = statusOf(r, 9);
    QVERIFY(orphan);
    QVERIFY(orphan->pgName.empty());
    QCOMPARE(orphan->lastEnqueued, 4);
    QCOMPARE(statusOf(r, 3)->pgName, std::string("3"));
}

void FlightRecorderDumpTest::jsonDump()
{
    const FlightRecorderReadResult r = readFixture("v2_10_json_nccl_trace_rank_0.json", 0);
    QVERIFY2(r.ok && r.problems.empty(), qPrintable(problemsText(r)));
    QVERIFY(r.info.json);
    QCOMPARE(r.info.version, std::string("2.10"));
    QCOMPARE(r.info.libVersion, std::string("2.27.3"));
    QCOMPARE(r.records.entries.size(), 2u);
    const CollectiveEntry &started = r.records.entries[0];
    QCOMPARE(started.pgName, std::string("0"));
    QCOMPARE(started.pgDesc, std::string("default_pg"));
    QCOMPARE(started.collectiveSeq, 31);
    QCOMPARE(int(started.state), int(CollectiveState::Started));
    QVERIFY(started.startedNs > 0);
    QCOMPARE(started.completedNs, -1); // 0 in JSON
    QCOMPARE(started.inputSizes, std::string("8x8"));
    QCOMPARE(started.source.byteOffset, -1);
    QCOMPARE(r.records.entries[1].startedNs, -1);
    const CollectiveGroupStatus *st = statusOf(r, 0);
    QVERIFY(st);
    QCOMPARE(st->lastEnqueued, 32); // "32"
    QCOMPARE(st->lastStarted, 31);
    QCOMPARE(st->lastCompleted, 30);
    QCOMPARE(st->groupRank, 0);
    QCOMPARE(r.records.groups.size(), 1u);
    QCOMPARE(r.records.groups[0].ranks, (std::vector<int>{0, 1, 2, 3}));
}

void FlightRecorderDumpTest::rankFromContentWhenTheNameHasNone()
{
    // "send 1->0" in PP group [0, 2]: group rank 1 is global rank 2.
    const std::string bytes = readFrFixture("v2_7_strings_nccl_trace_rank_2.pkl");
    const FlightRecorderReadResult r = readFlightRecorderDump(bytes, "dumps/trace", -1);
    QVERIFY2(r.ok, qPrintable(problemsText(r)));
    QCOMPARE(r.info.rank, 2);
    QCOMPARE(r.records.entries[0].rank, 2);
    QCOMPARE(r.records.statuses[0].rank, 2);

    // No p2p entry: no rank, and the result says so.
    const FlightRecorderReadResult none =
        readFlightRecorderDump(readFrFixture("v2_3_nccl_trace_rank_1.pkl"), "dumps/trace", -1);
    QVERIFY(!none.ok);
    QVERIFY(problemsText(none).contains(QStringLiteral("no rank")));
}

void FlightRecorderDumpTest::laneTailAndNoFrames()
{
    // 2.10 fixture: groups 0 (1 entry), 1 (2 entries: ALLGATHER_coalesced, coalesced), 3 (1).
    FlightRecorderReadOptions options;
    options.tail = CollectiveTailLimits{1, 1};
    const FlightRecorderReadResult r = readFlightRecorderDump(
        readFrFixture("v2_10_nccl_trace_rank_3.pkl"), "fr/v2_10_3", 3, options);
    QVERIFY(r.ok);
    QCOMPARE(r.info.entries, 4); // every complete entry is counted
    QCOMPARE(r.records.entries.size(), 3u);
    QCOMPARE(r.records.entries[0].recordId, 100);
    QCOMPARE(r.records.entries[1].recordId, 102); // the last completed of group 1
    QCOMPARE(r.records.entries[2].recordId, 103);
    QCOMPARE(statusOf(r, 1)->pgName, std::string("1"));

    // Entries not kept still name their pg_id for pg_status.
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const std::string bytes =
        readBytes(shared + QStringLiteral("/nvrx-flight-recorder/fr_traces/gpu_error_1st/_dump_0"));
    if (!bytes.empty()) {
        const FlightRecorderReadResult n = readFlightRecorderDump(bytes, "fr/_dump_0", 0, options);
        QCOMPARE(n.info.entries, 20);
        QCOMPARE(n.records.entries.size(), 6u); // six groups have entries, all completed
        QCOMPARE(statusOf(n, 6)->pgName, std::string("43"));
        QVERIFY(!statusOf(n, 6)->pgNameInferred);
    }

    FlightRecorderReadOptions noFrames;
    noFrames.frames = false;
    const FlightRecorderReadResult f = readFlightRecorderDump(
        readFrFixture("v2_3_nccl_trace_rank_1.pkl"), "fr/v2_3_1", 1, noFrames);
    QVERIFY(f.ok);
    QVERIFY(f.records.entries[0].frames.empty());
    QVERIFY(!f.info.hasFrames);
}

// The reader's tail (chosen before the entries are built) is what keepCollectiveTail keeps of
// every entry: per group and sequence kind, the first pending and the last completed ones.
// Pending entries beyond what a "last N of the group" cut keeps, p2p entries crowding a group,
// a name-only p2p entry (no is_p2p), entries without a sequence number, and groups known only
// by pg_id are all in the dump.
void FlightRecorderDumpTest::laneTailIsKeepCollectiveTail()
{
    std::string bytes;
    PickleWriter w(bytes);
    w.begin();
    w.beginDict();
    w.key(w.intern("version"));
    w.string("2.10");
    w.key(w.intern("pg_config"));
    w.beginDict();
    w.endDict();
    w.key(w.intern("entries"));
    w.beginList();
    std::int64_t record = 0;
    auto entry = [&](int pgId, const char *group, const char *name, std::int64_t seq,
                     std::int64_t p2pSeq, const char *state, int isP2p) {
        w.beginDict();
        w.key(w.intern("record_id"));
        w.integer(record++);
        w.key(w.intern("pg_id"));
        w.integer(pgId);
        w.key(w.intern("process_group"));
        w.beginTuple(2);
        w.string(group);
        w.string("desc");
        w.endTuple();
        w.key(w.intern("collective_seq_id"));
        if (seq < 0)
            w.none();
        else
            w.integer(seq);
        w.key(w.intern("p2p_seq_id"));
        w.integer(p2pSeq);
        w.key(w.intern("profiling_name"));
        w.string(name);
        w.key(w.intern("state"));
        w.string(state);
        if (isP2p >= 0) {
            w.key(w.intern("is_p2p"));
            w.boolean(isP2p != 0);
        }
        w.endDict();
    };
    for (int seq = 1; seq <= 30; ++seq)
        entry(0, "0", "nccl:all_reduce", seq, 0, "completed", 0);
    for (int seq = 31; seq <= 100; ++seq)
        entry(0, "0", "nccl:all_reduce", seq, 0, seq == 31 ? "started" : "scheduled", 0);
    for (int p = 1; p <= 120; ++p)
        entry(0, "0", "nccl:send 0->1", 100, p, p < 110 ? "completed" : "scheduled", 1);
    for (int p = 121; p <= 125; ++p)
        entry(0, "0", "nccl:recv 0<-1", 100, p, "completed", -1); // p2p by its name
    for (int seq = 1; seq <= 12; ++seq)
        entry(3, "", "nccl:broadcast", seq, 0, "completed", 0); // a group known by pg_id only
    entry(5, "5", "nccl:barrier", -1, 0, "started", 0);         // no sequence: always kept
    for (int seq = 1; seq <= 9; ++seq)
        entry(5, "5", "nccl:all_gather", seq, 0, seq % 2 ? "completed" : "scheduled", 0);
    w.endList();
    w.endDict();
    w.end();

    const FlightRecorderReadResult all = readFlightRecorderDump(bytes, "fr/rank_0", 0);
    QVERIFY(all.ok);
    CollectiveRecords expected = all.records;
    const std::size_t dropped = keepCollectiveTail(expected);
    QVERIFY(dropped > 150);

    FlightRecorderReadOptions options;
    options.tail = CollectiveTailLimits();
    const FlightRecorderReadResult tail = readFlightRecorderDump(bytes, "fr/rank_0", 0, options);
    QVERIFY(tail.ok);
    QCOMPARE(tail.info.entries, all.info.entries);
    std::vector<std::int64_t> want, got;
    for (const CollectiveEntry &e : expected.entries)
        want.push_back(e.recordId);
    for (const CollectiveEntry &e : tail.records.entries)
        got.push_back(e.recordId);
    QCOMPARE(got, want);
    // The first pending collective (where the rank waits) and the name-only p2p entries stay.
    QVERIFY(std::find(got.begin(), got.end(), 30) != got.end());
    int recvs = 0;
    for (const CollectiveEntry &e : tail.records.entries)
        recvs += e.op == "recv" && e.isP2p;
    QCOMPARE(recvs, 5);

    // Cut dumps keep the same complete entries both ways.
    for (std::size_t cut : {bytes.size() / 5, bytes.size() / 2, bytes.size() - 3}) {
        const std::string head = bytes.substr(0, cut);
        const FlightRecorderReadResult cutAll = readFlightRecorderDump(head, "fr/rank_0", 0);
        CollectiveRecords cutExpected = cutAll.records;
        keepCollectiveTail(cutExpected);
        const FlightRecorderReadResult cutTail =
            readFlightRecorderDump(head, "fr/rank_0", 0, options);
        QCOMPARE(cutTail.records.entries.size(), cutExpected.entries.size());
        for (std::size_t i = 0; i < cutExpected.entries.size(); ++i)
            QCOMPARE(cutTail.records.entries[i].recordId, cutExpected.entries[i].recordId);
    }
}

void FlightRecorderDumpTest::notADump()
{
    const std::string values = readFrFixture("values_p4.pkl");
    const FlightRecorderReadResult r = readFlightRecorderDump(values, "fr/values_1", 1);
    QVERIFY(!r.ok);
    QVERIFY(problemsText(r).contains(QStringLiteral("not a Flight Recorder dump")));
    const FlightRecorderReadResult list =
        readFlightRecorderDump(std::string("\x80\x02]q\x00.", 6), "fr/list_1", 1);
    QVERIFY(!list.ok);
    QVERIFY(problemsText(list).contains(QStringLiteral("holds a list")));
    const FlightRecorderReadResult empty = readFlightRecorderDump("", "fr/empty_1", 1);
    QVERIFY(!empty.ok);
    QVERIFY(!empty.problems.empty());
}

void FlightRecorderDumpTest::dumpPaths()
{
    QVERIFY(isFlightRecorderPath("fr/nccl_trace_rank_0"));
    QVERIFY(isFlightRecorderPath("job/node3/fr/nccl_trace_rank_511"));
    QVERIFY(isFlightRecorderPath("flight_recorder/_dump_3"));
    QVERIFY(isFlightRecorderPath("a/b/flight_recorder/c/_dump_3.json"));
    QVERIFY(isFlightRecorderPath("fr/my_prefix-12.pkl"));
    QVERIFY(isFlightRecorderPath("fr/trace7.pickle"));
    QVERIFY(isFlightRecorderPath("tmp/nccl_trace_rank_4")); // PyTorch's default, anywhere
    QVERIFY(!isFlightRecorderPath("logs/_dump_3"));         // not in a dump folder
    QVERIFY(!isFlightRecorderPath("fr/fault_injection.log"));
    QVERIFY(!isFlightRecorderPath("fr/README.md"));
    QVERIFY(!isFlightRecorderPath("fr/rank_3.txt"));
    QVERIFY(!isFlightRecorderPath("fr/dump"));
    QVERIFY(!isFlightRecorderPath("fr/nccl trace 3"));
    QVERIFY(!isFlightRecorderPath("fr_traces/_dump_3")); // "fr_traces" is not "fr"
}

void FlightRecorderDumpTest::ranksFromNames()
{
    QCOMPARE(flightRecorderRankFromName("nccl_trace_rank_12"), 12);
    QCOMPARE(flightRecorderRankFromName("_dump_3.json"), 3);
    QCOMPARE(flightRecorderRankFromName("fr/x/prefix0007.pkl"), 7);
    QCOMPARE(flightRecorderRankFromName("_dump_"), -1);
    QCOMPARE(flightRecorderRankFromName("trace"), -1);
    QCOMPARE(flightRecorderRankFromName("rank_99999999"), -1); // not a rank
}

void FlightRecorderDumpTest::sniffing()
{
    for (const char *name : {"v2_3_nccl_trace_rank_1.pkl", "v2_7_strings_nccl_trace_rank_2.pkl",
                             "v2_10_nccl_trace_rank_3.pkl", "v2_10_json_nccl_trace_rank_0.json"}) {
        const std::string bytes = readFrFixture(name);
        QVERIFY2(looksLikeFlightRecorderDump(std::string_view(bytes).substr(0, 512)), name);
    }
    QVERIFY(!looksLikeFlightRecorderDump(readFrFixture("values_p4.pkl").substr(0, 512)));
    QVERIFY(!looksLikeFlightRecorderDump(R"({"traceEvents": [], "schemaVersion": 1})"));
    QVERIFY(!looksLikeFlightRecorderDump("Thread 1234 (idle): \"MainThread\"\n"));
    QVERIFY(!looksLikeFlightRecorderDump(""));
    QVERIFY(!looksLikeFlightRecorderDump(std::string("\x80\x02", 2)));
}

QTEST_GUILESS_MAIN(FlightRecorderDumpTest)
#include "tst_flight_recorder_dump.moc"
