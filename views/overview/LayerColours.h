#pragma once

#include "core/findings/Finding.h"

#include <QColor>
#include <QString>

namespace rankscope {

// One colour and one short name per layer, shared by the Overview's coverage strip, its
// anomaly timeline and its evidence lists, so a layer looks the same in all three.
QColor layerColour(FindingLayer layer);
// "Stacks", "Traces", "Logs", "Flight Recorder", "Baseline", translated.
QString layerShortName(FindingLayer layer);

} // namespace rankscope
