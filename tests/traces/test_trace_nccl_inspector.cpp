// NCCL Inspector logs (issue 16 point 2): the plugin's JSON lines (tests/fixtures/nccl_inspector,
// written from its public format) into the trace model: ops as communication kernels per
// communicator with their collective records, kernel times when verbose, the dump time
// otherwise, the world communicator's rank; the ugly lines each one problem; and a job whose
// rank 5 arrives late at its all-reduces named by the stragglers analysis from Inspector alone.

#include "CliStragglers.h"
#include "TraceTestSupport.h"
#include "core/traces/BusBytes.h"
#include "core/traces/TraceWindowMetrics.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/TraceFileReader.h"
#include "importers/traces/NcclInspectorImport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>

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
        QCOMPARE(data.host, std::string("node-0")); // metadata.hostname
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

    void busBytesFromTheLogAndFromMessageSizes()
    {
        // The log's own bus bandwidth: ReduceScatter at 366.134533 GB/s for 41,057 us.
        const std::string file =
            QString(fixturesDir() + QStringLiteral("/nccl_inspector/node-0-pid438776.log"))
                .toStdString();
        const TraceData data =
            importNcclInspectorLog(file, "nccl-inspector-1/node-0-pid438776.log");
        std::uint32_t reduceScatter = kNoTraceEvent;
        for (std::uint32_t e = 0; e < data.events.size(); ++e)
            if (data.eventName(e) == "ncclKernel_ReduceScatter")
                reduceScatter = e;
        QVERIFY(reduceScatter != kNoTraceEvent);
        const TraceCollective *collective = data.collectiveOf(reduceScatter);
        QVERIFY(collective);
        QCOMPARE(collective->busBytes, std::int64_t(std::llround(366.134533 * 41057 * 1e3)));
        QCOMPARE(busBytesOf(data, *collective), collective->busBytes);
        // Its window's time per GB: the kernel time over those bytes.
        const TraceEvent &kernel = data.events[reduceScatter];
        const WindowSpan span{0, kernel.startNs, kernel.endNs() + 1};
        const std::vector<TraceWindowRow> rows =
            computeWindowMetrics(data, data.rank, std::span(&span, 1), 0, WindowAxis::TimeBin);
        QCOMPARE(rows.size(), std::size_t(1));
        const double perGigabyte =
            rows[0].values[std::size_t(TraceMetric::CommunicationPerGigabyte)];
        QCOMPARE(perGigabyte, double(kernel.durationNs) * 1e9 / double(collective->busBytes));
        QVERIFY(perGigabyte > 2.6e6 && perGigabyte < 2.8e6); // ~2.7 ms per GB: ~370 GB/s

        // Kineto's collectives carry no bandwidth: NCCL's bus factor on the message size.
        TraceData kineto;
        const auto collectiveOf = [&](const char *name, const char *dtype, std::int64_t in,
                                      std::int64_t out, int group) {
            TraceCollective c;
            c.collectiveName = kineto.strings.intern(name);
            c.dtype = kineto.strings.intern(dtype);
            c.inMessageElements = in;
            c.outMessageElements = out;
            c.groupSize = group;
            return busBytesOf(kineto, c);
        };
        // all-reduce of 1 Mi floats over 8: 4 MiB x 2 x 7/8.
        QCOMPARE(collectiveOf("allreduce", "Float", 1 << 20, 1 << 20, 8), std::int64_t(7340032));
        // all-gather of 1 Mi bf16 in, 8 Mi out over 8: 16 MiB x 7/8.
        QCOMPARE(collectiveOf("_allgather_base", "BFloat16", 1 << 20, 8 << 20, 8),
                 std::int64_t(14680064));
        QCOMPARE(collectiveOf("reduce_scatter_tensor", "c10::Half", 8 << 20, 1 << 20, 4),
                 std::int64_t(12582912));
        QCOMPARE(collectiveOf("send", "Byte", 1000, -1, -1), std::int64_t(1000));
        QCOMPARE(collectiveOf("allreduce", "Float", 1 << 20, 1 << 20, -1), std::int64_t(-1));
        QCOMPARE(collectiveOf("allreduce", "SomeNewType", 1 << 20, 1 << 20, 8), std::int64_t(-1));
        QCOMPARE(collectiveOf("barrier", "Float", 1, 1, 8), std::int64_t(-1));
    }

    void slowNodeLinkShowsInTimePerGigabyte()
    {
        // Four nodes of two ranks: a world all-reduce at 100 GB/s everywhere, then each node's
        // own two-rank all-gather at 200 GB/s, but at 50 GB/s on node 2 (ranks 4 and 5): its
        // time per GB is four times the others' wherever the all-gather runs.
        QTemporaryDir dir;
        const std::filesystem::path folder =
            std::filesystem::path(dir.path().toStdString()) / "nccl-inspector-7";
        std::filesystem::create_directories(folder);
        const std::int64_t base = 1'752'867'229'000'000;
        for (int rank = 0; rank < 8; ++rank) {
            const int node = rank / 2;
            std::ofstream out(folder / ("node-" + std::to_string(node) + "-pid" +
                                        std::to_string(2000 + rank) + ".log"));
            const auto line = [&](const std::string &id, const char *name, int commRank, int ranks,
                                  const char *op, int sn, std::int64_t startUs, std::int64_t us,
                                  double busbw) {
                out << "{\"header\":{\"id\":\"" << id << "\",\"comm_name\":\"" << name
                    << "\",\"rank\":" << commRank << ",\"n_ranks\":" << ranks
                    << ",\"nnodes\":1},\"metadata\":{\"dump_timestamp_us\":" << startUs + us
                    << ",\"hostname\":\"node-" << node << "\",\"pid\":" << 2000 + rank
                    << "},\"coll_perf\":{\"coll\":\"" << op << "\",\"coll_sn\":" << sn
                    << ",\"coll_msg_size_bytes\":1000000000,\"coll_exec_time_us\":" << us
                    << ",\"coll_timing_source\":\"kernel_gpu\",\"coll_algobw_gbs\":" << busbw
                    << ",\"coll_busbw_gbs\":" << busbw << "}}\n";
            };
            for (int sn = 0; sn < 30; ++sn) {
                const std::int64_t t = base + sn * 100'000;
                line("0xa11", "world", rank, 8, "AllReduce", sn, t, 10'000, 100.0);
                const bool slow = node == 2;
                line("0xb0" + std::to_string(node), "tp", rank % 2, 2, "AllGather", sn, t + 50'000,
                     slow ? 8'000 : 2'000, slow ? 50.0 : 200.0);
            }
        }
        QProcess heatmap;
        heatmap.start(QStringLiteral(RANKSCOPE_CLI_BINARY),
                      {QStringLiteral("heatmap"), dir.path(), QStringLiteral("--metric"),
                       QStringLiteral("comm_per_gb"), QStringLiteral("--by"),
                       QStringLiteral("time"), QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY(heatmap.waitForFinished(120000));
        QCOMPARE(heatmap.exitCode(), 0);
        const QByteArray output = heatmap.readAllStandardOutput();
        const QJsonObject json = QJsonDocument::fromJson(output).object();
        const QJsonArray ranks = json.value(QStringLiteral("ranks")).toArray();
        const QJsonArray values = json.value(QStringLiteral("values")).toArray();
        QCOMPARE(ranks.size(), 8);
        for (const QJsonValue source : json.value(QStringLiteral("sources")).toArray())
            QCOMPARE(source.toString(), QStringLiteral("nccl-inspector"));
        std::map<int, double> highest;
        for (int i = 0; i < ranks.size(); ++i)
            for (const QJsonValue value : values.at(i).toArray())
                if (value.isDouble())
                    highest[ranks.at(i).toInt()] =
                        std::max(highest[ranks.at(i).toInt()], value.toDouble());
        QCOMPARE(int(highest.size()), 8);
        for (const auto &[rank, value] : highest) {
            // The all-gather alone: 1e9 / 50 GB/s = 20 ms per GB on node 2, else 5 (or the
            // all-reduce's 10 where a bin holds only it).
            if (rank / 2 == 2)
                QVERIFY2(value > 19e6 && value < 21e6, output.constData());
            else
                QVERIFY2(value < 11e6, output.constData());
        }
        // Without a job.json the logs' hostnames name the nodes: the slow transfers are node-2's.
        QString error;
        const QJsonObject report = cliStragglerReport(dir.path(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonArray suspects = report.value(QStringLiteral("suspects")).toArray();
        QVERIFY2(!suspects.isEmpty(), QJsonDocument(report).toJson().constData());
        const QJsonObject top = suspects.at(0).toObject();
        QCOMPARE(top.value(QStringLiteral("nodes")).toArray(),
                 QJsonArray({QStringLiteral("node-2")}));
        QCOMPARE(top.value(QStringLiteral("ranks")).toArray(), QJsonArray({4, 5}));
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
