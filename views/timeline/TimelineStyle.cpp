#include "views/timeline/TimelineStyle.h"

namespace rankscope {

QColor TimelineStyle::kindColour(TraceEventKind kind)
{
    switch (kind) {
    case TraceEventKind::ComputeKernel:
        return QColor(0x4e, 0x79, 0xa7);
    case TraceEventKind::CommunicationKernel:
        return QColor(0xe1, 0x57, 0x59);
    case TraceEventKind::CpuCommunication:
        return QColor(0xf2, 0x8e, 0x2b);
    case TraceEventKind::Memcpy:
        return QColor(0x59, 0xa1, 0x4f);
    case TraceEventKind::Memset:
        return QColor(0x76, 0xb7, 0xb2);
    case TraceEventKind::CpuOp:
        return QColor(0x9c, 0xb4, 0xd8);
    case TraceEventKind::PythonFunction:
        return QColor(0xc3, 0xb1, 0xe1);
    case TraceEventKind::UserAnnotation:
        return QColor(0xed, 0xc9, 0x48);
    case TraceEventKind::GpuUserAnnotation:
        return QColor(0xd9, 0xc8, 0x8a);
    case TraceEventKind::IterationMarker:
        return QColor(0xcf, 0xcf, 0xcf);
    case TraceEventKind::Runtime:
        return QColor(0xb0, 0x7a, 0xa1);
    case TraceEventKind::Synchronization:
        return QColor(0x9d, 0x75, 0x5d);
    case TraceEventKind::Other:
        break;
    }
    return QColor(0xba, 0xb0, 0xac);
}

QString TimelineStyle::kindName(TraceEventKind kind)
{
    switch (kind) {
    case TraceEventKind::Other:
        return tr("other");
    case TraceEventKind::CpuOp:
        return tr("CPU op");
    case TraceEventKind::PythonFunction:
        return tr("Python function");
    case TraceEventKind::UserAnnotation:
        return tr("annotation");
    case TraceEventKind::IterationMarker:
        return tr("iteration");
    case TraceEventKind::CpuCommunication:
        return tr("collective (CPU side)");
    case TraceEventKind::Runtime:
        return tr("runtime call");
    case TraceEventKind::Synchronization:
        return tr("synchronization");
    case TraceEventKind::ComputeKernel:
        return tr("compute kernel");
    case TraceEventKind::CommunicationKernel:
        return tr("communication kernel");
    case TraceEventKind::Memcpy:
        return tr("memcpy");
    case TraceEventKind::Memset:
        return tr("memset");
    case TraceEventKind::GpuUserAnnotation:
        return tr("GPU annotation");
    }
    return tr("other");
}

QString TimelineStyle::trackLabel(const TraceData &trace, std::uint32_t track)
{
    if (track >= trace.tracks.size())
        return {};
    const TraceTrack &t = trace.tracks[track];
    const QString name = QString::fromUtf8(trace.string(t.name)).trimmed();
    switch (t.kind) {
    case TraceTrackKind::GpuStream:
        return tr("GPU %1 · stream %2").arg(t.gpuDevice).arg(t.gpuStream);
    case TraceTrackKind::CpuThread: {
        const QString id =
            t.tidIsLabel ? QString::fromUtf8(trace.string(t.tidLabel)) : QString::number(t.tid);
        // Kineto names CPU threads "thread 59976 (python3)" itself: show that as it is.
        if (name.startsWith(QStringLiteral("thread ") + id))
            return name;
        if (!name.isEmpty() && name != id)
            return tr("thread %1 (%2)").arg(id, name);
        return tr("thread %1").arg(id);
    }
    case TraceTrackKind::Counter:
    case TraceTrackKind::Other:
        break;
    }
    if (!name.isEmpty())
        return name;
    const QString pid =
        t.pidIsLabel ? QString::fromUtf8(trace.string(t.pidLabel)) : QString::number(t.pid);
    return pid.isEmpty() ? tr("track %1").arg(track) : pid;
}

} // namespace rankscope
