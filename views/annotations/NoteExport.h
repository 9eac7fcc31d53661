#pragma once

#include "views/annotations/NoteCanvas.h"
#include "views/annotations/NoteLayer.h"
#include "views/export/ViewExporter.h"

#include <functional>
#include <memory>

namespace rankscope {

// Notes in exported pictures (File > Export Image, --export-view, the incident report): the
// view painted as before, its notes drawn over it by NotePainter with every text beside its
// badge, and a caption line per note drawn, numbered as in the Notes panel.
namespace NoteExport {

// The canvas of the view for a picture of a size (the view's scene laid out at that size).
using CanvasForSize = std::function<std::unique_ptr<NoteCanvas>(QSize)>;

// Wraps `paint` so that the notes of `layer` are drawn over the view, and adds the lines of the
// notes the picture shows to `caption`. An empty layer returns `paint` as it is.
ViewExporter::PaintFunction annotate(ViewExporter::PaintFunction paint, const NoteLayer &layer,
                                     CanvasForSize canvas, QSize viewSize, ExportCaption *caption);

// The notes of a layer that a canvas shows (drawn in a picture of it).
std::vector<const NoteLayer::Entry *> shownNotes(const NoteLayer &layer, const NoteCanvas &canvas);

} // namespace NoteExport

} // namespace rankscope
