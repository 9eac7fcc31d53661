#pragma once

#include <QCoreApplication>
#include <QString>
#include <QtGlobal>

#include <optional>

namespace rankscope {

// Log times as the logs views print and read them. Times are ns since the epoch; they are shown
// in UTC, which is how the importer reads timestamps without a zone, so the view shows the
// same clock the log lines themselves show.
class LogTimeText
{
    Q_DECLARE_TR_FUNCTIONS(LogTimeText)

public:
    static QString clock(qint64 ns);    // "12:31:04.123"; "–" for 0 (no timestamp)
    static QString dateTime(qint64 ns); // "2024-05-01 12:31:04.123 UTC"
    // For a time field: "12:31:04.123" on the day of `referenceNs`, else with the date.
    static QString editText(qint64 ns, qint64 referenceNs);
    // Reads what a user types into a time field: "2024-05-01 12:31:04", "…T12:31:04.5Z",
    // "12:31" or "12:31:04.250" (on the day of `referenceNs`), or epoch seconds
    // ("1714566664.5"). nullopt for anything else.
    static std::optional<qint64> parse(const QString &text, qint64 referenceNs);
};

} // namespace rankscope
