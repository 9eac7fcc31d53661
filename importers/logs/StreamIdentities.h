#pragma once

#include "core/logs/LogModel.h"
#include "importers/logs/LineHeader.h"
#include "importers/logs/LinePrefixes.h"
#include "importers/logs/NcclProcessRanks.h"
#include "importers/logs/WorkerTag.h"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rankscope {

// A process (or container) that a line's prefixes name without stating its global rank: a
// vLLM/Ray worker by pid, an SGLang worker by its TP/PP/DP coordinates, a task of an srun
// heterogeneous job's later component, torchrun's local rank on one of several nodes, a pod or
// container. Its lines are one stream for multi-line merging (a worker's traceback stays one
// event) and its rank is settled once the whole file is read.
struct ProcessIdentity
{
    enum class Kind : std::uint8_t
    {
        Process,     // a pid ("(VllmWorkerProcess pid=123)"), maybe with coordinates
        Coordinates, // SGLang's "[... DP0 PP1 TP3]"
        HetTask,     // srun's "P1 3: "
        LocalRank,   // "[default3]:" under an srun label, pod or container
        Node,        // a pod or container alone
    };
    Kind kind = Kind::Node;
    std::string node;
    std::int64_t pid = -1;
    WorkerTag tag;
    int component = -1; // HetTask
    int task = -1;      // HetTask: the task; LocalRank: the srun label around it, -1 for a node
    int localRank = -1;
    int statedRank = -1; // what the process's own lines say ("rank 3 in world size 8 is ...")
    int rank = -1;       // after resolve()
};

// Whose a line is: a global rank, or an identity to settle later, or neither.
struct LineOwner
{
    int rank = -1;
    int identity = -1;
};

class StreamIdentities
{
public:
    // The owner of a line from its prefixes and header (see docs/formats-logs.md, "Ranks from
    // worker tags" for the rules).
    LineOwner ownerOf(const LinePrefix &prefix, const LineHeader &header);

    // A line of `identity` with this body: remembers a rank the process states about itself.
    void noteBody(int identity, std::string_view body);

    // Settles every identity's rank from what the whole file showed, NCCL's communicator lines
    // included (a vLLM worker's pid is the pid in its NCCL lines).
    void resolve(const NcclProcessRanks &nccl);

    int rankOf(int identity) const { return m_identities[std::size_t(identity)].rank; }
    const std::vector<ProcessIdentity> &identities() const { return m_identities; }
    // The parallel layout resolve() inferred (for tests and docs).
    const WorkerRankLayout &layout() const { return m_layout; }

private:
    int find(ProcessIdentity::Kind kind, const ProcessIdentity &fill);

    std::vector<ProcessIdentity> m_identities;
    std::unordered_map<std::string_view, int> m_byKey;
    std::deque<std::string> m_keys; // the views in m_byKey point here
    std::string m_key;              // scratch for a lookup
    WorkerRankLayout m_layout;
};

// "rank 1 in world size 2 is assigned as DP rank 0, PP rank 0, TP rank 1" (vLLM's
// parallel_state) and "world_size=2 rank=1 local_rank=1 ..." (vLLM's init_distributed_environment):
// the global rank a process states, -1 when the body says none.
int statedGlobalRank(std::string_view body);

} // namespace rankscope
