#include "importers/traces/NcclInspectorImport.h"

#include "core/model/TimeArithmetic.h"
#include "importers/JsonNesting.h"
#include "importers/bundle/RankFromPath.h"
#include "importers/logs/LogTextSource.h"
#include "importers/traces/ChromeTraceEvent.h"
#include "importers/traces/TraceBuilder.h"
#include "importers/traces/TraceProblemLog.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rankscope {

namespace {

constexpr std::size_t kInspectorMaxLineBytes = 1 << 20;
constexpr int kInspectorMaxNesting = 64;

using Json = nlohmann::json;

std::optional<std::int64_t> inspectorInteger(const Json &object, const char *key)
{
    const auto found = object.find(key);
    if (found == object.end())
        return std::nullopt;
    if (found->is_number_unsigned()) {
        const auto value = found->get<std::uint64_t>();
        if (value > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return std::int64_t(value);
    }
    if (found->is_number_integer())
        return found->get<std::int64_t>();
    return std::nullopt;
}

std::optional<double> inspectorNumber(const Json &object, const char *key)
{
    const auto found = object.find(key);
    if (found == object.end() || !found->is_number())
        return std::nullopt;
    const double value = found->get<double>();
    return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

// The bytes an op moved on the bus as NCCL counts them: its bus bandwidth (GB/s) times its
// execution time; nullopt when either is missing or absurd (beyond 100 TB/s or 1 PB).
std::optional<std::int64_t> inspectorBusBytes(const Json &perf, bool p2p, std::int64_t execUs)
{
    const auto busbw = inspectorNumber(perf, p2p ? "p2p_busbw_gbs" : "coll_busbw_gbs");
    if (!busbw || *busbw <= 0 || *busbw > 1e5 || execUs <= 0)
        return std::nullopt;
    const double bytes = *busbw * double(execUs) * 1e3; // GB/s x us = 1e3 bytes
    return bytes >= 1 && bytes < 1e15 ? std::optional<std::int64_t>(std::llround(bytes))
                                      : std::nullopt;
}

std::string inspectorText(const Json &object, const char *key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : std::string();
}

// µs since the epoch to ns, nullopt when it overflows or is no date (before 2000, after 2200).
std::optional<std::int64_t> inspectorNs(std::int64_t micros)
{
    if (micros < 946'684'800'000'000 || micros > 7'258'118'400'000'000)
        return std::nullopt;
    return checkedMul(micros, 1000);
}

// One communicator's rank and size, to find the process's global rank.
struct InspectorCommunicator
{
    std::int64_t rank = -1;
    std::int64_t size = 0;
    std::int64_t track = 0; // the tid of its track
};

class InspectorReader
{
public:
    InspectorReader(TraceData &data, TraceProblemLog &problems)
        : m_data(data), m_problems(problems), m_builder(data, problems)
    {}

    void line(std::string_view text, std::int64_t lineNumber, std::int64_t offset)
    {
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
            text.remove_suffix(1);
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
            text.remove_prefix(1);
        if (text.empty())
            return;
        const TraceProblemLog::Place place{lineNumber, offset};
        if (scanJsonNesting(text, kInspectorMaxNesting).tooDeepAt != std::string_view::npos) {
            m_problems.report("deep", place, [&] {
                return "line " + std::to_string(lineNumber) + ": JSON nests deeper than " +
                       std::to_string(kInspectorMaxNesting) + " levels; such lines are skipped";
            });
            return;
        }
        Json record = Json::parse(text, nullptr, false);
        if (record.is_discarded() || !record.is_object()) {
            m_problems.report("json", place, [&] {
                return "line " + std::to_string(lineNumber) +
                       ": not a JSON object; such lines are skipped";
            });
            return;
        }
        const auto header = record.find("header");
        const auto metadata = record.find("metadata");
        auto perf = record.find("coll_perf");
        const bool p2p = perf == record.end();
        if (p2p)
            perf = record.find("p2p_perf");
        if (header == record.end() || !header->is_object() || metadata == record.end() ||
            !metadata->is_object() || perf == record.end() || !perf->is_object()) {
            m_problems.report("record", place, [&] {
                return "line " + std::to_string(lineNumber) +
                       ": not an NCCL Inspector record (header, metadata and coll_perf or "
                       "p2p_perf); such lines are skipped";
            });
            return;
        }
        add(*header, *metadata, *perf, p2p, lineNumber, place);
    }

    void finish(std::string_view rankPath)
    {
        if (m_approximate > 0)
            m_problems.add("approximate", {},
                           std::to_string(m_approximate) +
                               " ops have no kernel times (NCCL_INSPECTOR_DUMP_VERBOSE=0): each "
                               "is placed to end when its record was dumped, up to the dump "
                               "interval after it really ended");
        // The rank in the largest communicator is the global rank (the world's).
        const InspectorCommunicator *world = nullptr;
        for (const auto &[id, comm] : m_communicators)
            if (comm.rank >= 0 && (!world || comm.size > world->size))
                world = &comm;
        if (world && world->rank <= kMaxSupportedRank) {
            m_data.rank = int(world->rank);
            m_data.rankSource = TraceRankSource::CommunicatorRank;
            m_data.worldSize = int(std::min<std::int64_t>(world->size, kMaxSupportedRank + 1));
        } else if (const auto rank = rankFromPath(rankPath)) {
            m_data.rank = *rank;
            m_data.rankSource = TraceRankSource::FilePath;
        } else {
            m_problems.add("rank", {},
                           "no rank: no record names the process's rank in a communicator, and "
                           "the path names none");
        }
        m_builder.finish();
    }

private:
    void add(const Json &header, const Json &metadata, const Json &perf, bool p2p,
             std::int64_t lineNumber, TraceProblemLog::Place place)
    {
        const std::string id = inspectorText(header, "id");
        const std::string op = inspectorText(perf, p2p ? "p2p" : "coll");
        const auto execUs = inspectorInteger(perf, p2p ? "p2p_exec_time_us" : "coll_exec_time_us");
        const auto dumpUs = inspectorInteger(metadata, "dump_timestamp_us");
        if (id.empty() || op.empty() || !execUs || *execUs < 0) {
            m_problems.report("fields", place, [&] {
                return "line " + std::to_string(lineNumber) +
                       ": a record without its communicator id, op or execution time; such "
                       "records are skipped";
            });
            return;
        }
        std::optional<std::int64_t> start;
        std::optional<std::int64_t> end;
        if (const auto trace = perf.find("event_trace_ts");
            trace != perf.end() && trace->is_object()) {
            if (const auto kernels = trace->find("kernel_events");
                kernels != trace->end() && kernels->is_array())
                for (const Json &kernel : *kernels) {
                    if (!kernel.is_object())
                        continue;
                    const auto from = inspectorInteger(kernel, "kernel_start_ts");
                    const auto to = inspectorInteger(kernel, "kernel_stop_ts");
                    const auto fromNs = from ? inspectorNs(*from) : std::nullopt;
                    const auto toNs = to ? inspectorNs(*to) : std::nullopt;
                    if (fromNs && toNs && *toNs >= *fromNs) {
                        start = start ? std::min(*start, *fromNs) : *fromNs;
                        end = end ? std::max(*end, *toNs) : *toNs;
                    }
                }
        }
        if (!start) {
            const auto dumpNs = dumpUs ? inspectorNs(*dumpUs) : std::nullopt;
            const auto lengthNs = checkedMul(*execUs, 1000);
            if (!dumpNs || !lengthNs || *lengthNs > *dumpNs) {
                m_problems.report("time", place, [&] {
                    return "line " + std::to_string(lineNumber) +
                           ": no usable time (dump_timestamp_us or the kernels' times); such "
                           "records are skipped";
                });
                return;
            }
            end = *dumpNs;
            start = *dumpNs - *lengthNs;
            ++m_approximate;
        }

        InspectorCommunicator &comm = m_communicators[id];
        if (comm.track == 0)
            comm.track = std::int64_t(m_communicators.size());
        if (const auto rank = inspectorInteger(header, "rank"))
            comm.rank = *rank;
        if (const auto size = inspectorInteger(header, "n_ranks"))
            comm.size = *size;
        const std::int64_t pid = inspectorInteger(metadata, "pid").value_or(0);
        if (m_pid < 0 && pid > 0)
            nameProcess(pid, inspectorText(metadata, "hostname"));

        // The op as the NCCL kernel that ran it, on the communicator's own GPU-stream row.
        std::string collective = op;
        std::transform(collective.begin(), collective.end(), collective.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        const std::string name = "ncclKernel_" + op;
        const std::string commName = inspectorText(header, "comm_name");
        ChromeTraceEvent event;
        event.phase = 'X';
        event.name = name;
        event.category = "kernel";
        event.pid = {kInspectorDevicePid, {}, true, false};
        event.tid = {comm.track, {}, true, false};
        event.args.device = kInspectorDevicePid;
        event.args.stream = comm.track;
        event.tsNs = *start;
        event.durNs = *end - *start;
        event.hasTs = true;
        event.hasDur = true;
        event.args.collectiveName = collective;
        event.args.processGroupName = id;
        event.args.processGroupDescription = commName;
        event.args.groupSize = comm.size > 0 ? comm.size : -1;
        if (const auto sequence = inspectorInteger(perf, p2p ? "p2p_sn" : "coll_sn"))
            event.args.sequence = *sequence;
        if (const auto bytes = inspectorBusBytes(perf, p2p, *execUs))
            event.args.busBytes = *bytes;
        event.index = m_index++;
        m_builder.add(event);
        if (m_namedTracks.insert(comm.track).second) {
            const std::string label =
                "NCCL " +
                (commName.empty() || commName == "unknown" ? id : commName + " (" + id + ")");
            metadata_(kInspectorDevicePid, comm.track, "thread_name", label);
        }
    }

    void nameProcess(std::int64_t pid, const std::string &host)
    {
        m_pid = pid;
        if (host.size() <= 255)
            m_data.host = host;
        metadata_(kInspectorDevicePid, 0, "process_labels", "GPU (NCCL Inspector)");
        metadata_(kInspectorDevicePid, 0, "process_name",
                  host.empty() ? "pid " + std::to_string(pid)
                               : host + " pid " + std::to_string(pid));
    }

    void metadata_(std::int64_t pid, std::int64_t tid, std::string_view what,
                   const std::string &value)
    {
        ChromeTraceEvent event;
        event.phase = 'M';
        event.name = what;
        event.pid = {pid, {}, true, false};
        event.tid = {tid, {}, true, false};
        if (what == "process_labels")
            event.args.labels = value;
        else
            event.args.name = value;
        event.index = m_index++;
        m_builder.add(event);
    }

    // One device row for the process: Inspector says which communicator, not which GPU.
    static constexpr std::int64_t kInspectorDevicePid = 0;

    TraceData &m_data;
    TraceProblemLog &m_problems;
    TraceBuilder m_builder;
    std::map<std::string, InspectorCommunicator> m_communicators;
    std::set<std::int64_t> m_namedTracks;
    std::int64_t m_pid = -1;
    std::int64_t m_index = 0;
    std::int64_t m_approximate = 0;
};

} // namespace

bool isNcclInspectorPath(std::string_view path)
{
    const std::size_t slash = path.find('/');
    if (slash == std::string_view::npos)
        return false;
    const std::string_view folder = path.substr(0, slash);
    return folder == "inspector" || folder.rfind("nccl-inspector", 0) == 0;
}

TraceData importNcclInspectorLog(const std::string &path, std::string_view rankPath,
                                 std::uint64_t maxBytes)
{
    TraceData data;
    data.sourcePath = path;
    TraceProblemLog problems;
    InspectorReader reader(data, problems);
    LogTextSource source{std::filesystem::path(path)};
    source.setMaxTextBytes(maxBytes);
    // Lines as they come, in a bounded buffer: a line longer than the cap is skipped unread.
    std::string pending;
    std::vector<char> buffer(1 << 16);
    std::int64_t lineNumber = 0;
    std::int64_t offset = 0;
    std::int64_t lineStart = 0;
    bool skipping = false;
    for (;;) {
        const std::size_t got = source.read(buffer.data(), buffer.size());
        if (got == 0)
            break;
        std::string_view chunk(buffer.data(), got);
        while (!chunk.empty()) {
            const std::size_t newline = chunk.find('\n');
            const std::string_view piece = chunk.substr(0, newline);
            if (!skipping) {
                if (pending.size() + piece.size() > kInspectorMaxLineBytes) {
                    skipping = true;
                    pending.clear();
                } else {
                    pending.append(piece);
                }
            }
            offset += std::int64_t(piece.size());
            if (newline == std::string_view::npos)
                break;
            ++lineNumber;
            ++offset;
            if (skipping)
                problems.report("long", {lineNumber, lineStart}, [&] {
                    return "line " + std::to_string(lineNumber) + " is longer than " +
                           std::to_string(kInspectorMaxLineBytes) + " bytes; skipped unread";
                });
            else
                reader.line(pending, lineNumber, lineStart);
            pending.clear();
            skipping = false;
            lineStart = offset;
            chunk.remove_prefix(newline + 1);
        }
    }
    if (!pending.empty() && !skipping)
        reader.line(pending, lineNumber + 1, lineStart);
    if (source.reachedCap())
        problems.add("cap", {},
                     "the log is more than " + std::to_string(maxBytes) +
                         " bytes of text; the first " + std::to_string(maxBytes) + " were read");
    else if (!source.textError().empty())
        problems.add("decompress", {}, source.textError());
    else if (!source.readError().empty())
        problems.add("io", {}, "the file " + source.readError());
    reader.finish(rankPath.empty() ? std::string_view(path) : rankPath);
    std::vector<TraceProblem> found = problems.take();
    data.problems.insert(data.problems.end(), std::make_move_iterator(found.begin()),
                         std::make_move_iterator(found.end()));
    return data;
}

} // namespace rankscope
