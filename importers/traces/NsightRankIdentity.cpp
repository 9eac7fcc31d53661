#include "importers/traces/NsightRankIdentity.h"

#include "importers/bundle/RankFromPath.h"
#include "importers/traces/NsightNcclRanks.h"

#include <sqlite3.h>

#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <set>

namespace rankscope {

namespace {

std::optional<int> nsightRankNumber(std::string_view text)
{
    int rank = -1;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), rank);
    if (error != std::errc() || end == text.data() || rank < 0 || rank > kMaxSupportedRank)
        return std::nullopt;
    return rank;
}

// The first of `variables` (in their order) set to a number among the captured process's
// environment (META_DATA_CAPTURE rows "PROCESS_0:ENVIRONMENT_VARIABLE", value RANK="3").
std::optional<int> nsightEnvironmentNumber(NsightDatabase &db,
                                           std::initializer_list<std::string_view> variables,
                                           std::string_view *which = nullptr)
{
    if (!db.hasTable("META_DATA_CAPTURE"))
        return std::nullopt;
    std::optional<int> found;
    std::size_t foundOrder = variables.size();
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
                      std::size_t order = 0;
                      for (const std::string_view variable : variables) {
                          if (order >= foundOrder)
                              break;
                          if (name == variable)
                              if (const auto number = nsightRankNumber(value)) {
                                  found = number;
                                  foundOrder = order;
                                  if (which)
                                      *which = variable;
                              }
                          ++order;
                      }
                      return true;
                  });
    return found;
}

// MPI_RANKS: rank by globalPid (its threads' rows; the first rank a process has).
std::map<std::int64_t, int> mpiRanksByProcess(NsightDatabase &db)
{
    std::map<std::int64_t, int> ranks;
    if (!db.hasTable("MPI_RANKS") || !db.hasColumn("MPI_RANKS", "rank"))
        return ranks;
    const bool hasThread = db.hasColumn("MPI_RANKS", "globalTid");
    db.forEachRow(std::string("SELECT ") + (hasThread ? "globalTid" : "0") +
                      ", rank FROM MPI_RANKS",
                  [&](sqlite3_stmt *row) {
                      const std::int64_t rank = sqlite3_column_int64(row, 1);
                      if (rank >= 0 && rank <= kMaxSupportedRank)
                          ranks.emplace(nsightProcessOf(sqlite3_column_int64(row, 0)), int(rank));
                      return ranks.size() < 4096;
                  });
    return ranks;
}

std::optional<int> rankOfTexts(const NsightProcessTrace &process)
{
    for (const std::string &text : process.rankTexts)
        if (const auto rank = nsightRankNumber(std::string_view(text).substr(9)))
            return rank;
    return std::nullopt;
}

// The process's rank in its largest NCCL communicator, from NCCL's NVTX payloads; with one
// process, also the only process that has them (a payload on a helper thread's process).
bool takeCommunicatorRank(const std::map<std::int64_t, NcclCommunicatorRank> &nccl,
                          NsightProcessTrace &process, bool onlyProcess)
{
    auto found = nccl.find(process.globalPid);
    if (found == nccl.end() && onlyProcess && nccl.size() == 1)
        found = nccl.begin();
    if (found == nccl.end())
        return false;
    process.data.rank = found->second.rank;
    process.data.worldSize = found->second.ranks;
    process.data.rankSource = TraceRankSource::CommunicatorRank;
    return true;
}

void settleSingleProcess(NsightDatabase &db, NsightProcessTrace &process, std::string_view rankPath,
                         TraceProblemLog &problems)
{
    TraceData &data = process.data;
    const std::map<std::int64_t, int> mpi = mpiRanksByProcess(db);
    if (!mpi.empty()) {
        std::set<int> ranks;
        for (const auto &[globalPid, rank] : mpi)
            ranks.insert(rank);
        if (ranks.size() > 1)
            problems.add("rank", {},
                         "MPI_RANKS holds several ranks but only one process did GPU work; the "
                         "lowest is used for the whole file");
        data.rank = *ranks.begin();
        data.rankSource = TraceRankSource::MpiRankTable;
        return;
    }
    if (takeCommunicatorRank(ncclCommunicatorRanks(db), process, true))
        return;
    if (const auto rank = nsightEnvironmentNumber(
            db, {"RANK", "OMPI_COMM_WORLD_RANK", "PMI_RANK", "SLURM_PROCID"})) {
        data.rank = *rank;
        data.rankSource = TraceRankSource::CaptureEnvironment;
        return;
    }
    if (const auto rank = rankFromPath(rankPath)) {
        data.rank = *rank;
        data.rankSource = TraceRankSource::FilePath;
        return;
    }
    if (const auto rank = rankOfTexts(process)) {
        data.rank = *rank;
        data.rankSource = TraceRankSource::NvtxText;
        return;
    }
    problems.add("rank", {},
                 "no rank: the export has no MPI_RANKS table, no NCCL communicator payload "
                 "(`nsys export --include-blobs=true`), no RANK (or OMPI_COMM_WORLD_RANK, "
                 "PMI_RANK, SLURM_PROCID) in the captured environment, no rank in its path "
                 "(\"rank3\", \"-o rank_%q{RANK}\") and no NVTX text \"MPI Rank N\"");
}

std::string rankRange(int first, int last)
{
    return first == last ? std::to_string(first)
                         : std::to_string(first) + "-" + std::to_string(last);
}

void settleSeveralProcesses(NsightDatabase &db,
                            const std::vector<std::unique_ptr<NsightProcessTrace>> &processes,
                            std::string_view rankPath, TraceProblemLog &problems)
{
    const std::map<std::int64_t, int> mpi = mpiRanksByProcess(db);
    const std::map<std::int64_t, NcclCommunicatorRank> nccl = ncclCommunicatorRanks(db);
    std::string_view nodeVariable;
    std::optional<int> node =
        nsightEnvironmentNumber(db, {"NODE_RANK", "GROUP_RANK", "SLURM_NODEID"}, &nodeVariable);
    std::string nodeSource;
    if (node)
        nodeSource = std::string(nodeVariable) + "=" + std::to_string(*node) +
                     " in the captured environment";
    else if ((node = nodeIndexFromPath(rankPath)))
        nodeSource = "node " + std::to_string(*node) + " in the file's path";
    const int perNode = int(processes.size());
    const long long base = node ? (long long)(*node) * perNode : 0;
    int assumedFirst = -1;
    int assumedLast = -1;
    int assumed = 0;
    for (std::size_t local = 0; local < processes.size(); ++local) {
        TraceData &data = processes[local]->data;
        if (const auto found = mpi.find(processes[local]->globalPid); found != mpi.end()) {
            data.rank = found->second;
            data.rankSource = TraceRankSource::MpiRankTable;
        } else if (takeCommunicatorRank(nccl, *processes[local], false)) {
            // its largest communicator's rank
        } else if (const auto rank = rankOfTexts(*processes[local])) {
            data.rank = *rank;
            data.rankSource = TraceRankSource::NvtxText;
        } else if (base + (long long)local <= kMaxSupportedRank) {
            data.rank = int(base + (long long)local);
            data.rankSource = TraceRankSource::NodeLocalOrder;
            assumedFirst = assumedFirst < 0 ? data.rank : std::min(assumedFirst, data.rank);
            assumedLast = std::max(assumedLast, data.rank);
            ++assumed;
        }
    }
    if (assumedFirst < 0)
        return;
    const std::string ranks =
        (assumedFirst == assumedLast ? "rank " : "ranks ") + rankRange(assumedFirst, assumedLast);
    const std::string subject =
        assumed == perNode
            ? "the export holds " + std::to_string(perNode) +
                  " processes that did GPU work and names no rank of theirs"
            : std::to_string(assumed) + " of the export's " + std::to_string(perNode) +
                  " processes that did GPU work " +
                  (assumed == 1 ? "has no rank of its own" : "have no rank of their own");
    const std::string order = subject +
                              " (no MPI_RANKS rows, no NCCL communicator payload, no NVTX text "
                              "\"MPI Rank N\"), so " +
                              (assumed == 1 ? "it is " : "they are ") + ranks +
                              " in the order of their GPUs";
    if (node)
        problems.add("rank", {},
                     order + " on node " + std::to_string(*node) + " (" + nodeSource + ") of " +
                         std::to_string(perNode) + " ranks each; assumed, check " +
                         (assumed == 1 ? "it" : "them") + " against the logs");
    else
        problems.add("rank", {},
                     order + " from 0: no node index (NODE_RANK, GROUP_RANK or SLURM_NODEID in "
                             "the captured environment, \"node3\" in the path), so exports of "
                             "other nodes would claim the same ranks; name each file after its "
                             "node (`-o node_%q{SLURM_NODEID}`)");
}

} // namespace

std::optional<int> nodeIndexFromPath(std::string_view path)
{
    const auto lower = [](char c) { return char(std::tolower(static_cast<unsigned char>(c))); };
    std::optional<int> found; // the innermost component's wins: scan all, keep the last
    for (std::size_t at = 0; at + 4 <= path.size(); ++at) {
        if (lower(path[at]) != 'n' || lower(path[at + 1]) != 'o' || lower(path[at + 2]) != 'd' ||
            lower(path[at + 3]) != 'e')
            continue;
        if (at > 0 && std::isalpha(static_cast<unsigned char>(path[at - 1])))
            continue;
        std::size_t digits = at + 4;
        if (digits < path.size() && (path[digits] == '-' || path[digits] == '_'))
            ++digits;
        std::size_t end = digits;
        while (end < path.size() && end - digits < 7 &&
               std::isdigit(static_cast<unsigned char>(path[end])))
            ++end;
        if (end == digits ||
            (end < path.size() && std::isdigit(static_cast<unsigned char>(path[end]))))
            continue;
        if (const auto number = nsightRankNumber(path.substr(digits, end - digits)))
            found = number;
    }
    return found;
}

void settleNsightRanks(NsightDatabase &db,
                       const std::vector<std::unique_ptr<NsightProcessTrace>> &processes,
                       std::string_view rankPath, TraceProblemLog &problems)
{
    if (processes.size() == 1)
        settleSingleProcess(db, *processes.front(), rankPath, problems);
    else if (processes.size() > 1)
        settleSeveralProcesses(db, processes, rankPath, problems);
}

} // namespace rankscope
