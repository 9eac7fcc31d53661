#pragma once

#include "core/diff/StackDiff.h"

#include <QString>

#include <vector>

namespace rankscope {

// What a differential flame graph colours its frames by (explorer_anchors.md section 6): per node
// of the tree it draws, the change of the share of ranks through that path against the other run
// (stackNodeChanges(shown, other)).
//
// Red always means "the target has a larger share of its ranks here than the baseline" and blue
// "a smaller one", whichever tree is drawn. Drawing the target (reversed = false), red frames
// gained ranks and hatched frames are new; drawing the baseline (reversed = true, flamegraph.pl's
// --negate), the change is negated so blue frames are what the target lost and hatched blue
// frames vanished from it.
struct FlameDifference
{
    std::vector<StackNodeChange> changes; // one per node of the drawn tree
    int otherRanksWithData = 0;           // of the other run, to say "0 of 32" in tooltips
    QString shownName;                    // the run whose tree is drawn ("tonight")
    QString otherName;                    // the run it is compared with ("last-week")
    bool reversed = false;                // true: the baseline is drawn, the target is `other`
    // The |change| that gets full colour; 0 = the largest in the drawn tree. A view that shows
    // both directions passes the largest of both, so one change has one colour in each.
    double scale = 0;

    bool empty() const { return changes.empty(); }
    // Target share minus baseline share at a node, in [-1, 1]: > 0 reads as "gained ranks".
    double targetMinusBaseline(int node) const
    {
        const double change = changes[std::size_t(node)].change;
        return reversed ? -change : change;
    }
    bool onlyHere(int node) const { return changes[std::size_t(node)].onlyHere; }
};

} // namespace rankscope
