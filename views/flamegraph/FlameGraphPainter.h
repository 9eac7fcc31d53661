#pragma once

#include "views/flamegraph/FlameGraphScene.h"

#include <QCoreApplication>
#include <QRect>
#include <QSize>

class QPainter;

namespace rankscope {

// Paints a FlameGraphScene into any QPainter (widget, QImage, QSvgGenerator), so the screen and
// the exported pictures come from the same code.
class FlameGraphPainter
{
    Q_DECLARE_TR_FUNCTIONS(FlameGraphPainter)

public:
    struct Options
    {
        double scrollY = 0; // how far the rows are scrolled down (0 for a full picture)
        QRect clip;         // only this part needs painting; empty = everything
    };

    // Header band (summary and colour legend) on top, rows below it.
    static void paint(QPainter &painter, FlameGraphScene &scene, QSize size,
                      const Options &options);
    static void paint(QPainter &painter, FlameGraphScene &scene, QSize size)
    {
        paint(painter, scene, size, Options());
    }
    // Size that shows every row at the given width without scrolling.
    static QSize fullSize(FlameGraphScene &scene, int width);

private:
    static void paintHeader(QPainter &painter, FlameGraphScene &scene, QSize size);
    static int paintLegend(QPainter &painter, FlameGraphScene &scene, const QRect &band);
    static int layOutLegend(QPainter *painter, FlameGraphScene &scene, const QRect &band,
                            bool sideEntries);
    static void paintRows(QPainter &painter, FlameGraphScene &scene, QSize size,
                          const Options &options, const QRect &clip);
    static void paintSelectionCallout(QPainter &painter, FlameGraphScene &scene, QSize size,
                                      const Options &options, const QRect &area);
    static void paintMessage(QPainter &painter, FlameGraphScene &scene, QSize size,
                             const QString &message);
};

} // namespace rankscope
