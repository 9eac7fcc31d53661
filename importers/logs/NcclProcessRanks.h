#pragma once

#include "core/logs/LogModel.h"

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rankscope {

// The process an NCCL debug line comes from: "r6i4n5:37339:37557 [0] NCCL INFO ..." names the
// host, pid and thread.
struct NcclLineOrigin
{
    std::string_view key; // "host:pid"
    std::string_view host;
    std::int64_t pid = 0;
    std::string_view message; // after "NCCL "
};
bool parseNcclLineOrigin(std::string_view text, NcclLineOrigin *origin);

// Learns which global rank each (host, pid) is from NCCL's communicator lines ("comm 0x.. rank
// 32 nranks 64 cudaDev 0 busId 1a000 - Init COMPLETE"): the communicator with the most ranks
// is the world, so its rank is the global one. Combined Slurm output without rank prefixes
// names ranks only there.
class NcclProcessRanks
{
public:
    // Call for every line; remembers the process when it is an NCCL line. Returns the key of
    // the process (for rankOf) or -1 when the line is not an NCCL line.
    std::int64_t observe(std::string_view text);

    // The global rank of a process key, -1 when unknown.
    int rankOf(std::int64_t processKey) const;

    // The global rank of the process with this pid (on `host` when given), -1 when no such
    // process is known or several hosts have one.
    int rankOfPid(std::int64_t pid, std::string_view host) const;

    // Every process whose rank is known, sorted by rank.
    std::vector<LogRankNode> rankNodes() const;

private:
    struct Process
    {
        std::string host;
        std::int64_t pid = 0;
        int rank = -1;
        int worldSize = 0;
    };
    // "host:pid" -> index into m_processes; the views point into m_keyTexts, whose strings
    // never move, so a line's own "host:pid" can be looked up without building a string.
    std::unordered_map<std::string_view, std::int64_t> m_keys;
    std::deque<std::string> m_keyTexts;
    std::vector<Process> m_processes;
    int m_worldSize = 0;
    struct RecentProcess
    {
        std::string_view key; // points into m_keyTexts
        std::int64_t index = -1;
    };
    std::array<RecentProcess, 256> m_recent{}; // by pid modulo 256
};

} // namespace rankscope
