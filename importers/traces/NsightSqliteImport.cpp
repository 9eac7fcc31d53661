#include "importers/traces/NsightSqliteImport.h"
#include "importers/traces/NvtxStepRanges.h"

#include "core/model/TimeArithmetic.h"
#include "importers/bundle/RankFromPath.h"
#include "importers/traces/ChromeTraceEvent.h"
#include "importers/traces/NsightDatabase.h"
#include "importers/traces/TraceBuilder.h"
#include "importers/traces/TraceProblemLog.h"

#include <sqlite3.h>

#include <charconv>
#include <limits>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace rankscope {

namespace {

// globalTid / globalPid: the VM in the high bits, then pid and tid in 24 bits each.
std::int64_t nsightPidOf(std::int64_t globalId)
{
    return (globalId >> 24) & 0xFFFFFF;
}

std::int64_t nsightTidOf(std::int64_t globalId)
{
    return globalId & 0xFFFFFF;
}

// What the rows become: Chrome-trace events for TraceBuilder, with the ids Nsight gives.
class NsightReader
{
public:
    NsightReader(NsightDatabase &db, TraceData &data, TraceProblemLog &problems,
                 std::int64_t maxRows)
        : m_db(db), m_problems(problems), m_builder(data, problems), m_maxRows(maxRows)
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
        nameTracks();
        m_builder.finish();
    }

    const std::vector<std::string> &nvtxTexts() const { return m_rankTexts; }

private:
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

    void gpuTrack(ChromeTraceEvent &event, std::int64_t device, std::int64_t stream)
    {
        event.pid = {device, {}, true, false};
        event.tid = {stream, {}, true, false};
        event.args.device = device;
        event.args.stream = stream;
        m_devices.insert(device);
    }

    void cpuTrack(ChromeTraceEvent &event, std::int64_t globalTid)
    {
        event.pid = {nsightPidOf(globalTid), {}, true, false};
        event.tid = {nsightTidOf(globalTid), {}, true, false};
        m_threads.insert(globalTid);
    }

    void add(ChromeTraceEvent &event)
    {
        event.phase = 'X';
        event.index = m_index++;
        m_builder.add(event);
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
            std::string("SELECT start, end, deviceId, streamId, correlationId, ") + name +
            " FROM " + table;
        m_db.forEachRow(sql, [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, "kernels", event))
                return true;
            gpuTrack(event, sqlite3_column_int64(row, 2), sqlite3_column_int64(row, 3));
            event.args.correlation = sqlite3_column_int64(row, 4);
            const std::string &kernel = stringOf(row, 5);
            event.name = kernel.empty() ? std::string_view("(unnamed kernel)") : kernel;
            event.category = "kernel";
            add(event);
            return true;
        });
    }

    void readCopies(const std::string &table, std::string_view category, const char *what)
    {
        if (!m_db.hasTable(table))
            return;
        const bool hasKind = m_db.hasColumn(table, "copyKind");
        const std::string sql =
            std::string("SELECT start, end, deviceId, streamId, correlationId") +
            (hasKind ? ", copyKind" : "") + " FROM " + table;
        m_db.forEachRow(sql, [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, what, event))
                return true;
            gpuTrack(event, sqlite3_column_int64(row, 2), sqlite3_column_int64(row, 3));
            event.args.correlation = sqlite3_column_int64(row, 4);
            event.name = hasKind ? copyName(sqlite3_column_int64(row, 5)) : std::string_view(what);
            event.category = category;
            add(event);
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
                                (hasDevice ? "deviceId" : "0") + ", streamId, correlationId FROM " +
                                table;
        m_db.forEachRow(sql, [&](sqlite3_stmt *row) {
            if (!countRow())
                return false;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, "synchronization", event))
                return true;
            gpuTrack(event, sqlite3_column_int64(row, 2), sqlite3_column_int64(row, 3));
            event.args.correlation = sqlite3_column_int64(row, 4);
            event.name = "cudaSynchronize";
            event.category = "cuda_sync";
            add(event);
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
            cpuTrack(event, sqlite3_column_int64(row, 2));
            event.args.correlation = sqlite3_column_int64(row, 3);
            const std::string &call = stringOf(row, 4);
            event.name = call.empty() ? std::string_view("(CUDA call)") : call;
            event.category = "cuda_runtime";
            add(event);
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
            if (text.rfind("MPI Rank ", 0) == 0 && m_rankTexts.size() < 16)
                m_rankTexts.push_back(text);
            if ((type != 59 && type != 60) || NsightDatabase::isNull(row, 1))
                return true;
            ChromeTraceEvent event;
            if (!spanOf(row, 0, 1, "NVTX ranges", event))
                return true;
            cpuTrack(event, sqlite3_column_int64(row, 5));
            // The builder keeps its own copy of every name (TraceStringTable).
            event.name = text.empty() ? std::string_view("(NVTX range)") : std::string_view(text);
            event.category = "user_annotation";
            add(event);
            return true;
        });
    }

    // Thread names (ThreadNames), process names (PROCESSES) and the GPUs (TARGET_INFO_GPU) as
    // Kineto's metadata events give them.
    void nameTracks()
    {
        std::unordered_map<std::int64_t, std::string> threadNames;
        if (m_db.hasTable("ThreadNames"))
            m_db.forEachRow("SELECT globalTid, nameId FROM ThreadNames", [&](sqlite3_stmt *row) {
                threadNames[sqlite3_column_int64(row, 0)] = stringOf(row, 1);
                return true;
            });
        std::unordered_map<std::int64_t, std::string> processNames;
        if (m_db.hasTable("PROCESSES"))
            m_db.forEachRow("SELECT pid, name FROM PROCESSES", [&](sqlite3_stmt *row) {
                processNames[sqlite3_column_int64(row, 0)] = NsightDatabase::text(row, 1);
                return true;
            });
        std::unordered_map<std::int64_t, std::string> gpuNames;
        if (m_db.hasTable("TARGET_INFO_GPU") && m_db.hasColumn("TARGET_INFO_GPU", "name") &&
            m_db.hasColumn("TARGET_INFO_GPU", "id"))
            m_db.forEachRow("SELECT id, name FROM TARGET_INFO_GPU", [&](sqlite3_stmt *row) {
                gpuNames[sqlite3_column_int64(row, 0)] = NsightDatabase::text(row, 1);
                return true;
            });
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
            event.index = m_index++;
            m_builder.add(event);
        };
        std::set<std::int64_t> namedProcesses;
        for (const std::int64_t globalTid : m_threads) {
            const std::int64_t pid = nsightPidOf(globalTid);
            const std::int64_t tid = nsightTidOf(globalTid);
            if (const auto found = threadNames.find(globalTid); found != threadNames.end())
                metadata(pid, tid, "thread_name", found->second, false);
            if (namedProcesses.insert(pid).second)
                if (const auto found = processNames.find(pid); found != processNames.end())
                    metadata(pid, tid, "process_name", found->second, false);
        }
        for (const std::int64_t device : m_devices) {
            metadata(device, 0, "process_labels", "GPU " + std::to_string(device), true);
            if (const auto found = gpuNames.find(device); found != gpuNames.end())
                metadata(device, 0, "process_name", found->second, false);
        }
    }

    NsightDatabase &m_db;
    TraceProblemLog &m_problems;
    TraceBuilder m_builder;
    std::int64_t m_maxRows;
    std::int64_t m_rows = 0;
    std::int64_t m_index = 0;
    std::int64_t m_sessionStartNs = 0;
    std::unordered_map<std::int64_t, std::string> m_strings;
    std::set<std::int64_t> m_threads; // globalTid of every CPU track
    std::set<std::int64_t> m_devices;
    std::vector<std::string> m_rankTexts;
};

std::optional<int> nsightRankNumber(std::string_view text)
{
    int rank = -1;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), rank);
    if (error != std::errc() || end == text.data() || rank < 0 || rank > kMaxSupportedRank)
        return std::nullopt;
    return rank;
}

// RANK="3" and its kin among the captured process's environment variables.
std::optional<int> nsightEnvironmentRank(NsightDatabase &db)
{
    if (!db.hasTable("META_DATA_CAPTURE"))
        return std::nullopt;
    static constexpr std::string_view kVariables[] = {"RANK", "OMPI_COMM_WORLD_RANK", "PMI_RANK",
                                                      "SLURM_PROCID"};
    std::optional<int> found;
    std::size_t foundOrder = std::size(kVariables);
    db.forEachRow("SELECT value FROM META_DATA_CAPTURE WHERE name LIKE '%ENVIRONMENT_VARIABLE'",
                  [&](sqlite3_stmt *row) {
                      const std::string assignment = NsightDatabase::text(row, 0);
                      const std::size_t equals = assignment.find('=');
                      if (equals == std::string::npos)
                          return true;
                      const std::string_view name(assignment.data(), equals);
                      std::string_view value(assignment);
                      value.remove_prefix(equals + 1);
                      if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
                          value = value.substr(1, value.size() - 2);
                      for (std::size_t i = 0; i < foundOrder; ++i)
                          if (name == kVariables[i])
                              if (const auto rank = nsightRankNumber(value)) {
                                  found = rank;
                                  foundOrder = i;
                              }
                      return true;
                  });
    return found;
}

void settleNsightRank(NsightDatabase &db, const NsightReader &reader, std::string_view rankPath,
                      TraceData &data, TraceProblemLog &problems)
{
    if (db.hasTable("MPI_RANKS")) {
        std::set<int> ranks;
        db.forEachRow("SELECT rank FROM MPI_RANKS", [&](sqlite3_stmt *row) {
            const std::int64_t rank = sqlite3_column_int64(row, 0);
            if (rank >= 0 && rank <= kMaxSupportedRank)
                ranks.insert(int(rank));
            return ranks.size() < 2;
        });
        if (ranks.size() == 1) {
            data.rank = *ranks.begin();
            data.rankSource = TraceRankSource::MpiRankTable;
            return;
        }
        if (ranks.size() > 1)
            problems.add("rank", {},
                         "MPI_RANKS holds several ranks (one export of several processes); "
                         "the first is used for the whole file");
        if (!ranks.empty()) {
            data.rank = *ranks.begin();
            data.rankSource = TraceRankSource::MpiRankTable;
            return;
        }
    }
    if (const auto rank = nsightEnvironmentRank(db)) {
        data.rank = *rank;
        data.rankSource = TraceRankSource::CaptureEnvironment;
        return;
    }
    if (const auto rank = rankFromPath(rankPath)) {
        data.rank = *rank;
        data.rankSource = TraceRankSource::FilePath;
        return;
    }
    for (const std::string &text : reader.nvtxTexts())
        if (const auto rank = nsightRankNumber(std::string_view(text).substr(9))) {
            data.rank = *rank;
            data.rankSource = TraceRankSource::NvtxText;
            return;
        }
    problems.add("rank", {},
                 "no rank: the export has no MPI_RANKS table, no RANK (or OMPI_COMM_WORLD_RANK, "
                 "PMI_RANK, SLURM_PROCID) in the captured environment, no rank in its path "
                 "(\"rank3\", \"-o rank_%q{RANK}\") and no NVTX text \"MPI Rank N\"");
}

} // namespace

bool hasSqliteHeader(std::string_view firstBytes)
{
    static constexpr std::string_view kHeader("SQLite format 3\0", 16);
    return firstBytes.substr(0, kHeader.size()) == kHeader;
}

TraceData importNsightSqlite(const std::string &path, std::string_view rankPath,
                             std::int64_t maxRows)
{
    TraceData data;
    data.sourcePath = path;
    TraceProblemLog problems;
    {
        NsightDatabase db(path, problems);
        if (db.open() && !db.hasTable("StringIds") && !db.hasTable("CUPTI_ACTIVITY_KIND_KERNEL") &&
            !db.hasTable("NVTX_EVENTS")) {
            problems.add("foreign", {},
                         "an SQLite database, but not an Nsight Systems export (no StringIds, "
                         "CUPTI_ACTIVITY_KIND_KERNEL or NVTX_EVENTS table)");
        } else if (db.open()) {
            NsightReader reader(db, data, problems, maxRows);
            reader.read();
            // Without ProfilerStep#N ranges: the job's own step ranges ("iteration 12").
            iterationsFromStepRanges(data, chosenStepRangeName());
            settleNsightRank(db, reader, rankPath.empty() ? std::string_view(path) : rankPath, data,
                             problems);
        }
    }
    std::vector<TraceProblem> found = problems.take();
    data.problems.insert(data.problems.end(), std::make_move_iterator(found.begin()),
                         std::make_move_iterator(found.end()));
    return data;
}

} // namespace rankscope
