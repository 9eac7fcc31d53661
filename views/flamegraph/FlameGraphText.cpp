#include "views/flamegraph/FlameGraphText.h"

#include "core/analysis/FrameIdentity.h"

#include <QLocale>

namespace rankscope {

namespace {

QString html(const QString &text)
{
    return text.toHtmlEscaped();
}

QString row(const QString &name, const QString &value)
{
    return QStringLiteral("<tr><td style='padding-right:8px'>") + name +
           QStringLiteral("</td><td>") + value + QStringLiteral("</td></tr>");
}

} // namespace

QString FlameGraphText::rankRanges(const RankSet &ranks, int maxChars)
{
    QString text = QString::fromStdString(ranks.toString());
    if (text.size() > maxChars) {
        const qsizetype cut = text.lastIndexOf(QLatin1Char(','), maxChars);
        text = text.left(cut > 0 ? cut : maxChars) + QStringLiteral(",…");
    }
    return text;
}

QString FlameGraphText::rankPart(const StackTree &tree, int node)
{
    const StackTreeNode &n = tree.node(node);
    const RankSet missing = tree.missing(node);
    if (missing.empty()) {
        const int count = n.has.count();
        return count == 1 ? tr("the only rank") : tr("all %n ranks", nullptr, count);
    }
    return tr("has: %1 | missing: %2").arg(rankRanges(n.has, 80), rankRanges(missing, 80));
}

QString FlameGraphText::frameTooltip(const StackTree &tree, const StackDataset *data, int node)
{
    const StackTreeNode &n = tree.node(node);
    const RankSet missing = tree.missing(node);
    const RankSet noData = tree.noData();
    const QLocale locale;
    auto counted = [](const RankSet &ranks) {
        if (ranks.empty())
            return tr("none");
        const int n = ranks.count();
        return (n == 1 ? tr("%n rank: %1", nullptr, n) : tr("%n ranks: %1", nullptr, n))
            .arg(html(rankRanges(ranks)));
    };

    QString text =
        QStringLiteral("<b>") + html(QString::fromStdString(n.label)) + QStringLiteral("</b>");
    if (node != StackTree::kRoot && data && n.frame < data->frames.size()) {
        QString description = html(QString::fromStdString(frameDescription(data->frames[n.frame])));
        description.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
        text += QStringLiteral("<br><span style='color:#555'>") + description +
                QStringLiteral("</span>");
    }
    text += QStringLiteral("<table style='margin-top:4px'>");
    text += row(tr("has"), counted(n.has));
    text += row(tr("missing"), counted(missing));
    text += row(tr("no data"), counted(noData));
    text += row(tr("samples"), locale.toString(qulonglong(n.samples)));
    text += row(tr("self samples"), locale.toString(qulonglong(n.selfSamples)));
    text += QStringLiteral("</table>");
    return text;
}

QString FlameGraphText::mergedTooltip(const StackTree &tree, int widestNode, int merged)
{
    const StackTreeNode &n = tree.node(widestNode);
    return ((merged) == 1 ? tr("<b>%n frame narrower than a pixel</b>", nullptr, merged)
                          : tr("<b>%n frames narrower than a pixel</b>", nullptr, merged)) +
           QStringLiteral("<br>") +
           tr("widest: %1 (%2)")
               .arg(html(QString::fromStdString(n.label)), html(rankPart(tree, widestNode))) +
           QStringLiteral("<br>") + tr("Double-click to zoom in.");
}

QString FlameGraphText::summary(const StackTree &tree, WidthMode mode)
{
    const int withData = tree.ranksWithData().count();
    QString text = withData == 1 ? tr("%n rank with data", nullptr, withData)
                                 : tr("%n ranks with data", nullptr, withData);
    const RankSet noData = tree.noData();
    if (!noData.empty())
        text += QStringLiteral("  ·  ") + tr("no data: %1").arg(rankRanges(noData, 60));
    text += QStringLiteral("  ·  ");
    text += mode == WidthMode::Ranks ? tr("width = ranks") : tr("width = samples");
    text += QStringLiteral("  ·  ") +
            tr("threads: %1").arg(QString::fromStdString(tree.options().threads.toText()));
    return text;
}

QString FlameGraphText::mergedLabel(int merged)
{
    return ((merged) == 1 ? tr("%n frame", nullptr, merged) : tr("%n frames", nullptr, merged));
}

} // namespace rankscope
