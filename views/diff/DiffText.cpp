#include "views/diff/DiffText.h"

#include "views/common/DurationText.h"

#include <cmath>

namespace rankscope {

QString DiffText::logChangeName(LogTemplateChangeKind kind)
{
    switch (kind) {
    case LogTemplateChangeKind::New:
        return tr("new");
    case LogTemplateChangeKind::Gone:
        return tr("gone");
    case LogTemplateChangeKind::MoreFrequent:
        return tr("more");
    case LogTemplateChangeKind::LessFrequent:
        return tr("less");
    case LogTemplateChangeKind::Unchanged:
        break;
    }
    return tr("same");
}

QString DiffText::logChangeDescription(LogTemplateChangeKind kind, LogRateUnit unit)
{
    const bool perIteration = unit == LogRateUnit::PerRankIteration;
    switch (kind) {
    case LogTemplateChangeKind::New:
        return tr("The baseline never logged this template.");
    case LogTemplateChangeKind::Gone:
        return tr("The baseline logged this template; the target never does.");
    case LogTemplateChangeKind::MoreFrequent:
        return perIteration
                   ? tr("Significantly more frequent in the target, per rank per iteration.")
                   : tr("Significantly more frequent in the target, per rank-hour.");
    case LogTemplateChangeKind::LessFrequent:
        return perIteration
                   ? tr("Significantly less frequent in the target, per rank per iteration.")
                   : tr("Significantly less frequent in the target, per rank-hour.");
    case LogTemplateChangeKind::Unchanged:
        break;
    }
    return tr("Both runs log it at a comparable rate.");
}

QString DiffText::opChangeName(OpChangeKind kind)
{
    switch (kind) {
    case OpChangeKind::New:
        return tr("new");
    case OpChangeKind::Gone:
        return tr("gone");
    case OpChangeKind::Slower:
        return tr("slower");
    case OpChangeKind::Faster:
        return tr("faster");
    case OpChangeKind::Unchanged:
        break;
    }
    return tr("same");
}

QString DiffText::rateUnit(LogRateUnit unit)
{
    return unit == LogRateUnit::PerRankIteration ? tr("/rank/iter") : tr("/rank/h");
}

QString DiffText::rate(double rate, LogRateUnit unit)
{
    // Two significant digits are plenty for a frequency; tiny rates keep their first digits.
    const double magnitude = std::fabs(rate);
    QString number;
    if (magnitude == 0)
        number = QStringLiteral("0");
    else if (magnitude >= 100)
        number = QString::number(rate, 'f', 0);
    else if (magnitude >= 0.0001)
        number = QString::number(rate, 'g', 2); // "0.24", "0.0025"
    else
        number = tr("< 0.0001");
    return number + QLatin1Char(' ') + rateUnit(unit);
}

QString DiffText::ratio(double ratio)
{
    if (!(ratio > 0) || !std::isfinite(ratio))
        return QStringLiteral("–");
    return tr("%1×").arg(QString::number(ratio, 'f', ratio >= 100 ? 0 : 2));
}

QString DiffText::perUnit(bool perIteration)
{
    return perIteration ? tr("/iter") : tr("/s");
}

QString DiffText::medianWithSpread(const OpRunStats &stats)
{
    if (stats.ranksWithOp == 0)
        return QStringLiteral("–");
    const QString median = DurationText::duration(stats.medianNsPerUnit);
    if (stats.ranksWithOp < 2 || stats.p90NsPerUnit <= stats.p10NsPerUnit)
        return median;
    QString low = DurationText::duration(stats.p10NsPerUnit);
    QString high = DurationText::duration(stats.p90NsPerUnit);
    // "20.0 ms (19.2–20.8)": the unit once when the spread shares the median's.
    const qsizetype space = median.lastIndexOf(QLatin1Char(' '));
    const QString unit = space >= 0 ? median.mid(space) : QString();
    if (!unit.isEmpty() && low.endsWith(unit) && high.endsWith(unit)) {
        low.chop(unit.size());
        high.chop(unit.size());
    }
    return tr("%1 (%2–%3)").arg(median, low, high);
}

QString DiffText::calls(double perUnit)
{
    if (perUnit == 0)
        return QStringLiteral("0");
    if (std::fabs(perUnit - std::round(perUnit)) < 0.005)
        return QString::number(std::llround(perUnit));
    return QString::number(perUnit, 'f', perUnit >= 10 ? 1 : 2);
}

QString DiffText::ranks(const RankSet &ranks)
{
    if (ranks.empty())
        return QStringLiteral("–");
    return QString::fromStdString(ranks.toString());
}

} // namespace rankscope
