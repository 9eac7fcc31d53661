// Nsight Systems SQLite exports (issue 16 point 1): the two real exports of ../shared/data, one
// per schema generation (2022.2 / schema 2.9.1 and 2024.5 / 3.13.2), against the `nsys stats`
// CSVs shipped beside the second (kernel count and total time, copies, runtime calls); exports
// written here with the tables of the public schema (an MPI rank table, NCCL kernels, NVTX
// ProfilerStep ranges, a rank in the captured environment); and hostile files: SQLite that is
// not an export, a corrupt database, a truncated real export, spans that are no spans.

#include "CliStragglers.h"
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

int nsightCountKind(const TraceData &data, TraceEventKind kind)
{
    int count = 0;
    for (const TraceEvent &event : data.events)
        count += event.kind == kind ? 1 : 0;
    return count;
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

// A small export written with the public schema's tables and columns (3.x names).
class HandMadeExport
{
public:
    explicit HandMadeExport(const std::string &file)
    {
        sqlite3_open(file.c_str(), &m_db);
        exec("CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL);"
             "CREATE TABLE META_DATA_EXPORT (name TEXT, value TEXT);"
             "INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_SCHEMA_VERSION', '3.13.2');"
             "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT, "
             "localTime TEXT);"
             "INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (1700000000000000000, "
             "'2023-11-14T22:13:20', '2023-11-14T22:13:20');"
             "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT "
             "NULL, deviceId INTEGER, contextId INTEGER, greenContextId INTEGER, streamId "
             "INTEGER, correlationId INTEGER, globalPid INTEGER, demangledName INTEGER, "
             "shortName INTEGER, mangledName INTEGER);"
             "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT "
             "NULL, eventClass INTEGER, globalTid INTEGER, correlationId INTEGER, nameId "
             "INTEGER, returnValue INTEGER, callchainId INTEGER);"
             "CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER "
             "NOT NULL, rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid "
             "INTEGER, endGlobalTid INTEGER, textId INTEGER, domainId INTEGER);"
             "CREATE TABLE ThreadNames (nameId INTEGER, priority INTEGER, globalTid INTEGER);"
             "CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT);"
             "INSERT INTO StringIds VALUES (1, 'ampere_sgemm_128x64_nn'), "
             "(2, 'ncclDevKernel_AllReduce_Sum_f32_RING_LL'), (3, 'cudaLaunchKernel'), "
             "(4, 'python3'), (5, 'ProfilerStep#7');");
    }
    ~HandMadeExport() { sqlite3_close(m_db); }
    void exec(const std::string &sql)
    {
        QCOMPARE(sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    }

    // globalTid of pid 4242, tid 4242 on VM 1 (2^48), as the exports write it.
    static constexpr std::int64_t kThread = (std::int64_t(1) << 48) + (4242ll << 24) + 4242;
    static constexpr std::int64_t threadOf(std::int64_t pid)
    {
        return (std::int64_t(1) << 48) + (pid << 24) + pid;
    }

    // NCCL's communicator-init payload schema (its nvtx_payload_schemas.h: "NCCL communicator
    // ID" u64, then "No. of ranks", "Rank", "CUDA device" ints) and the binaryData column, as
    // `nsys export --include-blobs=true` writes them.
    void addNcclPayloadTables()
    {
        exec("ALTER TABLE NVTX_EVENTS ADD COLUMN binaryData BLOB;"
             "CREATE TABLE NVTX_PAYLOAD_SCHEMA_ENTRIES (domainId INTEGER NOT NULL, schemaId "
             "INTEGER NOT NULL, idx INTEGER NOT NULL, flags INTEGER, type INTEGER, name TEXT, "
             "description TEXT, arrayOrUnionDetail INTEGER, offset INTEGER);"
             "INSERT INTO NVTX_PAYLOAD_SCHEMA_ENTRIES VALUES "
             "(1, 1001, 0, NULL, 18, 'NCCL communicator ID', NULL, NULL, 0), "
             "(1, 1001, 1, NULL, 5, 'No. of ranks', NULL, NULL, 8), "
             "(1, 1001, 2, NULL, 5, 'Rank', NULL, NULL, 12), "
             "(1, 1001, 3, NULL, 5, 'CUDA device', NULL, NULL, 16)");
    }

    // An ncclCommInitRank range of the current process with its payload blob: the 32-byte
    // header (domain, schema, payload size, payload offset) and the payload.
    void addCommInit(std::uint64_t comm, int ranks, int rank, int device)
    {
        std::string hex;
        const auto put = [&](std::uint64_t value, int bytes) {
            static constexpr char kDigits[] = "0123456789abcdef";
            for (int i = 0; i < bytes; ++i, value >>= 8) {
                hex += kDigits[(value >> 4) & 0xF];
                hex += kDigits[value & 0xF];
            }
        };
        put(1, 8);
        put(1001, 8);
        put(24, 8);
        put(32, 8);
        put(comm, 8);
        put(std::uint32_t(ranks), 4);
        put(std::uint32_t(rank), 4);
        put(std::uint32_t(device), 4);
        put(0, 4);
        addPayloadRow(hex);
    }

    // An NVTX range of the current process whose binaryData is `hex`.
    void addPayloadRow(const std::string &hex)
    {
        exec("INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, binaryData) "
             "VALUES (500, 900, 59, 'ncclCommInitRank', " +
             std::to_string(m_thread) + ", x'" + hex + "')");
    }

    // Later rows are of process `pid` (its main thread) on GPU `device`: a node's export.
    void useProcess(std::int64_t pid, int device)
    {
        m_thread = threadOf(pid);
        m_device = device;
    }

    // Steps of 100 ms from 1 s: a GEMM of `gemmMs` (`slowMs` from step `slowFrom` on), an
    // all-reduce after it that ends when the slowest GEMM could end, a launch call.
    // `stepText` names step N (`stepText + std::to_string(firstStep + N)`).
    void addSteps(int steps, int gemmMs, int slowFrom = -1, int slowMs = 0,
                  const std::string &stepText = "ProfilerStep#", int firstStep = 0)
    {
        for (int step = 0; step < steps; ++step) {
            const std::int64_t start = 1'000'000'000ll + step * 100'000'000ll;
            const int ms = slowFrom >= 0 && step >= slowFrom ? slowMs : gemmMs;
            const std::int64_t gemmEnd = start + 1'000'000 + ms * 1'000'000ll;
            const std::int64_t reduceEnd =
                start + 1'000'000 + std::max(gemmMs, slowMs) * 1'000'000ll + 5'000'000;
            exec("INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid) VALUES (" +
                 std::to_string(start) + ", " + std::to_string(start + 99'000'000) + ", 59, '" +
                 stepText + std::to_string(firstStep + step) + "', " + std::to_string(m_thread) +
                 ")");
            exec("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, streamId, "
                 "correlationId, globalPid, demangledName) VALUES (" +
                 std::to_string(start + 1'000'000) + ", " + std::to_string(gemmEnd) + ", " +
                 std::to_string(m_device) + ", 7, " + std::to_string(2 * step + 1) + ", " +
                 std::to_string(m_thread & ~0xFFFFFFll) + ", 1)");
            exec("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, streamId, "
                 "correlationId, globalPid, demangledName) VALUES (" +
                 std::to_string(gemmEnd) + ", " + std::to_string(reduceEnd) + ", " +
                 std::to_string(m_device) + ", 13, " + std::to_string(2 * step + 2) + ", " +
                 std::to_string(m_thread & ~0xFFFFFFll) + ", 2)");
            exec("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME (start, end, globalTid, "
                 "correlationId, nameId) VALUES (" +
                 std::to_string(start + 500'000) + ", " + std::to_string(start + 510'000) + ", " +
                 std::to_string(m_thread) + ", " + std::to_string(2 * step + 1) + ", 3)");
        }
        exec("INSERT INTO ThreadNames VALUES (4, 0, " + std::to_string(m_thread) + ")");
        exec("INSERT INTO PROCESSES VALUES (" + std::to_string(m_thread & ~0xFFFFFFll) + ", " +
             std::to_string((m_thread >> 24) & 0xFFFFFF) + ", 'python3')");
    }

private:
    sqlite3 *m_db = nullptr;
    std::int64_t m_thread = kThread;
    int m_device = 0;
};

// `rankscope-cli synth --scenario straggler-gpu --ranks 16 --iterations 20 LAYOUT` into
// `bundle` (LAYOUT: --nsys or --nsys-per-node); `fault` gets the injected rank.
void synthNsightStraggler(const QString &bundle, const QString &layout, int *fault)
{
    QProcess cli;
    cli.start(QStringLiteral(RANKSCOPE_CLI_BINARY),
              {QStringLiteral("synth"), QStringLiteral("--scenario"),
               QStringLiteral("straggler-gpu"), QStringLiteral("--ranks"), QStringLiteral("16"),
               QStringLiteral("--iterations"), QStringLiteral("20"), layout,
               QStringLiteral("--out"), bundle});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    QFile truth(bundle + QStringLiteral("/ground_truth.json"));
    QVERIFY(truth.open(QIODevice::ReadOnly));
    *fault = QJsonDocument::fromJson(truth.readAll())
                 .object()
                 .value(QStringLiteral("fault_ranks"))
                 .toArray()
                 .at(0)
                 .toInt(-1);
    QVERIFY(*fault >= 0);
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
        // Within 0.1% (the issue's bound); here the nanoseconds agree exactly.
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

    void nodeExportGivesARankPerProcess()
    {
        // `srun --ntasks-per-node=1 nsys profile -o node_%q{SLURM_NODEID} torchrun ...`: one
        // export of node 1's four local ranks. The launcher's SLURM_PROCID is the node's task,
        // not a rank; the processes are ranks 4-7 in the order of their GPUs (the pids run the
        // other way, so the GPU decides).
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        std::filesystem::create_directories(root / "nsys");
        const std::string file = (root / "nsys" / "node_1.sqlite").string();
        {
            HandMadeExport db(file);
            db.exec("CREATE TABLE META_DATA_CAPTURE (name TEXT, value TEXT);"
                    "INSERT INTO META_DATA_CAPTURE VALUES "
                    "('PROCESS_0:ENVIRONMENT_VARIABLE', 'SLURM_PROCID=\"1\"'), "
                    "('PROCESS_0:ENVIRONMENT_VARIABLE', 'SLURM_NODEID=\"1\"')");
            for (int local = 0; local < 4; ++local) {
                db.useProcess(6000 - local, local);
                db.addSteps(10, 40);
            }
        }
        const std::vector<TraceData> traces =
            importNsightSqliteProcesses(file, "nsys/node_1.sqlite");
        QCOMPARE(int(traces.size()), 4);
        for (int local = 0; local < 4; ++local) {
            const TraceData &trace = traces[std::size_t(local)];
            QCOMPARE(trace.rank, 4 + local);
            QCOMPARE(trace.rankSource, TraceRankSource::NodeLocalOrder);
            QCOMPARE(int(trace.iterations.size()), 10);
            QCOMPARE(nsightCountKind(trace, TraceEventKind::ComputeKernel), 10);
            QCOMPARE(nsightCountKind(trace, TraceEventKind::CommunicationKernel), 10);
            QCOMPARE(nsightCountKind(trace, TraceEventKind::Runtime), 10);
            if (local > 0)
                QVERIFY(trace.problems.empty()); // the file's problems come once
        }
        QCOMPARE(int(traces.front().problems.size()), 1);
        const std::string &said = traces.front().problems.front().message;
        QVERIFY2(said.find("ranks 4-7") != std::string::npos, said.c_str());
        QVERIFY2(said.find("SLURM_NODEID=1") != std::string::npos, said.c_str());
        QVERIFY2(said.find("assumed") != std::string::npos, said.c_str());

        // In the bundle: one file, four ranks' traces, ranks said to be assumed.
        BundleFile exported;
        exported.path = "nsys/node_1.sqlite";
        exported.size = std::int64_t(std::filesystem::file_size(file));
        const TraceFileRecord record = readTraceFile(root, exported, kDefaultMaxTraceBytes);
        QVERIFY(record.ok);
        QVERIFY(!record.rank); // files.rank: several
        QCOMPARE(int(record.ranks.size()), 4);
        QCOMPARE(record.ranks.back().rank, 7);
        QCOMPARE(record.rankFacts.source, FileRankSource::Assumed);
        QCOMPARE(record.rankFacts.ranks.toString(), std::string("4-7"));
    }

    void nodeExportRanksFromMpiRanksAndNvtxText()
    {
        // MPI_RANKS rows of two processes' threads and an NVTX mark "MPI Rank 5" of the third
        // name them, whatever their GPU order; nothing is assumed. A launcher's NVTX range (no GPU
        // work) belongs to no rank and is left out with a problem.
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("report.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            for (int local = 0; local < 3; ++local) {
                db.useProcess(7000 + local, local);
                db.addSteps(5, 30);
            }
            db.exec("CREATE TABLE MPI_RANKS (globalTid INTEGER, rank INTEGER);"
                    "INSERT INTO MPI_RANKS VALUES (" +
                    std::to_string(HandMadeExport::threadOf(7000)) + ", 7), (" +
                    std::to_string(HandMadeExport::threadOf(7001)) + ", 3)");
            db.exec("INSERT INTO NVTX_EVENTS (start, eventType, text, globalTid) VALUES "
                    "(1000, 34, 'MPI Rank 5', " +
                    std::to_string(HandMadeExport::threadOf(7002)) + ")");
            db.exec("INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid) VALUES "
                    "(1000, 2000000000, 59, 'launcher', " +
                    std::to_string(HandMadeExport::threadOf(77)) + ")");
        }
        const std::vector<TraceData> traces = importNsightSqliteProcesses(file);
        QCOMPARE(int(traces.size()), 3);
        QCOMPARE(traces[0].rank, 7);
        QCOMPARE(traces[0].rankSource, TraceRankSource::MpiRankTable);
        QCOMPARE(traces[1].rank, 3);
        QCOMPARE(traces[1].rankSource, TraceRankSource::MpiRankTable);
        QCOMPARE(traces[2].rank, 5);
        QCOMPARE(traces[2].rankSource, TraceRankSource::NvtxText);
        QCOMPARE(int(traces.front().problems.size()), 1);
        QVERIFY2(traces.front().problems.front().message.find("left out") != std::string::npos,
                 traces.front().problems.front().message.c_str());
    }

    void nodeExportWithoutNodeIndexSaysSo()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("report.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            for (int local = 0; local < 2; ++local) {
                db.useProcess(100 + local, local);
                db.addSteps(3, 30);
            }
        }
        const std::vector<TraceData> traces =
            importNsightSqliteProcesses(file, "nsys/report.sqlite");
        QCOMPARE(int(traces.size()), 2);
        QCOMPARE(traces[0].rank, 0);
        QCOMPARE(traces[1].rank, 1);
        QCOMPARE(int(traces.front().problems.size()), 1);
        QVERIFY2(traces.front().problems.front().message.find("no node index") != std::string::npos,
                 traces.front().problems.front().message.c_str());
    }

    void ranksFromNcclCommunicatorPayloads()
    {
        // A node's export whose processes' NCCL inits say their ranks: world (16 ranks) rank 9
        // on GPU 0 and rank 8 on GPU 1, each also in a two-rank communicator. The largest
        // communicator decides, whatever the GPU order; blobs that do not fit are skipped.
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("node_4.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            db.addNcclPayloadTables();
            for (int local = 0; local < 2; ++local) {
                db.useProcess(300 + local, local);
                db.addSteps(3, 30);
                db.addCommInit(0xAB, 2, 1 - local, local);
                db.addCommInit(0xF00D, 16, 9 - local, local);
            }
            db.addPayloadRow("0102"); // shorter than its header
            // The schema's header with a payload offset of 2^40 bytes: past the blob.
            db.addPayloadRow("0100000000000000e903000000000000180000000000000000000000000100" +
                             std::string(48 + 4, '0'));
            db.addCommInit(0xBAD, 16, 20, 0); // a rank beyond its communicator's size
        }
        const std::vector<TraceData> traces = importNsightSqliteProcesses(file, "node_4.sqlite");
        QCOMPARE(int(traces.size()), 2);
        QCOMPARE(traces[0].rank, 9);
        QCOMPARE(traces[1].rank, 8);
        for (const TraceData &trace : traces) {
            QCOMPARE(trace.rankSource, TraceRankSource::CommunicatorRank);
            QCOMPARE(trace.worldSize, 16);
        }
        QVERIFY2(traces.front().problems.empty(),
                 traces.front().problems.empty() ? "" : traces.front().problems[0].message.c_str());

        // One process: the payload's rank comes before the captured environment's.
        const std::string single = dir.filePath(QStringLiteral("rank.sqlite")).toStdString();
        {
            HandMadeExport db(single);
            db.addNcclPayloadTables();
            db.addSteps(3, 30);
            db.addCommInit(0xF00D, 8, 5, 0);
            db.exec("CREATE TABLE META_DATA_CAPTURE (name TEXT, value TEXT);"
                    "INSERT INTO META_DATA_CAPTURE VALUES "
                    "('PROCESS_0:ENVIRONMENT_VARIABLE', 'RANK=\"3\"')");
        }
        const TraceData one = importNsightSqlite(single, "rank_3.sqlite");
        QCOMPARE(one.rank, 5);
        QCOMPARE(one.rankSource, TraceRankSource::CommunicatorRank);
        QCOMPARE(one.worldSize, 8);
    }

    void nodeIndexFromPaths()
    {
        QCOMPARE(nodeIndexFromPath("nsys/node_3.sqlite"), std::optional<int>(3));
        QCOMPARE(nodeIndexFromPath("node-12/report.sqlite"), std::optional<int>(12));
        QCOMPARE(nodeIndexFromPath("nsys/job.node2.sqlite"), std::optional<int>(2));
        QCOMPARE(nodeIndexFromPath("Node7.sqlite"), std::optional<int>(7));
        QCOMPARE(nodeIndexFromPath("node1/node_4.sqlite"), std::optional<int>(4)); // innermost
        QCOMPARE(nodeIndexFromPath("nodes/report.sqlite"), std::nullopt);
        QCOMPARE(nodeIndexFromPath("mynode3.sqlite"), std::nullopt);
        QCOMPARE(nodeIndexFromPath("node12345678.sqlite"), std::nullopt); // too long for a node
        QCOMPARE(nodeIndexFromPath("report.sqlite"), std::nullopt);
    }

    void synthPerNodeBundleNamesTheInjectedRank()
    {
        // `synth --nsys-per-node`: 16 ranks on 2 nodes, each node one export of 8 processes with
        // nothing naming the ranks but the node (SLURM_NODEID). The stragglers name the
        // injected rank all the same.
        QTemporaryDir dir;
        const QString bundle = dir.filePath(QStringLiteral("job"));
        int fault = -1;
        synthNsightStraggler(bundle, QStringLiteral("--nsys-per-node"), &fault);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(QFileInfo::exists(bundle + QStringLiteral("/nsys/node_1.sqlite")));
        QVERIFY(!QFileInfo::exists(bundle + QStringLiteral("/nsys/node_2.sqlite")));
        const std::vector<TraceData> node = importNsightSqliteProcesses(
            QString(bundle + QStringLiteral("/nsys/node_1.sqlite")).toStdString(),
            "nsys/node_1.sqlite");
        QCOMPARE(int(node.size()), 8);
        QCOMPARE(node.front().rank, 8);
        QCOMPARE(node.back().rank, 15);
        QCOMPARE(node.front().host, std::string("node-1"));
        QProcess import;
        import.start(QStringLiteral(RANKSCOPE_CLI_BINARY), {QStringLiteral("import"), bundle});
        QVERIFY(import.waitForFinished(120000));
        const QByteArray said = import.readAllStandardOutput();
        QVERIFY2(said.contains("ranks from the node and GPU order (assumed) (16)"), said.constData());
        QCOMPARE(int(node.back().iterations.size()), 20);

        QString error;
        const QJsonArray suspects =
            cliStragglerReport(bundle, &error).value(QStringLiteral("suspects")).toArray();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!suspects.isEmpty());
        QCOMPARE(suspects.at(0).toObject().value(QStringLiteral("ranks")).toArray(),
                 QJsonArray({fault}));
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
