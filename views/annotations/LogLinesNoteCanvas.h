#pragma once

#include "views/annotations/NoteCanvas.h"

#include <memory>
#include <vector>

namespace rankscope {

class LogLineView;
struct LogAnalysis;
struct LogLine;

// Notes on the log lines: pinned to an event by its file and line (and its template's text, to
// tell if the line still says the same), shown while that line is on screen. Marked ranks tint
// their ranks' lines. A list of lines has no shapes.
class LogLinesNoteCanvas : public NoteCanvas
{
public:
    // `analysis` (optional) names the templates of the lines' template ids.
    LogLinesNoteCanvas(const LogLineView &view, std::shared_ptr<const LogAnalysis> analysis);

    QRectF area() const override;
    std::optional<QRectF> anchorRect(const NoteAnchor &anchor) const override;
    std::optional<NoteAnchor> anchorAt(QPointF pos, std::string *label) const override;
    std::vector<QRectF> rankRects(const RankSet &ranks) const override;

    // The anchor of a row of the view's source.
    std::optional<NoteAnchor> lineAnchor(qint64 row, std::string *label) const;

private:
    const std::vector<LogLine> &visibleLines() const;

    const LogLineView &m_view;
    std::shared_ptr<const LogAnalysis> m_analysis;
    mutable bool m_fetched = false;
    mutable qint64 m_first = 0;
    mutable std::vector<LogLine> m_lines; // the rows on screen, read once
};

} // namespace rankscope
