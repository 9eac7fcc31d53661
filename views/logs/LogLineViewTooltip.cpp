// LogLineView's tooltip: where the event under the mouse comes from and all its lines.
#include "views/logs/LogLineView.h"

#include "views/logs/LogSeverityStyle.h"
#include "views/logs/LogTimeText.h"

#include <QHelpEvent>
#include <QToolTip>

namespace rankscope {

namespace {
constexpr int kTooltipLines = 40; // a traceback longer than this is cut in the tooltip
} // namespace

bool LogLineView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

QString LogLineView::toolTipAt(const QPoint &pos) const
{
    const qint64 row = rowAt(pos);
    if (row < 0)
        return QString();
    const LogLine line = lineAt(row);
    QStringList where;
    if (line.rank >= 0) {
        const std::string node = m_job ? m_job->nodeOf(line.rank) : std::string();
        where << (node.empty()
                      ? tr("rank %1").arg(line.rank)
                      : tr("rank %1 on %2").arg(line.rank).arg(QString::fromStdString(node)));
    }
    where << LogTimeText::dateTime(line.timeNs);
    if (!line.fileLabel.isEmpty())
        where << tr("%1, line %2").arg(line.fileLabel).arg(line.lineNumber);
    if (line.severity != LogSeverity::Unknown)
        where << LogSeverityStyle::name(line.severity);
    QString copies;
    const QString other = tr("%1, line %2").arg(line.otherFile).arg(line.otherLine);
    if (line.duplicate && !line.otherFile.isEmpty())
        copies = tr("A copy of %1: the same event, counted once, there.").arg(other);
    else if (line.copies == 1)
        copies = tr("Also in %1 (counted once, here).").arg(other);
    else if (line.copies > 1)
        copies = tr("Also in %n other places, first %1 (counted once, here).", nullptr, line.copies)
                     .arg(other);
    QString hint;
    switch (columnAt(pos.x())) {
    case Column::Rank:
        hint = line.rank >= 0 ? tr("Double-click to show the rank's detail.") : QString();
        break;
    case Column::Time:
        hint = tr("Double-click to show this time in the heatmap.");
        break;
    default:
        hint = line.templateId != kNoTemplate
                   ? tr("Double-click to show only lines of this template.")
                   : QString();
    }

    QStringList textLines = line.text.split(QLatin1Char('\n'));
    const qsizetype total = textLines.size();
    if (total > kTooltipLines) {
        textLines = textLines.mid(0, kTooltipLines);
        const int n = int(total - kTooltipLines);
        textLines << (n == 1 ? tr("… %n more line", nullptr, n)
                             : tr("… %n more lines", nullptr, n));
    }
    QString html = QStringLiteral("<p style='white-space:pre'><b>") +
                   where.join(QStringLiteral(" · ")).toHtmlEscaped() + QStringLiteral("</b></p>");
    if (!copies.isEmpty())
        html += QStringLiteral("<p>") + copies.toHtmlEscaped() + QStringLiteral("</p>");
    html += QStringLiteral("<pre>") + textLines.join(QLatin1Char('\n')).toHtmlEscaped() +
            QStringLiteral("</pre>");
    if (!hint.isEmpty())
        html += QStringLiteral("<p><i>") + hint.toHtmlEscaped() + QStringLiteral("</i></p>");
    return html;
}

} // namespace rankscope
