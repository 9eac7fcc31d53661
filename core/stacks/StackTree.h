#pragma once

#include "core/model/RankSet.h"
#include "core/model/StackDataset.h"
#include "core/stacks/StackTreeOptions.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// One node of the merged cross-rank prefix tree: one frame on one call path.
struct StackTreeNode
{
    std::string label; // frameKey() under the tree's identity mode; "all ranks" for the root
    FrameId frame = 0; // a representative frame (for file/line details); unused for the root
    int parent = -1;
    int depth = 0;                 // root = 0
    std::vector<int> children;     // widest first (most ranks, then most samples, then label)
    RankSet has;                   // ranks with at least one selected sample through this node
    RankSet selfRanks;             // ranks with a selected sample that ends here (leaf = top)
    std::uint64_t samples = 0;     // weight of the samples through this node
    std::uint64_t selfSamples = 0; // weight of the samples ending here
};

// The merged prefix tree (FLAME, LLNL STAT) of the selected stacks of every rank. For each node:
// has = ranks through it; missing = ranks with data that took another path; no-data = ranks
// expected in the comparison that have no selected sample at all (unknown, not "missing").
class StackTree
{
public:
    static constexpr int kRoot = 0;

    const StackTreeNode &node(int id) const { return m_nodes[static_cast<std::size_t>(id)]; }
    int size() const { return static_cast<int>(m_nodes.size()); }
    const std::vector<StackTreeNode> &nodes() const { return m_nodes; }
    int maxDepth() const { return m_maxDepth; }

    RankSet missing(int id) const { return m_ranksWithData - node(id).has; }
    const RankSet &ranksWithData() const { return m_ranksWithData; }
    const RankSet &expectedRanks() const { return m_expected; }
    RankSet noData() const { return m_expected - m_ranksWithData; }
    int worldSize() const { return m_worldSize; }
    const StackTreeOptions &options() const { return m_options; }

    std::vector<int> pathTo(int id) const;                      // root ... id
    std::vector<std::string> pathLabels(int id) const;          // labels without the root
    int findChild(int parent, const std::string &label) const;  // -1 when absent
    int findPath(const std::vector<std::string> &labels) const; // -1 when absent
    // Deepest node on a rank's path whose `has` contains it, following the widest branch.
    std::vector<int> nodesOfRank(int rank) const;

private:
    friend class StackTreeBuilder;
    std::vector<StackTreeNode> m_nodes;
    RankSet m_ranksWithData;
    RankSet m_expected;
    int m_worldSize = 0;
    int m_maxDepth = 0;
    StackTreeOptions m_options;
};

// Builds the tree. `cancel` may be null; when it becomes true the builder stops early and
// returns an incomplete tree that the caller must drop.
class StackTreeBuilder
{
public:
    static StackTree build(const StackDataset &data, const StackTreeOptions &options,
                           const std::atomic<bool> *cancel = nullptr);
};

// Whether a sample takes part under the options (thread selection and role). With an empty
// role this resolves it from the whole dataset on every call: pass tree.options(), which holds
// the resolved role, when checking many samples.
bool sampleSelected(const StackDataset &data, const StackSample &sample,
                    const StackTreeOptions &options);
// The role that options.role stands for in this dataset ("" resolved to the main role).
std::string resolvedRole(const StackDataset &data, const StackTreeOptions &options);

} // namespace rankscope
