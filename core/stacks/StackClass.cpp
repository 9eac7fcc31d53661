#include "core/stacks/StackClass.h"
#include "core/model/AsciiText.h"

#include "core/stacks/CommunicationFrames.h"

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

bool stackClassOneOf(std::string_view text, std::initializer_list<std::string_view> options)
{
    for (std::string_view option : options) {
        if (text == option)
            return true;
    }
    return false;
}

// Strong rules name what a stack is blocked on; they win over weak rules (idle waits, syncs)
// found deeper in the same stack, because a DataLoader wait ends in threading.wait too.
bool strongRule(const Frame &frame, StackClassification &out)
{
    const std::string_view fn = frame.function;
    const std::string_view file = frame.file;
    if (std::optional<CommunicationMatch> comm = matchCommunicationFrame(frame)) {
        out.cls = comm->cls;
        out.operation = std::move(comm->operation);
        return true;
    }
    if (contains(file, "utils/data/dataloader") &&
        stackClassOneOf(fn, {"__next__", "_next_data", "_get_data", "_try_get_data"})) {
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
    if ((contains(file, "torch/serialization") &&
         stackClassOneOf(fn, {"save", "load", "_save", "_load"})) ||
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
    // torch.cuda.synchronize, Stream/Event.synchronize, .item()/.cpu() (a Python frame of that
    // name, or _local_scalar_dense under --native), and the runtime and driver calls below them.
    if (contains(fn, "cudaStreamSynchronize") || contains(fn, "cudaDeviceSynchronize") ||
        contains(fn, "cudaEventSynchronize") || contains(fn, "cuStreamSynchronize") ||
        contains(fn, "cuCtxSynchronize") || contains(fn, "cuEventSynchronize") ||
        contains(fn, "_local_scalar_dense") || (fn == "synchronize" && contains(file, "cuda")) ||
        (stackClassOneOf(fn, {"item", "cpu"}) && frame.kind == FrameKind::Python)) {
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
        stackClassOneOf(fn,
                        {"poll", "epoll_wait", "pthread_cond_wait", "pthread_cond_timedwait",
                         "sleep", "nanosleep", "__futex_abstimed_wait_common", "do_futex_wait"})) {
        out.cls = StackClass::IdleOther;
        out.operation = std::string(fn);
        return true;
    }
    return false;
}

// The innermost communication frame decides that the rank waits; the operation is named after
// the most precise frame from there outwards: Work.wait inside finish_grad_sync is the grad
// sync, WorkNCCL::wait under all_reduce is the all_reduce, ncclGroupEnd under
// batch_isend_irecv is the p2p exchange.
void nameAfterMostPreciseFrame(const std::vector<const Frame *> &rootFirst, int deciding,
                               StackClassification &result)
{
    const std::optional<CommunicationMatch> innermost =
        matchCommunicationFrame(*rootFirst[static_cast<std::size_t>(deciding)]);
    int best = innermost ? innermost->specificity : 0;
    for (int up = deciding - 1; up >= 0 && best < 3; --up) {
        std::optional<CommunicationMatch> outer =
            matchCommunicationFrame(*rootFirst[static_cast<std::size_t>(up)]);
        if (!outer || outer->specificity <= best)
            continue;
        best = outer->specificity;
        result.cls = outer->cls;
        result.operation = std::move(outer->operation);
    }
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
            if (isWaitClass(result.cls))
                nameAfterMostPreciseFrame(rootFirst, i, result);
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
