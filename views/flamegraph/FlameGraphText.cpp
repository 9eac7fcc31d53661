#include "views/flamegraph/FlameGraphText.h"

#include "views/common/CoverageText.h"

#include "core/stacks/FrameIdentity.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

QString html(const QString &text)
{
    return text.toHtmlEscaped();
}

// A frame's ranks in the drawn run and, from its change, in the other run.
struct DifferenceCounts
{
    int shownCount = 0;
    int shownTotal = 0;
    double shownShare = 0;
    int otherCount = 0;
    double otherShare = 0;
};

DifferenceCounts differenceCounts(const StackTree &tree, int node,
                                  const FlameDifference &difference)
{
    DifferenceCounts c;
    c.shownCount = tree.node(node).has.count();
    c.shownTotal = tree.ranksWithData().count();
    c.shownShare = c.shownTotal > 0 ? double(c.shownCount) / c.shownTotal : 0.0;
    c.otherShare =
        std::clamp(c.shownShare - double(difference.changes[std::size_t(node)].change), 0.0, 1.0);
    c.otherCount = int(std::lround(c.otherShare * difference.otherRanksWithData));
    return c;
}

QString changeMeaning(double targetMinusBaseline)
{
    if (std::abs(targetMinusBaseline) < 0.0005)
        return QString();
    return targetMinusBaseline > 0 ? FlameGraphText::tr("(the target gained ranks here)")
                                   : FlameGraphText::tr("(the target lost ranks here)");
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

QString FlameGraphText::frameTooltip(const StackTree &tree, const StackDataset *data, int node,
                                     const FlameDifference *difference)
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
    if (difference && std::size_t(node) < difference->changes.size()) {
        const DifferenceCounts c = differenceCounts(tree, node, *difference);
        text += row(html(shownRunName(*difference)), tr("%1 of %2 ranks (%3)")
                                                         .arg(c.shownCount)
                                                         .arg(c.shownTotal)
                                                         .arg(percent(c.shownShare)));
        text += row(html(otherRunName(*difference)), tr("%1 of %2 ranks (%3)")
                                                         .arg(c.otherCount)
                                                         .arg(difference->otherRanksWithData)
                                                         .arg(percent(c.otherShare)));
        const double change = difference->targetMinusBaseline(node);
        text += row(tr("change"), QStringLiteral("<b>") + points(change) + QStringLiteral("</b> ") +
                                      changeMeaning(change));
        if (difference->onlyHere(node))
            text += row(QString(), QStringLiteral("<i>") + html(onlyHereText(*difference)) +
                                       QStringLiteral("</i>"));
    }
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

QString FlameGraphText::summary(const StackTree &tree, WidthMode mode, const JobInfo *job)
{
    // Not an alarm-like "no data: 0-7" where the bundle simply has no stacks: what it has.
    if (job && job->layers.stacks.empty() && job->worldSize > 0)
        return CoverageText::coverage(*job, 120);
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

QString FlameGraphText::points(double share)
{
    const double value = share * 100;
    if (std::abs(value) < 0.05)
        return tr("±0 points");
    const QString number = QLocale().toString(std::abs(value), 'f', 1);
    return (value > 0 ? tr("+%1 points") : tr("\u2212%1 points")).arg(number);
}

QString FlameGraphText::percent(double share)
{
    const double value = share * 100;
    const bool whole = std::abs(value - std::round(value)) < 0.05;
    return tr("%1%").arg(QLocale().toString(value, 'f', whole ? 0 : 1));
}

QString FlameGraphText::shownRunName(const FlameDifference &difference)
{
    if (!difference.shownName.isEmpty())
        return difference.shownName;
    return difference.reversed ? tr("baseline") : tr("target");
}

QString FlameGraphText::otherRunName(const FlameDifference &difference)
{
    if (!difference.otherName.isEmpty())
        return difference.otherName;
    return difference.reversed ? tr("target") : tr("baseline");
}

QString FlameGraphText::targetName(const FlameDifference &difference)
{
    return difference.reversed ? otherRunName(difference) : shownRunName(difference);
}

QString FlameGraphText::baselineName(const FlameDifference &difference)
{
    return difference.reversed ? shownRunName(difference) : otherRunName(difference);
}

QString FlameGraphText::onlyHereText(const FlameDifference &difference)
{
    return difference.reversed ? tr("only in %1 (gone from %2)")
                                     .arg(shownRunName(difference), otherRunName(difference))
                               : tr("only in %1 (new)").arg(shownRunName(difference));
}

QString FlameGraphText::onlyHereLegend(const FlameDifference &difference)
{
    return difference.reversed ? tr("only in %1 (gone)").arg(shownRunName(difference))
                               : tr("only in %1 (new)").arg(shownRunName(difference));
}

QString FlameGraphText::differencePart(const StackTree &tree, int node,
                                       const FlameDifference &difference)
{
    const DifferenceCounts c = differenceCounts(tree, node, difference);
    const double value = difference.targetMinusBaseline(node) * 100;
    const QString number = QLocale().toString(std::abs(value), 'f', 1);
    const QString ranks = tr("%1 of %2 ranks").arg(c.shownCount).arg(c.shownTotal);
    // "±0" on every unchanged frame would drown the few that changed.
    if (std::abs(value) < 0.05)
        return ranks;
    const QString change = value > 0 ? tr("+%1 pts").arg(number) : tr("\u2212%1 pts").arg(number);
    return change + QStringLiteral(" \u00b7 ") + ranks;
}

QString FlameGraphText::differenceDescription(const StackTree &tree, int node,
                                              const FlameDifference &difference)
{
    const DifferenceCounts c = differenceCounts(tree, node, difference);
    // One multi-argument arg(): a run name holding "%1" is not substituted again.
    QString text =
        tr("%1: %2 of %3 ranks (%4); %5: %6 of %7 (%8); %9")
            .arg(shownRunName(difference), QString::number(c.shownCount),
                 QString::number(c.shownTotal), percent(c.shownShare), otherRunName(difference),
                 QString::number(c.otherCount), QString::number(difference.otherRanksWithData),
                 percent(c.otherShare), points(difference.targetMinusBaseline(node)));
    if (difference.onlyHere(node))
        text = tr("%1; %2").arg(text, onlyHereText(difference));
    return text;
}

QString FlameGraphText::differenceSummary(const StackTree &tree, const FlameDifference &difference,
                                          double scale)
{
    const int withData = tree.ranksWithData().count();
    return tr("widths: %1, %2 ranks  ·  colour: share of each run's ranks with data; full = %3 "
              "pts")
        .arg(shownRunName(difference), QString::number(withData),
             QLocale().toString(scale * 100, 'f', 1));
}

QString FlameGraphText::mergedLabel(int merged)
{
    return ((merged) == 1 ? tr("%n frame", nullptr, merged) : tr("%n frames", nullptr, merged));
}

} // namespace rankscope
