#include "core/traces/TraceRankSourceText.h"

namespace rankscope {

namespace {

struct RankSourceName
{
    TraceRankSource source;
    const char *key;
    const char *text;
};

constexpr RankSourceName kRankSourceNames[] = {
    {TraceRankSource::Unknown, "unknown", "nothing (no rank)"},
    {TraceRankSource::DistributedInfo, "distributed-info", "distributedInfo.rank"},
    {TraceRankSource::FilePath, "path", "the file path"},
    {TraceRankSource::MpiRankTable, "mpi-ranks", "MPI_RANKS"},
    {TraceRankSource::CaptureEnvironment, "environment", "the captured environment"},
    {TraceRankSource::NvtxText, "nvtx-text", "NVTX text \"MPI Rank N\""},
    {TraceRankSource::CommunicatorRank, "nccl-communicator", "the NCCL communicator"},
    {TraceRankSource::NodeLocalOrder, "node-order", "the node and GPU order (assumed)"},
};

} // namespace

const char *traceRankSourceKey(TraceRankSource source)
{
    for (const RankSourceName &name : kRankSourceNames)
        if (name.source == source)
            return name.key;
    return "unknown";
}

std::string_view traceRankSourceText(std::string_view key)
{
    for (const RankSourceName &name : kRankSourceNames)
        if (key == name.key)
            return name.text;
    return key;
}

} // namespace rankscope
