#pragma once

#include "views/annotations/NoteCanvas.h"
#include "views/annotations/NoteLayer.h"

#include <QFont>
#include <QLineF>
#include <QRectF>

#include <vector>

namespace rankscope {

// Where each note of a layer is drawn on a canvas: computed once per paint (and per hit test)
// by the same code, so what the mouse finds is what the eye sees.
struct NotePlacement
{
    const NoteLayer::Entry *entry = nullptr;
    bool visible = false;
    QRectF target;             // Pin: the item it is pinned to
    QRectF badge;              // the numbered badge (every kind has one)
    QRectF box;                // Highlight: the rectangle
    QLineF arrow;              // Arrow: tail to head
    std::vector<QRectF> ranks; // Ranks: where the marked ranks are drawn
};

std::vector<NotePlacement> placeNotes(const NoteLayer &layer, const NoteCanvas &canvas,
                                      const QFont &font);

// The rectangle a shape's two corners make in pixels, nullopt when either is not on the canvas.
std::optional<QRectF> shapePixels(const NoteCanvas &canvas, const Note &note, QLineF *line);

} // namespace rankscope
