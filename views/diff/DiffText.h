#pragma once

#include "core/diff/LogDiff.h"
#include "core/diff/OpDiff.h"

#include <QCoreApplication>
#include <QString>

namespace rankscope {

// The words of the Diff view's tables and strip: change kinds, rates with their unit, ratios,
// per-iteration durations. One place, so the log and op tables and the summary agree.
class DiffText
{
    Q_DECLARE_TR_FUNCTIONS(DiffText)

public:
    static QString logChangeName(LogTemplateChangeKind kind); // "new", "gone", "more", "less"
    // One sentence for tooltips; the rate is per rank per iteration, or per rank-hour.
    static QString logChangeDescription(LogTemplateChangeKind kind, LogRateUnit unit);
    static QString opChangeName(OpChangeKind kind);     // "slower", "faster", ...
    static QString rateUnit(LogRateUnit unit);          // "/rank/iter", "/rank/h"
    static QString rate(double rate, LogRateUnit unit); // "0.12 /rank/iter"
    static QString ratio(double ratio);                 // "2.30×"; "–" when 0 (no baseline)
    // "/iter" or "/s": what the op table's numbers are normalised by.
    static QString perUnit(bool perIteration);
    // "3.27 ms (2.90–3.60)": a median with its p10–p90 spread over the ranks.
    static QString medianWithSpread(const OpRunStats &stats);
    // Calls per unit with up to two decimals: "24", "0.5".
    static QString calls(double perUnit);
    // "0-15,32" and, when long, elided in the middle by the table itself.
    static QString ranks(const RankSet &ranks);
};

} // namespace rankscope
