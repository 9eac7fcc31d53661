// Nsight Systems SQLite exports (issue 16 point 1): the two real exports of ../shared/data, one
// per schema generation (2022.2 / schema 2.9.1 and 2024.5 / 3.13.2), against the `nsys stats`
// CSVs shipped beside the second (kernel count and total time, copies, runtime calls); exports
// written here with the tables of the public schema (an MPI rank table, NCCL kernels, NVTX
// ProfilerStep ranges, a rank in the captured environment); and hostile files: SQLite that is
// not an export, a corrupt database, a truncated real export, spans that are no spans. Exports of
// a node's several processes: test_trace_nsight_nodes.cpp.

#include "CliStragglers.h"
#include "NsightTestExport.h"
#include "TraceTestSupport.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/TraceFileReader.h"
#include "importers/traces/NsightRankIdentity.h"
#include "importers/traces/NsightSqliteImport.h"
#include "importers/traces/NvtxStepRanges.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <map>

using namespace rankscope;
using namespace rankscope_test;

namespace {

std::int64_t nsightKernelTime(const TraceData &data, int *count)
{
    std::int64_t total = 0;
    *count = 0;
    for (const TraceEvent &event : data.events)
        if (event.kind == TraceEventKind::ComputeKernel ||
            event.kind == TraceEventKind::CommunicationKernel) {
            total += event.durationNs;
            ++*count;
        }
    return total;
}

// The `nsys stats` gputrace CSV: kernel count and total time (Leave - matching Enter).
std::pair<int, std::int64_t> csvKernels(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return {-1, -1};
    const QList<QByteArray> header = in.readLine().trimmed().split(',');
    const int type = int(header.indexOf("type"));
    const int event = int(header.indexOf("Event Type"));
    const int stamp = int(header.indexOf("Timestamp (ns)"));
    const int matching = int(header.indexOf("_matching_timestamp"));
    int count = 0;
    std::int64_t total = 0;
    while (!in.atEnd()) {
        const QList<QByteArray> cells = in.readLine().trimmed().split(',');
        if (cells.size() <= std::max({type, event, stamp, matching}))
            continue;
        if (cells[type] == "kernel" && cells[event] == "Leave") {
            ++count;
            total += cells[stamp].toLongLong() - cells[matching].toLongLong();
        }
    }
    return {count, total};
}

} // namespace

class TraceNsightTest : public QObject
{
    Q_OBJECT

private slots:
    void schemaThreeAgainstNsysStats()
    {
        RANKSCOPE_REQUIRE_SHARED_DATA(shared);
        const QString dir = shared + QStringLiteral("/pipit-nsys-sqlite/pipit/tests/data/"
                                                    "cloverleaf-nsys/");
        const TraceData data = importNsightSqlite(
            QString(dir + QStringLiteral("perlmutter-cloverleaf-cuda.sqlite")).toStdString());
        const auto [csvCount, csvTotal] =
            csvKernels(dir + QStringLiteral("cloverleaf_gpu_trace.csv"));
        QCOMPARE(csvCount, 1312);
        QCOMPARE(data.host, std::string("nid008553")); // TARGET_INFO_SYSTEM_ENV Hostname
        int count = 0;
        const std::int64_t total = nsightKernelTime(data, &count);
        QCOMPARE(count, csvCount);
        // Within 0.1% (the bound); here the nanoseconds agree exactly.
        QVERIFY2(std::abs(double(total - csvTotal)) <= 0.001 * double(csvTotal),
                 qPrintable(QStringLiteral("%1 vs %2").arg(total).arg(csvTotal)));
        QCOMPARE(nsightCountKind(data, TraceEventKind::Memcpy), 254 + 25);
        QCOMPARE(nsightCountKind(data, TraceEventKind::Runtime), 3048);
        // PMI_RANK / SLURM_PROCID of the captured process.
        QCOMPARE(data.rank, 0);
        QCOMPARE(data.rankSource, TraceRankSource::CaptureEnvironment);
        // On the wall clock: the session started 2023-10-04.
        QVERIFY(data.firstNs >= 1696392839587175550);
        QVERIFY(data.firstNs < 1696392839587175550 + 60'000'000'000);
        bool gpuStream = false;
        for (const TraceTrack &track : data.tracks)
            gpuStream |= track.kind == TraceTrackKind::GpuStream && track.gpuStream == 7;
        QVERIFY(gpuStream);
        for (const TraceProblem &problem : data.problems)
            qInfo("problem: %s", problem.message.c_str());
        QVERIFY(data.problems.empty());
    }

    void schemaTwo()
    {
        RANKSCOPE_REQUIRE_SHARED_DATA(shared);
        const TraceData data = importNsightSqlite(
            QString(shared + QStringLiteral("/pipit-nsys-sqlite/pipit/tests/data/"
                                            "saxpy-mpi-cuda_nsys_perlmutter0.sqlite"))
                .toStdString(),
            "saxpy-mpi-cuda_nsys_perlmutter0.sqlite");
        int count = 0;
        nsightKernelTime(data, &count);
        QCOMPARE(count, 5); // SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL
        QCOMPARE(nsightCountKind(data, TraceEventKind::Memcpy), 15);
        QCOMPARE(nsightCountKind(data, TraceEventKind::Runtime), 95);
        // 2.x runtime names come from the `name` column of ids.
        bool namedCall = false;
        for (const TraceEvent &event : data.events)
            namedCall |= event.kind == TraceEventKind::Runtime &&
                         data.string(event.name).rfind("cuda", 0) == 0;
        QVERIFY(namedCall);
        // No MPI_RANKS, no captured environment, no rank word in the name: "MPI Rank 0".
        QCOMPARE(data.rank, 0);
        QCOMPARE(data.rankSource, TraceRankSource::NvtxText);
        QVERIFY(data.firstNs >= 1687813257637297504);
    }

    void handMadeExportGivesIterationsAndCommunication()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("node1.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            db.addSteps(5, 40);
            db.exec("CREATE TABLE MPI_RANKS (globalTid INTEGER, rank INTEGER);"
                    "INSERT INTO MPI_RANKS VALUES (" +
                    std::to_string(HandMadeExport::kThread) + ", 37)");
        }
        const TraceData data = importNsightSqlite(file);
        QCOMPARE(data.rank, 37);
        QCOMPARE(data.rankSource, TraceRankSource::MpiRankTable);
        QCOMPARE(int(data.iterations.size()), 5);
        QCOMPARE(data.iterations.front().step, std::int64_t(0));
        QCOMPARE(data.iterations.front().startNs, 1700000000000000000 + 1'000'000'000);
        QCOMPARE(nsightCountKind(data, TraceEventKind::CommunicationKernel), 5);
        QCOMPARE(nsightCountKind(data, TraceEventKind::ComputeKernel), 5);
        // The thread and process have their names.
        bool named = false;
        for (const TraceTrack &track : data.tracks)
            named |= track.kind == TraceTrackKind::CpuThread &&
                     data.string(track.name) == "python3" && track.pid == 4242;
        QVERIFY(named);
        QVERIFY(data.problems.empty());
    }

    void rankFromTheCapturedEnvironmentThenThePath()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("report.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            db.addSteps(2, 10);
            db.exec("CREATE TABLE META_DATA_CAPTURE (name TEXT, value TEXT);"
                    "INSERT INTO META_DATA_CAPTURE VALUES ('PROCESS_0:ENVIRONMENT_VARIABLE', "
                    "'LOCAL_RANK=\"1\"'), ('PROCESS_0:ENVIRONMENT_VARIABLE', 'RANK=\"9\"'), "
                    "('PROCESS_0:ENVIRONMENT_VARIABLE', 'SLURM_PROCID=\"3\"')");
        }
        TraceData data = importNsightSqlite(file, "nsys/rank_5.sqlite");
        QCOMPARE(data.rank, 9); // RANK before SLURM_PROCID, the environment before the path
        QCOMPARE(data.rankSource, TraceRankSource::CaptureEnvironment);

        const std::string plain = dir.filePath(QStringLiteral("plain.sqlite")).toStdString();
        {
            HandMadeExport db(plain);
            db.addSteps(2, 10);
        }
        data = importNsightSqlite(plain, "nsys/rank_5.sqlite");
        QCOMPARE(data.rank, 5);
        QCOMPARE(data.rankSource, TraceRankSource::FilePath);
        data = importNsightSqlite(plain, "nsys/report.sqlite");
        QCOMPARE(data.rank, -1);
        QVERIFY(findProblem(data, "no rank"));
    }

    void hostileFiles()
    {
        QTemporaryDir dir;
        // SQLite, but not an export.
        const std::string foreign = dir.filePath(QStringLiteral("foreign.sqlite")).toStdString();
        {
            sqlite3 *db = nullptr;
            sqlite3_open(foreign.c_str(), &db);
            sqlite3_exec(db, "CREATE TABLE photos (id INTEGER, path TEXT)", nullptr, nullptr,
                         nullptr);
            sqlite3_close(db);
        }
        TraceData data = importNsightSqlite(foreign);
        QVERIFY(data.events.empty());
        QVERIFY(findProblem(data, "not an Nsight Systems export"));

        // The header, then garbage.
        const std::string corrupt = dir.filePath(QStringLiteral("corrupt.sqlite")).toStdString();
        {
            std::ofstream out(corrupt, std::ios::binary);
            out.write("SQLite format 3\0", 16);
            for (int i = 0; i < 8192; ++i)
                out.put(char((i * 131) & 0xFF));
        }
        data = importNsightSqlite(corrupt);
        QVERIFY(data.events.empty());
        QVERIFY(!data.problems.empty());

        // Spans that end before they start, and starts past any clock: left out, said once.
        const std::string spans = dir.filePath(QStringLiteral("rank_2.sqlite")).toStdString();
        {
            HandMadeExport db(spans);
            db.addSteps(3, 10);
            db.exec("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, streamId, "
                    "demangledName) VALUES (500, 100, 0, 7, 1), (9223372036854775000, "
                    "9223372036854775800, 0, 7, 1), (-5, 10, 0, 7, 1)");
        }
        data = importNsightSqlite(spans, "rank_2.sqlite");
        int kernels = 0;
        nsightKernelTime(data, &kernels);
        QCOMPARE(kernels, 6);
        QVERIFY(findProblem(data, "no time span"));

        // A real export cut in half: what SQLite can read, and problems; never a crash.
        RANKSCOPE_REQUIRE_SHARED_DATA(shared);
        QFile real(shared + QStringLiteral("/pipit-nsys-sqlite/pipit/tests/data/cloverleaf-nsys/"
                                           "perlmutter-cloverleaf-cuda.sqlite"));
        QVERIFY(real.open(QIODevice::ReadOnly));
        const QByteArray bytes = real.readAll();
        for (const double share : {0.1, 0.5, 0.9}) {
            const QString cut = dir.filePath(QStringLiteral("cut.sqlite"));
            QFile out(cut);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(bytes.left(int(bytes.size() * share)));
            out.close();
            data = importNsightSqlite(cut.toStdString());
            QVERIFY2(!data.problems.empty(), qPrintable(QString::number(share)));
        }
    }

    void eightExportsNameTheSlowRank()
    {
        // A job profiled with Nsight only: one export per rank under nsys/, rank 5's GEMM slower
        // from step 10, everyone's all-reduce ending together. The stragglers analysis, fed by
        // the same windows as for Kineto traces, names rank 5.
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        std::filesystem::create_directories(root / "nsys");
        for (int rank = 0; rank < 8; ++rank) {
            HandMadeExport db(
                (root / "nsys" / ("rank_" + std::to_string(rank) + ".sqlite")).string());
            db.addSteps(30, 40, rank == 5 ? 10 : -1, 70);
        }
        QString error;
        QByteArray report;
        const QJsonArray top = cliTopSuspectRanks(dir.path(), &error, &report);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(top == QJsonArray({5}), report.constData());
    }

    void synthNsightBundleNamesTheInjectedRank()
    {
        // `rankscope-cli synth --nsys`: the straggler scenario profiled with Nsight Systems, one
        // export per rank written with the export's tables (core/synth/NsightExportWriter.cpp).
        QTemporaryDir dir;
        const QString bundle = dir.filePath(QStringLiteral("job"));
        int fault = -1;
        synthNsightStraggler(bundle, QStringLiteral("--nsys"), &fault);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(QFileInfo::exists(bundle + QStringLiteral("/nsys/rank_0.sqlite")));
        QVERIFY(!QFileInfo::exists(bundle + QStringLiteral("/traces")));
        // Each export names its rank by the captured environment, as torchrun leaves it.
        const TraceData data = importNsightSqlite(
            QString(bundle + QStringLiteral("/nsys/rank_3.sqlite")).toStdString(), "report.sqlite");
        QCOMPARE(data.rank, 3);
        QCOMPARE(data.rankSource, TraceRankSource::CaptureEnvironment);
        QCOMPARE(int(data.iterations.size()), 20);

        QString error;
        const QJsonArray suspects =
            cliStragglerReport(bundle, &error).value(QStringLiteral("suspects")).toArray();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!suspects.isEmpty());
        QCOMPARE(suspects.at(0).toObject().value(QStringLiteral("ranks")).toArray(),
                 QJsonArray({fault}));
    }

    void mixedKinetoAndNsightBundleSaysEachCellsSource()
    {
        // Issue 16 point 4: ranks 0-7 profiled with the PyTorch profiler, ranks 8-15 with Nsight
        // Systems (the same synthetic job written both ways). Kineto and Nsight measure compute
        // with the same definition: the injected rank is found across both, and every cell
        // says which source it came from.
        QTemporaryDir dir;
        const auto synth = [&](const QString &out, bool nsys) {
            QStringList args = {QStringLiteral("synth"),
                                QStringLiteral("--scenario"),
                                QStringLiteral("straggler-gpu"),
                                QStringLiteral("--ranks"),
                                QStringLiteral("16"),
                                QStringLiteral("--iterations"),
                                QStringLiteral("20"),
                                QStringLiteral("--out"),
                                out};
            if (nsys)
                args << QStringLiteral("--nsys");
            QProcess cli;
            cli.start(QStringLiteral(RANKSCOPE_CLI_BINARY), args);
            return cli.waitForFinished(120000) && cli.exitCode() == 0;
        };
        const std::filesystem::path root = dir.path().toStdString();
        QVERIFY(synth(dir.filePath(QStringLiteral("job")), false));
        QVERIFY(synth(dir.filePath(QStringLiteral("nsys-job")), true));
        std::filesystem::create_directories(root / "job" / "nsys");
        for (int rank = 8; rank < 16; ++rank) {
            std::filesystem::remove(root / "job" / "traces" /
                                    ("rank" + std::to_string(rank) + ".pt.trace.json"));
            const std::string name = "rank_" + std::to_string(rank) + ".sqlite";
            std::filesystem::copy_file(root / "nsys-job" / "nsys" / name,
                                       root / "job" / "nsys" / name);
        }
        const QString bundle = dir.filePath(QStringLiteral("job"));
        QProcess heatmap;
        heatmap.start(QStringLiteral(RANKSCOPE_CLI_BINARY),
                      {QStringLiteral("heatmap"), bundle, QStringLiteral("--metric"),
                       QStringLiteral("compute"), QStringLiteral("--format"),
                       QStringLiteral("json")});
        QVERIFY(heatmap.waitForFinished(120000));
        QCOMPARE(heatmap.exitCode(), 0);
        const QJsonObject json = QJsonDocument::fromJson(heatmap.readAllStandardOutput()).object();
        const QJsonArray ranks = json.value(QStringLiteral("ranks")).toArray();
        const QJsonArray sources = json.value(QStringLiteral("sources")).toArray();
        QCOMPARE(ranks.size(), 16);
        QCOMPARE(sources.size(), 16);
        for (int i = 0; i < 16; ++i)
            QCOMPARE(sources.at(i).toString(),
                     ranks.at(i).toInt() < 8 ? QStringLiteral("kineto") : QStringLiteral("nsight"));
        QString error;
        const QJsonObject report = cliStragglerReport(bundle, &error);
        const QJsonArray suspects = report.value(QStringLiteral("suspects")).toArray();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!suspects.isEmpty());
        // Collectives match across the two kinds of rank (by kernel name and step: Nsight
        // exports carry no collective args): every one seen on all 16 ranks.
        const QJsonObject arrival = report.value(QStringLiteral("arrival")).toObject();
        QCOMPARE(arrival.value(QStringLiteral("collectives")).toInt(), 40);
        QCOMPARE(arrival.value(QStringLiteral("incomplete")).toInt(), 0);
        QCOMPARE(report.value(QStringLiteral("waiters")).toArray().size(), 15);
        QFile truth(bundle + QStringLiteral("/ground_truth.json"));
        QVERIFY(truth.open(QIODevice::ReadOnly));
        const QJsonArray fault = QJsonDocument::fromJson(truth.readAll())
                                     .object()
                                     .value(QStringLiteral("fault_ranks"))
                                     .toArray();
        QCOMPARE(suspects.at(0).toObject().value(QStringLiteral("ranks")).toArray(), fault);
    }

    void stepRangeNames()
    {
        QCOMPARE(parseStepRangeName("iteration 12")->step, std::int64_t(12));
        QCOMPARE(parseStepRangeName("Iteration_12")->word, std::string("iteration"));
        QCOMPARE(parseStepRangeName("step#3")->step, std::int64_t(3));
        QCOMPARE(parseStepRangeName("train_step 7")->word, std::string("train_step"));
        QCOMPARE(parseStepRangeName("Batch 0")->step, std::int64_t(0));
        QCOMPARE(parseStepRangeName("global_step=40")->step, std::int64_t(40));
        QVERIFY(!parseStepRangeName("step 3 of data prep"));
        QVERIFY(!parseStepRangeName("iteration"));
        QVERIFY(!parseStepRangeName("stepping 3"));
        QVERIFY(!parseStepRangeName("forward"));
        QCOMPARE(parseStepRangeName("fwd_bwd 5", "fwd_bwd")->step, std::int64_t(5));
        QVERIFY(!parseStepRangeName("iteration 5", "fwd_bwd"));
    }

    void iterationsFromTheJobsOwnStepRanges()
    {
        // No ProfilerStep#N: Megatron-style "iteration N" NVTX ranges (from iteration 40) are the
        // iterations; a lone "step 1" range elsewhere is not.
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("own.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            db.addSteps(6, 20, -1, 0, "iteration ", 40);
        }
        const TraceData data = importNsightSqlite(file, "rank_2.sqlite");
        QCOMPARE(int(data.iterations.size()), 6);
        QCOMPARE(data.iterations.front().step, std::int64_t(40));
        QCOMPARE(data.iterations.back().step, std::int64_t(45));
        QCOMPARE(data.events[data.iterations.front().event].kind, TraceEventKind::IterationMarker);

        // The user's own range name, from the environment.
        const std::string chosen = dir.filePath(QStringLiteral("chosen.sqlite")).toStdString();
        {
            HandMadeExport db(chosen);
            db.addSteps(4, 20, -1, 0, "fwd_bwd ", 0);
        }
        QCOMPARE(int(importNsightSqlite(chosen, "rank_2.sqlite").iterations.size()), 0);
        qputenv("RANKSCOPE_NVTX_STEP_RANGE", "fwd_bwd");
        const TraceData named = importNsightSqlite(chosen, "rank_2.sqlite");
        qunsetenv("RANKSCOPE_NVTX_STEP_RANGE");
        QCOMPARE(int(named.iterations.size()), 4);
    }

    void bundleReadsExportsAndExplainsReports()
    {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        std::filesystem::create_directories(root / "nsys");
        {
            HandMadeExport db((root / "nsys" / "rank_3.sqlite").string());
            db.addSteps(4, 20);
        }
        std::ofstream(root / "nsys" / "rank_4.nsys-rep") << "not for us";
        BundleFile exported;
        exported.path = "nsys/rank_3.sqlite";
        exported.size = std::int64_t(std::filesystem::file_size(root / exported.path));
        const TraceFileRecord record = readTraceFile(root, exported, kDefaultMaxTraceBytes);
        QCOMPARE(record.rank, 3);
        QVERIFY(record.problems.empty());
        BundleFile report;
        report.path = "nsys/rank_4.nsys-rep";
        report.size = 10;
        const TraceFileRecord skipped = readTraceFile(root, report, kDefaultMaxTraceBytes);
        QVERIFY(!skipped.problems.empty());
        QVERIFY(skipped.problems.front().message.find("nsys export --type sqlite") !=
                std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TraceNsightTest)
#include "test_trace_nsight.moc"
