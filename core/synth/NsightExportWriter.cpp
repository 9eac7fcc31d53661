#include "core/synth/NsightExportWriter.h"

#include <sqlite3.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace rankscope {

namespace {

constexpr std::int64_t kNsightVm = std::int64_t(1) << 48; // VM 1, as real exports have it

std::int64_t nsightGlobalTid(std::int64_t pid, std::int64_t tid)
{
    return kNsightVm + ((pid & 0xFFFFFF) << 24) + (tid & 0xFFFFFF);
}

class NsightWriter
{
public:
    explicit NsightWriter(const std::filesystem::path &file) : m_file(file)
    {
        std::filesystem::remove(file);
        if (sqlite3_open(file.c_str(), &m_db) != SQLITE_OK)
            fail("open");
        exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;");
    }
    ~NsightWriter()
    {
        for (auto &[sql, statement] : m_statements)
            sqlite3_finalize(statement);
        sqlite3_close(m_db);
    }

    void exec(const std::string &sql)
    {
        if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
            fail("write");
    }

    // Binds `values` (integers; a string id where the schema has one) and runs the insert.
    void insert(const std::string &sql, std::initializer_list<std::int64_t> values)
    {
        sqlite3_stmt *&statement = m_statements[sql];
        if (!statement &&
            sqlite3_prepare_v2(m_db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK)
            fail("prepare");
        int index = 1;
        for (const std::int64_t value : values)
            sqlite3_bind_int64(statement, index++, value);
        if (sqlite3_step(statement) != SQLITE_DONE)
            fail("insert");
        sqlite3_reset(statement);
    }

    void insertText(const std::string &sql, std::int64_t number, const std::string &text)
    {
        sqlite3_stmt *&statement = m_statements[sql];
        if (!statement &&
            sqlite3_prepare_v2(m_db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK)
            fail("prepare");
        sqlite3_bind_int64(statement, 1, number);
        sqlite3_bind_text(statement, 2, text.c_str(), int(text.size()), SQLITE_TRANSIENT);
        if (sqlite3_step(statement) != SQLITE_DONE)
            fail("insert");
        sqlite3_reset(statement);
    }

    std::int64_t stringId(std::string_view text)
    {
        const auto found = m_strings.find(std::string(text));
        if (found != m_strings.end())
            return found->second;
        const std::int64_t id = std::int64_t(m_strings.size()) + 1;
        m_strings.emplace(std::string(text), id);
        insertText("INSERT INTO StringIds (id, value) VALUES (?, ?)", id, std::string(text));
        return id;
    }

    void commit() { exec("COMMIT;"); }

private:
    [[noreturn]] void fail(const char *what)
    {
        throw std::runtime_error("cannot " + std::string(what) + " the Nsight export " +
                                 m_file.string() + ": " +
                                 (m_db ? sqlite3_errmsg(m_db) : "out of memory"));
    }

    std::filesystem::path m_file;
    sqlite3 *m_db = nullptr;
    std::unordered_map<std::string, sqlite3_stmt *> m_statements;
    std::unordered_map<std::string, std::int64_t> m_strings;
};

constexpr const char *kNsightSchema =
    "CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE META_DATA_EXPORT (name TEXT, value TEXT);"
    "INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_PRODUCT_NAME', 'NVIDIA Nsight Systems'), "
    "('EXPORT_SCHEMA_VERSION', '3.13.2'), ('EXPORT_SCHEMA_VERSION_MAJOR', '3'), "
    "('EXPORT_SCHEMA_VERSION_MINOR', '13'), ('EXPORT_SCHEMA_VERSION_MICRO', '2'), "
    "('EXPORT_PARAM_INPUT_FILE', 'rankscope-synth.nsys-rep');"
    "CREATE TABLE META_DATA_CAPTURE (name TEXT, value TEXT);"
    "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT, localTime "
    "TEXT);"
    "CREATE TABLE TARGET_INFO_GPU (vmId INTEGER, id INTEGER, name TEXT, busLocation TEXT, uuid "
    "TEXT);"
    "CREATE TABLE TARGET_INFO_SYSTEM_ENV (globalVid INTEGER, devStateName TEXT, name TEXT, "
    "nameEnum INTEGER, value TEXT);"
    "CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT);"
    "CREATE TABLE ThreadNames (nameId INTEGER, priority INTEGER, globalTid INTEGER);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, "
    "deviceId INTEGER NOT NULL, contextId INTEGER, greenContextId INTEGER, streamId INTEGER NOT "
    "NULL, correlationId INTEGER, globalPid INTEGER, demangledName INTEGER NOT NULL, shortName "
    "INTEGER NOT NULL, mangledName INTEGER, launchType INTEGER, gridX INTEGER, gridY INTEGER, "
    "gridZ INTEGER, blockX INTEGER, blockY INTEGER, blockZ INTEGER);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT NULL, "
    "deviceId INTEGER NOT NULL, contextId INTEGER, greenContextId INTEGER, streamId INTEGER NOT "
    "NULL, correlationId INTEGER, globalPid INTEGER, bytes INTEGER, copyKind INTEGER, srcKind "
    "INTEGER, dstKind INTEGER);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER NOT NULL, end INTEGER NOT NULL, "
    "deviceId INTEGER NOT NULL, contextId INTEGER, greenContextId INTEGER, streamId INTEGER NOT "
    "NULL, correlationId INTEGER, globalPid INTEGER, value INTEGER, bytes INTEGER);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (start INTEGER NOT NULL, end INTEGER NOT "
    "NULL, deviceId INTEGER, contextId INTEGER, streamId INTEGER, correlationId INTEGER, "
    "globalPid INTEGER, syncType INTEGER, eventId INTEGER);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL, "
    "eventClass INTEGER, globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL, "
    "returnValue INTEGER, callchainId INTEGER);"
    "CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL, "
    "rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid INTEGER, "
    "endGlobalTid INTEGER, textId INTEGER, domainId INTEGER, uint64Value INTEGER, int64Value "
    "INTEGER, doubleValue REAL, uint32Value INTEGER, int32Value INTEGER, floatValue REAL, "
    "jsonTextId INTEGER, jsonText TEXT);";

// The session starts at the second before the first event.
std::int64_t sessionStartOf(const TraceData &trace)
{
    return trace.events.empty() ? trace.firstNs : (trace.firstNs / 1'000'000'000) * 1'000'000'000;
}

void writeGpus(NsightWriter &out, std::int64_t devices)
{
    for (std::int64_t device = 0; device < devices; ++device)
        out.exec("INSERT INTO TARGET_INFO_GPU VALUES (0, " + std::to_string(device) +
                 ", 'NVIDIA H100 80GB HBM3', '0000:" + std::to_string(device) + "a:00.0', '')");
}

// The devices a trace's GPU tracks use (highest id + 1).
std::int64_t devicesOf(const TraceData &trace)
{
    std::int64_t devices = 0;
    for (const TraceTrack &track : trace.tracks)
        if (track.kind == TraceTrackKind::GpuStream)
            devices = std::max<std::int64_t>(
                devices, (track.gpuDevice >= 0 ? track.gpuDevice : track.pid) + 1);
    return devices;
}

// One process's rows: `pid` replaces the trace's CPU pids when set (processes of one node need
// distinct ones), `device` its GPU ids when set.
void writeProcess(NsightWriter &out, const TraceData &trace, std::int64_t session,
                  std::int64_t pid = -1, std::int64_t device = -1)
{
    std::int64_t processPid = pid;
    for (std::uint32_t t = 0; t < trace.tracks.size() && processPid < 0; ++t)
        if (trace.tracks[t].kind == TraceTrackKind::CpuThread && trace.tracks[t].pid > 0)
            processPid = trace.tracks[t].pid;
    const auto cpuPid = [&](const TraceTrack &track) { return pid >= 0 ? pid : track.pid; };
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const TraceTrack &track = trace.tracks[t];
        if (track.kind != TraceTrackKind::CpuThread || track.pid <= 0)
            continue;
        const std::int64_t globalTid = nsightGlobalTid(cpuPid(track), track.tid);
        if (track.name != kEmptyTraceString)
            out.insert("INSERT INTO ThreadNames (nameId, priority, globalTid) VALUES (?, 0, ?)",
                       {out.stringId(trace.string(track.name)), globalTid});
    }
    if (processPid > 0)
        out.insertText("INSERT INTO PROCESSES (globalPid, pid, name) VALUES (" +
                           std::to_string(nsightGlobalTid(processPid, 0)) + ", ?, ?)",
                       processPid, "python3");

    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const TraceTrack &track = trace.tracks[t];
        const bool gpu = track.kind == TraceTrackKind::GpuStream;
        const std::int64_t trackDevice = device >= 0            ? device
                                         : track.gpuDevice >= 0 ? track.gpuDevice
                                                                : track.pid;
        const std::int64_t stream = track.gpuStream >= 0 ? track.gpuStream : track.tid;
        const std::int64_t globalPid = nsightGlobalTid(processPid > 0 ? processPid : 1, 0);
        const std::int64_t globalTid = nsightGlobalTid(cpuPid(track), track.tid);
        for (const TraceEvent &event : trace.eventsOf(t)) {
            const std::int64_t start = event.startNs - session;
            const std::int64_t end = event.endNs() - session;
            if (start < 0)
                continue;
            const std::string_view name = trace.string(event.name);
            switch (event.kind) {
            case TraceEventKind::ComputeKernel:
            case TraceEventKind::CommunicationKernel: {
                const std::int64_t id = out.stringId(name);
                out.insert(
                    "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, "
                    "contextId, streamId, correlationId, globalPid, demangledName, "
                    "shortName) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)",
                    {start, end, trackDevice, stream, event.correlationId, globalPid, id, id});
                break;
            }
            case TraceEventKind::Memcpy:
                out.insert("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY (start, end, deviceId, "
                           "contextId, streamId, correlationId, globalPid, copyKind) VALUES (?, "
                           "?, ?, 1, ?, ?, ?, ?)",
                           {start, end, trackDevice, stream, event.correlationId, globalPid,
                            name.find("HtoD") != std::string_view::npos   ? 1
                            : name.find("DtoH") != std::string_view::npos ? 2
                                                                          : 8});
                break;
            case TraceEventKind::Memset:
                out.insert("INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET (start, end, deviceId, "
                           "contextId, streamId, correlationId, globalPid) VALUES (?, ?, ?, 1, "
                           "?, ?, ?)",
                           {start, end, trackDevice, stream, event.correlationId, globalPid});
                break;
            case TraceEventKind::Synchronization:
                out.insert("INSERT INTO CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (start, end, "
                           "deviceId, contextId, streamId, correlationId, globalPid, syncType) "
                           "VALUES (?, ?, ?, 1, ?, ?, ?, 1)",
                           {start, end, trackDevice, stream, event.correlationId, globalPid});
                break;
            case TraceEventKind::Runtime:
                if (!gpu)
                    out.insert("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME (start, end, "
                               "eventClass, globalTid, correlationId, nameId) VALUES (?, ?, 1, "
                               "?, ?, ?)",
                               {start, end, globalTid, event.correlationId, out.stringId(name)});
                break;
            case TraceEventKind::CpuOp:
            case TraceEventKind::UserAnnotation:
            case TraceEventKind::IterationMarker:
            case TraceEventKind::CpuCommunication:
            case TraceEventKind::PythonFunction:
                if (!gpu && event.phase == TracePhase::Slice)
                    out.insert("INSERT INTO NVTX_EVENTS (start, end, eventType, globalTid, "
                               "endGlobalTid, textId, domainId) VALUES (?, ?, 59, ?, ?, ?, 0)",
                               {start, end, globalTid, globalTid, out.stringId(name)});
                break;
            case TraceEventKind::GpuUserAnnotation:
            case TraceEventKind::Other:
                break;
            }
        }
    }
}

} // namespace

void writeNsightExport(const TraceData &trace, const std::filesystem::path &file, int rank)
{
    NsightWriter out(file);
    out.exec(kNsightSchema);
    const std::int64_t session = sessionStartOf(trace);
    out.insert("INSERT INTO TARGET_INFO_SESSION_START_TIME (utcEpochNs) VALUES (?)", {session});
    // torchrun's variables of the captured process (the rank is an integer: no quoting needed).
    out.exec("INSERT INTO META_DATA_CAPTURE VALUES ('PROCESS_0:ENVIRONMENT_VARIABLE', 'RANK=\"" +
             std::to_string(rank) + "\"'), ('PROCESS_0:ENVIRONMENT_VARIABLE', 'LOCAL_RANK=\"" +
             std::to_string(rank % 8) + "\"')");
    writeGpus(out, devicesOf(trace));
    writeProcess(out, trace, session);
    out.commit();
}

void writeNsightNodeExport(std::span<const TraceData> localRanks, const std::filesystem::path &file,
                           int node)
{
    NsightWriter out(file);
    out.exec(kNsightSchema);
    std::int64_t session = std::numeric_limits<std::int64_t>::max();
    for (const TraceData &trace : localRanks)
        session = std::min(session, sessionStartOf(trace));
    if (localRanks.empty())
        session = 0;
    out.insert("INSERT INTO TARGET_INFO_SESSION_START_TIME (utcEpochNs) VALUES (?)", {session});
    // The launcher's environment, as `srun --ntasks-per-node=1 nsys profile torchrun ...`
    // leaves it: one Slurm task per node, so SLURM_PROCID is the node's, not any rank's.
    const std::string index = std::to_string(node);
    out.exec("INSERT INTO META_DATA_CAPTURE VALUES ('PROCESS_0:ENVIRONMENT_VARIABLE', "
             "'SLURM_NODEID=\"" +
             index +
             "\"'), ('PROCESS_0:ENVIRONMENT_VARIABLE', "
             "'SLURM_PROCID=\"" +
             index +
             "\"'), ('PROCESS_0:ENVIRONMENT_VARIABLE', "
             "'SLURM_NTASKS_PER_NODE=\"1\"')");
    out.exec("INSERT INTO TARGET_INFO_SYSTEM_ENV VALUES (281474976710656, 'Local (CLI)', "
             "'Hostname', 619, 'node-" +
             index + "')");
    writeGpus(out, std::int64_t(localRanks.size()));
    for (std::size_t local = 0; local < localRanks.size(); ++local)
        // torchrun's children: consecutive pids, local rank i on GPU i.
        writeProcess(out, localRanks[local], session, 40'000 + std::int64_t(local),
                     std::int64_t(local));
    out.commit();
}

} // namespace rankscope
