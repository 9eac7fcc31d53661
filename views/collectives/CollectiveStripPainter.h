#pragma once

#include "views/collectives/CollectiveStripScene.h"

#include <QCoreApplication>

class QPainter;

namespace rankscope {

// Paints a CollectiveStripScene: sequence header (the focus sequence marked), rank labels with
// the selection marks, the cell image, the rule below the findings' ranks, the selected
// sequence, and the legend. The same code paints the widget and the exported pictures.
class CollectiveStripPainter
{
    Q_DECLARE_TR_FUNCTIONS(CollectiveStripPainter)

public:
    static void paint(QPainter &painter, const CollectiveStripScene &scene, QSize size);
    // The legend's second line: what a pixel row holds and what the focus sequence is.
    static QString legendNote(const CollectiveStripScene &scene, QSize size);
};

} // namespace rankscope
