#pragma once

// Nsight Systems exports written in the tests with the tables and columns of the public schema
// (3.x names), and the synthetic straggler bundle profiled with Nsight, for test_trace_nsight
// (one export per rank) and test_trace_nsight_nodes (a node's several processes). The targets
// define RANKSCOPE_CLI_BINARY.

#include "core/model/TraceModel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace rankscope_test {

using rankscope::TraceData;
using rankscope::TraceEvent;
using rankscope::TraceEventKind;

inline int nsightCountKind(const TraceData &data, TraceEventKind kind)
{
    int count = 0;
    for (const TraceEvent &event : data.events)
        count += event.kind == kind ? 1 : 0;
    return count;
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
inline void synthNsightStraggler(const QString &bundle, const QString &layout, int *fault)
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

} // namespace rankscope_test
