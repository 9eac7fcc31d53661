#pragma once

#include "core/model/RankSet.h"
#include "core/stacks/StackTree.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace rankscope {

// One frame identity (a tree label under the tree's identity mode: function, function+file or
// function+file+line) aggregated over every place it occurs in the merged tree: the rows of a
// top-down / caller-callee table (hotspot's Caller/Callee view, speedscope's Sandwich).
struct FunctionEntry
{
    std::string label;
    RankSet ranks;     // ranks with a sample through any occurrence
    RankSet selfRanks; // ranks with a sample whose stack ends in it (it is the stack's top)
    // Sample weight through it; a recursive function counts each stack once (only its outermost
    // occurrence on a path adds), so its total never exceeds the samples of the tree.
    std::uint64_t samples = 0;
    std::uint64_t selfSamples = 0;
    std::vector<int> nodes; // its occurrences in the tree, by node id
    int widestNode = -1;    // the occurrence with the most ranks (then samples): where to zoom
    // The best-ranked suspect (index into StackAnalysis::suspects) with an occurrence at or
    // below its frame; -1 when it lies on no suspect's path.
    int suspect = -1;
};

// A caller -> callee pair (function indices), aggregated over every tree edge between them.
struct FunctionEdge
{
    int caller = -1;
    int callee = -1;
    RankSet ranks;             // ranks through the callee's occurrences under this caller
    std::uint64_t samples = 0; // recursion counted once per stack, as FunctionEntry::samples
};

class FunctionTable
{
public:
    // O(tree nodes). `suspectNodes[i]` is the tree node of suspect i (-1 for none), best first.
    // When *cancel turns true the build stops and returns an empty table.
    static FunctionTable build(const StackTree &tree, const std::vector<int> &suspectNodes = {},
                               const std::atomic<bool> *cancel = nullptr);

    const std::vector<FunctionEntry> &functions() const { return m_functions; }
    int size() const { return int(m_functions.size()); }
    const FunctionEntry &function(int index) const { return m_functions[std::size_t(index)]; }
    int find(const std::string &label) const; // -1 when absent
    int functionOfNode(int node) const;       // -1 for the root or an unknown node

    // The functions that call / are called by one, as edges, most ranks first.
    std::vector<FunctionEdge> callers(int function) const;
    std::vector<FunctionEdge> callees(int function) const;

private:
    // byCaller: the other end of each edge is its caller (ties are ordered by its name).
    std::vector<FunctionEdge> edgesOf(const std::vector<int> &ids, bool byCaller) const;

    std::vector<FunctionEntry> m_functions;
    std::vector<FunctionEdge> m_edges;
    std::vector<std::vector<int>> m_callerEdges; // per function: edges where it is the callee
    std::vector<std::vector<int>> m_calleeEdges; // per function: edges where it is the caller
    std::vector<int> m_nodeFunction;             // per tree node
    std::unordered_map<std::string, int> m_byLabel;
};

} // namespace rankscope
