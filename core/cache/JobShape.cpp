#include "core/cache/JobShape.h"

#include <algorithm>

namespace rankscope {

void JobShapeEvidence::addFile(const StoredFileRanks &file)
{
    const bool trace = file.kind == "trace";
    const bool log = file.kind == "log";
    if (file.usable && trace) {
        traceRanks |= file.facts.ranks;
        traceWorldSize = std::max(traceWorldSize, file.facts.statedWorldSize);
    }
    if (file.usable && file.kind == "collective")
        dumpRanks |= file.facts.ranks;
    if (file.usable && log) {
        logRanks |= file.facts.ranks;
        logWorldSize = std::max(logWorldSize, file.facts.statedWorldSize);
    }
    // A failed stack file still names its rank by its path (it belongs to the job); a trace
    // that does not speak for its rank does not.
    if (!file.usable && file.kind != "stacks")
        return;
    const int last = file.facts.ranks.last();
    switch (file.facts.source) {
    case FileRankSource::Content:
        highestContentRank = std::max(highestContentRank, last);
        break;
    case FileRankSource::Path:
        highestPathRank = std::max(highestPathRank, last);
        break;
    case FileRankSource::Assumed:
        highestAssumedRank = std::max(highestAssumedRank, last);
        break;
    }
}

JobShape decideJobShape(const JobShapeEvidence &evidence, std::vector<ImportProblem> &problems)
{
    JobShape shape;
    shape.layers.stacks = evidence.stackRanksWithSamples;
    shape.layers.traces = evidence.traceRanks;
    shape.layers.logs = evidence.logRanks;
    shape.layers.dumps = evidence.dumpRanks;
    const int traceWorldSize = evidence.traceWorldSize;
    const int logWorldSize = evidence.logWorldSize;
    // The manifest's ranks are named by content too.
    const int highestSeen = std::max(evidence.highestManifestRank, evidence.highestContentRank);
    const int highestPath = evidence.highestPathRank;
    const int highestAssumed = evidence.highestAssumedRank;

    const int manifest = evidence.manifestWorldSize;
    const int highest = std::max({highestSeen, highestPath, highestAssumed});
    shape.worldSize = std::max({manifest, traceWorldSize, logWorldSize, highest + 1});
    const int size = shape.worldSize;
    if (size == 0)
        shape.source = WorldSizeSource::None;
    else if (manifest == size)
        shape.source = WorldSizeSource::Manifest;
    else if (traceWorldSize == size)
        shape.source = WorldSizeSource::TraceInfo;
    else if (logWorldSize == size)
        shape.source = WorldSizeSource::Logs;
    else if (highestSeen + 1 == size)
        shape.source = WorldSizeSource::RanksSeen;
    else if (highestPath + 1 == size)
        shape.source = WorldSizeSource::FilePaths;
    else
        shape.source = WorldSizeSource::SingleFile;

    if (manifest > 0 && size > manifest) {
        const std::string why =
            highest + 1 == size ? "the bundle has rank " + std::to_string(highest)
            : traceWorldSize == size
                ? "the traces' distributedInfo.world_size is " + std::to_string(traceWorldSize)
                : "the logs state world size " + std::to_string(logWorldSize);
        problems.push_back({"job.json", 0,
                            "job.json says world_size " + std::to_string(manifest) + " but " + why +
                                "; using world size " + std::to_string(size)});
    }
    return shape;
}

} // namespace rankscope
