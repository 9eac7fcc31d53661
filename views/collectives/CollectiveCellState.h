#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <array>
#include <cstdint>

namespace rankscope {

// What one cell of the Collectives strip (one rank at one sequence number) shows. The order is
// the severity: when a pixel row holds many ranks, the worst state among them is painted, so a
// single rank behind (Missing) stays visible among 16k that completed.
enum class CollectiveCellState : std::uint8_t
{
    Empty,      // nothing to show: before the rank's first record, or nobody got this far
    Completed,  // the rank completed this collective
    Unknown,    // recorded, state not said (a desync fingerprint, a cut trace kernel)
    Scheduled,  // enqueued, not seen starting
    Started,    // started, not seen completing
    NoRecord,   // a member that left no record at all (no dump): kept apart from "behind"
    Missing,    // the rank never reached a sequence that other members are in (behind)
    Mismatched, // a different op, sizes or dtypes than the others at this sequence
};
inline constexpr int kCollectiveCellStateCount = 8;

// The worse of two states (the one a reduced pixel shows).
inline CollectiveCellState worseCellState(CollectiveCellState a, CollectiveCellState b)
{
    return std::uint8_t(a) >= std::uint8_t(b) ? a : b;
}

// Colours and names of the states, shared by the strip, its legend and exports. Qualitative
// colours, distinguishable in print and with the common colour-vision deficiencies: green done,
// blue waiting on the GPU, amber queued, red behind, purple a different op, dark grey no record.
class CollectiveCellStyle
{
    Q_DECLARE_TR_FUNCTIONS(CollectiveCellStyle)

public:
    static QColor colour(CollectiveCellState state);
    static QString name(CollectiveCellState state);        // "completed", "behind (missing)"
    static QString description(CollectiveCellState state); // one sentence for the legend tooltip
    // The states the legend lists, in legend order.
    static std::array<CollectiveCellState, kCollectiveCellStateCount - 1> legendStates();
};

} // namespace rankscope
