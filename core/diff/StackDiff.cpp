#include "core/diff/StackDiff.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// A path present in either run: its node in each tree (-1 when absent).
struct PairedNode
{
    int baseline = -1;
    int target = -1;
    int parent = -1;           // index into the pairing
    std::vector<int> children; // indices into the pairing
    std::vector<std::string> frames;
};

double shareOf(const StackTree &tree, int node)
{
    const int ranks = tree.ranksWithData().count();
    return node < 0 || ranks == 0 ? 0.0 : double(tree.node(node).has.count()) / ranks;
}

class Pairing
{
public:
    Pairing(const StackTree &baseline, const StackTree &target)
        : m_baseline(baseline), m_target(target)
    {
        m_nodes.push_back({StackTree::kRoot, StackTree::kRoot, -1, {}, {}});
        pairChildren(0);
    }
    const std::vector<PairedNode> &nodes() const { return m_nodes; }

private:
    void pairChildren(std::size_t at)
    {
        // Children matched by label; the baseline's order first, then the target's new ones.
        std::vector<std::pair<std::string, std::pair<int, int>>> children;
        const auto addChildren = [&](const StackTree &tree, int node, bool isBaseline) {
            if (node < 0)
                return;
            for (const int child : tree.node(node).children) {
                const std::string &label = tree.node(child).label;
                auto it = std::find_if(children.begin(), children.end(),
                                       [&](const auto &entry) { return entry.first == label; });
                if (it == children.end())
                    it = children.insert(children.end(), {label, {-1, -1}});
                (isBaseline ? it->second.first : it->second.second) = child;
            }
        };
        addChildren(m_baseline, m_nodes[at].baseline, true);
        addChildren(m_target, m_nodes[at].target, false);
        for (const auto &[label, pair] : children) {
            PairedNode child;
            child.baseline = pair.first;
            child.target = pair.second;
            child.parent = int(at);
            child.frames = m_nodes[at].frames;
            child.frames.push_back(label);
            m_nodes.push_back(std::move(child));
            const std::size_t index = m_nodes.size() - 1;
            m_nodes[at].children.push_back(int(index));
            pairChildren(index);
        }
    }

    const StackTree &m_baseline;
    const StackTree &m_target;
    std::vector<PairedNode> m_nodes;
};

} // namespace

const char *stackPathChangeKindKey(StackPathChangeKind kind)
{
    switch (kind) {
    case StackPathChangeKind::New:
        return "new";
    case StackPathChangeKind::Gone:
        return "gone";
    case StackPathChangeKind::Changed:
        break;
    }
    return "changed";
}

StackDiff diffStackTrees(const StackTree &baseline, const StackTree &target, double minChange)
{
    const Pairing pairing(baseline, target);
    const std::vector<PairedNode> &nodes = pairing.nodes();
    const auto changeOf = [&](const PairedNode &node) {
        return shareOf(target, node.target) - shareOf(baseline, node.baseline);
    };
    StackDiff diff;
    for (std::size_t i = 1; i < nodes.size(); ++i) {
        const PairedNode &node = nodes[i];
        const double change = changeOf(node);
        if (std::abs(change) < minChange)
            continue;
        // A child carrying the same change explains it better (deeper); a new or gone branch is
        // named at its first frame, not at each frame below it.
        const bool appearsHere = node.baseline < 0 || node.target < 0;
        bool childCarriesIt = false;
        for (const int child : node.children) {
            const PairedNode &c = nodes[std::size_t(child)];
            const bool childAppears = c.baseline < 0 || c.target < 0;
            if (!appearsHere && !childAppears && std::abs(changeOf(c) - change) < 1e-9)
                childCarriesIt = true;
        }
        if (childCarriesIt)
            continue;
        if (appearsHere) {
            // Only the topmost new (or gone) frame of a branch.
            const PairedNode &up = nodes[std::size_t(node.parent)];
            if (node.parent > 0 && (up.baseline < 0 || up.target < 0))
                continue;
        }
        StackPathChange change_;
        change_.frames = node.frames;
        change_.kind = node.baseline < 0 ? StackPathChangeKind::New
                       : node.target < 0 ? StackPathChangeKind::Gone
                                         : StackPathChangeKind::Changed;
        if (node.baseline >= 0)
            change_.baselineRanks = baseline.node(node.baseline).has;
        if (node.target >= 0)
            change_.targetRanks = target.node(node.target).has;
        change_.baselineShare = shareOf(baseline, node.baseline);
        change_.targetShare = shareOf(target, node.target);
        diff.changes.push_back(std::move(change_));
    }
    std::stable_sort(diff.changes.begin(), diff.changes.end(),
                     [](const StackPathChange &a, const StackPathChange &b) {
                         const double ca = std::abs(a.change());
                         const double cb = std::abs(b.change());
                         if (std::abs(ca - cb) > 1e-12)
                             return ca > cb;
                         return a.frames.size() < b.frames.size();
                     });
    return diff;
}

std::vector<StackNodeChange> stackNodeChanges(const StackTree &shown, const StackTree &other)
{
    std::vector<StackNodeChange> changes(std::size_t(shown.size()));
    // Walk both trees together: a node of `shown` maps to the other's node of the same label
    // under the mapped parent, or to none (and so do all its descendants).
    std::vector<int> mapped(std::size_t(shown.size()), -1);
    mapped[StackTree::kRoot] = StackTree::kRoot;
    for (int node = 0; node < shown.size(); ++node) {
        // Nodes are created parent before child, so a parent is always mapped first.
        const StackTreeNode &here = shown.node(node);
        if (node != StackTree::kRoot) {
            const int parent = mapped[std::size_t(here.parent)];
            mapped[std::size_t(node)] = parent < 0 ? -1 : other.findChild(parent, here.label);
        }
        const int there = mapped[std::size_t(node)];
        const double otherShare = shareOf(other, there);
        changes[std::size_t(node)].change = float(shareOf(shown, node) - otherShare);
        changes[std::size_t(node)].onlyHere = there < 0 || other.node(there).has.empty();
    }
    return changes;
}

} // namespace rankscope
