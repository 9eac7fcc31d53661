#pragma once

// A hand-built pipeline-parallel job: `stages` pipeline stages x `replicas` data-parallel
// replicas (rank = stage * replicas + replica, as Megatron orders pipeline-outermost), on nodes
// of `ranksPerNode` ranks, each node's clock `nodeOffsetsNs[node]` ahead of the true clock. Every
// step runs a 1F1B schedule of `microbatches` microbatches: forward activations go to the next
// stage and gradients back, as single send / recv NCCL kernels carrying the args PyTorch 2.5+
// records and Kineto copies onto the kernel ("Collective name" send/recv, "Process Group Name",
// "Dst Rank" / "Src Rank"). Then every stage's replicas all-reduce their gradients (group
// "dp<stage>"), and, unless `worldAllReduce` is off, all ranks all-reduce once more (group "0",
// a grad-norm or loss reduction): the only collective crossing the nodes. Without it only p2p
// links the nodes.
//
// The schedule is simulated event by event on the true clock: an eager send leaves when its
// forward (backward) ends and arrives `transferNs` later; a recv is posted when the rank is free
// for the op that needs it and ends when the data is there (so ranks wait in the pipeline's
// bubbles, as real ones do); the all-reduces end together once the last member arrived.
// Durations jitter by a few percent (a fixed seed), so the job is healthy but not perfectly
// regular. `slowRank` (-1: none) computes `slowFactor` times slower.
//
// Public sources of the form: PyTorch torch/csrc/profiler/util.cpp (saveNcclMeta: "Dst Rank" on
// a send, "Src Rank" on a recv, global ranks), Kineto libkineto/src/output_json.cpp
// (appendCollectiveArgs copies them, with "Seq", onto the NCCL kernel), NCCL 2.19+ kernel names
// (ncclDevKernel_SendRecv, ncclDevKernel_AllReduce_Sum_bf16_RING_LL), Megatron-LM's 1F1B
// schedule (forward_backward_pipelining_without_interleaving: warmup, steady 1F1B, cooldown).

#include "traces/HandBuiltTrace.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace rankscope_test {

struct PipelineJobSpec
{
    int stages = 4;
    int replicas = 4;
    int ranksPerNode = 8;
    int microbatches = 8;
    int steps = 4;
    std::vector<std::int64_t> nodeOffsetsNs = {17'000'000, -23'000'000};
    bool worldAllReduce = true;
    std::int64_t forwardNs = 4'000'000;
    std::int64_t backwardNs = 8'000'000;
    std::int64_t transferNs = 300'000;
    std::int64_t dpAllReduceNs = 2'000'000;
    std::int64_t worldAllReduceNs = 500'000;
    int slowRank = -1;
    double slowFactor = 1.3;
    // The node each rank's trace claims (job.json); by default the true one.
    std::vector<int> claimedNode;
    unsigned seed = 7;

    int ranks() const { return stages * replicas; }
    int stageOf(int rank) const { return rank / replicas; }
    int replicaOf(int rank) const { return rank % replicas; }
    int nodeOf(int rank) const { return rank / ranksPerNode; }
    int claimedNodeOf(int rank) const
    {
        return rank < int(claimedNode.size()) ? claimedNode[std::size_t(rank)] : nodeOf(rank);
    }
    std::string nodeName(int node) const { return "node-" + std::to_string(node); }
};

// One kernel or step of one rank, on the true clock.
struct PipelineEvent
{
    enum class Kind
    {
        Step,
        Compute,
        Send,
        Recv,
        AllReduce,
    };
    Kind kind = Kind::Compute;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::string group; // communication: the process group
    int peer = -1;     // Send: destination, Recv: source
    int groupSize = -1;
    std::int64_t sequence = -1; // all-reduces: the group's collective counter
    std::int64_t step = 0;      // Step: its number
};

struct PipelineRank
{
    int rank = -1;
    std::vector<PipelineEvent> events;
};

class PipelineJob
{
public:
    explicit PipelineJob(PipelineJobSpec spec) : m_spec(std::move(spec)), m_random(m_spec.seed)
    {
        m_ranks.resize(std::size_t(m_spec.ranks()));
        for (int r = 0; r < m_spec.ranks(); ++r)
            m_ranks[std::size_t(r)].rank = r;
        std::vector<std::int64_t> free(std::size_t(m_spec.ranks()), 1'000'000);
        for (int step = 0; step < m_spec.steps; ++step)
            simulateStep(step, free);
    }

    const PipelineJobSpec &spec() const { return m_spec; }
    const std::vector<PipelineRank> &ranks() const { return m_ranks; }
    std::int64_t clockOffsetOf(int rank) const
    {
        return m_spec.nodeOffsetsNs[std::size_t(m_spec.nodeOf(rank))];
    }

    // The rank's trace on its node's clock.
    rankscope::TraceData trace(int rank) const
    {
        HandBuiltTrace builder(rank);
        const std::uint32_t cpu = builder.cpuThread();
        const std::uint32_t compute = builder.gpuStream(7);
        const std::uint32_t comm = builder.gpuStream(20);
        const std::int64_t offset = clockOffsetOf(rank);
        for (const PipelineEvent &e : m_ranks[std::size_t(rank)].events) {
            const std::int64_t start = e.startNs + offset;
            const std::int64_t end = e.endNs + offset;
            switch (e.kind) {
            case PipelineEvent::Kind::Step:
                builder.iteration(cpu, e.step, start, end);
                break;
            case PipelineEvent::Kind::Compute:
                builder.slice(compute, rankscope::TraceEventKind::ComputeKernel, kGemm, start, end);
                break;
            case PipelineEvent::Kind::Send:
            case PipelineEvent::Kind::Recv:
                builder.p2pKernel(comm, kSendRecv, e.group,
                                  e.kind == PipelineEvent::Kind::Send ? "send" : "recv", e.peer,
                                  rank, start, end);
                break;
            case PipelineEvent::Kind::AllReduce:
                builder.collectiveKernel(comm, kAllReduce, e.group, "allreduce", start, end,
                                         e.groupSize, e.sequence);
                break;
            }
        }
        return builder.build();
    }

    // The same as a Kineto (Chrome trace) JSON file, times in microseconds with nanosecond
    // decimals, as PyTorch 2.5+ writes them.
    std::string kinetoJson(int rank) const
    {
        std::string json = "{\n  \"schemaVersion\": 1,\n  \"distributedInfo\": {\"backend\": "
                           "\"nccl\", \"rank\": " +
                           std::to_string(rank) +
                           ", \"world_size\": " + std::to_string(m_spec.ranks()) +
                           "},\n  \"traceEvents\": [\n";
        const std::int64_t offset = clockOffsetOf(rank);
        bool first = true;
        const auto add = [&](const std::string &event) {
            json += (first ? "    " : ",\n    ") + event;
            first = false;
        };
        for (const PipelineEvent &e : m_ranks[std::size_t(rank)].events) {
            const std::string times = "\"ts\": " + micros(e.startNs + offset) +
                                      ", \"dur\": " + micros(e.endNs - e.startNs);
            switch (e.kind) {
            case PipelineEvent::Kind::Step:
                add("{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#" +
                    std::to_string(e.step) + "\", \"pid\": 100, \"tid\": 100, " + times + "}");
                break;
            case PipelineEvent::Kind::Compute:
                add(std::string("{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"") + kGemm +
                    "\", \"pid\": 0, \"tid\": 7, " + times +
                    ", \"args\": {\"device\": 0, \"stream\": 7}}");
                break;
            case PipelineEvent::Kind::Send:
            case PipelineEvent::Kind::Recv: {
                const bool send = e.kind == PipelineEvent::Kind::Send;
                add(std::string("{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"") + kSendRecv +
                    "\", \"pid\": 0, \"tid\": 20, " + times +
                    ", \"args\": {\"device\": 0, \"stream\": 20, \"Collective name\": \"" +
                    (send ? "send" : "recv") +
                    "\", \"In msg nelems\": 4194304, \"Out msg nelems\": 4194304, \"Group "
                    "size\": " +
                    std::to_string(m_spec.stages) +
                    ", \"dtype\": \"BFloat16\", \"Process Group Name\": \"" + e.group +
                    "\", \"Process Group Description\": \"undefined\", \"" +
                    (send ? "Dst Rank" : "Src Rank") + "\": " + std::to_string(e.peer) + "}}");
                break;
            }
            case PipelineEvent::Kind::AllReduce:
                add(std::string("{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"") + kAllReduce +
                    "\", \"pid\": 0, \"tid\": 20, " + times +
                    ", \"args\": {\"device\": 0, \"stream\": 20, \"Collective name\": "
                    "\"allreduce\", \"In msg nelems\": 1048576, \"Out msg nelems\": 1048576, "
                    "\"Group size\": " +
                    std::to_string(e.groupSize) +
                    ", \"dtype\": \"Float\", \"Process Group Name\": \"" + e.group +
                    "\", \"Process Group Description\": \"undefined\", \"Seq\": " +
                    std::to_string(e.sequence) + "}}");
                break;
            }
        }
        json += "\n  ]\n}\n";
        return json;
    }

    // job.json with each rank's (claimed) node and its pipeline group ("pp": replica id).
    std::string manifest() const
    {
        std::string json = "{\"ranks\": {";
        for (int r = 0; r < m_spec.ranks(); ++r) {
            json += (r ? ", " : "") + std::string("\"") + std::to_string(r) + "\": {\"node\": \"" +
                    m_spec.nodeName(m_spec.claimedNodeOf(r)) +
                    "\", \"groups\": {\"pp\": " + std::to_string(m_spec.replicaOf(r)) +
                    ", \"dp\": " + std::to_string(m_spec.stageOf(r)) + "}}";
        }
        return json + "}}";
    }

private:
    static constexpr const char *kGemm = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128";
    static constexpr const char *kSendRecv =
        "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)";
    static constexpr const char *kAllReduce =
        "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)";

    static std::string micros(std::int64_t ns)
    {
        char text[48];
        std::snprintf(text, sizeof text, "%lld.%03lld", static_cast<long long>(ns / 1000),
                      static_cast<long long>(ns % 1000));
        return text;
    }

    std::int64_t jittered(std::int64_t ns, int rank)
    {
        std::uniform_real_distribution<double> jitter(0.97, 1.03);
        const double factor = rank == m_spec.slowRank ? m_spec.slowFactor : 1.0;
        return std::int64_t(double(ns) * factor * jitter(m_random));
    }

    // One op of the 1F1B order of a stage: forward or backward of a microbatch.
    struct Op
    {
        bool forward;
        int microbatch;
    };

    std::vector<Op> schedule(int stage) const
    {
        const int warmup = std::min(m_spec.stages - stage - 1, m_spec.microbatches);
        std::vector<Op> ops;
        int forward = 0;
        int backward = 0;
        for (; forward < warmup; ++forward)
            ops.push_back({true, forward});
        while (forward < m_spec.microbatches) {
            ops.push_back({true, forward++});
            ops.push_back({false, backward++});
        }
        while (backward < m_spec.microbatches)
            ops.push_back({false, backward++});
        return ops;
    }

    void simulateStep(int step, std::vector<std::int64_t> &free)
    {
        const int ranks = m_spec.ranks();
        const int stages = m_spec.stages;
        const int microbatches = m_spec.microbatches;
        std::vector<std::int64_t> stepStart = free;
        // Send start of activation (forward) / gradient (backward) m from each rank; -1 unknown.
        std::vector<std::vector<std::int64_t>> activationSent(
            std::size_t(ranks), std::vector<std::int64_t>(std::size_t(microbatches), -1));
        std::vector<std::vector<std::int64_t>> gradientSent = activationSent;
        std::vector<std::size_t> next(std::size_t(ranks), 0);
        std::vector<std::vector<Op>> ops(static_cast<std::size_t>(ranks));
        for (int r = 0; r < ranks; ++r)
            ops[std::size_t(r)] = schedule(m_spec.stageOf(r));
        const std::string pipelineGroup = "pp";

        bool progress = true;
        while (progress) {
            progress = false;
            for (int r = 0; r < ranks; ++r) {
                const int stage = m_spec.stageOf(r);
                std::vector<PipelineEvent> &events = m_ranks[std::size_t(r)].events;
                while (next[std::size_t(r)] < ops[std::size_t(r)].size()) {
                    const Op op = ops[std::size_t(r)][next[std::size_t(r)]];
                    const int source = op.forward ? r - m_spec.replicas : r + m_spec.replicas;
                    const bool needsData = op.forward ? stage > 0 : stage < stages - 1;
                    std::int64_t begin = free[std::size_t(r)];
                    if (needsData) {
                        const std::int64_t sent =
                            (op.forward
                                 ? activationSent
                                 : gradientSent)[std::size_t(source)][std::size_t(op.microbatch)];
                        if (sent < 0)
                            break; // not sent yet: another rank must progress first
                        const std::int64_t posted = begin;
                        const std::int64_t arrived =
                            std::max(posted + 20'000, sent + m_spec.transferNs);
                        events.push_back({PipelineEvent::Kind::Recv, posted, arrived,
                                          pipelineGroup + std::to_string(m_spec.replicaOf(r)),
                                          source});
                        begin = arrived;
                    }
                    const std::int64_t end =
                        begin + jittered(op.forward ? m_spec.forwardNs : m_spec.backwardNs, r);
                    events.push_back({PipelineEvent::Kind::Compute, begin, end});
                    const bool sends = op.forward ? stage < stages - 1 : stage > 0;
                    if (sends) {
                        const int target = op.forward ? r + m_spec.replicas : r - m_spec.replicas;
                        (op.forward ? activationSent
                                    : gradientSent)[std::size_t(r)][std::size_t(op.microbatch)] =
                            end;
                        events.push_back({PipelineEvent::Kind::Send, end, end + m_spec.transferNs,
                                          pipelineGroup + std::to_string(m_spec.replicaOf(r)),
                                          target});
                    }
                    free[std::size_t(r)] = end;
                    ++next[std::size_t(r)];
                    progress = true;
                }
            }
        }

        // Gradient all-reduce of each stage's replicas, then (optionally) one over the world.
        std::vector<std::int64_t> arrival = free;
        for (int stage = 0; stage < stages; ++stage) {
            std::int64_t last = 0;
            for (int d = 0; d < m_spec.replicas; ++d)
                last = std::max(last, arrival[std::size_t(stage * m_spec.replicas + d)]);
            const std::int64_t end = last + m_spec.dpAllReduceNs;
            for (int d = 0; d < m_spec.replicas; ++d) {
                const int r = stage * m_spec.replicas + d;
                m_ranks[std::size_t(r)].events.push_back(
                    {PipelineEvent::Kind::AllReduce, arrival[std::size_t(r)], end,
                     "dp" + std::to_string(stage), -1, m_spec.replicas, m_sequence[stage]});
                free[std::size_t(r)] = end;
            }
            ++m_sequence[stage];
        }
        if (m_spec.worldAllReduce) {
            const std::int64_t last = *std::max_element(free.begin(), free.end());
            const std::int64_t end = last + m_spec.worldAllReduceNs;
            for (int r = 0; r < ranks; ++r) {
                m_ranks[std::size_t(r)].events.push_back({PipelineEvent::Kind::AllReduce,
                                                          free[std::size_t(r)], end, "0", -1, ranks,
                                                          m_worldSequence});
                free[std::size_t(r)] = end;
            }
            ++m_worldSequence;
        }
        // The optimizer step, then the next ProfilerStep begins.
        for (int r = 0; r < ranks; ++r) {
            const std::int64_t end = free[std::size_t(r)] + 300'000;
            PipelineEvent marker;
            marker.kind = PipelineEvent::Kind::Step;
            marker.startNs = stepStart[std::size_t(r)];
            marker.endNs = end;
            marker.step = step;
            m_ranks[std::size_t(r)].events.push_back(marker);
            free[std::size_t(r)] = end + 50'000;
        }
    }

    PipelineJobSpec m_spec;
    std::mt19937 m_random;
    std::vector<PipelineRank> m_ranks;
    std::int64_t m_sequence[64] = {};
    std::int64_t m_worldSequence = 0;
};

} // namespace rankscope_test
