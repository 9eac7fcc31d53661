#pragma once

#include "core/logs/LogModel.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace rankscope {

// How a severity looks wherever logs are shown (template table chips, line view colours, the
// filter bar's list), so the views agree.
class LogSeverityStyle
{
    Q_DECLARE_TR_FUNCTIONS(LogSeverityStyle)

public:
    static constexpr int kCount = 6; // Unknown .. Fatal

    static QString name(LogSeverity severity);      // "warning" (sentences, tooltips)
    static QString shortName(LogSeverity severity); // "WARN" (chips, the line view's column)
    static QColor chipColour(LogSeverity severity); // chip background
    static QColor chipTextColour(LogSeverity severity);
    // Text colour in the line view; invalid for severities drawn in the palette's text colour.
    static QColor textColour(LogSeverity severity);
    // Light row tint in the line view (warning and worse), invalid otherwise.
    static QColor rowTint(LogSeverity severity);
};

} // namespace rankscope
