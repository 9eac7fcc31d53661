#pragma once

#include "views/flamegraph/FlameGraphScene.h"

#include <QRect>
#include <QSize>

class QPainter;

namespace rankscope {

// Paints the markers of the paths only one run has (FlameGraphGeometry::markers) over the rows of
// a differential flame graph: the full colour of its direction (red new, blue vanished) however
// small the change, hatched like a wide one-run frame, outlined so it stands out beside its
// neighbours; the first frame of each such branch is
// labelled beside its marker where the row has room. `area` is the painted row area.
void paintOneRunMarkers(QPainter &painter, FlameGraphScene &scene, QSize size, double scrollY,
                        const QRect &area);

} // namespace rankscope
