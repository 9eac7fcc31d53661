#include "core/model/CollectiveProgress.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace rankscope {

const char *collectiveStateKey(CollectiveState state)
{
    switch (state) {
    case CollectiveState::Scheduled:
        return "scheduled";
    case CollectiveState::Started:
        return "started";
    case CollectiveState::Completed:
        return "completed";
    case CollectiveState::Unknown:
        break;
    }
    return "unknown";
}

const char *collectiveEvidenceKey(CollectiveEvidence evidence)
{
    switch (evidence) {
    case CollectiveEvidence::FlightRecorder:
        return "flight_recorder";
    case CollectiveEvidence::WatchdogTimeout:
        return "watchdog_timeout";
    case CollectiveEvidence::ProgressLine:
        return "progress_line";
    case CollectiveEvidence::DesyncReport:
        return "desync_report";
    case CollectiveEvidence::AnalyserReport:
        return "analyser_report";
    case CollectiveEvidence::HorovodStall:
        return "horovod_stall";
    case CollectiveEvidence::NcclRas:
        return "nccl_ras";
    case CollectiveEvidence::Trace:
        return "trace";
    case CollectiveEvidence::MonitoredBarrier:
        return "monitored_barrier";
    }
    return "unknown";
}

std::string_view collectiveBackend(std::string_view profilingName)
{
    const auto colon = profilingName.find(':');
    if (colon == std::string_view::npos || colon == 0)
        return {};
    const std::string_view prefix = profilingName.substr(0, colon);
    const bool word = std::all_of(prefix.begin(), prefix.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
    return word ? prefix : std::string_view();
}

namespace {

// NCCL's and c10d's spellings (after lower-casing and dropping '_'), to PyTorch's op names.
constexpr std::array<std::pair<std::string_view, std::string_view>, 22> kOpSpellings = {{
    {"allreduce", "all_reduce"},
    {"allgather", "all_gather"},
    {"allgatherbase", "all_gather"},
    {"allgatherintotensor", "all_gather"},
    {"allgathercoalesced", "all_gather_coalesced"},
    {"allgatherintotensorcoalesced", "all_gather_coalesced"},
    {"allreducecoalesced", "all_reduce_coalesced"},
    {"reducescatter", "reduce_scatter"},
    {"reducescatterbase", "reduce_scatter"},
    {"reducescattertensor", "reduce_scatter"},
    {"reducescattercoalesced", "reduce_scatter_coalesced"},
    {"reducescattertensorcoalesced", "reduce_scatter_coalesced"},
    {"broadcast", "broadcast"},
    {"alltoall", "all_to_all"},
    {"alltoallbase", "all_to_all"},
    {"alltoallsingle", "all_to_all"},
    {"barrier", "barrier"},
    {"send", "send"},
    {"recv", "recv"},
    {"reduce", "reduce"},
    {"gather", "gather"},
    {"scatter", "scatter"},
}};

} // namespace

std::string canonicalCollectiveOp(std::string_view name)
{
    if (const std::string_view backend = collectiveBackend(name); !backend.empty())
        name.remove_prefix(backend.size() + 1);
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.front())))
        name.remove_prefix(1);
    // "send 0->3", "recv 3<-0", "all_reduce (meta)": the op is the first word.
    const auto space = name.find_first_of(" \t(");
    if (space != std::string_view::npos)
        name = name.substr(0, space);

    std::string lower;
    lower.reserve(name.size());
    for (char c : name)
        lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    std::string squeezed;
    squeezed.reserve(lower.size());
    for (char c : lower)
        if (c != '_')
            squeezed.push_back(c);
    for (const auto &[spelling, op] : kOpSpellings)
        if (squeezed == spelling)
            return std::string(op);
    if (squeezed == "coalesced")
        return "coalesced";
    return lower;
}

} // namespace rankscope
