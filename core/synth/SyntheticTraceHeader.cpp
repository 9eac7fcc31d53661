#include "core/synth/SyntheticTraceHeader.h"

#include <algorithm>

namespace rankscope {

namespace {

constexpr std::string_view kDeviceProperties =
    "\"name\": \"NVIDIA H100 80GB HBM3\", \"totalGlobalMem\": 84929347584,\n"
    "      \"computeMajor\": 9, \"computeMinor\": 0,\n"
    "      \"maxThreadsPerBlock\": 1024, \"maxThreadsPerMultiprocessor\": 2048,\n"
    "      \"regsPerBlock\": 65536, \"regsPerMultiprocessor\": 65536, \"warpSize\": 32,\n"
    "      \"sharedMemPerBlock\": 49152, \"sharedMemPerMultiprocessor\": 233472,\n"
    "      \"numSms\": 132, \"sharedMemPerBlockOptin\": 232448\n"
    "    }";

struct GroupInfo
{
    std::string name;
    std::string_view description;
    int first = 0; // the members are first .. first + size - 1
    int size = 0;
};

GroupInfo defaultGroup(const SyntheticScenario &scenario)
{
    return {"0", "default_pg", 0, scenario.layout.worldSize};
}

GroupInfo tensorParallelGroup(const SyntheticScenario &scenario, int rank)
{
    const SyntheticLayout &layout = scenario.layout;
    const int node = layout.nodeIndexOf(rank);
    const int first = node * layout.ranksPerNode;
    return {std::to_string(node + 1), "tp", first,
            std::min(layout.ranksPerNode, layout.worldSize - first)};
}

void appendRankList(std::string &out, const GroupInfo &group)
{
    out += '[';
    for (int i = 0; i < group.size; ++i) {
        if (i > 0)
            out += ", ";
        out += std::to_string(group.first + i);
    }
    out += ']';
}

void appendGroupConfig(std::string &out, const GroupInfo &group)
{
    out += "{\"pg_name\": \"" + group.name + "\", \"pg_desc\": \"";
    out += group.description;
    out += "\", \"backend_config\": \"cuda:nccl\", \"pg_size\": " + std::to_string(group.size) +
           ", \"ranks\": ";
    appendRankList(out, group);
    out += '}';
}

SyntheticCollectiveArgs collectiveArgs(std::string_view collective, std::string_view dtype,
                                       long long inElements, long long outElements,
                                       const GroupInfo &group, int rank,
                                       std::string_view kernelName)
{
    const std::string shared =
        "\"Collective name\": \"" + std::string(collective) +
        "\", \"In msg nelems\": " + std::to_string(inElements) +
        ", \"Out msg nelems\": " + std::to_string(outElements) +
        ", \"Group size\": " + std::to_string(group.size) + ", \"dtype\": \"" + std::string(dtype) +
        "\", \"In split size\": \"[]\", \"Out split size\": \"[]\"" +
        ", \"Process Group Name\": \"" + group.name + "\", \"Process Group Description\": \"" +
        std::string(group.description) + "\"";
    SyntheticCollectiveArgs args;
    args.kernel = shared;
    args.op = shared + ", \"Global rank start\": " + std::to_string(group.first) +
              ", \"Global rank stride\": 1, \"Rank\": " + std::to_string(rank);
    args.kernelName = kernelName;
    return args;
}

// A stable 128-bit-looking id per (seed, rank), like Kineto's trace_id.
std::string traceId(std::uint64_t seed, int rank)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(rank) + 1;
    std::string id;
    for (int half = 0; half < 2; ++half) {
        z += 0x9E3779B97F4A7C15ull;
        std::uint64_t v = z;
        v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9ull;
        v = (v ^ (v >> 27)) * 0x94D049BB133111EBull;
        v ^= v >> 31;
        for (int i = 0; i < 16; ++i)
            id += kHex[(v >> (60 - 4 * i)) & 0xF];
    }
    return id;
}

} // namespace

SyntheticCollectiveArgTexts syntheticCollectiveArgs(const SyntheticScenario &scenario, int rank)
{
    const GroupInfo world = defaultGroup(scenario);
    const GroupInfo node = tensorParallelGroup(scenario, rank);
    // Gradient buckets of 25 MB in fp32; with tensor parallelism each rank holds 1/8 of them.
    const long long bucket = scenario.traces.tensorParallel ? 819200 : 6553600;
    const long long activation = 4194304; // 8192 tokens x 4096 hidden / 8
    SyntheticCollectiveArgTexts texts;
    texts.gradientBucket =
        collectiveArgs("allreduce", "Float", bucket, bucket, world, rank,
                       "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)");
    texts.tensorParallelGather =
        collectiveArgs("_allgather_base", "BFloat16", activation, activation * node.size, node,
                       rank, "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)");
    texts.tensorParallelReduce = collectiveArgs(
        "allreduce", "BFloat16", 8 * activation, 8 * activation, node, rank,
        "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)");
    return texts;
}

void appendSyntheticTraceHeader(std::string &out, const SyntheticScenario &scenario, int rank)
{
    const SyntheticLayout &layout = scenario.layout;
    const int localRank = layout.localRankOf(rank);
    // The GPUs of the node the process can see; the rank uses the one of its local rank.
    const int devices = std::max(std::min(layout.ranksPerNode, 8), localRank + 1);
    out += "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [";
    for (int device = 0; device < devices; ++device) {
        out += device == 0 ? "\n    {\n      \"id\": " : ",\n    {\n      \"id\": ";
        out += std::to_string(device);
        out += ", ";
        out += kDeviceProperties;
    }
    out += "\n  ],\n  \"cupti_version\": 24,\n  \"cuda_runtime_version\": 12040,\n"
           "  \"cuda_driver_version\": 12040,\n";

    out += "  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": " + std::to_string(rank) +
           ", \"world_size\": " + std::to_string(layout.worldSize);
    const bool tp = scenario.traces.tensorParallel;
    const int nodes = scenario.traces.nodeCount;
    out += ", \"pg_count\": " + std::to_string(tp ? 1 + nodes : 1) + ", \"pg_config\": [";
    appendGroupConfig(out, defaultGroup(scenario));
    if (tp) {
        out += ", ";
        appendGroupConfig(out, tensorParallelGroup(scenario, rank));
    }
    out += "], \"nccl_version\": \"2.21.5\"},\n";

    out += "  \"record_shapes\": 1,\n  \"with_stack\": 0,\n  \"trace_id\": \"" +
           traceId(scenario.seed, rank) + "\",\n  \"displayTimeUnit\": \"ms\",\n" +
           "  \"baseTimeNanoseconds\": " + std::to_string(scenario.traces.baseTimeNs) +
           ",\n  \"traceEvents\": [";
}

void appendSyntheticTraceFooter(std::string &out, const SyntheticScenario &, int rank)
{
    out +=
        "\n  ],\n  \"traceName\": \"traces/rank" + std::to_string(rank) + ".pt.trace.json\"\n}\n";
}

} // namespace rankscope
