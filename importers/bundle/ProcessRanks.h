#pragma once

#include "core/model/ParsedStacks.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rankscope {

inline constexpr const char *kLauncherRole = "launcher";

// What job.json says that helps to tell a process's rank from its content.
struct RankHints
{
    std::map<std::int64_t, int> pidRanks; // "pids": {"12345": 3}, or ranks[].pid
    std::map<std::pair<std::string, int>, int> nodeLocalRanks; // (node, local_rank) -> rank
};

// The ranks a command line names, as launchers and users write them: the environment given to
// `env` or a shell ("RANK=3", "LOCAL_RANK=3"), or arguments ("--rank 3", "--rank=3",
// "--global-rank 3", and DeepSpeed's "--local_rank=3", torch.distributed.launch's
// "--local-rank=3"). "--node_rank"/"--nnodes" are not ranks.
struct CommandLineRanks
{
    std::optional<int> rank;
    std::optional<int> localRank;
};
CommandLineRanks ranksInCommandLine(std::string_view commandLine);

// Which rank each process of one stack file belongs to, and its role.
struct ProcessRankAssignment
{
    // True when the ranks come from the content (several ranks in the file, or a file whose
    // path names no rank): they then depend on job.json, and the file must be read again when
    // it changes.
    bool fromContent = false;
    std::vector<int> ranks;         // per process; -1: unknown (the process is left out)
    std::vector<std::string> roles; // per process; "" = the rank's own role
    std::vector<int> mainThread;    // per process: its main thread when it is a rank's main process
    std::vector<ParseProblem> problems;
};

// Tells each process's rank: per process, in this order, job.json's pid map, the command line's
// RANK= or --rank, the file named by a pasted "==> name <==" header, the command line's local
// rank on the prompt's host (with job.json's node and local_rank); a process without any takes
// its parent's. When the content names at most one rank, the path's rank (`pathRank`) is every
// process's, as for any one-rank file. A process that launched ranks (torchrun's agent) and is
// none itself gets the role "launcher" and no rank.
ProcessRankAssignment assignProcessRanks(const ParsedStacks &parsed, std::optional<int> pathRank,
                                         const RankHints &hints);

} // namespace rankscope
