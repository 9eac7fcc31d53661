// Names follow the upstream sources: torch/distributed/distributed_c10d.py and
// _functional_collectives.py, c10d's ProcessGroupNCCL/ProcessGroupGloo, nccl.h, gloo's
// algorithms, deepspeed/comm/{comm,torch}.py, deepspeed/runtime/zero/{partition_parameters,
// partitioned_param_coordinator,stage_1_and_2,stage3}.py, Megatron-LM's
// core/pipeline_parallel/p2p_communication.py, core/distributed/{param_and_grad_buffer,
// distributed_data_parallel}.py and core/tensor_parallel/mappings.py, torch/distributed/fsdp
// (_flat_param.py, _runtime_utils.py) and FSDP2's _fsdp_collectives.py/_fsdp_param_group.py.
#include "core/stacks/CommunicationFrames.h"
#include "core/model/AsciiText.h"

#include <array>
#include <cctype>
#include <string_view>
#include <tuple>
#include <utility>

namespace rankscope {

namespace {

using Names = std::initializer_list<std::string_view>;

bool oneOf(std::string_view text, Names names)
{
    for (std::string_view name : names) {
        if (text == name)
            return true;
    }
    return false;
}

// torch.distributed's collectives, as distributed_c10d.py names them.
constexpr std::array<std::string_view, 32> kTorchCollectives = {
    "all_reduce",
    "all_reduce_coalesced",
    "all_reduce_multigpu",
    "all_gather",
    "all_gather_coalesced",
    "all_gather_into_tensor",
    "all_gather_multigpu",
    "all_gather_object",
    "_all_gather_base",
    "reduce_scatter",
    "reduce_scatter_tensor",
    "reduce_scatter_multigpu",
    "_reduce_scatter_base",
    "broadcast",
    "broadcast_multigpu",
    "broadcast_object_list",
    "barrier",
    "monitored_barrier",
    "_store_based_barrier",
    "all_to_all",
    "all_to_all_single",
    "reduce",
    "reduce_multigpu",
    "gather",
    "gather_object",
    "scatter",
    "scatter_object_list",
    "all_reduce_into_tensor",
    "all_gather_tensor",
    "all_gather_tensor_autograd",
    "reduce_scatter_tensor_autograd",
    "permute_tensor",
};

constexpr std::array<std::string_view, 7> kTorchPointToPoint = {
    "send", "recv", "isend", "irecv", "batch_isend_irecv", "send_object_list", "recv_object_list"};

template <std::size_t N>
bool oneOfArray(std::string_view text, const std::array<std::string_view, N> &names)
{
    for (std::string_view name : names) {
        if (text == name)
            return true;
    }
    return false;
}

CommunicationMatch collective(std::string_view operation, int specificity)
{
    return {StackClass::CollectiveWait, std::string(operation), specificity};
}

CommunicationMatch pointToPoint(std::string_view operation, int specificity)
{
    return {StackClass::P2PWait, std::string(operation), specificity};
}

std::optional<CommunicationMatch> torchName(std::string_view fn, int specificity)
{
    if (fn == "_coalescing_manager") // runs the ops batched in its block (batch_isend_irecv)
        return collective(fn, 2);
    if (oneOfArray(fn, kTorchCollectives))
        return collective(fn, specificity);
    if (oneOfArray(fn, kTorchPointToPoint))
        return pointToPoint(fn, specificity);
    return std::nullopt;
}

// "c10d::ProcessGroupNCCL::allreduce(std::vector<at::Tensor>&, ...)" -> "allreduce".
std::string_view methodAfter(std::string_view fn, std::string_view scope)
{
    const std::size_t at = fn.find(scope);
    if (at == std::string_view::npos)
        return {};
    std::string_view rest = fn.substr(at + scope.size());
    std::size_t end = 0;
    while (end < rest.size() &&
           (std::isalnum(static_cast<unsigned char>(rest[end])) || rest[end] == '_'))
        ++end;
    return rest.substr(0, end);
}

// c10d's C++ method names (ProcessGroup*, Backend) in torch's Python spelling.
std::optional<CommunicationMatch> c10dMethod(std::string_view method)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 22> kNames = {{
        {"allreduce", "all_reduce"},
        {"allreduce_sparse", "all_reduce"},
        {"allreduce_coalesced", "all_reduce_coalesced"},
        {"allgather", "all_gather"},
        {"allgather_coalesced", "all_gather_coalesced"},
        {"allgather_into_tensor_coalesced", "all_gather_into_tensor_coalesced"},
        {"_allgather_base", "_all_gather_base"},
        {"reduce_scatter", "reduce_scatter"},
        {"reduce_scatter_tensor_coalesced", "reduce_scatter_tensor_coalesced"},
        {"_reduce_scatter_base", "_reduce_scatter_base"},
        {"alltoall", "all_to_all"},
        {"alltoall_base", "all_to_all_single"},
        {"broadcast", "broadcast"},
        {"reduce", "reduce"},
        {"gather", "gather"},
        {"scatter", "scatter"},
        {"barrier", "barrier"},
        {"monitoredBarrier", "monitored_barrier"},
        {"send", "send"},
        {"recv", "recv"},
        {"recvAnysource", "recv"},
        {"pointToPoint", "p2p"},
    }};
    for (const auto &[cpp, python] : kNames) {
        if (method != cpp)
            continue;
        if (python == "send" || python == "recv")
            return pointToPoint(python, 3);
        if (python == "p2p")
            return pointToPoint("p2p", 1);
        return collective(python, 3);
    }
    if (oneOf(method, {"collective", "collectiveCoalesced", "endCoalescing"}))
        return collective("nccl collective", 1);
    if (oneOf(method, {"initNCCLComm", "getNCCLComm"}))
        return collective("ncclCommInitRank", 2);
    return std::nullopt;
}

std::optional<CommunicationMatch> nativeC10d(std::string_view fn)
{
    // Work::wait and what it spins in (WorkNCCL::synchronize*, isCompleted), or gloo's work.
    if ((contains(fn, "Work") &&
         (contains(fn, "::wait") || contains(fn, "::synchronize") ||
          contains(fn, "::isCompleted") || contains(fn, "::finishedGPUExecution"))))
        return collective("work.wait", 1);
    if (contains(fn, "TCPStore::") || contains(fn, "TCPClient::") ||
        contains(fn, "PrefixStore::")) {
        const std::string_view method = methodAfter(fn, "Store::");
        if (oneOf(method, {"wait", "get", "waitForWorkers", "compareSet", "add"}))
            return collective("store barrier", 2);
        return std::nullopt;
    }
    for (std::string_view scope : {"ProcessGroupNCCL::", "ProcessGroupGloo::", "ProcessGroupMPI::",
                                   "ProcessGroupWrapper::", "ProcessGroupUCC::", "Backend::"}) {
        if (std::string_view method = methodAfter(fn, scope); !method.empty())
            return c10dMethod(method);
    }
    return std::nullopt;
}

std::optional<CommunicationMatch> nccl(std::string_view fn)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kNames = {{
        {"ncclAllReduce", "all_reduce"},
        {"ncclAllGather", "all_gather"},
        {"ncclReduceScatter", "reduce_scatter"},
        {"ncclBroadcast", "broadcast"},
        {"ncclBcast", "broadcast"},
        {"ncclReduce", "reduce"},
        {"ncclAlltoAll", "all_to_all"},
        {"ncclSend", "send"},
        {"ncclRecv", "recv"},
    }};
    // pnccl/ncclX prefixes and argument lists: compare the identifier only.
    std::size_t end = 0;
    while (end < fn.size() && (std::isalnum(static_cast<unsigned char>(fn[end])) || fn[end] == '_'))
        ++end;
    const std::string_view name = fn.substr(0, end);
    for (const auto &[c, python] : kNames) {
        if (name == c)
            return python == "send" || python == "recv" ? pointToPoint(python, 3)
                                                        : collective(python, 3);
    }
    if (name == "ncclGroupEnd" || name == "ncclGroupEndInternal")
        return collective("ncclGroupEnd", 2);
    if (name.starts_with("ncclCommInitRank") || name == "ncclCommInitAll" ||
        name == "ncclCommSplit")
        return collective("ncclCommInitRank", 2);
    if (name == "ncclCommAbort" || name == "ncclCommDestroy" || name == "ncclCommFinalize")
        return collective(name, 2);
    return std::nullopt;
}

std::optional<CommunicationMatch> gloo(std::string_view fn)
{
    if (!fn.starts_with("gloo::"))
        return std::nullopt;
    if (contains(fn, "::transport::")) {
        if (contains(fn, "wait") || contains(fn, "Wait") || contains(fn, "recv"))
            return collective("gloo wait", 1);
        return std::nullopt;
    }
    const std::string_view method = methodAfter(fn, "gloo::");
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kNames = {{
        {"allreduce", "all_reduce"},
        {"allgather", "all_gather"},
        {"allgatherv", "all_gather"},
        {"reduce_scatter", "reduce_scatter"},
        {"broadcast", "broadcast"},
        {"barrier", "barrier"},
        {"reduce", "reduce"},
        {"gather", "gather"},
        {"scatter", "scatter"},
        {"alltoall", "all_to_all"},
    }};
    for (const auto &[c, python] : kNames) {
        if (method == c)
            return collective(python, 3);
    }
    if (method == "rendezvous" || contains(fn, "connectFullMesh"))
        return collective("gloo rendezvous", 2);
    return std::nullopt;
}

std::optional<CommunicationMatch> deepSpeed(std::string_view fn, std::string_view file)
{
    if (contains(file, "deepspeed/comm/"))
        return torchName(fn, 3);
    if (contains(file, "deepspeed/runtime/comm/") &&
        oneOf(fn, {"reduce_scatter_coalesced", "all_to_all_quant_reduce",
                   "all_to_all_loco_quant_reduce"}))
        return collective(fn, 3);
    if (!contains(file, "deepspeed/runtime/zero/"))
        return std::nullopt;
    // ZeRO-3 parameter fetch: the coordinator gathers a module's parameters before it runs.
    if (contains(file, "partition_parameters")) {
        if (oneOf(fn, {"all_gather_coalesced", "_all_gather", "_allgather_params",
                       "_allgather_params_coalesced", "_dist_allgather_fn", "allgather_fn"}))
            return collective("all_gather_coalesced", 3);
        if (fn == "wait")
            return collective("all_gather_coalesced", 2); // AllGather*Handle.wait
        return std::nullopt;
    }
    if (contains(file, "partitioned_param_coordinator") &&
        oneOf(fn, {"fetch_sub_module", "__all_gather_params", "__all_gather_params_",
                   "_all_gather_params", "_fetch_sub_module_impl"}))
        return collective("fetch_sub_module", 2);
    // ZeRO 1/2/3 gradient reduction.
    if (contains(file, "/stage") &&
        oneOf(fn, {"allreduce_bucket", "allreduce_and_copy", "allreduce_no_retain",
                   "average_tensor", "reduce_ipg_grads", "__reduce_and_partition_ipg_grads",
                   "_reduce_and_partition_ipg_grads", "__avg_scatter_grads",
                   "allreduce_and_scatter", "gather_and_scatter"}))
        return collective(fn, 2);
    return std::nullopt;
}

std::optional<CommunicationMatch> megatron(std::string_view fn, std::string_view file)
{
    if (contains(file, "p2p_communication")) {
        // The public send_*/recv_* of the schedule name the exchange; the helpers under them
        // (_communicate, _batched_p2p_ops, _p2p_ops) only run it.
        const bool api = fn.starts_with("send_") || fn.starts_with("recv_");
        return pointToPoint(fn, api ? 3 : 2);
    }
    if (contains(file, "param_and_grad_buffer") ||
        contains(file, "core/distributed/distributed_data_parallel")) {
        if (oneOf(fn,
                  {"finish_grad_sync", "start_grad_sync", "finish_param_sync", "start_param_sync"}))
            return collective(fn, 2);
        return std::nullopt;
    }
    if (contains(file, "tensor_parallel/mappings") &&
        oneOf(fn,
              {"_reduce", "_gather_along_first_dim", "_gather_along_last_dim",
               "_reduce_scatter_along_first_dim", "_reduce_scatter_along_last_dim", "all_to_all"}))
        return collective(fn, 2);
    if (contains(file, "finalize_model_grads") && fn.starts_with("_allreduce"))
        return collective(fn, 2);
    return std::nullopt;
}

std::optional<CommunicationMatch> fsdp(std::string_view fn, std::string_view file)
{
    if (!contains(file, "distributed/fsdp/") && !contains(file, "_composable/fsdp/"))
        return std::nullopt;
    if (oneOf(fn, {"foreach_all_gather", "foreach_all_gather_copy_out", "foreach_reduce",
                   "_all_gather_flat_param", "_reduce_grad", "_unshard", "wait_for_unshard"}))
        return collective(fn, 2);
    return std::nullopt;
}

std::optional<CommunicationMatch> matchPython(std::string_view fn, std::string_view file)
{
    if (contains(file, "distributed_c10d"))
        return torchName(fn, 3);
    if (contains(file, "_functional_collectives")) {
        if (fn == "wait_tensor" || fn == "wait")
            return collective("wait_tensor", 1);
        return torchName(fn, 3);
    }
    if (auto m = deepSpeed(fn, file))
        return m;
    if (auto m = megatron(fn, file))
        return m;
    if (auto m = fsdp(fn, file))
        return m;
    // vLLM / SGLang's own NCCL wrapper and custom all-reduce.
    if (contains(file, "pynccl") || contains(file, "custom_all_reduce")) {
        if (auto m = torchName(fn, 3))
            return m;
        if (fn == "custom_all_reduce" || fn == "all_reduce_unreg" || fn == "all_reduce_reg")
            return collective("all_reduce", 3);
    }
    if (contains(file, "distributed/elastic/utils/store") &&
        oneOf(fn, {"barrier", "synchronize", "get_all", "_barrier_nonblocking"}))
        return collective("store barrier", 2);
    // Work.wait called from Python code of a distributed library (a bucket's handle, FSDP).
    if (fn == "wait" && contains(file, "distributed"))
        return collective("work.wait", 1);
    return std::nullopt;
}

// A folded frame keeps "func (file:line)" verbatim in `function`: split it for matching.
std::pair<std::string_view, std::string_view> foldedParts(std::string_view label)
{
    if (label.empty() || label.back() != ')')
        return {label, {}};
    const std::size_t open = label.rfind(" (");
    if (open == std::string_view::npos)
        return {label, {}};
    std::string_view location = label.substr(open + 2, label.size() - open - 3);
    if (const std::size_t colon = location.rfind(':'); colon != std::string_view::npos)
        location = location.substr(0, colon);
    return {label.substr(0, open), location};
}

} // namespace

std::optional<CommunicationMatch> matchCommunicationFrame(const Frame &frame)
{
    std::string_view fn = frame.function;
    std::string_view file = frame.file;
    if (frame.kind == FrameKind::Unknown && file.empty())
        std::tie(fn, file) = foldedParts(fn);
    if (fn.empty())
        return std::nullopt;
    if (frame.kind != FrameKind::Python) {
        if (auto m = nativeC10d(fn))
            return m;
        if (fn.starts_with("nccl") || fn.starts_with("pncclAll"))
            return nccl(fn.starts_with("p") ? fn.substr(1) : fn);
        if (auto m = gloo(fn))
            return m;
    }
    if (frame.kind == FrameKind::Native)
        return std::nullopt;
    if (auto m = matchPython(fn, file))
        return m;
    // Folded stacks may carry bare names without a file: a collective's name still means it.
    if (file.empty())
        return torchName(fn, 3);
    return std::nullopt;
}

} // namespace rankscope
