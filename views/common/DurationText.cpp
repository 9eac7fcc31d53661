#include "views/common/DurationText.h"

#include <cmath>

namespace rankscope {

namespace {

// Three significant digits at most, but never fewer decimals than needed to tell 1.5 from 1.
QString threeDigits(double value)
{
    const double magnitude = std::fabs(value);
    const int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
    return QString::number(value, 'f', decimals);
}

} // namespace

QString DurationText::duration(double ns)
{
    if (!std::isfinite(ns))
        return tr("n/a");
    const double magnitude = std::fabs(ns);
    if (magnitude < 1e3)
        return tr("%1 ns").arg(QString::number(ns, 'f', 0));
    if (magnitude < 1e6)
        return tr("%1 µs").arg(threeDigits(ns / 1e3));
    if (magnitude < 1e9)
        return tr("%1 ms").arg(threeDigits(ns / 1e6));
    return tr("%1 s").arg(QString::number(ns / 1e9, 'f', 3));
}

QString DurationText::offset(double ns)
{
    if (!std::isfinite(ns))
        return tr("n/a");
    // U+2212 (minus sign) lines up with "+" in proportional fonts.
    const QString sign = ns < 0 ? QStringLiteral("\u2212") : QStringLiteral("+");
    return sign + duration(std::fabs(ns));
}

QString DurationText::milliseconds(double ns)
{
    if (!std::isfinite(ns))
        return tr("n/a");
    const double ms = ns / 1e6;
    const double magnitude = std::fabs(ms);
    if (magnitude == 0)
        return QStringLiteral("0");
    const int decimals = magnitude >= 100    ? 1
                         : magnitude >= 1    ? 2
                         : magnitude >= 0.1  ? 3
                         : magnitude >= 0.01 ? 4
                                             : 6;
    return QString::number(ms, 'f', decimals);
}

double DurationText::niceStep(double raw)
{
    if (!(raw > 0) || !std::isfinite(raw))
        return 1;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 5.0}) {
        if (factor * power >= raw * (1 - 1e-9))
            return factor * power;
    }
    return 10 * power;
}

} // namespace rankscope
