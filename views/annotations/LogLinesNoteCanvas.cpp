#include "views/annotations/LogLinesNoteCanvas.h"

#include "core/logs/LogAnalysis.h"
#include "views/logs/LogLineView.h"

namespace rankscope {

LogLinesNoteCanvas::LogLinesNoteCanvas(const LogLineView &view,
                                       std::shared_ptr<const LogAnalysis> analysis)
    : NoteCanvas(NoteView::Logs), m_view(view), m_analysis(std::move(analysis))
{}

QRectF LogLinesNoteCanvas::area() const
{
    return QRectF(m_view.viewport()->rect());
}

const std::vector<LogLine> &LogLinesNoteCanvas::visibleLines() const
{
    if (!m_fetched) {
        m_fetched = true;
        if (const LogLineSource *source = m_view.source(); source && m_view.rowCount() > 0) {
            m_first = m_view.firstVisibleRow();
            m_lines = source->lines(m_first, m_view.visibleRowCount() + 1);
        }
    }
    return m_lines;
}

std::optional<QRectF> LogLinesNoteCanvas::anchorRect(const NoteAnchor &anchor) const
{
    if (anchor.target != NoteTarget::LogLine || anchor.file.empty())
        return std::nullopt;
    const QString file = QString::fromStdString(anchor.file);
    const std::vector<LogLine> &lines = visibleLines();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].lineNumber != anchor.line || lines[i].fileLabel != file)
            continue;
        const QRect rect = m_view.visualRect(m_first + qint64(i));
        if (rect.isEmpty())
            return std::nullopt;
        // The event's first line: its continuation lines (expanded) are not the anchor.
        return QRectF(rect.left(), rect.top(), rect.width(), m_view.rowHeight());
    }
    return std::nullopt;
}

std::optional<NoteAnchor> LogLinesNoteCanvas::lineAnchor(qint64 row, std::string *label) const
{
    const LogLineSource *source = m_view.source();
    if (!source || row < 0 || row >= source->lineCount())
        return std::nullopt;
    const LogLine line = source->line(row);
    if (line.fileLabel.isEmpty() || line.lineNumber <= 0)
        return std::nullopt;
    NoteAnchor anchor;
    anchor.target = NoteTarget::LogLine;
    anchor.file = line.fileLabel.toStdString();
    anchor.line = line.lineNumber;
    anchor.rank = line.rank;
    anchor.timeNs = line.timeNs > 0 ? line.timeNs : -1;
    if (m_analysis && line.templateId != kNoTemplate)
        for (const LogTemplateSummary &summary : m_analysis->templates)
            if (summary.id == line.templateId) {
                anchor.name = summary.text;
                break;
            }
    if (label)
        *label = anchor.file + ':' + std::to_string(anchor.line);
    return anchor;
}

std::optional<NoteAnchor> LogLinesNoteCanvas::anchorAt(QPointF pos, std::string *label) const
{
    return lineAnchor(m_view.rowAt(pos.toPoint()), label);
}

std::vector<QRectF> LogLinesNoteCanvas::rankRects(const RankSet &ranks) const
{
    std::vector<QRectF> rects;
    const std::vector<LogLine> &lines = visibleLines();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rank < 0 || !ranks.contains(lines[i].rank))
            continue;
        const QRect rect = m_view.visualRect(m_first + qint64(i));
        if (!rect.isEmpty())
            rects.emplace_back(rect);
    }
    return rects;
}

} // namespace rankscope
