#include "core/model/TraceEventClassifier.h"
#include "core/model/AsciiText.h"

#include <array>

namespace rankscope {

namespace {

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    if (text.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (lower(text[i]) != prefix[i])
            return false;
    }
    return true;
}

TraceEventKind classifyKernel(std::string_view name)
{
    return isCommunicationKernelName(name) ? TraceEventKind::CommunicationKernel
                                           : TraceEventKind::ComputeKernel;
}

// CPU ranges: an iteration marker, the CPU side of a collective, or `otherwise`.
TraceEventKind classifyCpuRange(std::string_view name, TraceEventKind otherwise)
{
    if (profilerStepNumber(name) >= 0)
        return TraceEventKind::IterationMarker;
    if (isCpuCommunicationName(name))
        return TraceEventKind::CpuCommunication;
    return otherwise;
}

} // namespace

bool isCommunicationKernelName(std::string_view name)
{
    if (startsWith(name, "void "))
        name.remove_prefix(5);
    static constexpr std::array<std::string_view, 3> kPrefixes = {"nccl", "rccl", "msccl"};
    for (std::string_view prefix : kPrefixes) {
        if (startsWithNoCase(name, prefix))
            return true;
    }
    // vLLM's custom all-reduce kernels live in a namespace: "vllm::cross_device_reduce_2stage".
    return name.find("cross_device_reduce") != std::string_view::npos;
}

bool isCpuCommunicationName(std::string_view name)
{
    return name == "record_param_comms" || startsWith(name, "nccl:") || startsWith(name, "gloo:") ||
           startsWith(name, "c10d::");
}

std::int64_t profilerStepNumber(std::string_view name)
{
    static constexpr std::string_view kPrefix = "ProfilerStep#";
    if (!startsWith(name, kPrefix) || name.size() == kPrefix.size() ||
        name.size() > kPrefix.size() + 18)
        return -1;
    std::int64_t step = 0;
    for (char c : name.substr(kPrefix.size())) {
        if (c < '0' || c > '9')
            return -1;
        step = step * 10 + (c - '0');
    }
    return step;
}

TraceEventKind classifyTraceEvent(std::string_view category, std::string_view name)
{
    if (category == "kernel" || category == "Kernel")
        return classifyKernel(name);
    if (category == "cpu_op")
        return classifyCpuRange(name, TraceEventKind::CpuOp);
    if (category == "user_annotation")
        return classifyCpuRange(name, TraceEventKind::UserAnnotation);
    if (category == "python_function")
        return TraceEventKind::PythonFunction;
    if (category == "gpu_memcpy" || category == "Memcpy")
        return TraceEventKind::Memcpy;
    if (category == "gpu_memset" || category == "Memset")
        return TraceEventKind::Memset;
    if (category == "gpu_user_annotation")
        return TraceEventKind::GpuUserAnnotation;
    if (category == "cuda_sync")
        return TraceEventKind::Synchronization;
    // MTIA writes its device operations under their own category.
    if (category == "mtia_ccp_events")
        return classifyKernel(name);
    static constexpr std::array<std::string_view, 9> kRuntimeCategories = {
        "cuda_runtime", "cuda_driver",         "Runtime",
        "Driver",       "mtia_runtime",        "xpu_runtime",
        "xpu_driver",   "privateuse1_runtime", "privateuse1_driver"};
    for (std::string_view runtime : kRuntimeCategories) {
        if (category == runtime)
            return TraceEventKind::Runtime;
    }
    return TraceEventKind::Other;
}

} // namespace rankscope
