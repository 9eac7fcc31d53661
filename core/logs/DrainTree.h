#pragma once

#include "core/logs/TokenInterner.h"

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace rankscope {

// One Drain cluster: its template as interned tokens (kWildcardToken for "<*>").
struct DrainCluster
{
    std::vector<TokenId> tokens;
    std::int64_t size = 0;
    std::uint32_t wildcards = 0; // tokens equal to kWildcardToken
};

// The fixed-depth prefix tree of Drain (algorithms.md 1.4-1.8, Drain3's rules): level 1 is
// keyed by token count, the next depth-3 levels by leading tokens, leaves list cluster indices.
class DrainTree
{
public:
    DrainTree(int depth, double similarity, int maxChildren, bool parametrizeNumericTokens,
              bool logparserShortMessages = false);

    // tree_search + fast_match(include_params=false) with the similarity threshold: the cluster
    // an add() would join, or nullopt. Tokens may be kUnseenToken (equal to no template token).
    std::optional<std::uint32_t> search(std::span<const TokenId> tokens) const;
    // Drain3 match(): similarity 1.0 counting wildcards as equal; after a failed tree search,
    // the "fallback" strategy scans every cluster of the same token count.
    std::optional<std::uint32_t> match(std::span<const TokenId> tokens) const;

    // A new cluster with these tokens (all interned) inserted by add_seq_to_prefix_tree.
    std::uint32_t create(std::span<const TokenId> tokens, const TokenInterner &interner);
    // Adds a message to a cluster: positions that differ become wildcards. True when the
    // template changed. The cluster stays where it is in the tree.
    bool merge(std::uint32_t cluster, std::span<const TokenId> tokens);

    const DrainCluster &cluster(std::uint32_t index) const { return m_clusters[index]; }
    std::size_t clusterCount() const { return m_clusters.size(); }

private:
    struct Node
    {
        std::unordered_map<TokenId, std::uint32_t> children; // token -> node index
        std::vector<std::uint32_t> clusters;                 // leaves only
    };
    std::optional<std::uint32_t> fastMatch(const std::vector<std::uint32_t> &candidates,
                                           std::span<const TokenId> tokens, bool includeParams,
                                           double threshold) const;
    const Node *leafFor(std::span<const TokenId> tokens) const;
    std::uint32_t newNode();

    int m_maxNodeDepth; // depth - 2: prefix levels below the length level, plus one
    double m_similarity;
    std::size_t m_maxChildren;
    bool m_parametrizeNumericTokens;
    bool m_logparserShortMessages;
    std::vector<Node> m_nodes; // [0] is the root, keyed by token count
    std::vector<DrainCluster> m_clusters;
    std::unordered_map<std::size_t, std::vector<std::uint32_t>> m_clustersByLength;
};

} // namespace rankscope
