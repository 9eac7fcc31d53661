#pragma once

#include "StackResults.h"
#include "views/export/ViewExporter.h"

#include <QSize>
#include <QString>

namespace rankscope {
class FlameGraphScene;
struct NoteLayer;
} // namespace rankscope

// Exports the flame graph with a caption that says what the picture shows: job, view,
// selection (frame and its has/missing ranks, or the traced rank), frame identity and threads.
namespace StackViewExport {

// `highlightedRanks`: the traced ranks (one, or a finding's several; empty: none).
rankscope::ExportCaption caption(const StackResults &results, const QString &bundleName,
                                 int selectedNode, const rankscope::RankSet &highlightedRanks);
rankscope::ExportCaption caption(const StackResults &results, const QString &bundleName,
                                 int selectedNode, int highlightedRank);
// The exported picture's size for a view `width` pixels wide: every row plus the caption band.
QSize pictureSize(const rankscope::ExportCaption &caption, rankscope::FlameGraphScene &scene,
                  int width);
// `notes` (optional): the user's notes of the flame graph, drawn over it and listed in the
// caption.
bool write(rankscope::FlameGraphScene &scene, const StackResults &results,
           const QString &bundleName, int selectedNode, const rankscope::RankSet &highlightedRanks,
           const QString &file, int width, QString *error,
           const rankscope::NoteLayer *notes = nullptr);

} // namespace StackViewExport
