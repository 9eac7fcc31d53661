#include "core/analysis/StackClass.h"

#include <array>
#include <string_view>

namespace rankscope {

const char *stackClassName(StackClass cls)
{
    switch (cls) {
    case StackClass::CollectiveWait:
        return "collective-wait";
    case StackClass::P2PWait:
        return "p2p-wait";
    case StackClass::DataLoader:
        return "dataloader";
    case StackClass::CheckpointIo:
        return "checkpoint-io";
    case StackClass::GarbageCollection:
        return "gc";
    case StackClass::CudaSync:
        return "cuda-sync";
    case StackClass::ComputeLaunch:
        return "compute";
    case StackClass::IdleOther:
        return "idle";
    case StackClass::PythonOther:
        return "python";
    case StackClass::Empty:
        break;
    }
    return "empty";
}

bool isWaitClass(StackClass cls)
{
    return cls == StackClass::CollectiveWait || cls == StackClass::P2PWait;
}

namespace {

bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

template <typename Options> bool oneOfList(std::string_view text, const Options &options)
{
    for (std::string_view option : options) {
        if (text == option)
            return true;
    }
    return false;
}

bool oneOf(std::string_view text, std::initializer_list<std::string_view> options)
{
    for (std::string_view option : options) {
        if (text == option)
            return true;
    }
    return false;
}

constexpr std::array<std::string_view, 20> kCollectives = {"all_reduce",
                                                           "all_gather",
                                                           "all_gather_into_tensor",
                                                           "_all_gather_base",
                                                           "reduce_scatter",
                                                           "reduce_scatter_tensor",
                                                           "_reduce_scatter_base",
                                                           "broadcast",
                                                           "barrier",
                                                           "monitored_barrier",
                                                           "all_to_all",
                                                           "all_to_all_single",
                                                           "reduce",
                                                           "gather",
                                                           "scatter",
                                                           "all_gather_object",
                                                           "broadcast_object_list",
                                                           "_coalescing_manager",
                                                           "send",
                                                           "recv"};

// Strong rules name what a stack is blocked on; they win over weak rules (idle waits, syncs)
// found deeper in the same stack, because a DataLoader wait ends in threading.wait too.
bool strongRule(const Frame &frame, StackClassification &out)
{
    const std::string_view fn = frame.function;
    const std::string_view file = frame.file;
    if (contains(file, "p2p_communication") || oneOf(fn, {"batch_isend_irecv", "isend", "irecv"})) {
        out.cls = StackClass::P2PWait;
        out.operation = std::string(fn);
        return true;
    }
    if (contains(file, "distributed_c10d") && oneOfList(fn, kCollectives)) {
        out.cls = StackClass::CollectiveWait;
        out.operation = std::string(fn);
        return true;
    }
    if (file.empty() && frame.kind != FrameKind::Native && oneOfList(fn, kCollectives)) {
        // Folded stacks carry no file: a bare collective name still means the same.
        out.cls = StackClass::CollectiveWait;
        out.operation = std::string(fn);
        return true;
    }
    if ((contains(fn, "WorkNCCL") && contains(fn, "wait")) || contains(fn, "ncclGroupEnd") ||
        contains(fn, "ncclCommInitRank") || (contains(file, "distributed") && fn == "wait")) {
        out.cls = StackClass::CollectiveWait;
        out.operation = "work.wait";
        return true;
    }
    if (contains(file, "utils/data/dataloader") &&
        oneOf(fn, {"__next__", "_next_data", "_get_data", "_try_get_data"})) {
        out.cls = StackClass::DataLoader;
        out.operation = "DataLoader." + std::string(fn);
        return true;
    }
    // queue.Queue.get (queue.py, fed by the pin-memory thread) or the worker result queue.
    const bool queueFile = contains(file, "multiprocessing/queues") || file == "queue.py" ||
                           file.ends_with("/queue.py");
    if ((queueFile && fn == "get") || contains(file, "multiprocessing/connection")) {
        out.cls = StackClass::DataLoader;
        out.operation = queueFile ? "queue.get" : "connection." + std::string(fn);
        return true;
    }
    if (contains(file, "utils/data/_utils/worker") || contains(file, "utils/data/_utils/fetch")) {
        out.cls = StackClass::DataLoader;
        out.operation = std::string(fn);
        return true;
    }
    if ((contains(file, "torch/serialization") && oneOf(fn, {"save", "load", "_save", "_load"})) ||
        contains(file, "distributed/checkpoint") || contains(file, "safetensors") ||
        contains(file, "checkpointing")) {
        out.cls = StackClass::CheckpointIo;
        out.operation = std::string(fn);
        return true;
    }
    if (fn == "gc_collect_main" || (fn == "collect" && contains(file, "gc"))) {
        out.cls = StackClass::GarbageCollection;
        out.operation = "gc.collect";
        return true;
    }
    return false;
}

bool weakRule(const Frame &frame, StackClassification &out)
{
    const std::string_view fn = frame.function;
    const std::string_view file = frame.file;
    if (contains(fn, "cudaStreamSynchronize") || contains(fn, "cudaDeviceSynchronize") ||
        contains(fn, "cudaEventSynchronize") || (fn == "synchronize" && contains(file, "cuda")) ||
        (oneOf(fn, {"item", "cpu"}) && frame.kind == FrameKind::Python)) {
        out.cls = StackClass::CudaSync;
        out.operation = std::string(fn);
        return true;
    }
    if (contains(fn, "cudaLaunchKernel") || fn.starts_with("cublas") ||
        fn.starts_with("at::native") || fn.starts_with("aten::")) {
        out.cls = StackClass::ComputeLaunch;
        out.operation = std::string(fn);
        return true;
    }
    if ((fn == "wait" && contains(file, "threading")) ||
        (fn == "select" && contains(file, "selectors")) ||
        oneOf(fn, {"poll", "epoll_wait", "pthread_cond_wait", "pthread_cond_timedwait", "sleep",
                   "nanosleep", "__futex_abstimed_wait_common", "do_futex_wait"})) {
        out.cls = StackClass::IdleOther;
        out.operation = std::string(fn);
        return true;
    }
    return false;
}

} // namespace

StackClassification classifyStack(const std::vector<const Frame *> &rootFirst)
{
    StackClassification result;
    if (rootFirst.empty())
        return result;
    for (int i = static_cast<int>(rootFirst.size()) - 1; i >= 0; --i) {
        if (strongRule(*rootFirst[static_cast<std::size_t>(i)], result)) {
            result.decidingFrame = i;
            result.entryFrame = i;
            for (int up = i - 1; up >= 0; --up) {
                StackClassification outer;
                if (!strongRule(*rootFirst[static_cast<std::size_t>(up)], outer) ||
                    outer.cls != result.cls)
                    break;
                result.entryFrame = up;
            }
            return result;
        }
    }
    for (int i = static_cast<int>(rootFirst.size()) - 1; i >= 0; --i) {
        if (weakRule(*rootFirst[static_cast<std::size_t>(i)], result)) {
            result.decidingFrame = i;
            result.entryFrame = i;
            return result;
        }
    }
    result.cls = StackClass::PythonOther;
    result.decidingFrame = static_cast<int>(rootFirst.size()) - 1;
    result.entryFrame = result.decidingFrame;
    result.operation = rootFirst.back()->function;
    return result;
}

} // namespace rankscope
