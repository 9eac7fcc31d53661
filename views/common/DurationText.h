#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace rankscope {

// Durations and time offsets as the trace views print them, and "nice" ruler steps. One place so
// the heatmap, the timeline and the op table agree on units and precision.
class DurationText
{
    Q_DECLARE_TR_FUNCTIONS(DurationText)

public:
    // "850 ns", "12.4 µs", "3.27 ms", "1.250 s": the unit follows the magnitude.
    static QString duration(double ns);
    // Like duration() with a sign: "+3.27 ms", "−0.50 ms".
    static QString offset(double ns);
    // A value in milliseconds with precision that suits its size ("0.0421", "3.27", "138.2").
    static QString milliseconds(double ns);
    // The smallest of 1, 2, 5 x 10^k that is at least `raw` (raw > 0): ruler tick spacing.
    static double niceStep(double raw);
};

} // namespace rankscope
