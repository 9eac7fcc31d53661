#pragma once

#include "views/annotations/NoteCanvas.h"
#include "views/annotations/NoteLayer.h"

#include <QFont>
#include <QPointF>

#include <optional>
#include <string>

class QPainter;

namespace rankscope {

struct NotePaintState
{
    std::string hovered;  // note ids
    std::string selected; // its text is shown beside its badge
    // A picture for a report: every note's text beside its badge (the screen shows it on
    // hover and for the selected note only).
    bool showTexts = false;
    // A shape being drawn (NoteOverlay's tools), drawn like the others.
    std::optional<Note> preview;
};

// Draws a view's notes over it (the widget's overlay and the picture exports share it):
// pinned notes as a numbered badge on an outline of their item, highlights as a tinted
// rectangle, arrows, and marked ranks as a band on their rows, all in one warm colour.
class NotePainter
{
public:
    static void paint(QPainter &painter, const NoteLayer &layer, const NoteCanvas &canvas,
                      const NotePaintState &state, const QFont &font);
    // The note drawn under a point (its badge, a highlight's border, an arrow), "" when none.
    static std::string noteAt(const NoteLayer &layer, const NoteCanvas &canvas, QPointF pos,
                              const QFont &font);
};

} // namespace rankscope
