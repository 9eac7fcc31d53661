// NCCL Inspector logs (issue 16 point 2): the plugin's JSON lines (tests/fixtures/nccl_inspector,
// written from its public format) into the trace model: ops as communication kernels per
// communicator with their collective records, kernel times when verbose, the dump time
// otherwise, the world communicator's rank; the ugly lines each one problem; and a job whose
// rank 5 arrives late at its all-reduces named by the stragglers analysis from Inspector alone.

#include "CliStragglers.h"
#include "TraceTestSupport.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/TraceFileReader.h"
#include "importers/traces/NcclInspectorImport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace rankscope;
using namespace rankscope_test;

class TraceNcclInspectorTest : public QObject
{
    Q_OBJECT

private slots:
    void fixtureRecords()
    {
        const std::string file =
            QString(fixturesDir() + QStringLiteral("/nccl_inspector/node-0-pid438776.log"))
                .toStdString();
        const TraceData data =
            importNcclInspectorLog(file, "nccl-inspector-1/node-0-pid438776.log");
        // The world (8 ranks) says rank 4; the tp communicator's rank 0 does not.
        QCOMPARE(data.rank, 4);
        QCOMPARE(data.rankSource, TraceRankSource::CommunicatorRank);
        QCOMPARE(data.worldSize, 8);
        // ReduceScatter, AllGather, Send: three ops kept.
        QCOMPARE(int(data.events.size()), 3);
        QCOMPARE(int(data.collectives.size()), 3);
        const TraceEvent *reduceScatter = nullptr;
        for (const TraceEvent &event : data.events)
            if (data.string(event.name) == "ncclKernel_ReduceScatter")
                reduceScatter = &event;
        QVERIFY(reduceScatter);
        QCOMPARE(reduceScatter->kind, TraceEventKind::CommunicationKernel);
        // Verbose: the first kernel start to the last kernel stop, in ns.
        QCOMPARE(reduceScatter->startNs, 1752867229235181000);
        QCOMPARE(reduceScatter->durationNs, (1752867229275900 - 1752867229235181) * 1000);
        const TraceCollective *collective =
            data.collectiveOf(std::uint32_t(reduceScatter - data.events.data()));
        QVERIFY(collective);
        QCOMPARE(data.string(collective->collectiveName), std::string_view("reducescatter"));
        QCOMPARE(data.string(collective->processGroupName), std::string_view("0xe62dedaa97644a"));
        QCOMPARE(collective->sequence, std::int64_t(1231));
        QCOMPARE(collective->groupSize, 8);
        // Non-verbose: it ends at its dump time and lasted coll_exec_time_us.
        for (const TraceEvent &event : data.events)
            if (data.string(event.name) == "ncclKernel_AllGather") {
                QCOMPARE(event.startNs + event.durationNs, 1752867229300000000);
                QCOMPARE(event.durationNs, std::int64_t(120'000));
            }
        // One problem per kind of bad line, and the approximation said.
        QVERIFY(findProblem(data, "not a JSON object"));
        QVERIFY(findProblem(data, "without its communicator id, op or execution time"));
        QVERIFY(findProblem(data, "no usable time"));
        QVERIFY(findProblem(data, "not an NCCL Inspector record"));
        QVERIFY(findProblem(data, "no kernel times"));
        // Two communicators, two rows.
        int streams = 0;
        for (const TraceTrack &track : data.tracks)
            streams += track.kind == TraceTrackKind::GpuStream ? 1 : 0;
        QCOMPARE(streams, 2);
    }

    void bundleFileRankIsTheContents()
    {
        // In a bundle: the world communicator's rank is the file's content, over a path that
        // names another number.
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        std::filesystem::create_directories(root / "nccl-inspector-1");
        std::filesystem::copy_file(
            QString(fixturesDir() + QStringLiteral("/nccl_inspector/node-0-pid438776.log"))
                .toStdString(),
            root / "nccl-inspector-1" / "rank7-pid438776.log");
        BundleFile file;
        file.path = "nccl-inspector-1/rank7-pid438776.log";
        file.size = std::int64_t(std::filesystem::file_size(root / file.path));
        const TraceFileRecord record = readTraceFile(root, file, 1 << 30);
        QCOMPARE(record.rank, 4);
        QCOMPARE(record.rankFacts.source, FileRankSource::Content);
    }

    void hostileLines()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("h-pid1.log")).toStdString();
        {
            std::ofstream out(file, std::ios::binary);
            out << std::string(300000, '[') << "\n";  // nesting
            out << std::string(3 << 20, 'x') << "\n"; // a 3 MiB line
            out << "{\"header\":{\"id\":\"0x1\",\"rank\":0,\"n_ranks\":2},\"metadata\":{"
                   "\"dump_timestamp_us\":18446744073709551615},\"coll_perf\":{\"coll\":"
                   "\"AllReduce\",\"coll_exec_time_us\":9223372036854775807}}\n";
            out << '\0' << "\xff\xfe garbage\n";
        }
        const TraceData data = importNcclInspectorLog(file, "rank_1.log");
        QVERIFY(data.events.empty());
        QVERIFY(findProblem(data, "nests deeper"));
        QVERIFY(findProblem(data, "longer than"));
        QVERIFY(findProblem(data, "no usable time"));
        // A skipped record names nothing: the rank comes from the path.
        QCOMPARE(data.rank, 1);
        QCOMPARE(data.rankSource, TraceRankSource::FilePath);
    }

    void lateRankNamedFromInspectorAlone()
    {
        // Eight processes' logs in the plugin's dump folder; rank 5 reaches its all-reduces 30
        // ms late from op 20 on, and everyone's kernels end together.
        QTemporaryDir dir;
        const std::filesystem::path folder =
            std::filesystem::path(dir.path().toStdString()) / "nccl-inspector-4242";
        std::filesystem::create_directories(folder);
        const std::int64_t base = 1'752'867'229'000'000;
        for (int rank = 0; rank < 8; ++rank) {
            std::ofstream out(folder / ("node-" + std::to_string(rank / 4) + "-pid" +
                                        std::to_string(1000 + rank) + ".log"));
            for (int sn = 0; sn < 40; ++sn) {
                const std::int64_t t = base + sn * 100'000;
                const std::int64_t arrive = t + (rank == 5 && sn >= 20 ? 30'000 : 0);
                const std::int64_t end = t + 38'000;
                out << "{\"header\":{\"id\":\"0x7f8c496ae9f661\",\"comm_name\":\"world\",\"rank\":"
                    << rank << ",\"n_ranks\":8,\"nnodes\":2},\"metadata\":{\"dump_timestamp_us\":"
                    << end + 200 << ",\"hostname\":\"node-" << rank / 4
                    << "\",\"pid\":" << 1000 + rank
                    << "},\"coll_perf\":{\"coll\":\"AllReduce\",\"coll_sn\":" << sn
                    << ",\"coll_msg_size_bytes\":268435456,\"coll_exec_time_us\":" << end - arrive
                    << ",\"event_trace_ts\":{\"kernel_events\":[{\"channel_id\":0,"
                       "\"kernel_start_ts\":"
                    << arrive << ",\"kernel_stop_ts\":" << end << "}]}}}\n";
            }
        }
        QString error;
        const QJsonObject report = cliStragglerReport(dir.path(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonArray suspects = report.value(QStringLiteral("suspects")).toArray();
        QVERIFY2(!suspects.isEmpty(), QJsonDocument(report).toJson().constData());
        QCOMPARE(suspects.at(0).toObject().value(QStringLiteral("ranks")).toArray(),
                 QJsonArray({5}));
    }
};

QTEST_GUILESS_MAIN(TraceNcclInspectorTest)
#include "test_trace_nccl_inspector.moc"
