#include "core/model/TraceEventKind.h"

namespace rankscope {

const char *traceEventKindName(TraceEventKind kind)
{
    switch (kind) {
    case TraceEventKind::Other:
        return "other";
    case TraceEventKind::CpuOp:
        return "cpu-op";
    case TraceEventKind::PythonFunction:
        return "python-function";
    case TraceEventKind::UserAnnotation:
        return "user-annotation";
    case TraceEventKind::IterationMarker:
        return "iteration-marker";
    case TraceEventKind::CpuCommunication:
        return "cpu-communication";
    case TraceEventKind::Runtime:
        return "runtime";
    case TraceEventKind::Synchronization:
        return "synchronization";
    case TraceEventKind::ComputeKernel:
        return "compute-kernel";
    case TraceEventKind::CommunicationKernel:
        return "communication-kernel";
    case TraceEventKind::Memcpy:
        return "memcpy";
    case TraceEventKind::Memset:
        return "memset";
    case TraceEventKind::GpuUserAnnotation:
        return "gpu-user-annotation";
    }
    return "other";
}

} // namespace rankscope
