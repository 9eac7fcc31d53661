#include "core/stacks/FunctionTable.h"

#include <algorithm>

namespace rankscope {

FunctionTable FunctionTable::build(const StackTree &tree, const std::vector<int> &suspectNodes,
                                   const std::atomic<bool> *cancel)
{
    FunctionTable table;
    const std::size_t n = std::size_t(tree.size());
    table.m_nodeFunction.assign(n, -1);
    if (n == 0)
        return table;

    // Functions by label, in node order (parents before children, so outer frames come first).
    for (std::size_t node = 1; node < n; ++node) {
        const std::string &label = tree.node(int(node)).label;
        auto [it, inserted] = table.m_byLabel.emplace(label, int(table.m_functions.size()));
        if (inserted) {
            FunctionEntry entry;
            entry.label = label;
            table.m_functions.push_back(std::move(entry));
        }
        table.m_nodeFunction[node] = it->second;
        table.m_functions[std::size_t(it->second)].nodes.push_back(int(node));
    }

    // Which suspect's subtree each node lies in: nodes are created parent before child, so one
    // pass in id order inherits the parent's mark.
    std::vector<int> suspectOf(n, -1);
    for (std::size_t i = 0; i < suspectNodes.size(); ++i) {
        const int node = suspectNodes[i];
        if (node > 0 && std::size_t(node) < n && suspectOf[std::size_t(node)] < 0)
            suspectOf[std::size_t(node)] = int(i);
    }
    for (std::size_t node = 1; node < n; ++node) {
        const int inherited = suspectOf[std::size_t(tree.node(int(node)).parent)];
        int &own = suspectOf[node];
        if (inherited >= 0 && (own < 0 || inherited < own))
            own = inherited;
    }

    // Depth-first walk keeping, per function and per caller/callee pair, how often it is open
    // on the current path: only a function's outermost occurrence on a path adds its samples,
    // so recursion (f -> g -> f) counts each stack once.
    std::vector<int> openFunction(table.m_functions.size(), 0);
    std::unordered_map<std::uint64_t, int> edgeIndex;
    std::vector<int> openEdge;
    const auto edgeOf = [&](int caller, int callee) {
        const std::uint64_t key =
            (std::uint64_t(std::uint32_t(caller)) << 32) | std::uint32_t(callee);
        auto [it, inserted] = edgeIndex.emplace(key, int(table.m_edges.size()));
        if (inserted) {
            table.m_edges.push_back({caller, callee, {}, 0});
            openEdge.push_back(0);
        }
        return it->second;
    };
    struct Step
    {
        int node;
        bool leaving;
    };
    std::vector<Step> pending;
    for (auto it = tree.node(StackTree::kRoot).children.rbegin();
         it != tree.node(StackTree::kRoot).children.rend(); ++it)
        pending.push_back({*it, false});
    std::size_t visited = 0;
    while (!pending.empty()) {
        if (cancel && (++visited & 4095u) == 0 && cancel->load(std::memory_order_relaxed))
            return {};
        const Step step = pending.back();
        pending.pop_back();
        const StackTreeNode &node = tree.node(step.node);
        const int function = table.m_nodeFunction[std::size_t(step.node)];
        const int parentFunction = table.m_nodeFunction[std::size_t(node.parent)];
        const int edge = parentFunction >= 0 ? edgeOf(parentFunction, function) : -1;
        if (step.leaving) {
            --openFunction[std::size_t(function)];
            if (edge >= 0)
                --openEdge[std::size_t(edge)];
            continue;
        }
        FunctionEntry &entry = table.m_functions[std::size_t(function)];
        entry.ranks |= node.has;
        entry.selfRanks |= node.selfRanks;
        entry.selfSamples += node.selfSamples;
        if (openFunction[std::size_t(function)]++ == 0)
            entry.samples += node.samples;
        if (edge >= 0) {
            FunctionEdge &e = table.m_edges[std::size_t(edge)];
            e.ranks |= node.has;
            if (openEdge[std::size_t(edge)]++ == 0)
                e.samples += node.samples;
        }
        const int suspect = suspectOf[std::size_t(step.node)];
        if (suspect >= 0 && (entry.suspect < 0 || suspect < entry.suspect))
            entry.suspect = suspect;
        pending.push_back({step.node, true});
        for (auto child = node.children.rbegin(); child != node.children.rend(); ++child)
            pending.push_back({*child, false});
    }

    for (FunctionEntry &entry : table.m_functions) {
        int bestRanks = -1;
        for (const int node : entry.nodes) {
            const int ranks = tree.node(node).has.count();
            if (ranks > bestRanks ||
                (ranks == bestRanks &&
                 tree.node(node).samples > tree.node(entry.widestNode).samples)) {
                bestRanks = ranks;
                entry.widestNode = node;
            }
        }
    }
    table.m_callerEdges.resize(table.m_functions.size());
    table.m_calleeEdges.resize(table.m_functions.size());
    for (std::size_t i = 0; i < table.m_edges.size(); ++i) {
        table.m_callerEdges[std::size_t(table.m_edges[i].callee)].push_back(int(i));
        table.m_calleeEdges[std::size_t(table.m_edges[i].caller)].push_back(int(i));
    }
    return table;
}

int FunctionTable::find(const std::string &label) const
{
    const auto it = m_byLabel.find(label);
    return it == m_byLabel.end() ? -1 : it->second;
}

int FunctionTable::functionOfNode(int node) const
{
    return node >= 0 && std::size_t(node) < m_nodeFunction.size()
               ? m_nodeFunction[std::size_t(node)]
               : -1;
}

std::vector<FunctionEdge> FunctionTable::edgesOf(const std::vector<int> &ids, bool byCaller) const
{
    std::vector<FunctionEdge> edges;
    edges.reserve(ids.size());
    for (const int id : ids)
        edges.push_back(m_edges[std::size_t(id)]);
    // Most ranks, then most samples, then by name, so equal rows keep one order.
    std::sort(edges.begin(), edges.end(), [&](const FunctionEdge &a, const FunctionEdge &b) {
        const int ra = a.ranks.count();
        const int rb = b.ranks.count();
        if (ra != rb)
            return ra > rb;
        if (a.samples != b.samples)
            return a.samples > b.samples;
        const int oa = byCaller ? a.caller : a.callee;
        const int ob = byCaller ? b.caller : b.callee;
        return m_functions[std::size_t(oa)].label < m_functions[std::size_t(ob)].label;
    });
    return edges;
}

std::vector<FunctionEdge> FunctionTable::callers(int function) const
{
    if (function < 0 || function >= size())
        return {};
    return edgesOf(m_callerEdges[std::size_t(function)], true);
}

std::vector<FunctionEdge> FunctionTable::callees(int function) const
{
    if (function < 0 || function >= size())
        return {};
    return edgesOf(m_calleeEdges[std::size_t(function)], false);
}

} // namespace rankscope
