#pragma once

#include "core/cache/FileRanks.h"
#include "core/model/JobInfo.h"
#include "core/model/StackDataset.h"

#include <vector>

namespace rankscope {

// How many ranks the job has, who says so, and which layers each rank has: decided from what
// the manifest and every stack, trace and log file say (docs/bundle-format.md, "World size").
struct JobShapeEvidence
{
    int manifestWorldSize = 0;    // job.json "world_size", 0 when absent
    int highestManifestRank = -1; // highest rank the manifest lists
    RankSet stackRanksWithSamples;

    // What the files say, folded one file at a time (addFile) rather than kept per file.
    void addFile(const StoredFileRanks &file);
    RankSet traceRanks; // usable traces
    RankSet logRanks;   // usable logs
    RankSet dumpRanks;  // Flight Recorder dumps read
    int traceWorldSize = 0;
    int logWorldSize = 0;
    int highestContentRank = -1; // the highest rank each kind of file evidence names
    int highestPathRank = -1;
    int highestAssumedRank = -1;
};

struct JobShape
{
    int worldSize = 0;
    WorldSizeSource source = WorldSizeSource::None;
    RankLayers layers;
};

// The world size is the largest of the manifest's, the traces' distributedInfo.world_size,
// the logs' stated one and the highest rank + 1; the most trusted source that says that much
// names it (content before paths). A stated size above the manifest's is a problem on
// job.json, as a rank beyond it is.
JobShape decideJobShape(const JobShapeEvidence &evidence, std::vector<ImportProblem> &problems);

} // namespace rankscope
