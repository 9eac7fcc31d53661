// Nsight Systems export import throughput against a bare SELECT of the same rows with the
// SQLite C API, in the same run (issue 16's speed point).
//
// usage: bench_nsight_import [KERNELS=2000000] [FILE]
// Writes (once; reused when FILE exists with the same row count) an export of KERNELS kernel
// rows on 8 streams with 50 distinct names, KERNELS/4 runtime calls and KERNELS/100 NVTX
// ranges, in the 3.x schema. Then times, three times each, on one thread:
//   bare    SELECT of the columns the importer reads (kernels, runtime, NVTX), every column
//           fetched with sqlite3_column_*, names looked up in a StringIds map;
//   import  importNsightSqlite: the same SELECTs, into the trace model, sorted, tracks named.
// Prints rows per second (CPU time of the thread) and import/bare.
//
// Not a Google Benchmark program: both halves run in the same invocation on the same file.

#include "importers/traces/NsightSqliteImport.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <unordered_map>

using namespace rankscope;
namespace fs = std::filesystem;

namespace {

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void execOrDie(sqlite3 *db, const char *sql)
{
    char *error = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
        std::fprintf(stderr, "sqlite: %s\n", error ? error : "?");
        std::exit(1);
    }
}

std::int64_t countRows(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK)
        return -1;
    const std::int64_t n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    return n;
}

void writeExport(const fs::path &file, std::int64_t kernels)
{
    fs::remove(file);
    sqlite3 *db = nullptr;
    sqlite3_open(file.c_str(), &db);
    execOrDie(db, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;"
                  "CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL);"
                  "CREATE TABLE META_DATA_EXPORT (name TEXT, value TEXT);"
                  "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime "
                  "TEXT, localTime TEXT);"
                  "INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (1700000000000000000, '', "
                  "'');"
                  "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER "
                  "NOT NULL, deviceId INTEGER, contextId INTEGER, streamId INTEGER, "
                  "correlationId INTEGER, globalPid INTEGER, demangledName INTEGER, shortName "
                  "INTEGER, mangledName INTEGER);"
                  "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER "
                  "NOT NULL, eventClass INTEGER, globalTid INTEGER, correlationId INTEGER, "
                  "nameId INTEGER, returnValue INTEGER, callchainId INTEGER);"
                  "CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType "
                  "INTEGER NOT NULL, text TEXT, globalTid INTEGER, textId INTEGER);"
                  "CREATE TABLE MPI_RANKS (globalTid INTEGER, rank INTEGER);"
                  "INSERT INTO MPI_RANKS VALUES (0, 3);");
    sqlite3_stmt *names = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO StringIds VALUES (?, ?)", -1, &names, nullptr);
    for (int i = 0; i < 51; ++i) {
        const std::string name =
            i == 50 ? std::string("cudaLaunchKernel")
            : i % 10 == 0
                ? "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
                : "void at::native::elementwise_kernel<128, 2, at::native::gpu_kernel_impl<" +
                      std::to_string(i) + ">(at::TensorIteratorBase&)>(int, T3)";
        sqlite3_bind_int(names, 1, i + 1);
        sqlite3_bind_text(names, 2, name.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_step(names);
        sqlite3_reset(names);
    }
    sqlite3_finalize(names);
    const std::int64_t thread = (std::int64_t(1) << 48) + (4242ll << 24) + 4242;
    sqlite3_stmt *kernel = nullptr;
    sqlite3_prepare_v2(db,
                       "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, streamId, "
                       "correlationId, globalPid, demangledName) VALUES (?, ?, 0, ?, ?, ?, ?)",
                       -1, &kernel, nullptr);
    sqlite3_stmt *runtime = nullptr;
    sqlite3_prepare_v2(db,
                       "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME (start, end, globalTid, "
                       "correlationId, nameId) VALUES (?, ?, ?, ?, 51)",
                       -1, &runtime, nullptr);
    sqlite3_stmt *nvtx = nullptr;
    sqlite3_prepare_v2(db,
                       "INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid) VALUES "
                       "(?, ?, 59, ?, ?)",
                       -1, &nvtx, nullptr);
    for (std::int64_t i = 0; i < kernels; ++i) {
        const std::int64_t start = 1'000'000 + i * 2'000;
        sqlite3_bind_int64(kernel, 1, start);
        sqlite3_bind_int64(kernel, 2, start + 1'500);
        sqlite3_bind_int64(kernel, 3, 7 + i % 8);
        sqlite3_bind_int64(kernel, 4, i);
        sqlite3_bind_int64(kernel, 5, thread);
        sqlite3_bind_int64(kernel, 6, 1 + (i * 7) % 50);
        sqlite3_step(kernel);
        sqlite3_reset(kernel);
        if (i % 4 == 0) {
            sqlite3_bind_int64(runtime, 1, start - 500);
            sqlite3_bind_int64(runtime, 2, start - 400);
            sqlite3_bind_int64(runtime, 3, thread);
            sqlite3_bind_int64(runtime, 4, i);
            sqlite3_step(runtime);
            sqlite3_reset(runtime);
        }
        if (i % 100 == 0) {
            const std::string text = "ProfilerStep#" + std::to_string(i / 100);
            sqlite3_bind_int64(nvtx, 1, start);
            sqlite3_bind_int64(nvtx, 2, start + 199'000);
            sqlite3_bind_text(nvtx, 3, text.c_str(), -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(nvtx, 4, thread);
            sqlite3_step(nvtx);
            sqlite3_reset(nvtx);
        }
    }
    sqlite3_finalize(kernel);
    sqlite3_finalize(runtime);
    sqlite3_finalize(nvtx);
    execOrDie(db, "COMMIT;");
    sqlite3_close(db);
}

// The rows the importer reads, read and dropped: the floor of any import.
std::int64_t bareSelect(const fs::path &file)
{
    sqlite3 *db = nullptr;
    const std::string uri = "file:" + file.string() + "?immutable=1";
    sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    std::unordered_map<std::int64_t, std::string> strings;
    std::int64_t rows = 0;
    std::int64_t checksum = 0;
    const auto walk = [&](const char *sql, int columns, int nameColumn) {
        sqlite3_stmt *st = nullptr;
        sqlite3_prepare_v2(db, sql, -1, &st, nullptr);
        while (sqlite3_step(st) == SQLITE_ROW) {
            ++rows;
            for (int c = 0; c < columns; ++c)
                if (c == nameColumn) {
                    const auto found = strings.find(sqlite3_column_int64(st, c));
                    checksum += found == strings.end() ? 0 : std::int64_t(found->second.size());
                } else if (sqlite3_column_type(st, c) == SQLITE_TEXT) {
                    checksum += sqlite3_column_bytes(st, c);
                } else {
                    checksum += sqlite3_column_int64(st, c);
                }
        }
        sqlite3_finalize(st);
    };
    {
        sqlite3_stmt *st = nullptr;
        sqlite3_prepare_v2(db, "SELECT id, value FROM StringIds", -1, &st, nullptr);
        while (sqlite3_step(st) == SQLITE_ROW)
            strings[sqlite3_column_int64(st, 0)] =
                reinterpret_cast<const char *>(sqlite3_column_text(st, 1));
        sqlite3_finalize(st);
    }
    walk("SELECT start, end, deviceId, streamId, correlationId, demangledName FROM "
         "CUPTI_ACTIVITY_KIND_KERNEL",
         6, 5);
    walk("SELECT start, end, globalTid, correlationId, nameId FROM CUPTI_ACTIVITY_KIND_RUNTIME "
         "",
         5, 4);
    walk("SELECT start, end, eventType, text, NULL, globalTid FROM NVTX_EVENTS", 6, -1);
    sqlite3_close(db);
    if (checksum == 42)
        std::printf(" ");
    return rows;
}

} // namespace

int main(int argc, char **argv)
{
    const std::int64_t kernels = argc > 1 ? std::atoll(argv[1]) : 2'000'000;
    const fs::path file =
        argc > 2 ? fs::path(argv[2])
                 : fs::temp_directory_path() /
                       ("rankscope-bench-nsight-" + std::to_string(kernels) + ".sqlite");
    bool reuse = false;
    if (fs::exists(file)) {
        sqlite3 *db = nullptr;
        sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
        reuse = countRows(db, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL") == kernels;
        sqlite3_close(db);
    }
    if (!reuse) {
        std::printf("writing %lld kernel rows to %s\n", static_cast<long long>(kernels),
                    file.c_str());
        writeExport(file, kernels);
    }
    std::printf("export: %s, %.1f MB\n", file.c_str(), double(fs::file_size(file)) / 1e6);
    double bestBare = 1e30;
    double bestImport = 1e30;
    std::int64_t rows = 0;
    std::size_t events = 0;
    for (int run = 0; run < 3; ++run) {
        double t0 = threadCpuSeconds();
        rows = bareSelect(file);
        const double bare = threadCpuSeconds() - t0;
        t0 = threadCpuSeconds();
        const TraceData data = importNsightSqlite(file.string());
        const double import = threadCpuSeconds() - t0;
        events = data.events.size();
        bestBare = std::min(bestBare, bare);
        bestImport = std::min(bestImport, import);
        std::printf("run %d: bare %.3f s, import %.3f s (%zu events, rank %d)\n", run + 1, bare,
                    import, data.events.size(), data.rank);
    }
    std::printf("rows %lld; bare SELECT %.2f M rows/s; import %.2f M rows/s; import/bare %.2f\n",
                static_cast<long long>(rows), double(rows) / bestBare / 1e6,
                double(rows) / bestImport / 1e6, bestBare / bestImport);
    return events > 0 ? 0 : 1;
}
