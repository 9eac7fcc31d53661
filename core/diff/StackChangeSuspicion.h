#pragma once

#include "core/diff/StackDiff.h"
#include "core/model/StackDataset.h"

#include <vector>

namespace rankscope {

// Orders the changed stack paths of a comparison by how much they look like the cause rather
// than its echo (domain primer: waiters and blockers; cross-job comparison). One sick rank makes
// every other rank wait, so a hang moves most ranks a little (into a collective) while the
// culprit takes a path of its own. A change ranks higher when
//   1. it is a path new in the target that only a minority of the target's ranks take;
//   2. few ranks are on it (the ranks that differ are few);
//   3. its widest stack ends in the rank's own work, not in a collective or p2p wait
//      (StackClass, CommunicationFrames: waiting is what the victims do);
// and lower when it is a path the target lost (a rank that *has* something new is stronger
// evidence than a path that vanished). Ties fall back to the size of the change.
//
// Fills StackPathChange::suspicion and ::leafClass of every change. The datasets are those the
// trees were built from (their frames classify the stacks); a null dataset leaves the class
// Empty, which counts as neither waiting nor working.
void scoreStackChangeSuspicion(StackDiff &diff, const StackTree &baseline,
                               const StackDataset *baselineData, const StackTree &target,
                               const StackDataset *targetData);

// Indices into diff.changes, most suspicious first (ties: larger change, then shallower).
std::vector<int> stackChangesBySuspicion(const StackDiff &diff);

// The parts of a change's score, for the list's tooltip.
struct StackChangeSuspicionParts
{
    bool newOnMinority = false; // new path on fewer than half the target's ranks
    double fewness = 0;         // 1 - share of the ranks on the path, for paths that gained
    bool working = false;       // gained ranks and its widest stack does not wait
    bool waiting = false;       // gained ranks and its widest stack waits in communication
    bool lost = false;          // gone, or changed with fewer ranks than before
};
StackChangeSuspicionParts stackChangeSuspicionParts(const StackPathChange &change);

} // namespace rankscope
