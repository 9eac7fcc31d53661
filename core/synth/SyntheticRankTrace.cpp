#include "core/synth/SyntheticRankTrace.h"

#include "core/synth/KinetoTraceWriter.h"
#include "core/synth/SyntheticTraceHeader.h"

#include <string_view>

namespace rankscope {

namespace {

// Names as PyTorch 2.4 / CUDA 12.4 on an H100 print them.
constexpr std::string_view kDataLoaderNext =
    "enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__";
constexpr std::string_view kGemmForward = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x"
                                          "256x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__"
                                          "5x_cublas";
constexpr std::string_view kGemmBackward = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_nn_n_tilesize128x"
                                           "128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel_"
                                           "_5x_cublas";
constexpr std::string_view kGeluKernel =
    "void at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl(at::"
    "TensorIteratorBase&, at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#2}::"
    "operator()() const::{lambda(c10::BFloat16)#1}, std::array<char*, 2ul> >(int, at::native::"
    "GeluCUDAKernelImpl(at::TensorIteratorBase&, at::native::GeluType)::{lambda()#2}::operator()"
    "() const::{lambda()#2}::operator()() const::{lambda(c10::BFloat16)#1}, std::array<char*, "
    "2ul>)";
constexpr std::string_view kAdamKernel =
    "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous "
    "namespace)::FusedOptimizerTensorListMetadata<4>, at::native::(anonymous namespace)::"
    "FusedAdamMathFunctor<float, 4, (at::native::ADAM_MODE)1, false>, double*, double, double, "
    "double, double, double, bool, float const*, float const*>(at::native::(anonymous namespace)"
    "::FusedOptimizerTensorListMetadata<4>, at::native::(anonymous namespace)::"
    "FusedAdamMathFunctor<float, 4, (at::native::ADAM_MODE)1, false>, double*, double, double, "
    "double, double, double, bool, float const*, float const*)";

// Launch configuration args, constant per kernel.
constexpr std::string_view kGemmForwardConfig =
    "\"registers per thread\": 168, \"shared memory\": 213504, \"blocks per SM\": 0.969697, "
    "\"warps per SM\": 11.636364, \"grid\": [128, 1, 1], \"block\": [384, 1, 1], \"est. achieved "
    "occupancy %\": 18";
constexpr std::string_view kGemmBackwardConfig =
    "\"registers per thread\": 168, \"shared memory\": 181248, \"blocks per SM\": 1, \"warps per "
    "SM\": 8, \"grid\": [132, 1, 1], \"block\": [256, 1, 1], \"est. achieved occupancy %\": 12";
constexpr std::string_view kGeluConfig =
    "\"registers per thread\": 28, \"shared memory\": 0, \"blocks per SM\": 248.242424, \"warps "
    "per SM\": 992.969727, \"grid\": [32768, 1, 1], \"block\": [128, 1, 1], \"est. achieved "
    "occupancy %\": 98";
constexpr std::string_view kAdamConfig =
    "\"registers per thread\": 70, \"shared memory\": 0, \"blocks per SM\": 2.424242, \"warps per "
    "SM\": 38.787880, \"grid\": [320, 1, 1], \"block\": [512, 1, 1], \"est. achieved occupancy "
    "%\": 47";
constexpr std::string_view kNcclConfig =
    "\"registers per thread\": 96, \"shared memory\": 103808, \"blocks per SM\": 0.121212, \"warps "
    "per SM\": 2.424242, \"grid\": [16, 1, 1], \"block\": [640, 1, 1], \"est. achieved occupancy "
    "%\": 0";

constexpr std::string_view kLinearUpShapes =
    "\"Input Dims\": [[8192, 4096], [16384, 4096], [16384]], \"Input type\": [\"c10::BFloat16\", "
    "\"c10::BFloat16\", \"c10::BFloat16\"]";
constexpr std::string_view kLinearDownShapes =
    "\"Input Dims\": [[8192, 16384], [4096, 16384], [4096]], \"Input type\": [\"c10::BFloat16\", "
    "\"c10::BFloat16\", \"c10::BFloat16\"]";

constexpr std::string_view kStepPrefix = "ProfilerStep#";
constexpr int kComputeStream = 7;
constexpr int kNcclStream = 20;
constexpr int kTensorParallelStream = 24;
constexpr int kCbidLaunchKernel = 211;
constexpr int kCbidMemcpyAsync = 41;
constexpr int kCbidStreamSynchronize = 131;

// Writes one rank's events; owns the per-file counters Kineto numbers events with.
class RankTraceEmitter
{
public:
    RankTraceEmitter(std::string &out, const SyntheticScenario &scenario, int rank,
                     const SyntheticTraceProcess &process)
        : m_writer(out, scenario.traces.baseTimeNs), m_plan(scenario.traces), m_pid(process.pid),
          m_autogradTid(process.autogradTid), m_device(scenario.layout.localRankOf(rank)),
          m_offset(scenario.traces.clockOffsetOfRank(rank)),
          m_collectives(syntheticCollectiveArgs(scenario, rank))
    {}

    void metadata(std::int64_t timeNs);
    void step(int iteration, const SyntheticStep &s);
    void footer(std::int64_t firstNs, std::int64_t lastNs);

private:
    std::int64_t local(std::int64_t alignedNs) const { return alignedNs + m_offset; }

    // A CPU range with the args every recorded op has; returns its External id. `shapes` are
    // extra args ("Input Dims" ...), "" when none.
    std::int64_t cpuRange(std::string_view category, std::string_view name, std::int64_t tid,
                          const SimSpan &span, std::string_view shapes, std::int64_t sequence = -1);
    // A runtime call with its correlation id and the flow start to its GPU work.
    void runtimeCall(std::string_view name, int cbid, std::int64_t tid, const SimSpan &span,
                     std::int64_t externalId, std::int64_t correlation, bool flow = true);
    void kernel(std::string_view name, std::string_view config, int stream, const SimSpan &span,
                std::int64_t externalId, std::int64_t correlation,
                std::string_view collectiveArgs = {});
    void copy(std::string_view name, const SimSpan &span, std::int64_t externalId,
              std::int64_t correlation, std::int64_t bytes, std::string_view bandwidth);
    void collectiveLaunch(std::int64_t tid, const SimLaunch &op,
                          const SyntheticCollectiveArgs &args, int stream);

    KinetoTraceWriter m_writer;
    const SyntheticTracePlan &m_plan;
    std::int64_t m_pid;
    std::int64_t m_autogradTid;
    int m_device;
    std::int64_t m_offset;
    SyntheticCollectiveArgTexts m_collectives;
    std::int64_t m_nextExternalId = 1;
    std::int64_t m_nextCorrelation = 1;
    std::int64_t m_nextEventIndex = 0;
    std::string m_stepName{kStepPrefix};
};

std::int64_t RankTraceEmitter::cpuRange(std::string_view category, std::string_view name,
                                        std::int64_t tid, const SimSpan &span,
                                        std::string_view shapes, std::int64_t sequence)
{
    const std::int64_t externalId = m_nextExternalId++;
    m_writer.beginSlice(category, name, m_pid, tid, local(span.start), local(span.end));
    m_writer.argInt("External id", externalId);
    m_writer.argInt("Record function id", 0);
    if (!shapes.empty())
        m_writer.argsRaw(shapes);
    if (sequence >= 0) {
        m_writer.argInt("Fwd thread id", 0);
        m_writer.argInt("Sequence number", sequence);
    }
    m_writer.argInt("Ev Idx", m_nextEventIndex++);
    m_writer.endSlice();
    return externalId;
}

void RankTraceEmitter::runtimeCall(std::string_view name, int cbid, std::int64_t tid,
                                   const SimSpan &span, std::int64_t externalId,
                                   std::int64_t correlation, bool flow)
{
    m_writer.beginSlice("cuda_runtime", name, m_pid, tid, local(span.start), local(span.end));
    m_writer.argInt("External id", externalId);
    m_writer.argInt("cbid", cbid);
    m_writer.argInt("correlation", correlation);
    m_writer.endSlice();
    if (flow)
        m_writer.flowStart(correlation, m_pid, tid, local(span.start));
}

void RankTraceEmitter::kernel(std::string_view name, std::string_view config, int stream,
                              const SimSpan &span, std::int64_t externalId,
                              std::int64_t correlation, std::string_view collectiveArgs)
{
    m_writer.beginSlice("kernel", name, m_device, stream, local(span.start), local(span.end));
    m_writer.argInt("External id", externalId);
    m_writer.argInt("queued", 0);
    m_writer.argInt("device", m_device);
    m_writer.argInt("context", 1);
    m_writer.argInt("stream", stream);
    m_writer.argInt("correlation", correlation);
    m_writer.argsRaw(config);
    if (!collectiveArgs.empty())
        m_writer.argsRaw(collectiveArgs);
    m_writer.endSlice();
    m_writer.flowEnd(correlation, m_device, stream, local(span.start));
}

void RankTraceEmitter::copy(std::string_view name, const SimSpan &span, std::int64_t externalId,
                            std::int64_t correlation, std::int64_t bytes,
                            std::string_view bandwidth)
{
    m_writer.beginSlice("gpu_memcpy", name, m_device, kComputeStream, local(span.start),
                        local(span.end));
    m_writer.argInt("External id", externalId);
    m_writer.argInt("device", m_device);
    m_writer.argInt("context", 1);
    m_writer.argInt("stream", kComputeStream);
    m_writer.argInt("correlation", correlation);
    m_writer.argInt("bytes", bytes);
    m_writer.argRaw("memory bandwidth (GB/s)", bandwidth);
    m_writer.endSlice();
    m_writer.flowEnd(correlation, m_device, kComputeStream, local(span.start));
}

void RankTraceEmitter::collectiveLaunch(std::int64_t tid, const SimLaunch &op,
                                        const SyntheticCollectiveArgs &args, int stream)
{
    const std::int64_t externalId = cpuRange("cpu_op", "record_param_comms", tid, op.op, args.op);
    const std::int64_t correlation = m_nextCorrelation++;
    runtimeCall("cudaLaunchKernel", kCbidLaunchKernel, tid, op.launch, externalId, correlation);
    kernel(args.kernelName, kNcclConfig, stream, op.gpu, externalId, correlation, args.kernel);
}

void RankTraceEmitter::metadata(std::int64_t timeNs)
{
    const std::int64_t t = local(timeNs);
    const std::string cpuPid = std::to_string(m_pid);
    const std::string gpuPid = std::to_string(m_device);
    m_writer.metadataText("process_name", cpuPid, 0, t, "name", "python3");
    m_writer.metadataText("process_labels", cpuPid, 0, t, "labels", "CPU");
    m_writer.metadataInt("process_sort_index", cpuPid, 0, t, "sort_index", m_pid);
    m_writer.metadataText("process_name", gpuPid, 0, t, "name", "python3");
    m_writer.metadataText("process_labels", gpuPid, 0, t, "labels", "GPU " + gpuPid);
    m_writer.metadataInt("process_sort_index", gpuPid, 0, t, "sort_index", 16777216 + m_device);
    std::string name;
    for (int stream : {kComputeStream, kNcclStream, kTensorParallelStream}) {
        if (stream == kTensorParallelStream && !m_plan.tensorParallel)
            continue;
        name = "stream " + std::to_string(stream) + " "; // sic: Kineto's trailing space
        m_writer.metadataText("thread_name", gpuPid, stream, t, "name", name);
        m_writer.metadataInt("thread_sort_index", gpuPid, stream, t, "sort_index", stream);
    }
    for (std::int64_t tid : {m_pid, m_autogradTid}) {
        name = "thread " + std::to_string(tid) + " (python3)";
        m_writer.metadataText("thread_name", cpuPid, tid, t, "name", name);
        m_writer.metadataInt("thread_sort_index", cpuPid, tid, t, "sort_index", tid);
    }
}

void RankTraceEmitter::step(int iteration, const SyntheticStep &s)
{
    const std::int64_t main = m_pid;
    const std::int64_t sequence = std::int64_t(iteration) * 4;

    m_stepName.resize(kStepPrefix.size());
    m_stepName += std::to_string(iteration);
    cpuRange("user_annotation", m_stepName, main, s.step, {});
    cpuRange("user_annotation", kDataLoaderNext, main, s.dataLoader, {});

    // The batch to the GPU.
    std::int64_t ext = cpuRange("cpu_op", "aten::to", main, s.h2d.op,
                                "\"Input Dims\": [[8, 4096], [], [], [], [], [], [], []], \"Input "
                                "type\": [\"long int\", \"\", \"\", \"\", \"\", \"Scalar\", "
                                "\"Scalar\", \"\"]");
    std::int64_t corr = m_nextCorrelation++;
    runtimeCall("cudaMemcpyAsync", kCbidMemcpyAsync, main, s.h2d.launch, ext, corr);
    copy("Memcpy HtoD (Pinned -> Device)", s.h2d.gpu, ext, corr, 262144, "0.624152");

    // Forward: [tp all-gather] linear, gelu, linear [tp all-reduce].
    if (m_plan.tensorParallel)
        collectiveLaunch(main, s.tensorParallel[0], m_collectives.tensorParallelGather,
                         kTensorParallelStream);
    for (int layer = 0; layer < 2; ++layer) {
        const SimLaunch &op = s.forward[layer];
        const bool up = layer == 0; // 4096 -> 16384, then back
        cpuRange("cpu_op", "aten::linear", main, op.op, up ? kLinearUpShapes : kLinearDownShapes,
                 sequence + layer);
        ext = cpuRange("cpu_op", "aten::addmm", main, op.inner,
                       up ? "\"Input Dims\": [[16384], [8192, 4096], [4096, 16384], [], []]"
                          : "\"Input Dims\": [[4096], [8192, 16384], [16384, 4096], [], []]");
        corr = m_nextCorrelation++;
        runtimeCall("cudaLaunchKernel", kCbidLaunchKernel, main, op.launch, ext, corr);
        kernel(kGemmForward, kGemmForwardConfig, kComputeStream, op.gpu, ext, corr);
        if (up) {
            ext = cpuRange("cpu_op", "aten::gelu", main, s.gelu.op,
                           "\"Input Dims\": [[8192, 16384], []], \"Input type\": "
                           "[\"c10::BFloat16\", \"\"]",
                           sequence + 2);
            corr = m_nextCorrelation++;
            runtimeCall("cudaLaunchKernel", kCbidLaunchKernel, main, s.gelu.launch, ext, corr);
            kernel(kGeluKernel, kGeluConfig, kComputeStream, s.gelu.gpu, ext, corr);
        }
    }
    if (m_plan.tensorParallel)
        collectiveLaunch(main, s.tensorParallel[1], m_collectives.tensorParallelReduce,
                         kTensorParallelStream);

    // Backward on the autograd thread, each layer's gradient bucket all-reduced right after it.
    for (int layer = 0; layer < 2; ++layer) {
        const SimLaunch &op = s.backward[layer];
        cpuRange("cpu_op", "autograd::engine::evaluate_function: AddmmBackward0", m_autogradTid,
                 op.op, "\"Input Dims\": [[8192, 4096]], \"Input type\": [\"c10::BFloat16\"]",
                 sequence + 1 - layer);
        ext = cpuRange("cpu_op", "aten::mm", m_autogradTid, op.inner,
                       layer == 0 ? "\"Input Dims\": [[4096, 8192], [8192, 16384]], \"Input "
                                    "type\": [\"c10::BFloat16\", \"c10::BFloat16\"]"
                                  : "\"Input Dims\": [[16384, 8192], [8192, 4096]], \"Input "
                                    "type\": [\"c10::BFloat16\", \"c10::BFloat16\"]");
        corr = m_nextCorrelation++;
        runtimeCall("cudaLaunchKernel", kCbidLaunchKernel, m_autogradTid, op.launch, ext, corr);
        kernel(kGemmBackward, kGemmBackwardConfig, kComputeStream, op.gpu, ext, corr);
        collectiveLaunch(m_autogradTid, s.buckets[layer], m_collectives.gradientBucket,
                         kNcclStream);
    }

    // The optimizer, then loss.item() waits for the GPU.
    cpuRange("user_annotation", "Optimizer.step#AdamW.step", main, s.optimizer.op, {});
    ext = cpuRange("cpu_op", "aten::_fused_adamw_", main, s.optimizer.inner,
                   "\"Input type\": [\"TensorList\", \"TensorList\", \"TensorList\", "
                   "\"TensorList\", \"TensorList\", \"TensorList\", \"Scalar\", \"Scalar\", "
                   "\"Scalar\", \"Scalar\", \"Scalar\", \"Scalar\", \"Scalar\", \"\", \"\"]");
    corr = m_nextCorrelation++;
    runtimeCall("cudaLaunchKernel", kCbidLaunchKernel, main, s.optimizer.launch, ext, corr);
    kernel(kAdamKernel, kAdamConfig, kComputeStream, s.optimizer.gpu, ext, corr);

    ext = cpuRange("cpu_op", "aten::item", main, s.item.op,
                   "\"Input Dims\": [[]], \"Input type\": [\"float\"]");
    corr = m_nextCorrelation++;
    runtimeCall("cudaMemcpyAsync", kCbidMemcpyAsync, main, s.item.launch, ext, corr);
    copy("Memcpy DtoH (Device -> Pageable)", s.item.gpu, ext, corr, 4, "0.001333");
    runtimeCall("cudaStreamSynchronize", kCbidStreamSynchronize, main, s.synchronize, ext,
                m_nextCorrelation++, false);
}

void RankTraceEmitter::footer(std::int64_t firstNs, std::int64_t lastNs)
{
    m_writer.profilerSpan(local(firstNs), local(lastNs));
    m_writer.windowEnd(local(lastNs));
}

} // namespace

std::string syntheticTraceFileName(const SyntheticScenario &scenario, int rank)
{
    return "traces/rank" + std::to_string(rank) + ".pt.trace.json" +
           (scenario.traces.compress ? ".gz" : "");
}

void appendSyntheticRankTrace(std::string &out, const SyntheticScenario &scenario,
                              const SyntheticCollectiveSchedule &schedule, int rank,
                              const SyntheticTraceProcess &process)
{
    const SyntheticTracePlan &plan = scenario.traces;
    appendSyntheticTraceHeader(out, scenario, rank);
    RankTraceEmitter emitter(out, scenario, rank, process);

    const std::int64_t firstStart = firstStepStartNs(plan, scenario.seed, rank);
    // Kineto starts recording a little before the first step it was asked to trace.
    const std::int64_t traceStart = firstStart - 1'000'000;
    emitter.metadata(traceStart);

    SyntheticStepInputs inputs;
    inputs.plan = &plan;
    inputs.seed = scenario.seed;
    inputs.rank = rank;
    inputs.startNs = firstStart;
    std::int64_t ends[kMaxStepCollectives] = {};
    SyntheticStep step;
    for (int iteration = 0; iteration < plan.iterations; ++iteration) {
        const int count = schedule.endsOf(iteration, rank, ends);
        inputs.iteration = iteration;
        inputs.collectiveEnds = std::span<const std::int64_t>(ends, std::size_t(count));
        simulateStep(inputs, step);
        emitter.step(iteration, step);
        inputs.startNs = step.step.end + kStepGapNs;
    }
    emitter.footer(traceStart, step.step.end + 1'000'000);
    appendSyntheticTraceFooter(out, scenario, rank);
}

} // namespace rankscope
