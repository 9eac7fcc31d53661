#include "views/logs/LogTimeText.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>

namespace rankscope {

namespace {

constexpr qint64 kNsPerMs = 1'000'000;
constexpr qint64 kNsPerDay = 86'400'000'000'000;

QDateTime utc(qint64 ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / kNsPerMs, QTimeZone::utc());
}

// "5" -> 500 ms, "25" -> 250 ms, "123456" -> 123.456 ms: a decimal fraction of a second in ns.
qint64 fractionNs(const QString &digits)
{
    if (digits.isEmpty())
        return 0;
    QString padded = digits.left(9);
    padded = padded.leftJustified(9, QLatin1Char('0'));
    return padded.toLongLong();
}

} // namespace

QString LogTimeText::clock(qint64 ns)
{
    if (ns == 0)
        return QStringLiteral("–");
    return utc(ns).toString(QStringLiteral("HH:mm:ss.zzz"));
}

QString LogTimeText::dateTime(qint64 ns)
{
    if (ns == 0)
        return tr("no timestamp");
    return tr("%1 UTC").arg(utc(ns).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")));
}

QString LogTimeText::editText(qint64 ns, qint64 referenceNs)
{
    if (ns / kNsPerDay == referenceNs / kNsPerDay)
        return utc(ns).toString(QStringLiteral("HH:mm:ss.zzz"));
    return utc(ns).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
}

std::optional<qint64> LogTimeText::parse(const QString &input, qint64 referenceNs)
{
    const QString text = input.trimmed();
    static const QRegularExpression epoch(QStringLiteral("^(\\d{9,11})(?:\\.(\\d{1,9}))?$"));
    if (const QRegularExpressionMatch m = epoch.match(text); m.hasMatch())
        return m.captured(1).toLongLong() * 1'000'000'000 + fractionNs(m.captured(2));

    static const QRegularExpression stamp(
        QStringLiteral("^(?:(\\d{4})-(\\d{2})-(\\d{2})[ T])?(\\d{1,2}):(\\d{2})(?::(\\d{2})"
                       "(?:[.,](\\d{1,9}))?)?Z?$"));
    const QRegularExpressionMatch m = stamp.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const int hour = m.captured(4).toInt();
    const int minute = m.captured(5).toInt();
    const int second = m.captured(6).isEmpty() ? 0 : m.captured(6).toInt();
    if (hour > 23 || minute > 59 || second > 60)
        return std::nullopt;
    qint64 dayStartNs = 0;
    if (!m.captured(1).isEmpty()) {
        const QDate date(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
        if (!date.isValid())
            return std::nullopt;
        dayStartNs = QDateTime(date, QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch() * kNsPerMs;
    } else {
        const qint64 ref = std::max<qint64>(referenceNs, 0);
        dayStartNs = ref - ref % kNsPerDay;
    }
    return dayStartNs + (qint64(hour) * 3600 + minute * 60 + second) * 1'000'000'000 +
           fractionNs(m.captured(7));
}

} // namespace rankscope
