#include "core/model/RankLayers.h"

namespace rankscope {

const char *worldSizeSourceText(WorldSizeSource source)
{
    switch (source) {
    case WorldSizeSource::Manifest:
        return "job.json";
    case WorldSizeSource::TraceInfo:
        return "distributedInfo.world_size in the traces";
    case WorldSizeSource::Logs:
        return "stated in the logs";
    case WorldSizeSource::RanksSeen:
        return "highest rank seen + 1";
    case WorldSizeSource::FilePaths:
        return "from file paths";
    case WorldSizeSource::SingleFile:
        return "one file, taken as rank 0";
    case WorldSizeSource::None:
        break;
    }
    return "";
}

const char *worldSizeSourceKey(WorldSizeSource source)
{
    switch (source) {
    case WorldSizeSource::Manifest:
        return "manifest";
    case WorldSizeSource::TraceInfo:
        return "trace_info";
    case WorldSizeSource::Logs:
        return "logs";
    case WorldSizeSource::RanksSeen:
        return "ranks_seen";
    case WorldSizeSource::FilePaths:
        return "file_paths";
    case WorldSizeSource::SingleFile:
        return "single_file";
    case WorldSizeSource::None:
        break;
    }
    return "none";
}

} // namespace rankscope
