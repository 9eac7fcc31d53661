#include "importers/traces/NsightSqliteImport.h"
#include "importers/traces/NvtxStepRanges.h"

#include "core/model/TimeArithmetic.h"
#include "importers/traces/ChromeTraceEvent.h"
#include "importers/traces/NsightDatabase.h"
#include "importers/traces/NsightProcessTrace.h"
#include "importers/traces/NsightRankIdentity.h"
#include "importers/traces/TraceBuilder.h"
#include "importers/traces/TraceProblemLog.h"

#include <sqlite3.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <set>
#include <unordered_map>
#include <vector>

namespace rankscope {

namespace {

// What the rows become: Chrome-trace events for TraceBuilder, with the ids Nsight gives, one
// trace per process that did GPU work (NsightProcessTrace). Rows of CPU threads go to their
// process's trace; with one GPU process (one export per rank) every CPU row goes to it, so the
// data loader's or a helper process's ranges stay beside the rank's kernels.
class NsightReader
{
public:
    NsightReader(NsightDatabase &db, TraceProblemLog &problems, std::int64_t maxRows)
        : m_db(db), m_problems(problems), m_maxRows(maxRows)
    {}

    void read()
    {
        readSessionStart();
        readStrings();
        readKernels();
        readCopies("CUPTI_ACTIVITY_KIND_MEMCPY", "gpu_memcpy", "Memcpy");
        readCopies("CUPTI_ACTIVITY_KIND_MEMSET", "gpu_memset", "Memset");
        readSynchronization();
        readRuntime();
        readNvtx();
        readNames();
        for (const std::unique_ptr<NsightProcessTrace> &process : m_processes) {
            nameTracks(*process);
            process->builder.finish();
        }
        if (m_unplacedRows > 0)
            m_problems.add("unplaced", {},
                           std::to_string(m_unplacedRows) +
                               " runtime calls and NVTX ranges of processes that did no GPU work "
                               "(a launcher, data loader workers) are left out: the export "
                               "holds several ranks' processes and these belong to none");
    }

    // The processes' traces, by their first GPU and then pid (the order of their local ranks).
    std::vector<std::unique_ptr<NsightProcessTrace>> takeProcesses()
    {
        std::stable_sort(m_processes.begin(), m_processes.end(), [](const auto &a, const auto &b) {
            return std::pair(a->firstDevice, nsightPidOf(a->globalPid)) <
                   std::pair(b->firstDevice, nsightPidOf(b->globalPid));
        });
        return std::move(m_processes);
    }

private:
    // The trace of the process `globalPid`, begun on its first GPU row.
    NsightProcessTrace &gpuProcess(std::int64_t globalPidColumn)
    {
        const std::int64_t globalPid = nsightProcessOf(globalPidColumn); // tid bits, if any, off
        // Rows come in runs of one process (one per rank in most exports): the last one first.
        if (m_lastGpuProcess && m_lastGpuProcess->globalPid == globalPid)
            return *m_lastGpuProcess;
        for (const std::unique_ptr<NsightProcessTrace> &process : m_processes)
            if (process->globalPid == globalPid)
                return *(m_lastGpuProcess = process.get());
        if (m_processes.size() >= kMaxNsightProcesses) {
            m_problems.report("processes", {}, [&] {
                return "more than " + std::to_string(kMaxNsightProcesses) +
                       " processes did GPU work; the GPU rows of the others go to the last";
            });
            return *m_processes.back();
        }
        m_processes.push_back(std::make_unique<NsightProcessTrace>(globalPid, m_problems));
        return *(m_lastGpuProcess = m_processes.back().get());
    }

    // The trace a CPU row of thread `globalTid` belongs to; nullptr when it belongs to none.
    NsightProcessTrace *cpuProcess(std::int64_t globalTid)
    {
        if (m_processes.empty())
            m_processes.push_back(
                std::make_unique<NsightProcessTrace>(nsightProcessOf(globalTid), m_problems));
        if (m_processes.size() == 1)
            return m_processes.front().get();
        const std::int64_t globalPid = nsightProcessOf(globalTid);
        for (const std::unique_ptr<NsightProcessTrace> &process : m_processes)
            if (process->globalPid == globalPid)
                return process.get();
        ++m_unplacedRows;
        return nullptr;
    }

    void readSessionStart()
    {
        if (!m_db.hasTable("TARGET_INFO_SESSION_START_TIME")) {
            m_problems.add("clock", {},
                           "no TARGET_INFO_SESSION_START_TIME: times are from the capture's start, "
                           "not the wall clock, and line up with other ranks only by their "
                           "collectives");
            return;
        }
        m_db.forEachRow("SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME",
                        [&](sqlite3_stmt *row) {
                            const std::int64_t start = sqlite3_column_int64(row, 0);
                            // Year 1970 to 2200: anything else is not a capture's start.
                            if (start >= 0 && start < 7'258'118'400'000'000'000)
                                m_sessionStartNs = start;
                            else
                                m_problems.add("clock", {},
                                               "TARGET_INFO_SESSION_START_TIME.utcEpochNs " +
                                                   std::to_string(start) +
                                                   " is no date; times are from the capture's "
                                                   "start");
                            return false;
                        });
    }

    void readStrings()
    {
        if (!m_db.hasTable("StringIds")) {
            m_problems.add("strings", {}, "no StringIds table: kernels and ranges have no names");
            return;
        }
        m_db.forEachRow("SELECT id, value FROM StringIds", [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            m_strings[sqlite3_column_int64(row, 0)] = NsightDatabase::text(row, 1);
            return true;
        });
    }

    const std::string &stringOf(sqlite3_stmt *row, int column) const
    {
        static const std::string empty;
        if (NsightDatabase::isNull(row, column))
            return empty;
        const auto found = m_strings.find(sqlite3_column_int64(row, column));
        return found == m_strings.end() ? empty : found->second;
    }

    // The row budget over all tables; false once it is spent.
    bool countRow()
    {
        if (++m_rows <= m_maxRows)
            return true;
        m_problems.report("rows", {}, [&] {
            return "more than " + std::to_string(m_maxRows) +
                   " rows of kernels, copies, calls and ranges; the rest is left out";
        });
        return false;
    }

    // start/end of a row as absolute ns, false (with a problem) when they are not a span.
    bool spanOf(sqlite3_stmt *row, int startColumn, int endColumn, const char *table,
                ChromeTraceEvent &event)
    {
        const std::int64_t start = sqlite3_column_int64(row, startColumn);
        const std::int64_t end =
            NsightDatabase::isNull(row, endColumn) ? start : sqlite3_column_int64(row, endColumn);
        const auto absolute = checkedAdd(m_sessionStartNs, start);
        if (start < 0 || end < start || !absolute) {
            m_problems.report(std::string("span:") + table, {}, [&] {
                return std::string(table) + ": a row from " + std::to_string(start) + " to " +
                       std::to_string(end) + " ns is no time span; such rows are left out";
            });
            return false;
        }
        event.tsNs = *absolute;
        event.durNs = end - start;
        event.hasTs = true;
        event.hasDur = true;
        return true;
    }

    static void gpuTrack(NsightProcessTrace &process, ChromeTraceEvent &event, std::int64_t device,
                         std::int64_t stream)
    {
        event.pid = {device, {}, true, false};
        event.tid = {stream, {}, true, false};
        event.args.device = device;
        event.args.stream = stream;
        process.devices.insert(device);
        process.firstDevice = std::min(process.firstDevice, device);
    }

    static void cpuTrack(NsightProcessTrace &process, ChromeTraceEvent &event,
                         std::int64_t globalTid)
    {
        event.pid = {nsightPidOf(globalTid), {}, true, false};
        event.tid = {nsightTidOf(globalTid), {}, true, false};
        process.threads.insert(globalTid);
    }

    static void add(NsightProcessTrace &process, ChromeTraceEvent &event)
    {
        event.phase = 'X';
        event.index = process.nextIndex++;
        process.builder.add(event);
    }

    // The globalPid column of a GPU table, or a constant where an export has none.
    const char *globalPidColumn(const std::string &table)
    {
        return m_db.hasColumn(table, "globalPid") ? "globalPid" : "0";
    }

    void readKernels()
    {
        const std::string table = "CUPTI_ACTIVITY_KIND_KERNEL";
        if (!m_db.hasTable(table))
            return;
        const char *name = m_db.hasColumn(table, "demangledName") ? "demangledName"
                           : m_db.hasColumn(table, "shortName")   ? "shortName"
                                                                  : "NULL";
        const std::string sql =
            std::string("SELECT start, end, deviceId, streamId, correlationId, ") + name + ", " +
            globalPidColumn(table) + " FROM " + table;
        m_db.forEachRow(sql, [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, "kernels", event))
                return true;
            NsightProcessTrace &process = gpuProcess(sqlite3_column_int64(row, 6));
            gpuTrack(process, event, sqlite3_column_int64(row, 2), sqlite3_column_int64(row, 3));
            event.args.correlation = sqlite3_column_int64(row, 4);
            const std::string &kernel = stringOf(row, 5);
            event.name = kernel.empty() ? std::string_view("(unnamed kernel)") : kernel;
            event.category = "kernel";
            add(process, event);
            return true;
        });
    }

    void readCopies(const std::string &table, std::string_view category, const char *what)
    {
        if (!m_db.hasTable(table))
            return;
        const bool hasKind = m_db.hasColumn(table, "copyKind");
        const std::string sql =
            std::string("SELECT start, end, deviceId, streamId, correlationId, ") +
            globalPidColumn(table) + (hasKind ? ", copyKind" : "") + " FROM " + table;
        m_db.forEachRow(sql, [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, what, event))
                return true;
            NsightProcessTrace &process = gpuProcess(sqlite3_column_int64(row, 5));
            gpuTrack(process, event, sqlite3_column_int64(row, 2), sqlite3_column_int64(row, 3));
            event.args.correlation = sqlite3_column_int64(row, 4);
            event.name = hasKind ? copyName(sqlite3_column_int64(row, 6)) : std::string_view(what);
            event.category = category;
            add(process, event);
            return true;
        });
    }

    // CUPTI's memcpy kinds, as Kineto names them.
    static std::string_view copyName(std::int64_t kind)
    {
        switch (kind) {
        case 1:
            return "Memcpy HtoD";
        case 2:
            return "Memcpy DtoH";
        case 3:
            return "Memcpy HtoA";
        case 4:
            return "Memcpy AtoH";
        case 5:
            return "Memcpy AtoA";
        case 6:
            return "Memcpy AtoD";
        case 7:
            return "Memcpy DtoA";
        case 8:
            return "Memcpy DtoD";
        case 9:
            return "Memcpy HtoH";
        case 10:
            return "Memcpy PtoP";
        default:
            return "Memcpy";
        }
    }

    void readSynchronization()
    {
        const std::string table = "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION";
        if (!m_db.hasTable(table) || !m_db.hasColumn(table, "streamId"))
            return;
        const bool hasDevice = m_db.hasColumn(table, "deviceId");
        const std::string sql = std::string("SELECT start, end, ") +
                                (hasDevice ? "deviceId" : "0") + ", streamId, correlationId, " +
                                globalPidColumn(table) + " FROM " + table;
        m_db.forEachRow(sql, [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, "synchronization", event))
                return true;
            NsightProcessTrace &process = gpuProcess(sqlite3_column_int64(row, 5));
            gpuTrack(process, event, sqlite3_column_int64(row, 2), sqlite3_column_int64(row, 3));
            event.args.correlation = sqlite3_column_int64(row, 4);
            event.name = "cudaSynchronize";
            event.category = "cuda_sync";
            add(process, event);
            return true;
        });
    }

    void readRuntime()
    {
        const std::string table = "CUPTI_ACTIVITY_KIND_RUNTIME";
        if (!m_db.hasTable(table))
            return;
        // 3.x: nameId into StringIds; 2.x exports have a `name` column of ids as well.
        const char *name = m_db.hasColumn(table, "nameId") ? "nameId"
                           : m_db.hasColumn(table, "name") ? "name"
                                                           : "NULL";
        const std::string sql =
            std::string("SELECT start, end, globalTid, correlationId, ") + name + " FROM " + table;
        m_db.forEachRow(sql, [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, "runtime calls", event))
                return true;
            const std::int64_t globalTid = sqlite3_column_int64(row, 2);
            NsightProcessTrace *process = cpuProcess(globalTid);
            if (!process)
                return true;
            cpuTrack(*process, event, globalTid);
            event.args.correlation = sqlite3_column_int64(row, 3);
            const std::string &call = stringOf(row, 4);
            event.name = call.empty() ? std::string_view("(CUDA call)") : call;
            event.category = "cuda_runtime";
            add(*process, event);
            return true;
        });
    }

    void readNvtx()
    {
        const std::string table = "NVTX_EVENTS";
        if (!m_db.hasTable(table))
            return;
        // eventType: 34 mark, 39 thread name, 59 push/pop range, 60 start/end range
        // (ENUM_NSYS_EVENT_TYPE); a range's text is inline (`text`) or by id (`textId`).
        const bool hasTextId = m_db.hasColumn(table, "textId");
        const std::string sql = std::string("SELECT start, end, eventType, text, ") +
                                (hasTextId ? "textId" : "NULL") + ", globalTid FROM " + table + "";
        m_db.forEachRow(sql, [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            const std::int64_t type = sqlite3_column_int64(row, 2);
            std::string text = NsightDatabase::text(row, 3);
            if (text.empty())
                text = stringOf(row, 4);
            const std::int64_t globalTid = sqlite3_column_int64(row, 5);
            NsightProcessTrace *process = cpuProcess(globalTid);
            if (!process)
                return true;
            if (text.rfind("MPI Rank ", 0) == 0 && process->rankTexts.size() < 16)
                process->rankTexts.push_back(text);
            if ((type != 59 && type != 60) || NsightDatabase::isNull(row, 1))
                return true;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, "NVTX ranges", event))
                return true;
            cpuTrack(*process, event, globalTid);
            // The builder keeps its own copy of every name (TraceStringTable).
            event.name = text.empty() ? std::string_view("(NVTX range)") : std::string_view(text);
            event.category = "user_annotation";
            add(*process, event);
            return true;
        });
    }

    // Thread names (ThreadNames), process names (PROCESSES) and the GPUs (TARGET_INFO_GPU), read
    // once for every process's trace.
    void readNames()
    {
        if (m_db.hasTable("ThreadNames"))
            m_db.forEachRow("SELECT globalTid, nameId FROM ThreadNames", [&](sqlite3_stmt *row) {
                m_threadNames[sqlite3_column_int64(row, 0)] = stringOf(row, 1);
                return true;
            });
        if (m_db.hasTable("PROCESSES"))
            m_db.forEachRow("SELECT pid, name FROM PROCESSES", [&](sqlite3_stmt *row) {
                m_processNames[sqlite3_column_int64(row, 0)] = NsightDatabase::text(row, 1);
                return true;
            });
        if (m_db.hasTable("TARGET_INFO_GPU") && m_db.hasColumn("TARGET_INFO_GPU", "name") &&
            m_db.hasColumn("TARGET_INFO_GPU", "id"))
            m_db.forEachRow("SELECT id, name FROM TARGET_INFO_GPU", [&](sqlite3_stmt *row) {
                m_gpuNames[sqlite3_column_int64(row, 0)] = NsightDatabase::text(row, 1);
                return true;
            });
    }

    // The names of one process's tracks, as Kineto's metadata events give them.
    void nameTracks(NsightProcessTrace &process)
    {
        const auto metadata = [&](std::int64_t pid, std::int64_t tid, std::string_view what,
                                  std::string_view name, bool labels) {
            ChromeTraceEvent event;
            event.phase = 'M';
            event.name = what;
            event.pid = {pid, {}, true, false};
            event.tid = {tid, {}, true, false};
            if (labels)
                event.args.labels = name;
            else
                event.args.name = name;
            event.index = process.nextIndex++;
            process.builder.add(event);
        };
        std::set<std::int64_t> namedProcesses;
        for (const std::int64_t globalTid : process.threads) {
            const std::int64_t pid = nsightPidOf(globalTid);
            const std::int64_t tid = nsightTidOf(globalTid);
            if (const auto found = m_threadNames.find(globalTid); found != m_threadNames.end())
                metadata(pid, tid, "thread_name", found->second, false);
            if (namedProcesses.insert(pid).second)
                if (const auto found = m_processNames.find(pid); found != m_processNames.end())
                    metadata(pid, tid, "process_name", found->second, false);
        }
        for (const std::int64_t device : process.devices) {
            metadata(device, 0, "process_labels", "GPU " + std::to_string(device), true);
            if (const auto found = m_gpuNames.find(device); found != m_gpuNames.end())
                metadata(device, 0, "process_name", found->second, false);
        }
    }

    NsightDatabase &m_db;
    TraceProblemLog &m_problems;
    std::int64_t m_maxRows;
    std::int64_t m_rows = 0;
    std::int64_t m_unplacedRows = 0;
    std::int64_t m_sessionStartNs = 0;
    std::unordered_map<std::int64_t, std::string> m_strings;
    std::unordered_map<std::int64_t, std::string> m_threadNames;  // by globalTid
    std::unordered_map<std::int64_t, std::string> m_processNames; // by pid
    std::unordered_map<std::int64_t, std::string> m_gpuNames;     // by device id
    std::vector<std::unique_ptr<NsightProcessTrace>> m_processes;
    NsightProcessTrace *m_lastGpuProcess = nullptr; // of the latest GPU row
};

// The profiled machine's name (TARGET_INFO_SYSTEM_ENV: name 'Hostname'), "" when the export
// has none.
std::string nsightHostname(NsightDatabase &db)
{
    std::string host;
    if (db.hasColumn("TARGET_INFO_SYSTEM_ENV", "name") &&
        db.hasColumn("TARGET_INFO_SYSTEM_ENV", "value"))
        db.forEachRow("SELECT value FROM TARGET_INFO_SYSTEM_ENV WHERE name = 'Hostname'",
                      [&](sqlite3_stmt *row) {
                          host = NsightDatabase::text(row, 0);
                          return false;
                      });
    return host.size() <= 255 ? host : std::string();
}

} // namespace

bool hasSqliteHeader(std::string_view firstBytes)
{
    static constexpr std::string_view kHeader("SQLite format 3\0", 16);
    return firstBytes.substr(0, kHeader.size()) == kHeader;
}

std::vector<TraceData> importNsightSqliteProcesses(const std::string &path,
                                                   std::string_view rankPath, std::int64_t maxRows)
{
    TraceProblemLog problems;
    std::vector<TraceData> traces;
    {
        NsightDatabase db(path, problems);
        if (db.open() && !db.hasTable("StringIds") && !db.hasTable("CUPTI_ACTIVITY_KIND_KERNEL") &&
            !db.hasTable("NVTX_EVENTS")) {
            problems.add("foreign", {},
                         "an SQLite database, but not an Nsight Systems export (no StringIds, "
                         "CUPTI_ACTIVITY_KIND_KERNEL or NVTX_EVENTS table)");
        } else if (db.open()) {
            NsightReader reader(db, problems, maxRows);
            reader.read();
            const std::vector<std::unique_ptr<NsightProcessTrace>> processes =
                reader.takeProcesses();
            for (const std::unique_ptr<NsightProcessTrace> &process : processes)
                // Without ProfilerStep#N ranges: the job's own step ranges ("iteration 12").
                iterationsFromStepRanges(process->data, chosenStepRangeName());
            settleNsightRanks(db, processes, rankPath.empty() ? std::string_view(path) : rankPath,
                              problems);
            const std::string host = nsightHostname(db);
            for (const std::unique_ptr<NsightProcessTrace> &process : processes)
                process->data.host = host;
            for (const std::unique_ptr<NsightProcessTrace> &process : processes)
                traces.push_back(std::move(process->data));
        }
    }
    if (traces.empty())
        traces.emplace_back(); // nothing read: one empty trace carries the problems
    for (TraceData &trace : traces)
        trace.sourcePath = path;
    // The file's problems once, with its first trace.
    std::vector<TraceProblem> found = problems.take();
    traces.front().problems.insert(traces.front().problems.end(),
                                   std::make_move_iterator(found.begin()),
                                   std::make_move_iterator(found.end()));
    return traces;
}

TraceData importNsightSqlite(const std::string &path, std::string_view rankPath,
                             std::int64_t maxRows)
{
    return std::move(importNsightSqliteProcesses(path, rankPath, maxRows).front());
}

} // namespace rankscope
