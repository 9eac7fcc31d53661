#include "views/annotations/NoteText.h"

#include <QDateTime>

namespace rankscope {

QString NoteText::viewName(NoteView view)
{
    switch (view) {
    case NoteView::FlameGraph:
        return tr("Flame graph");
    case NoteView::Heatmap:
        return tr("Heatmap");
    case NoteView::Timeline:
        return tr("Timeline");
    case NoteView::Logs:
        return tr("Logs");
    case NoteView::Diff:
        return tr("Diff");
    case NoteView::Collectives:
        return tr("Collectives");
    case NoteView::Overview:
        return tr("Overview");
    }
    return {};
}

QString NoteText::kindName(NoteKind kind)
{
    switch (kind) {
    case NoteKind::Pin:
        return tr("Note");
    case NoteKind::Highlight:
        return tr("Highlight");
    case NoteKind::Arrow:
        return tr("Arrow");
    case NoteKind::Ranks:
        return tr("Marked ranks");
    }
    return {};
}

QString NoteText::ranksLabel(const RankSet &ranks)
{
    const QString list = QString::fromStdString(ranks.toString());
    return ranks.count() == 1 ? tr("rank %1").arg(list) : tr("ranks %1").arg(list);
}

QString NoteText::anchorLabel(const Note &note)
{
    if (!note.label.empty())
        return QString::fromStdString(note.label);
    const NoteAnchor &a = note.anchor;
    switch (a.target) {
    case NoteTarget::View:
        return note.kind == NoteKind::Ranks ? ranksLabel(note.ranks) : viewName(note.view);
    case NoteTarget::Frame:
        return a.path.empty() ? tr("all ranks") : QString::fromStdString(a.path.back().function);
    case NoteTarget::Cell:
        return tr("rank %1, window %2").arg(a.rank).arg(a.window);
    case NoteTarget::Event:
        return tr("%1 on rank %2").arg(QString::fromStdString(a.name)).arg(a.rank);
    case NoteTarget::LogLine:
        return QStringLiteral("%1:%2").arg(QString::fromStdString(a.file)).arg(a.line);
    case NoteTarget::LogTemplate:
        return QString::fromStdString(a.name);
    case NoteTarget::Collective:
        return tr("%1 #%2 of group %3")
            .arg(QString::fromStdString(a.name))
            .arg(a.seq)
            .arg(QString::fromStdString(a.group));
    case NoteTarget::DiffLine:
        return QString::fromStdString(a.name);
    }
    return {};
}

QString NoteText::timeText(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString NoteText::tooltip(const Note &note, int number)
{
    QString html = QStringLiteral("<b>%1 %2</b> · %3 · %4")
                       .arg(kindName(note.kind), QString::number(number), viewName(note.view),
                            anchorLabel(note).toHtmlEscaped());
    const QString text = QString::fromStdString(note.text).toHtmlEscaped();
    if (!text.isEmpty())
        html += QStringLiteral("<br>") +
                QString(text).replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    html += QStringLiteral("<br><i>");
    if (!note.author.empty())
        html += QString::fromStdString(note.author).toHtmlEscaped() + QStringLiteral(", ");
    html += timeText(note.modifiedMs) + QStringLiteral("</i><br><small>") +
            tr("Double-click or F2 to edit, Delete to remove") + QStringLiteral("</small>");
    return html;
}

QString NoteText::captionLine(const Note &note, int number)
{
    QString text = QString::fromStdString(note.text).simplified();
    if (note.kind == NoteKind::Ranks)
        text = text.isEmpty() ? ranksLabel(note.ranks)
                              : ranksLabel(note.ranks) + QStringLiteral(": ") + text;
    if (text.isEmpty())
        text = kindName(note.kind);
    const QString on = anchorLabel(note);
    if (note.kind != NoteKind::Ranks && !on.isEmpty())
        return tr("Note %1: %2 (on %3)").arg(number).arg(elided(text, 160), elided(on, 60));
    return tr("Note %1: %2").arg(number).arg(elided(text, 160));
}

QString NoteText::elided(const QString &text, int length)
{
    const QString simple = text.simplified();
    if (simple.size() <= length)
        return simple;
    return simple.left(length - 1) + QStringLiteral("…");
}

} // namespace rankscope
