#pragma once

// Hand-built trace data for the heatmap, timeline and rank-detail tests and screenshots: no
// importer, no cache, just the structs the views take.
#include "core/model/JobInfo.h"
#include "core/model/TraceModel.h"
#include "core/traces/OpBreakdown.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/TraceWindows.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rankscope_test {

using namespace rankscope;

// A job of `ranks` ranks, `ranksPerNode` to a node named "node-NN", role "trainer", with
// data-parallel and pipeline groups.
inline std::shared_ptr<JobInfo> makeJob(int ranks, int ranksPerNode)
{
    auto job = std::make_shared<JobInfo>();
    job->jobId = "test-job";
    job->worldSize = ranks;
    job->fromManifest = true;
    for (int r = 0; r < ranks; ++r) {
        RankInfo info;
        info.rank = r;
        const int node = r / ranksPerNode;
        info.node = (node < 10 ? "node-0" : "node-") + std::to_string(node);
        info.localRank = r % ranksPerNode;
        info.role = r == 0 ? "trainer-0" : "trainer";
        info.groups = {{"dp", r % ranksPerNode}, {"pp", r / (ranks / 4 > 0 ? ranks / 4 : 1)}};
        job->ranks.push_back(info);
    }
    return job;
}

// Small deterministic jitter in [-0.5, 0.5) ms so healthy cells are not all one colour.
inline double jitterNs(int rank, int column)
{
    const unsigned h = unsigned(rank) * 2654435761u ^ unsigned(column) * 40503u;
    return double(int(h % 1000u) - 500) * 1000.0;
}

struct HeatmapFixture
{
    std::shared_ptr<MetricMatrix> matrix;
    std::shared_ptr<SpatialOutliers> outliers;
    std::shared_ptr<JobInfo> job;
};

// Step time of `ranks` ranks over `windows` iterations numbered from `firstWindow`: about
// 100 ms, rank `straggler` at 138 ms from column `slowFrom` on (flagged Slow), rank 5 without
// data in columns 10-14, one inconclusive cell (rank 12, column 30).
inline HeatmapFixture makeStepTimeFixture(int ranks = 64, int windows = 100, int ranksPerNode = 8,
                                          int straggler = 37, int slowFrom = 60,
                                          std::int64_t firstWindow = 1000)
{
    HeatmapFixture f;
    f.job = makeJob(ranks, ranksPerNode);
    f.matrix = std::make_shared<MetricMatrix>();
    MetricMatrix &m = *f.matrix;
    m.metric = TraceMetric::StepTime;
    m.axis = WindowAxis::Iteration;
    const std::int64_t step = 100'000'000;
    for (int r = 0; r < ranks; ++r)
        m.ranks.push_back(r);
    for (int c = 0; c < windows; ++c) {
        m.windows.push_back(firstWindow + c);
        m.windowStartNs.push_back(1'700'000'000'000'000'000 + c * step);
        m.windowEndNs.push_back(1'700'000'000'000'000'000 + (c + 1) * step);
    }
    m.values.assign(std::size_t(ranks) * std::size_t(windows), 0.0);
    f.outliers = std::make_shared<SpatialOutliers>();
    f.outliers->cellFlags.assign(m.values.size(), 0);
    f.outliers->peerMedian.assign(m.values.size(), 100e6);
    for (int r = 0; r < ranks; ++r) {
        for (int c = 0; c < windows; ++c) {
            double v = 100e6 + jitterNs(r, c);
            if (r == straggler && c >= slowFrom) {
                v = 138e6 + jitterNs(r, c);
                f.outliers->cellFlags[std::size_t(r) * std::size_t(windows) + std::size_t(c)] =
                    OutlierFlag::Slow;
            }
            if (r == 5 && c >= 10 && c < 15)
                v = kNoMetricValue;
            m.at(r, c) = v;
        }
    }
    if (ranks > 12 && windows > 30)
        f.outliers->cellFlags[12 * std::size_t(windows) + 30] = OutlierFlag::Inconclusive;
    return f;
}

// Builds a TraceData track by track; events must be added in start order per track.
class TraceBuilder
{
public:
    TraceBuilder()
    {
        m_trace = std::make_shared<TraceData>();
        m_trace->rank = 0;
    }

    std::uint32_t cpuThread(std::int64_t tid, const std::string &name)
    {
        TraceTrack track;
        track.pid = 1;
        track.tid = tid;
        track.name = m_trace->strings.intern(name);
        track.sortIndex = tid;
        track.kind = TraceTrackKind::CpuThread;
        return addTrack(track);
    }

    std::uint32_t gpuStream(int device, std::int64_t stream)
    {
        TraceTrack track;
        track.pid = device;
        track.tid = stream;
        track.name = m_trace->strings.intern("stream " + std::to_string(stream) + " ");
        track.kind = TraceTrackKind::GpuStream;
        track.gpuDevice = device;
        track.gpuStream = stream;
        return addTrack(track);
    }

    // Adds to the track created last.
    std::uint32_t slice(const std::string &name, TraceEventKind kind, std::int64_t startNs,
                        std::int64_t durationNs)
    {
        TraceEvent e;
        e.startNs = startNs;
        e.durationNs = durationNs;
        e.track = std::uint32_t(m_trace->tracks.size() - 1);
        e.name = m_trace->strings.intern(name);
        e.kind = kind;
        m_trace->events.push_back(e);
        m_trace->tracks.back().eventCount++;
        if (m_trace->events.size() == 1 || startNs < m_trace->firstNs)
            m_trace->firstNs = startNs;
        m_trace->lastNs = std::max(m_trace->lastNs, startNs + durationNs);
        return std::uint32_t(m_trace->events.size() - 1);
    }

    std::shared_ptr<const TraceData> finish() { return m_trace; }

private:
    std::uint32_t addTrack(TraceTrack track)
    {
        track.firstEvent = std::uint32_t(m_trace->events.size());
        m_trace->tracks.push_back(track);
        return std::uint32_t(m_trace->tracks.size() - 1);
    }

    std::shared_ptr<TraceData> m_trace;
};

// One iteration of a data-parallel training step on one rank, starting at `t0`: ProfilerStep on
// the main thread with forward/backward CPU ops and kernel launches, compute kernels on stream 7,
// NCCL all-reduce kernels on stream 13, a memcpy, and `tinyKernels` 200 ns kernels (sub-pixel when
// zoomed out). `computeScale` stretches the compute kernels (a straggler's slow GPU).
inline std::shared_ptr<const TraceData> makeIterationTrace(std::int64_t t0, double computeScale,
                                                           int tinyKernels = 0,
                                                           std::int64_t step = 1498)
{
    TraceBuilder b;
    const std::int64_t ms = 1'000'000;
    const auto scaled = [&](double v) { return std::int64_t(v * computeScale); };
    const std::int64_t stepLength = scaled(80 * ms) + 20 * ms;
    b.cpuThread(4242, "python3");
    b.slice("ProfilerStep#" + std::to_string(step), TraceEventKind::IterationMarker, t0,
            stepLength);
    b.slice("## forward ##", TraceEventKind::UserAnnotation, t0 + ms, scaled(30 * ms));
    for (int i = 0; i < 6; ++i) {
        const std::int64_t start = t0 + ms + i * scaled(5 * ms);
        b.slice(i % 2 ? "aten::linear" : "aten::layer_norm", TraceEventKind::CpuOp, start,
                scaled(4 * ms));
        b.slice("cudaLaunchKernel", TraceEventKind::Runtime, start + ms, 20'000);
    }
    b.slice("## backward ##", TraceEventKind::UserAnnotation, t0 + scaled(32 * ms),
            scaled(50 * ms));
    b.slice("autograd::engine::evaluate_function: MmBackward0", TraceEventKind::CpuOp,
            t0 + scaled(33 * ms), scaled(40 * ms));
    b.slice("record_param_comms", TraceEventKind::CpuCommunication, t0 + scaled(75 * ms), 2 * ms);
    b.cpuThread(4300, "pt_autograd_0");
    b.slice("autograd::engine::evaluate_function: AddmmBackward0", TraceEventKind::CpuOp,
            t0 + scaled(35 * ms), scaled(20 * ms));

    b.gpuStream(0, 7);
    std::int64_t at = t0 + 2 * ms;
    for (int i = 0; i < 12; ++i) {
        const std::int64_t length = scaled(i < 6 ? 4.2 * ms : 6 * ms);
        b.slice(i < 6 ? "ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_64x3_tn"
                      : "void at::native::vectorized_elementwise_kernel<4, "
                        "at::native::CUDAFunctor_add<c10::BFloat16>>",
                TraceEventKind::ComputeKernel, at, length);
        at += length + 300'000;
    }
    for (int i = 0; i < tinyKernels; ++i) {
        b.slice("void at::native::reduce_kernel<512, 1>", TraceEventKind::ComputeKernel, at, 200);
        at += 500;
    }
    b.slice("Memcpy HtoD (Pageable -> Device)", TraceEventKind::Memcpy, at + ms, ms);

    b.gpuStream(0, 13);
    b.slice("ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
            TraceEventKind::CommunicationKernel, t0 + scaled(76 * ms),
            stepLength - scaled(76 * ms) - ms);
    return b.finish();
}

// The op breakdown of a straggler window: compute kernels 38% over the peers, the all-reduce
// shorter (it waits less: everyone else waits for it).
inline std::vector<OpComparison> makeOpComparisons()
{
    auto op = [](const char *name, TraceEventKind kind, double rankMs, std::int64_t count,
                 double peerMs) {
        OpComparison c;
        c.name = name;
        c.kind = kind;
        c.rankTotalNs = std::int64_t(rankMs * 1e6);
        c.rankCount = count;
        c.peerMedianNs = peerMs * 1e6;
        c.peers = 255;
        c.peersWithOp = peerMs > 0 ? 255 : 0;
        c.ratio = peerMs > 0 ? rankMs / peerMs : 0;
        return c;
    };
    return {
        op("ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_64x3_tn",
           TraceEventKind::ComputeKernel, 34.8, 6, 25.2),
        op("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add>",
           TraceEventKind::ComputeKernel, 49.7, 6, 36.0),
        op("ncclDevKernel_AllReduce_Sum_bf16_RING_LL", TraceEventKind::CommunicationKernel, 21.0, 1,
           58.5),
        op("aten::linear", TraceEventKind::CpuOp, 16.6, 3, 12.0),
        op("Memcpy HtoD (Pageable -> Device)", TraceEventKind::Memcpy, 1.0, 1, 1.0),
        op("cudaLaunchKernel", TraceEventKind::Runtime, 0.12, 6, 0.118),
        op("aten::dropout", TraceEventKind::CpuOp, 0.4, 2, 0.0),
    };
}

} // namespace rankscope_test
