#include "core/cache/JobShape.h"

#include <algorithm>

namespace rankscope {

JobShape decideJobShape(const JobShapeEvidence &evidence, std::vector<ImportProblem> &problems)
{
    JobShape shape;
    shape.layers.stacks = evidence.stackRanksWithSamples;
    int traceWorldSize = 0;
    int logWorldSize = 0;
    int highestSeen = evidence.highestManifestRank; // named by content
    int highestPath = -1;
    int highestAssumed = -1;
    for (const StoredFileRanks &file : evidence.files) {
        const bool trace = file.kind == "trace";
        const bool log = file.kind == "log";
        if (file.usable && trace) {
            shape.layers.traces |= file.facts.ranks;
            traceWorldSize = std::max(traceWorldSize, file.facts.statedWorldSize);
        }
        if (file.usable && file.kind == "collective")
            shape.layers.dumps |= file.facts.ranks;
        if (file.usable && log) {
            shape.layers.logs |= file.facts.ranks;
            logWorldSize = std::max(logWorldSize, file.facts.statedWorldSize);
        }
        // A failed stack file still names its rank by its path (it belongs to the job); a
        // trace that does not speak for its rank does not.
        if (!file.usable && file.kind != "stacks")
            continue;
        const int last = file.facts.ranks.last();
        switch (file.facts.source) {
        case FileRankSource::Content:
            highestSeen = std::max(highestSeen, last);
            break;
        case FileRankSource::Path:
            highestPath = std::max(highestPath, last);
            break;
        case FileRankSource::Assumed:
            highestAssumed = std::max(highestAssumed, last);
            break;
        }
    }

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
