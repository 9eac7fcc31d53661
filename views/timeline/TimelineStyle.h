#pragma once

#include "core/model/TraceEventKind.h"
#include "core/model/TraceModel.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace rankscope {

// Colours and names of trace event kinds and tracks, shared by the timeline, its legend and the
// op table. Communication is warm (the eye goes to it first), compute cool, copies green,
// host-side work in muted tones.
class TimelineStyle
{
    Q_DECLARE_TR_FUNCTIONS(TimelineStyle)

public:
    static QColor kindColour(TraceEventKind kind);
    static QString kindName(TraceEventKind kind); // "compute kernel", "communication kernel"
    // "thread 1234 (python3)", "GPU 0 · stream 7", "Spans"
    static QString trackLabel(const TraceData &trace, std::uint32_t track);
};

} // namespace rankscope
