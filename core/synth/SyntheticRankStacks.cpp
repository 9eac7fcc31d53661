#include "core/synth/SyntheticRankStacks.h"

#include <initializer_list>

namespace rankscope {

namespace {

// File names as py-spy shortens them (site-packages and the interpreter prefix stripped).
constexpr std::string_view kTraining = "megatron/training/training.py";
constexpr std::string_view kSchedules = "megatron/core/pipeline_parallel/schedules.py";
constexpr std::string_view kModule = "torch/nn/modules/module.py";
constexpr std::string_view kDataLoader = "torch/utils/data/dataloader.py";
constexpr std::string_view kMpQueues = "multiprocessing/queues.py";
constexpr std::string_view kMpConnection = "multiprocessing/connection.py";
constexpr std::string_view kThreading = "threading.py";
constexpr std::string_view kGptDataset = "megatron/core/datasets/gpt_dataset.py";
constexpr std::string_view kIndexedDataset = "megatron/core/datasets/indexed_dataset.py";

void append(SynthStack &frames, std::initializer_list<SynthFrame> more)
{
    frames.insert(frames.end(), more.begin(), more.end());
}

// `module(x)` in PyTorch 2.x shows as these two frames before every nn.Module.forward.
void appendModuleCall(SynthStack &frames)
{
    append(frames, {{"_wrapped_call_impl", kModule, 1511}, {"_call_impl", kModule, 1520}});
}

void appendSchedule(const SyntheticLayout &layout, int line, SynthStack &frames)
{
    if (layout.pipelineParallel > 1)
        frames.push_back(
            {"forward_backward_pipelining_without_interleaving", kSchedules, line + 860});
    else
        frames.push_back({"forward_backward_no_pipelining", kSchedules, line});
}

// forward_step down to one transformer layer; `layerLine` picks attention or MLP.
void appendForwardToLayer(int layerLine, SynthStack &frames)
{
    append(frames, {{"forward_step", kSchedules, 274}, {"forward_step", "pretrain_gpt.py", 190}});
    appendModuleCall(frames);
    frames.push_back({"forward", "megatron/core/distributed/distributed_data_parallel.py", 305});
    appendModuleCall(frames);
    frames.push_back({"forward", "megatron/core/models/gpt/gpt_model.py", 236});
    appendModuleCall(frames);
    frames.push_back({"forward", "megatron/core/transformer/transformer_block.py", 411});
    appendModuleCall(frames);
    frames.push_back({"forward", "megatron/core/transformer/transformer_layer.py", layerLine});
    appendModuleCall(frames);
}

void appendGetBatch(SynthStack &frames)
{
    append(frames, {{"forward_step", kSchedules, 274},
                    {"forward_step", "pretrain_gpt.py", 184},
                    {"get_batch", "pretrain_gpt.py", 97},
                    {"get_batch_on_this_tp_rank", "megatron/training/utils.py", 293},
                    {"__next__", kDataLoader, 630}});
}

// What a blocked multiprocessing.Queue.get(timeout=...) looks like down to the selector.
void appendMpQueueGet(SynthStack &frames)
{
    append(frames, {{"get", kMpQueues, 113},
                    {"poll", kMpConnection, 257},
                    {"_poll", kMpConnection, 424},
                    {"wait", kMpConnection, 931},
                    {"select", "selectors.py", 416}});
}

void appendThreadBootstrap(SynthStack &frames)
{
    append(frames, {{"_bootstrap", kThreading, 973}, {"_bootstrap_inner", kThreading, 1016}});
}

void appendAutogradThreadBase(SynthStack &frames)
{
    append(frames, {{"clone3", "libc.so.6", 0},
                    {"start_thread", "libc.so.6", 0},
                    {"execute_native_thread_routine", "libstdc++.so.6", 0},
                    {"torch::autograd::python::PythonEngine::thread_init", "libtorch_python.so", 0},
                    {"torch::autograd::Engine::thread_init", "libtorch_cpu.so", 0},
                    {"torch::autograd::Engine::thread_main", "libtorch_cpu.so", 0}});
}

// A DataLoader worker is forked inside DataLoader.__iter__, so its Python stack starts with
// the parent's frames at that moment, then multiprocessing's bootstrap.
void appendWorkerBase(int loopLine, SynthStack &frames)
{
    append(frames, {{"<module>", "pretrain_gpt.py", 243},
                    {"pretrain", kTraining, 303},
                    {"build_train_valid_test_data_iterators", kTraining, 1597},
                    {"__iter__", kDataLoader, 439},
                    {"_get_iterator", kDataLoader, 387},
                    {"__init__", kDataLoader, 1040},
                    {"start", "multiprocessing/process.py", 121},
                    {"_Popen", "multiprocessing/context.py", 224},
                    {"_Popen", "multiprocessing/context.py", 281},
                    {"__init__", "multiprocessing/popen_fork.py", 19},
                    {"_launch", "multiprocessing/popen_fork.py", 71},
                    {"_bootstrap", "multiprocessing/process.py", 314},
                    {"run", "multiprocessing/process.py", 108},
                    {"_worker_loop", "torch/utils/data/_utils/worker.py", loopLine}});
}

void appendWorkerFetch(int datasetLine, int indexLine, int readLine, SynthStack &frames)
{
    append(frames, {{"fetch", "torch/utils/data/_utils/fetch.py", 51},
                    {"<listcomp>", "torch/utils/data/_utils/fetch.py", 51},
                    {"__getitem__", kGptDataset, datasetLine},
                    {"_query_document_sample_shuffle_index", kGptDataset, indexLine},
                    {"get", kIndexedDataset, 877},
                    {"read", kIndexedDataset, readLine}});
}

} // namespace

SyntheticRankStacks::SyntheticRankStacks(const SyntheticLayout &layout,
                                         std::string_view commandLine, SyntheticBehaviour behaviour,
                                         int firstPhase, std::mt19937_64 &rng)
    : m_layout(layout), m_commandLine(commandLine), m_behaviour(behaviour),
      m_firstPhase(firstPhase), m_rng(rng)
{
    const SyntheticProcessIds ids = drawProcessIds(m_rng);
    m_pid = ids.pid;
    for (int w = 0; w < kWorkersPerRank; ++w)
        m_workerPids[w] = ids.workerPids[w];
    for (int t = 0; t < 3; ++t)
        m_helperTids[t] = ids.helperTids[t];
}

SyntheticProcessIds SyntheticRankStacks::drawProcessIds(std::mt19937_64 &rng)
{
    // Linux pids; the threads and the forked workers come shortly after the main process.
    SyntheticProcessIds ids;
    ids.pid = 20000 + static_cast<std::int64_t>(rng() % 3000000);
    ids.helperTids[0] = static_cast<std::uint64_t>(ids.pid) + 60 + rng() % 30;  // Thread-1
    ids.helperTids[1] = static_cast<std::uint64_t>(ids.pid) + 100 + rng() % 40; // pt_autograd_0
    ids.workerPids[0] = ids.pid + 180 + static_cast<std::int64_t>(rng() % 200);
    for (int w = 1; w < kWorkersPerRank; ++w)
        ids.workerPids[w] = ids.workerPids[w - 1] + 1 + static_cast<std::int64_t>(rng() % 30);
    ids.helperTids[2] = static_cast<std::uint64_t>(ids.workerPids[kWorkersPerRank - 1]) + 5 +
                        rng() % 20; // the pin-memory thread starts after the workers
    return ids;
}

int SyntheticRankStacks::vary(int base, int span)
{
    return span <= 0 ? base : base + static_cast<int>(m_rng() % static_cast<std::uint64_t>(span));
}

void SyntheticRankStacks::appendTrainingPhase(int phase, SynthStack &frames)
{
    switch (phase) {
    case 0: // self-attention
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(m_layout, 452, frames);
        appendForwardToLayer(176, frames);
        append(frames, {{"forward", "megatron/core/transformer/attention.py", 291},
                        {"get_query_key_value_tensors", "megatron/core/transformer/attention.py",
                         vary(590, 30)}});
        break;
    case 1: // MLP
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(m_layout, 452, frames);
        appendForwardToLayer(209, frames);
        append(frames, {{"forward", "megatron/core/transformer/mlp.py", vary(80, 30)},
                        {"bias_gelu_impl", "megatron/core/fusions/fused_bias_gelu.py", 48},
                        {"apply", "torch/autograd/function.py", 553},
                        {"forward", "megatron/core/fusions/fused_bias_gelu.py", 33},
                        {"bias_gelu", "megatron/core/fusions/fused_bias_gelu.py", vary(16, 4)}});
        break;
    case 2: // backward
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(m_layout, 460, frames);
        append(frames, {{"backward_step", kSchedules, vary(366, 8)},
                        {"backward", "torch/autograd/__init__.py", 266},
                        {"_engine_run_backward", "torch/autograd/graph.py", 744}});
        break;
    case 3: // the tensor-parallel all_reduce after the attention projection
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(m_layout, 452, frames);
        appendForwardToLayer(176, frames);
        frames.push_back({"forward", "megatron/core/transformer/attention.py", 341});
        appendModuleCall(frames);
        append(frames, {{"forward", "megatron/core/tensor_parallel/layers.py", 1002},
                        {"reduce_from_tensor_model_parallel_region",
                         "megatron/core/tensor_parallel/mappings.py", 437},
                        {"apply", "torch/autograd/function.py", 553},
                        {"forward", "megatron/core/tensor_parallel/mappings.py", 214},
                        {"_reduce", "megatron/core/tensor_parallel/mappings.py", 24},
                        {"wrapper", "torch/distributed/c10d_logger.py", 79},
                        {"all_reduce", "torch/distributed/distributed_c10d.py", 2050}});
        break;
    case 4: // optimizer step
        append(frames, {{"train_step", kTraining, 755},
                        {"decorate_context", "torch/utils/_contextlib.py", 115},
                        {"step", "megatron/core/optimizer/optimizer.py", 445},
                        {"decorate_context", "torch/utils/_contextlib.py", 115},
                        {"step_with_ready_grads", "megatron/core/optimizer/optimizer.py", 397},
                        {"wrapper", "torch/optim/optimizer.py", 385},
                        {"_use_grad", "torch/optim/optimizer.py", 76},
                        {"step", "torch/optim/adamw.py", 187},
                        {"adamw", "torch/optim/adamw.py", 339},
                        {"_multi_tensor_adamw", "torch/optim/adamw.py", vary(560, 50)}});
        break;
    default: // the next batch is ready: the iterator hands it over and refills the index queue
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(m_layout, 452, frames);
        appendGetBatch(frames);
        append(frames, {{"_next_data", kDataLoader, 1345},
                        {"_process_data", kDataLoader, 1371},
                        {"_try_put_index", kDataLoader, vary(1300, 6)},
                        {"put", kMpQueues, 94}});
        break;
    }
}

void SyntheticRankStacks::appendCallSite(const SyntheticLayout &layout, SyntheticCallSite site,
                                         SynthStack &frames)
{
    constexpr std::string_view kMappings = "megatron/core/tensor_parallel/mappings.py";
    constexpr std::string_view kC10dLogger = "torch/distributed/c10d_logger.py";
    constexpr std::string_view kC10d = "torch/distributed/distributed_c10d.py";
    constexpr std::string_view kDdp = "megatron/core/distributed/distributed_data_parallel.py";
    append(frames, {{"<module>", "pretrain_gpt.py", 243}, {"pretrain", kTraining, 349}});
    if (site == SyntheticCallSite::StartupBarrier) {
        frames.back().line = 287;
        append(frames, {{"setup_model_and_optimizer", kTraining, 1056},
                        {"get_model", kTraining, 612},
                        {"wrapper", kC10dLogger, 79},
                        {"barrier", kC10d, 4159}});
        return;
    }
    frames.push_back({"train", kTraining, 1237});
    switch (site) {
    case SyntheticCallSite::GradientAllReduce:
        // Megatron's gradient bucket all_reduce at the end of the backward pass.
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(layout, 479, frames);
        append(frames,
               {{"finalize_model_grads", "megatron/core/distributed/finalize_model_grads.py", 273},
                {"finish_grad_sync", kDdp, 432},
                {"finish_grad_sync", "megatron/core/distributed/param_and_grad_buffer.py", 513},
                {"start_grad_sync", "megatron/core/distributed/param_and_grad_buffer.py", 468},
                {"wrapper", kC10dLogger, 79},
                {"all_reduce", kC10d, 2050}});
        break;
    case SyntheticCallSite::TensorParallelForward:
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(layout, 452, frames);
        appendForwardToLayer(176, frames);
        frames.push_back({"forward", "megatron/core/transformer/attention.py", 341});
        appendModuleCall(frames);
        append(frames, {{"forward", "megatron/core/tensor_parallel/layers.py", 1002},
                        {"reduce_from_tensor_model_parallel_region", kMappings, 437},
                        {"apply", "torch/autograd/function.py", 553},
                        {"forward", kMappings, 214},
                        {"_reduce", kMappings, 24},
                        {"wrapper", kC10dLogger, 79},
                        {"all_reduce", kC10d, 2050}});
        break;
    case SyntheticCallSite::TensorParallelBackward:
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(layout, 460, frames);
        append(frames, {{"backward_step", kSchedules, 366},
                        {"backward", "torch/autograd/__init__.py", 266},
                        {"_engine_run_backward", "torch/autograd/graph.py", 744},
                        {"apply", "torch/autograd/function.py", 306},
                        {"backward", kMappings, 220},
                        {"_reduce", kMappings, 24},
                        {"wrapper", kC10dLogger, 79},
                        {"all_reduce", kC10d, 2050}});
        break;
    case SyntheticCallSite::LossAllReduce:
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(layout, 452, frames);
        append(frames,
               {{"forward_step", kSchedules, 287},
                {"loss_func", "pretrain_gpt.py", 152},
                {"average_losses_across_data_parallel_group", "megatron/training/utils.py", 201},
                {"wrapper", kC10dLogger, 79},
                {"all_reduce", kC10d, 2050}});
        break;
    case SyntheticCallSite::GradNormAllReduce:
        append(frames, {{"train_step", kTraining, 755},
                        {"decorate_context", "torch/utils/_contextlib.py", 115},
                        {"step", "megatron/core/optimizer/optimizer.py", 445},
                        {"clip_grad_norm", "megatron/core/optimizer/optimizer.py", 163},
                        {"get_grad_norm_fp32", "megatron/core/optimizer/clip_grads.py", 129},
                        {"wrapper", kC10dLogger, 79},
                        {"all_reduce", kC10d, 2050}});
        break;
    case SyntheticCallSite::MismatchedBroadcast:
        // One rank takes a branch the others do not: it re-broadcasts the parameters.
        append(frames, {{"train_step", kTraining, 741},
                        {"broadcast_params", kDdp, 487},
                        {"wrapper", kC10dLogger, 79},
                        {"broadcast", kC10d, 1906}});
        break;
    case SyntheticCallSite::StartupBarrier:
        break;
    }
}

void SyntheticRankStacks::buildTrainerMain(int sampleIndex, SynthThread &thread)
{
    SynthStack &frames = thread.frames;
    if (m_behaviour == SyntheticBehaviour::CollectiveWaiter ||
        m_behaviour == SyntheticBehaviour::MismatchedBroadcast) {
        appendCallSite(m_layout,
                       m_behaviour == SyntheticBehaviour::CollectiveWaiter
                           ? SyntheticCallSite::GradientAllReduce
                           : SyntheticCallSite::MismatchedBroadcast,
                       frames);
        thread.state = "idle";
        return;
    }
    append(frames, {{"<module>", "pretrain_gpt.py", 243},
                    {"pretrain", kTraining, 349},
                    {"train", kTraining, 1237}});
    switch (m_behaviour) {
    case SyntheticBehaviour::Training: {
        const int phase = (m_firstPhase + sampleIndex) % kTrainingPhases;
        if (m_gradSyncPhase && phase == 4) {
            // The bucket all_reduce before the optimizer step.
            frames.resize(frames.size() - 3); // appendCallSite starts at <module> again
            appendCallSite(m_layout, SyntheticCallSite::GradientAllReduce, frames);
            thread.state = "idle";
            break;
        }
        appendTrainingPhase(phase, frames);
        thread.state = phase == 2 || phase == 3 ? "active" : "active+gil";
        break;
    }
    case SyntheticBehaviour::CollectiveWaiter:
    case SyntheticBehaviour::MismatchedBroadcast:
        break; // above
    case SyntheticBehaviour::StuckInLoader:
        // pin_memory=True: the main thread reads the pin-memory thread's queue.Queue.
        frames.push_back({"train_step", kTraining, 729});
        appendSchedule(m_layout, 452, frames);
        appendGetBatch(frames);
        append(frames, {{"_next_data", kDataLoader, 1328},
                        {"_get_data", kDataLoader, 1294},
                        {"_try_get_data", kDataLoader, 1132},
                        {"get", "queue.py", 180},
                        {"wait", kThreading, 324}});
        thread.state = "idle";
        break;
    }
}

void SyntheticRankStacks::buildWorker(int worker, int sampleIndex, SynthThread &thread)
{
    SynthStack &frames = thread.frames;
    const bool stuck = m_behaviour == SyntheticBehaviour::StuckInLoader && worker == 0;
    // Healthy workers are mostly parked on their index queue and sometimes reading a sample;
    // waiting ranks have filled their prefetch queues, so their workers are all parked.
    const bool fetching = stuck || (m_behaviour == SyntheticBehaviour::Training &&
                                    (m_rng() % 3 == 0 || (sampleIndex + worker) % 4 == 0));
    if (stuck) {
        appendWorkerBase(351, frames);
        appendWorkerFetch(187, 254, 256, frames);
        thread.state = "idle"; // blocked in the kernel (state D): py-spy reports it idle
    } else if (fetching) {
        appendWorkerBase(351, frames);
        appendWorkerFetch(vary(171, 30), vary(240, 20), vary(250, 10), frames);
        thread.state = "active+gil";
    } else {
        appendWorkerBase(308, frames);
        appendMpQueueGet(frames);
        thread.state = "idle";
    }
}

void SyntheticRankStacks::build(int sampleIndex, SynthDump &dump)
{
    dump.commandLine = m_commandLine;
    dump.pythonVersion = "3.10.12";
    dump.executable = "/usr/bin/python3.10";
    dump.processes.resize(1 + kWorkersPerRank);

    SynthProcess &main = dump.processes[0];
    main.pid = m_pid;
    main.parentPid = 0;
    main.threads.resize(4);
    for (SynthThread &thread : main.threads)
        thread.frames.clear();

    SynthThread &mainThread = main.threads[0];
    mainThread.tid = static_cast<std::uint64_t>(m_pid);
    mainThread.name = "MainThread";
    buildTrainerMain(sampleIndex, mainThread);

    // A watchdog-style helper thread that sleeps on an Event between checks.
    SynthThread &watchdog = main.threads[1];
    watchdog.tid = m_helperTids[0];
    watchdog.name = "Thread-1";
    watchdog.state = "idle";
    appendThreadBootstrap(watchdog.frames);
    append(watchdog.frames, {{"run", "megatron/core/utils.py", 1192},
                             {"wait", kThreading, 607},
                             {"wait", kThreading, 324}});

    SynthThread &pinMemory = main.threads[2];
    pinMemory.tid = m_helperTids[2];
    pinMemory.name = "Thread-2 (_pin_memory_loop)";
    pinMemory.state = "idle";
    appendThreadBootstrap(pinMemory.frames);
    append(pinMemory.frames, {{"run", kThreading, 953},
                              {"_pin_memory_loop", "torch/utils/data/_utils/pin_memory.py", 55},
                              {"do_one_step", "torch/utils/data/_utils/pin_memory.py", 28}});
    appendMpQueueGet(pinMemory.frames);

    // The autograd engine's device thread is native only (py-spy --native shows it).
    SynthThread &autograd = main.threads[3];
    autograd.tid = m_helperTids[1];
    autograd.name = "pt_autograd_0";
    appendAutogradThreadBase(autograd.frames);
    const bool inBackward = m_behaviour == SyntheticBehaviour::Training &&
                            (m_firstPhase + sampleIndex) % kTrainingPhases == 2;
    if (inBackward) {
        autograd.state = "active";
        append(autograd.frames,
               {{"torch::autograd::Engine::evaluate_function", "libtorch_cpu.so", 0},
                {"torch::autograd::call_function", "libtorch_cpu.so", 0},
                {"torch::autograd::generated::MmBackward0::apply", "libtorch_cpu.so", 0},
                {"at::_ops::mm::call", "libtorch_cpu.so", 0},
                {"cublasLtMatmul", "libcublasLt.so.12", 0}});
    } else {
        autograd.state = "idle";
        append(autograd.frames, {{"torch::autograd::ReadyQueue::pop", "libtorch_cpu.so", 0},
                                 {"std::condition_variable::wait", "libstdc++.so.6", 0},
                                 {"pthread_cond_wait", "libc.so.6", 0}});
    }

    for (int w = 0; w < kWorkersPerRank; ++w) {
        SynthProcess &worker = dump.processes[static_cast<std::size_t>(1 + w)];
        worker.pid = m_workerPids[w];
        worker.parentPid = m_pid;
        worker.threads.resize(1);
        SynthThread &thread = worker.threads[0];
        thread.frames.clear();
        thread.tid = static_cast<std::uint64_t>(worker.pid);
        thread.name = "MainThread";
        buildWorker(w, sampleIndex, thread);
    }
}

} // namespace rankscope
