#include "views/logs/LogSeverityStyle.h"

namespace rankscope {

QString LogSeverityStyle::name(LogSeverity severity)
{
    switch (severity) {
    case LogSeverity::Unknown:
        return tr("unknown");
    case LogSeverity::Debug:
        return tr("debug");
    case LogSeverity::Info:
        return tr("info");
    case LogSeverity::Warning:
        return tr("warning");
    case LogSeverity::Error:
        return tr("error");
    case LogSeverity::Fatal:
        return tr("fatal");
    }
    return QString();
}

QString LogSeverityStyle::shortName(LogSeverity severity)
{
    switch (severity) {
    case LogSeverity::Unknown:
        return QStringLiteral("–");
    case LogSeverity::Debug:
        return tr("DEBUG");
    case LogSeverity::Info:
        return tr("INFO");
    case LogSeverity::Warning:
        return tr("WARN");
    case LogSeverity::Error:
        return tr("ERROR");
    case LogSeverity::Fatal:
        return tr("FATAL");
    }
    return QString();
}

QColor LogSeverityStyle::chipColour(LogSeverity severity)
{
    switch (severity) {
    case LogSeverity::Unknown:
        return QColor(0xee, 0xee, 0xee);
    case LogSeverity::Debug:
        return QColor(0xe0, 0xe0, 0xe0);
    case LogSeverity::Info:
        return QColor(0xd6, 0xe9, 0xfa);
    case LogSeverity::Warning:
        return QColor(0xf9, 0xc0, 0x4a);
    case LogSeverity::Error:
        return QColor(0xe0, 0x3e, 0x36);
    case LogSeverity::Fatal:
        return QColor(0x8e, 0x12, 0x12);
    }
    return {};
}

QColor LogSeverityStyle::chipTextColour(LogSeverity severity)
{
    switch (severity) {
    case LogSeverity::Error:
    case LogSeverity::Fatal:
        return QColor(Qt::white);
    case LogSeverity::Info:
        return QColor(0x15, 0x4c, 0x8a);
    case LogSeverity::Unknown:
    case LogSeverity::Debug:
        return QColor(0x55, 0x55, 0x55);
    case LogSeverity::Warning:
        return QColor(0x33, 0x22, 0x00);
    }
    return QColor(Qt::black);
}

QColor LogSeverityStyle::textColour(LogSeverity severity)
{
    switch (severity) {
    case LogSeverity::Fatal:
        return QColor(0xb0, 0x10, 0x10);
    case LogSeverity::Error:
        return QColor(0xc6, 0x28, 0x28);
    case LogSeverity::Warning:
        return QColor(0x9a, 0x5b, 0x00);
    case LogSeverity::Debug:
        return QColor(0x80, 0x80, 0x80);
    case LogSeverity::Unknown:
    case LogSeverity::Info:
        break;
    }
    return {};
}

QColor LogSeverityStyle::rowTint(LogSeverity severity)
{
    // Translucent so it reads on light and dark palettes alike.
    switch (severity) {
    case LogSeverity::Fatal:
        return QColor(0xd0, 0x20, 0x20, 30);
    case LogSeverity::Error:
        return QColor(0xe0, 0x3e, 0x36, 22);
    case LogSeverity::Warning:
        return QColor(0xf0, 0xa0, 0x20, 26);
    default:
        return {};
    }
}

} // namespace rankscope
