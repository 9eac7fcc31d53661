#include "views/overview/LayerColours.h"

#include <QCoreApplication>

namespace rankscope {

QColor layerColour(FindingLayer layer)
{
    // Distinct under the common colour-vision deficiencies (Okabe-Ito), readable on white.
    switch (layer) {
    case FindingLayer::Stacks:
        return QColor(0xE6, 0x9F, 0x00); // orange, as the flame graph's frames
    case FindingLayer::Traces:
        return QColor(0x00, 0x72, 0xB2); // blue
    case FindingLayer::Logs:
        return QColor(0x00, 0x9E, 0x73); // green
    case FindingLayer::Collectives:
        return QColor(0xCC, 0x79, 0xA7); // purple
    case FindingLayer::Baseline:
        return QColor(0x56, 0xB4, 0xE9); // sky
    }
    return QColor(Qt::gray);
}

QString layerShortName(FindingLayer layer)
{
    switch (layer) {
    case FindingLayer::Stacks:
        return QCoreApplication::translate("rankscope::Overview", "Stacks");
    case FindingLayer::Traces:
        return QCoreApplication::translate("rankscope::Overview", "Traces");
    case FindingLayer::Logs:
        return QCoreApplication::translate("rankscope::Overview", "Logs");
    case FindingLayer::Collectives:
        return QCoreApplication::translate("rankscope::Overview", "Flight Recorder");
    case FindingLayer::Baseline:
        return QCoreApplication::translate("rankscope::Overview", "Baseline");
    }
    return QString();
}

} // namespace rankscope
