#include "core/stacks/StackTree.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace rankscope {

std::vector<int> StackTree::pathTo(int id) const
{
    std::vector<int> path;
    for (int at = id; at >= 0; at = node(at).parent)
        path.push_back(at);
    std::reverse(path.begin(), path.end());
    return path;
}

std::vector<std::string> StackTree::pathLabels(int id) const
{
    std::vector<std::string> labels;
    for (int at : pathTo(id)) {
        if (at != kRoot)
            labels.push_back(node(at).label);
    }
    return labels;
}

int StackTree::findChild(int parent, const std::string &label) const
{
    for (int child : node(parent).children) {
        if (node(child).label == label)
            return child;
    }
    return -1;
}

int StackTree::findPath(const std::vector<std::string> &labels) const
{
    int at = kRoot;
    for (const std::string &label : labels) {
        at = findChild(at, label);
        if (at < 0)
            return -1;
    }
    return at;
}

std::vector<int> StackTree::nodesOfRank(int rank) const
{
    std::vector<int> result;
    if (m_nodes.empty() || !m_nodes.front().has.contains(rank))
        return result;
    std::vector<int> pending{kRoot};
    while (!pending.empty()) {
        const int at = pending.back();
        pending.pop_back();
        result.push_back(at);
        for (int child : node(at).children) {
            if (node(child).has.contains(rank))
                pending.push_back(child);
        }
    }
    std::sort(result.begin(), result.end());
    return result;
}

std::string resolvedRole(const StackDataset &data, const StackTreeOptions &options)
{
    if (!options.role.empty())
        return options.role;
    // The role of the ranks' main processes: what most main-thread samples say.
    std::map<std::string, int> votes;
    for (const StackSample &sample : data.samples) {
        if (sample.isMainThread)
            ++votes[sample.role];
    }
    std::string best = kTrainerRole;
    int bestVotes = 0;
    for (const auto &[role, count] : votes) {
        if (count > bestVotes) {
            best = role;
            bestVotes = count;
        }
    }
    return best;
}

namespace {

bool threadSelected(const StackSample &sample, const ThreadSelection &threads)
{
    switch (threads.kind) {
    case ThreadSelection::Kind::MainThread:
        return sample.isMainThread;
    case ThreadSelection::Kind::AllThreads:
        return true;
    case ThreadSelection::Kind::ByName:
        return sample.threadName == threads.name;
    }
    return false;
}

bool roleSelected(const StackSample &sample, const std::string &role)
{
    return role == "*" || sample.role == role;
}

// The ranks a comparison expects data from: those the manifest gives the compared role, or
// every rank of the job when the manifest does not assign this role.
RankSet expectedRanks(const StackDataset &data, const std::string &role)
{
    RankSet expected;
    if (role != "*") {
        for (const RankInfo &info : data.job.ranks) {
            if (info.rank >= 0 && info.role == role)
                expected.insert(info.rank);
        }
    }
    if (expected.empty() && data.job.worldSize > 0)
        expected = RankSet::range(0, data.job.worldSize - 1);
    return expected;
}

} // namespace

bool sampleSelected(const StackDataset &data, const StackSample &sample,
                    const StackTreeOptions &options)
{
    // A cut stack lost frames at one end: merged, it would hang under a wrong root.
    return !sample.cut && roleSelected(sample, resolvedRole(data, options)) &&
           threadSelected(sample, options.threads);
}

StackTree StackTreeBuilder::build(const StackDataset &data, const StackTreeOptions &options,
                                  const std::atomic<bool> *cancel)
{
    StackTree tree;
    const std::string role = resolvedRole(data, options);
    // The tree remembers the role it compared, so that per-sample checks against its options
    // (sampleSelected) never scan the whole dataset again to resolve "".
    tree.m_options = options;
    tree.m_options.role = role;
    tree.m_worldSize = data.job.worldSize;

    StackTreeNode root;
    root.label = "all ranks";
    tree.m_nodes.push_back(std::move(root));

    // Latest sample index per rank, for SampleChoice::Latest.
    std::unordered_map<int, int> latestIndex;
    if (options.samples == SampleChoice::Latest) {
        for (const StackSample &sample : data.samples) {
            if (sample.cut || !roleSelected(sample, role) ||
                !threadSelected(sample, options.threads))
                continue;
            auto [it, inserted] = latestIndex.emplace(sample.rank, sample.sampleIndex);
            if (!inserted)
                it->second = std::max(it->second, sample.sampleIndex);
        }
    }

    // Frames collapse onto merge keys; distinct stacks are walked once, and their node paths
    // are reused for every sample that shares them (thousands of ranks share a few stacks).
    std::unordered_map<std::string, std::uint32_t> keyIds;
    std::vector<std::uint32_t> frameKeyId(data.frames.size(), UINT32_MAX);
    auto keyOfFrame = [&](FrameId frameId) {
        std::uint32_t &cached = frameKeyId[frameId];
        if (cached == UINT32_MAX) {
            auto [it, inserted] = keyIds.emplace(frameKey(data.frames[frameId], options.identity),
                                                 static_cast<std::uint32_t>(keyIds.size()));
            cached = it->second;
        }
        return cached;
    };
    struct ChildKey
    {
        std::uint64_t packed;
        bool operator==(const ChildKey &) const = default;
    };
    struct ChildKeyHash
    {
        std::size_t operator()(const ChildKey &k) const
        {
            return std::hash<std::uint64_t>()(k.packed);
        }
    };
    std::unordered_map<ChildKey, int, ChildKeyHash> childIndex;
    std::vector<std::vector<int>> stackPaths(data.stacks.size());
    std::vector<bool> stackWalked(data.stacks.size(), false);

    auto pathOfStack = [&](StackId stackId) -> const std::vector<int> & {
        std::vector<int> &path = stackPaths[stackId];
        if (stackWalked[stackId])
            return path;
        stackWalked[stackId] = true;
        int at = StackTree::kRoot;
        for (FrameId frameId : data.stacks[stackId]) {
            const std::uint32_t key = keyOfFrame(frameId);
            const ChildKey childKey{(std::uint64_t(static_cast<std::uint32_t>(at)) << 32) | key};
            auto it = childIndex.find(childKey);
            int child;
            if (it == childIndex.end()) {
                child = static_cast<int>(tree.m_nodes.size());
                StackTreeNode node;
                node.label = frameKey(data.frames[frameId], options.identity);
                node.frame = frameId;
                node.parent = at;
                node.depth = tree.m_nodes[static_cast<std::size_t>(at)].depth + 1;
                tree.m_maxDepth = std::max(tree.m_maxDepth, node.depth);
                tree.m_nodes.push_back(std::move(node));
                tree.m_nodes[static_cast<std::size_t>(at)].children.push_back(child);
                childIndex.emplace(childKey, child);
            } else {
                child = it->second;
            }
            path.push_back(child);
            at = child;
        }
        return path;
    };

    std::size_t visited = 0;
    for (const StackSample &sample : data.samples) {
        if (cancel && (++visited & 4095u) == 0 && cancel->load(std::memory_order_relaxed))
            return tree;
        if (sample.cut || !roleSelected(sample, role) || !threadSelected(sample, options.threads))
            continue;
        if (options.samples == SampleChoice::Latest &&
            latestIndex[sample.rank] != sample.sampleIndex)
            continue;
        if (sample.stack >= data.stacks.size())
            continue;
        tree.m_ranksWithData.insert(sample.rank);
        StackTreeNode &root = tree.m_nodes.front();
        root.has.insert(sample.rank);
        root.samples += sample.weight;
        const std::vector<int> &path = pathOfStack(sample.stack);
        for (int id : path) {
            StackTreeNode &node = tree.m_nodes[static_cast<std::size_t>(id)];
            node.has.insert(sample.rank);
            node.samples += sample.weight;
        }
        StackTreeNode &leaf =
            tree.m_nodes[static_cast<std::size_t>(path.empty() ? 0 : path.back())];
        leaf.selfSamples += sample.weight;
        leaf.selfRanks.insert(sample.rank);
    }

    tree.m_expected = expectedRanks(data, role) | tree.m_ranksWithData;
    tree.m_worldSize = std::max(tree.m_worldSize, tree.m_expected.last() + 1);

    // Widest first, so the eye finds the majority on the left and the outliers on the right.
    std::vector<int> hasCount(tree.m_nodes.size());
    for (std::size_t i = 0; i < tree.m_nodes.size(); ++i)
        hasCount[i] = tree.m_nodes[i].has.count();
    for (StackTreeNode &node : tree.m_nodes) {
        std::sort(node.children.begin(), node.children.end(), [&](int a, int b) {
            const StackTreeNode &na = tree.m_nodes[static_cast<std::size_t>(a)];
            const StackTreeNode &nb = tree.m_nodes[static_cast<std::size_t>(b)];
            if (hasCount[a] != hasCount[b])
                return hasCount[a] > hasCount[b];
            if (na.samples != nb.samples)
                return na.samples > nb.samples;
            return na.label < nb.label;
        });
    }
    return tree;
}

} // namespace rankscope
