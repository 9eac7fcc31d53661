#include "core/diff/StackChangeSuspicion.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rankscope {

namespace {

// Weights of the score's parts: a new minority path outranks any amount of fewness or class;
// fewness is at most 1 and own work adds 1. Paths that lost ranks score below every path that
// gained some (negative), a vanished one above one that only shrank.
constexpr double kNewOnMinorityWeight = 2.0;
constexpr double kWorkingWeight = 1.0;
constexpr double kGoneScore = -0.5;
constexpr double kShrankScore = -1.0;

// The class of the widest stack through a path's node: follow the widest child to a leaf
// (children are sorted widest first) and classify the frames root first.
StackClass leafClassOf(const StackTree &tree, const StackDataset *data,
                       const std::vector<std::string> &frames)
{
    if (!data)
        return StackClass::Empty;
    int node = tree.findPath(frames);
    if (node <= 0)
        return StackClass::Empty;
    while (!tree.node(node).children.empty())
        node = tree.node(node).children.front();
    std::vector<const Frame *> stack;
    for (const int at : tree.pathTo(node)) {
        if (at == StackTree::kRoot)
            continue;
        const FrameId frame = tree.node(at).frame;
        if (frame >= data->frames.size())
            return StackClass::Empty;
        stack.push_back(&data->frames[frame]);
    }
    return classifyStack(stack).cls;
}

bool gained(const StackPathChange &change)
{
    return change.kind == StackPathChangeKind::New ||
           (change.kind == StackPathChangeKind::Changed && change.change() > 0);
}

} // namespace

StackChangeSuspicionParts stackChangeSuspicionParts(const StackPathChange &change)
{
    StackChangeSuspicionParts parts;
    if (!gained(change)) {
        parts.lost = true;
        return parts;
    }
    parts.newOnMinority = change.kind == StackPathChangeKind::New && change.targetShare < 0.5;
    parts.fewness = std::clamp(1.0 - change.targetShare, 0.0, 1.0);
    parts.waiting = isWaitClass(change.leafClass);
    parts.working = !parts.waiting && change.leafClass != StackClass::Empty;
    return parts;
}

void scoreStackChangeSuspicion(StackDiff &diff, const StackTree &baseline,
                               const StackDataset *baselineData, const StackTree &target,
                               const StackDataset *targetData)
{
    for (StackPathChange &change : diff.changes) {
        change.leafClass = gained(change) ? leafClassOf(target, targetData, change.frames)
                                          : leafClassOf(baseline, baselineData, change.frames);
        const StackChangeSuspicionParts parts = stackChangeSuspicionParts(change);
        double score = 0;
        if (parts.lost) {
            score = change.kind == StackPathChangeKind::Gone ? kGoneScore : kShrankScore;
        } else {
            score = parts.fewness + (parts.newOnMinority ? kNewOnMinorityWeight : 0.0) +
                    (parts.working ? kWorkingWeight : 0.0);
        }
        change.suspicion = score;
    }
}

std::vector<int> stackChangesBySuspicion(const StackDiff &diff)
{
    std::vector<int> order(diff.changes.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const StackPathChange &ca = diff.changes[std::size_t(a)];
        const StackPathChange &cb = diff.changes[std::size_t(b)];
        if (std::abs(ca.suspicion - cb.suspicion) > 1e-12)
            return ca.suspicion > cb.suspicion;
        const double sa = std::abs(ca.change());
        const double sb = std::abs(cb.change());
        if (std::abs(sa - sb) > 1e-12)
            return sa > sb;
        return ca.frames.size() < cb.frames.size();
    });
    return order;
}

} // namespace rankscope
