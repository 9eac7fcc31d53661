#pragma once

#include "core/model/JobInfo.h"

#include <string>
#include <vector>

namespace rankscope {

// The ranks of a job grouped by the layers they have, for summaries that say what each rank
// has ("ranks 0-7: traces, logs; no stacks in this bundle") instead of an alarm-like "no stack
// data: 0-7" on a bundle that simply has no stacks.
struct CoverageGroup
{
    RankSet ranks;
    bool stacks = false;
    bool traces = false;
    bool logs = false;
    bool dumps = false; // Flight Recorder dumps
    bool none() const { return !stacks && !traces && !logs && !dumps; }
};

struct RankCoverage
{
    std::vector<CoverageGroup> groups; // ranks 0 .. worldSize-1 by first rank, no-data last
    bool anyStacks = false;            // the layer exists for some rank of the bundle
    bool anyTraces = false;
    bool anyLogs = false;
    bool anyDumps = false;
};

RankCoverage rankCoverage(const JobInfo &job);

// "ranks 0-7: traces, logs; no stacks in this bundle", "ranks 0-36,38-63: stacks, logs;
// rank 37: logs; no traces in this bundle", "ranks 0-1: traces; ranks 2-127: no data; no
// stacks or logs in this bundle" (a bundle without Flight Recorder dumps is normal: their
// absence is not listed); each rank list cut to maxRangeChars (0: never).
std::string coverageText(const RankCoverage &coverage, int maxRangeChars = 0);
std::string coverageText(const JobInfo &job, int maxRangeChars = 0);

// "world size 8 (distributedInfo.world_size in the traces)"; "world size 0" when unknown.
std::string worldSizeText(const JobInfo &job);

} // namespace rankscope
