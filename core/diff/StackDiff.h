#pragma once

#include "core/model/RankSet.h"
#include "core/stacks/StackClass.h"
#include "core/stacks/StackTree.h"

#include <string>
#include <vector>

namespace rankscope {

// How the merged stacks of a target run differ from those of a healthy baseline (issue 5):
// paths compared by their frame labels, each with the share of ranks through it in each run,
// so runs of different sizes compare. Spec: ../shared/reference/explorer_anchors.md section 6.
enum class StackPathChangeKind : unsigned char
{
    New,     // no baseline rank took this path
    Gone,    // no target rank takes it any more
    Changed, // both runs have it, with a different share of their ranks
};
const char *stackPathChangeKindKey(StackPathChangeKind kind); // "new", "gone", "changed"

struct StackPathChange
{
    std::vector<std::string> frames; // labels from the outermost frame (root excluded)
    StackPathChangeKind kind = StackPathChangeKind::Changed;
    RankSet baselineRanks;
    RankSet targetRanks;
    double baselineShare = 0; // baselineRanks / ranks with data in the baseline
    double targetShare = 0;
    double change() const { return targetShare - baselineShare; } // > 0: gained ranks
    // How much the path looks like the culprit rather than an echo (StackChangeSuspicion.h);
    // filled by scoreStackChangeSuspicion, 0 until then.
    double suspicion = 0;
    // What the widest stack through the path does at its top, in the run that has the path
    // (the target's for new and gaining paths): a collective wait is usually an echo.
    StackClass leafClass = StackClass::Empty;
};

struct StackDiff
{
    std::vector<StackPathChange> changes; // largest |change| first, then shallower first
};

// Paths whose share of ranks moved by at least `minChange` (0.05 = five points of the ranks).
// A change is reported once, at the deepest frame that still carries all of it: when a whole
// branch moved, its leaf path names it, not each of its ancestors; a new branch is reported at
// its first new frame.
StackDiff diffStackTrees(const StackTree &baseline, const StackTree &target,
                         double minChange = 0.05);

// How one frame of a differential flame graph is coloured: the share of ranks through the node of
// the tree that is drawn (`shown`) minus the share through the same path (frame labels from the
// root) in the `other` run. Shares are of each run's ranks with data, so runs of different sizes
// compare. Draw the target with the baseline as `other` for "what did happen" (red: gained
// ranks), or the baseline with the target as `other` for "what vanished" (its frames then say
// which paths the target lost).
struct StackNodeChange
{
    float change = 0;      // shareShown - shareOther, in [-1, 1]
    bool onlyHere = false; // the other run has no rank on this path at all
};
// One entry per node of `shown` (index = node id; the root compares with the other's root).
std::vector<StackNodeChange> stackNodeChanges(const StackTree &shown, const StackTree &other);

} // namespace rankscope
