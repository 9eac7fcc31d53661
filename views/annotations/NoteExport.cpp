#include "views/annotations/NoteExport.h"

#include "views/annotations/NotePainter.h"
#include "views/annotations/NotePlacement.h"
#include "views/annotations/NoteText.h"

#include <QGuiApplication>
#include <QPainter>

namespace rankscope::NoteExport {

std::vector<const NoteLayer::Entry *> shownNotes(const NoteLayer &layer, const NoteCanvas &canvas)
{
    std::vector<const NoteLayer::Entry *> shown;
    for (const NotePlacement &placed : placeNotes(layer, canvas, QGuiApplication::font()))
        if (placed.visible)
            shown.push_back(placed.entry);
    return shown;
}

ViewExporter::PaintFunction annotate(ViewExporter::PaintFunction paint, const NoteLayer &layer,
                                     CanvasForSize canvas, QSize viewSize, ExportCaption *caption)
{
    if (layer.empty() || !canvas)
        return paint;
    if (caption) {
        if (const auto probe = canvas(viewSize))
            for (const NoteLayer::Entry *entry : shownNotes(layer, *probe))
                caption->notes << NoteText::captionLine(entry->note, entry->number);
    }
    return [paint = std::move(paint), layer, canvas = std::move(canvas)](QPainter &painter,
                                                                         QSize size) {
        paint(painter, size);
        // The view's painter may have left any state; the notes start from a clean one.
        painter.save();
        if (const auto drawn = canvas(size)) {
            NotePaintState state;
            state.showTexts = true;
            NotePainter::paint(painter, layer, *drawn, state, QGuiApplication::font());
        }
        painter.restore();
    };
}

} // namespace rankscope::NoteExport
