#pragma once

// Test-only builders of CollectiveDataset: hand-made members and entries, and the JSON fixtures
// that tests/fixtures/collectives/nvrx_to_json.py writes from the shared NVRx dumps.

#include "core/collectives/CollectiveAnalysis.h"
#include "core/model/CollectiveProgress.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace rankscope_test {

inline rankscope::CollectiveEntry collective(int rank, const std::string &pg, std::int64_t seq,
                                             const std::string &profilingName,
                                             rankscope::CollectiveState state,
                                             const std::string &inSizes = "1024",
                                             const std::string &outSizes = "1024")
{
    rankscope::CollectiveEntry e;
    e.rank = rank;
    e.pgName = pg;
    e.collectiveSeq = seq;
    e.profilingName = profilingName;
    e.op = rankscope::canonicalCollectiveOp(profilingName);
    e.inputSizes = inSizes;
    e.outputSizes = outSizes;
    e.inputDtypes = "BFloat16";
    e.outputDtypes = "BFloat16";
    e.state = state;
    e.recordId = seq;
    e.source.file = "fr/nccl_trace_rank_" + std::to_string(rank);
    return e;
}

inline rankscope::CollectiveGroupStatus status(int rank, const std::string &pg,
                                               std::int64_t enqueued, std::int64_t completed)
{
    rankscope::CollectiveGroupStatus s;
    s.rank = rank;
    s.pgName = pg;
    s.lastEnqueued = enqueued;
    s.lastCompleted = completed;
    return s;
}

inline rankscope::ProcessGroupConfig group(const std::string &name, const std::string &desc,
                                           std::vector<int> ranks)
{
    rankscope::ProcessGroupConfig g;
    g.name = name;
    g.desc = desc;
    g.ranks = std::move(ranks);
    return g;
}

inline void addDumps(rankscope::CollectiveDataset &data, int firstRank, int lastRank)
{
    for (int rank = firstRank; rank <= lastRank; ++rank) {
        rankscope::CollectiveDumpInfo dump;
        dump.rank = rank;
        dump.file = "fr/nccl_trace_rank_" + std::to_string(rank);
        data.dumps.push_back(dump);
    }
}

inline rankscope::CollectiveState stateFromKey(const std::string &key)
{
    if (key == "scheduled")
        return rankscope::CollectiveState::Scheduled;
    if (key == "started")
        return rankscope::CollectiveState::Started;
    if (key == "completed")
        return rankscope::CollectiveState::Completed;
    return rankscope::CollectiveState::Unknown;
}

// The JSON fixture of nvrx_to_json.py as a dataset; false when the file cannot be read.
inline bool loadCollectiveFixture(const std::string &path, rankscope::CollectiveDataset &data)
{
    std::ifstream in(path);
    if (!in)
        return false;
    const nlohmann::json json = nlohmann::json::parse(in, nullptr, false);
    if (json.is_discarded())
        return false;
    data.worldSize = json.value("worldSize", 0);
    for (const auto &g : json["groups"])
        data.groups.push_back(group(g["name"], g["desc"], g["ranks"].get<std::vector<int>>()));
    for (const auto &j : json["entries"]) {
        rankscope::CollectiveEntry e;
        e.rank = j["rank"];
        e.pgName = j["pgName"];
        e.pgDesc = j["pgDesc"];
        e.pgId = j["pgId"];
        e.collectiveSeq = j["collectiveSeq"];
        e.p2pSeq = j["p2pSeq"];
        e.opId = j["opId"];
        e.recordId = j["recordId"];
        e.isP2p = j["isP2p"];
        e.profilingName = j["profilingName"];
        e.op = rankscope::canonicalCollectiveOp(e.profilingName);
        e.peerGroupRank = j["peerGroupRank"];
        e.inputSizes = j["inputSizes"];
        e.outputSizes = j["outputSizes"];
        e.inputNumel = j["inputNumel"];
        e.outputNumel = j["outputNumel"];
        e.inputDtypes = j["inputDtypes"];
        e.outputDtypes = j["outputDtypes"];
        e.state = stateFromKey(j["state"]);
        e.createdNs = j["createdNs"];
        e.timeoutMs = j["timeoutMs"];
        e.retired = j["retired"];
        e.threadName = j["threadName"];
        e.threadId = j["threadId"];
        e.source.file = j["file"];
        data.entries.push_back(std::move(e));
    }
    for (const auto &j : json["statuses"]) {
        rankscope::CollectiveGroupStatus s;
        s.rank = j["rank"];
        s.pgId = j["pgId"];
        s.lastEnqueued = j["lastEnqueued"];
        s.lastStarted = j["lastStarted"];
        s.lastCompleted = j["lastCompleted"];
        s.source.file = j["file"];
        data.statuses.push_back(s);
    }
    for (const auto &j : json["dumps"]) {
        rankscope::CollectiveDumpInfo d;
        d.rank = j["rank"];
        d.file = j["file"];
        d.version = j["version"];
        d.libVersion = j["libVersion"];
        d.entries = j["entries"];
        data.dumps.push_back(d);
    }
    return true;
}

// The ranks first..last.
inline std::vector<int> iota(int first, int last)
{
    std::vector<int> ranks;
    for (int r = first; r <= last; ++r)
        ranks.push_back(r);
    return ranks;
}

// Every member of `pg` completed up to `completed` and is waiting in `pending` (scheduled),
// with its pg_status; the Flight Recorder dump set for ranks first..last.
inline void waitingIn(rankscope::CollectiveDataset &data, const std::string &pg, int first,
                      int last, std::int64_t completed, std::int64_t pending, const std::string &op)
{
    using rankscope::CollectiveState;
    for (int r = first; r <= last; ++r) {
        data.entries.push_back(collective(r, pg, completed, op, CollectiveState::Completed));
        if (pending > completed)
            data.entries.push_back(collective(r, pg, pending, op, CollectiveState::Scheduled));
        data.statuses.push_back(status(r, pg, std::max(pending, completed), completed));
    }
}

inline const rankscope::CollectiveSuspect *firstOfKind(const rankscope::CollectiveReport &report,
                                                       rankscope::CollectiveSuspectKind kind)
{
    for (const rankscope::CollectiveSuspect &s : report.suspects)
        if (s.kind == kind)
            return &s;
    return nullptr;
}

} // namespace rankscope_test
