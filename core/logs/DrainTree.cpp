#include "core/logs/DrainTree.h"

#include <algorithm>

namespace rankscope {

DrainTree::DrainTree(int depth, double similarity, int maxChildren, bool parametrizeNumericTokens,
                     bool logparserShortMessages)
    : m_maxNodeDepth(std::max(depth, 3) - 2), m_similarity(similarity),
      m_maxChildren(static_cast<std::size_t>(std::max(maxChildren, 2))),
      m_parametrizeNumericTokens(parametrizeNumericTokens),
      m_logparserShortMessages(logparserShortMessages)
{
    newNode();
}

std::uint32_t DrainTree::newNode()
{
    m_nodes.emplace_back();
    return static_cast<std::uint32_t>(m_nodes.size() - 1);
}

// Descends as Drain3's tree_search does. One-token (and short) messages follow Drain3, not
// logparser: the descent stops at the last token (`depth == token count`), so a message's own
// last token never routes it, and every message reaches a leaf that holds its cluster.
// logparser descends one level further and never stores clusters of messages shorter than
// depth-2 tokens, so each such message starts a new cluster (often with an identical template).
const DrainTree::Node *DrainTree::leafFor(std::span<const TokenId> tokens) const
{
    const auto length = m_nodes[0].children.find(static_cast<TokenId>(tokens.size()));
    if (length == m_nodes[0].children.end())
        return nullptr;
    const Node *node = &m_nodes[length->second];
    int depth = 1;
    for (const TokenId token : tokens) {
        if (depth >= m_maxNodeDepth || depth == static_cast<int>(tokens.size()))
            break;
        auto child = node->children.find(token);
        if (child == node->children.end())
            child = node->children.find(kWildcardToken);
        if (child == node->children.end())
            return nullptr;
        node = &m_nodes[child->second];
        ++depth;
    }
    return node;
}

std::optional<std::uint32_t> DrainTree::fastMatch(const std::vector<std::uint32_t> &candidates,
                                                  std::span<const TokenId> tokens,
                                                  bool includeParams, double threshold) const
{
    // Similarity = equal non-wildcard tokens / length; every candidate has the message's
    // length, so comparing the integer counts orders them as the float ratios would.
    long bestSimilar = -1;
    long bestParams = -1;
    std::optional<std::uint32_t> best;
    const long length = static_cast<long>(tokens.size());
    for (const std::uint32_t index : candidates) {
        const DrainCluster &candidate = m_clusters[index];
        // A template matches at most its non-wildcard tokens (all tokens with include_params):
        // skip it when even that could not beat the best so far. Exact, only faster.
        const long wildcards = static_cast<long>(candidate.wildcards);
        const long upper = includeParams ? length : length - wildcards;
        if (upper < bestSimilar || (upper == bestSimilar && wildcards <= bestParams))
            continue;
        const std::vector<TokenId> &templ = candidate.tokens;
        long similar = 0;
        long params = 0;
        for (std::size_t i = 0; i < templ.size(); ++i) {
            if (templ[i] == kWildcardToken)
                ++params;
            else if (templ[i] == tokens[i])
                ++similar;
        }
        if (includeParams)
            similar += params;
        if (similar > bestSimilar || (similar == bestSimilar && params > bestParams)) {
            bestSimilar = similar;
            bestParams = params;
            best = index;
        }
    }
    if (!best)
        return std::nullopt;
    // The threshold test in floating point, exactly as the Python implementations compute it
    // (an empty message is a full match).
    const double similarity =
        tokens.empty() ? 1.0
                       : static_cast<double>(bestSimilar) / static_cast<double>(tokens.size());
    if (similarity >= threshold)
        return best;
    return std::nullopt;
}

std::optional<std::uint32_t> DrainTree::search(std::span<const TokenId> tokens) const
{
    if (m_logparserShortMessages && static_cast<int>(tokens.size()) < m_maxNodeDepth)
        return std::nullopt; // logparser stores no cluster of such a length (see create())
    const Node *leaf = leafFor(tokens);
    if (!leaf)
        return std::nullopt;
    return fastMatch(leaf->clusters, tokens, false, m_similarity);
}

std::optional<std::uint32_t> DrainTree::match(std::span<const TokenId> tokens) const
{
    if (const Node *leaf = leafFor(tokens)) {
        if (auto found = fastMatch(leaf->clusters, tokens, true, 1.0))
            return found;
    }
    const auto sameLength = m_clustersByLength.find(tokens.size());
    if (sameLength == m_clustersByLength.end())
        return std::nullopt;
    return fastMatch(sameLength->second, tokens, true, 1.0);
}

std::uint32_t DrainTree::create(std::span<const TokenId> tokens, const TokenInterner &interner)
{
    const auto index = static_cast<std::uint32_t>(m_clusters.size());
    m_clusters.push_back(
        {std::vector<TokenId>(tokens.begin(), tokens.end()), 1,
         static_cast<std::uint32_t>(std::count(tokens.begin(), tokens.end(), kWildcardToken))});
    m_clustersByLength[tokens.size()].push_back(index);
    // logparser's addSeqToPrefixTree stores a cluster only when its loop reaches the leaf
    // depth, which a message shorter than depth-2 tokens never does.
    if (m_logparserShortMessages && static_cast<int>(tokens.size()) < m_maxNodeDepth)
        return index;

    const auto lengthKey = static_cast<TokenId>(tokens.size());
    std::uint32_t node;
    if (auto it = m_nodes[0].children.find(lengthKey); it != m_nodes[0].children.end()) {
        node = it->second;
    } else {
        node = newNode();
        m_nodes[0].children.emplace(lengthKey, node);
    }
    // add_seq_to_prefix_tree: known tokens descend; tokens with digits go to the wildcard
    // child; new tokens get a child while the node has room (max_children counts the wildcard
    // child, which takes the last slot), else share the wildcard child.
    int depth = 1;
    for (const TokenId token : tokens) {
        if (depth >= m_maxNodeDepth || depth >= static_cast<int>(tokens.size()))
            break;
        auto &children = m_nodes[node].children;
        if (const auto it = children.find(token); it != children.end()) {
            node = it->second;
        } else {
            const auto wildcard = children.find(kWildcardToken);
            const bool hasWildcard = wildcard != children.end();
            TokenId key = token;
            if (m_parametrizeNumericTokens && interner.hasDigit(token))
                key = kWildcardToken;
            else if (hasWildcard && children.size() >= m_maxChildren)
                key = kWildcardToken;
            else if (!hasWildcard && children.size() + 1 == m_maxChildren)
                key = kWildcardToken;
            else if (!hasWildcard && children.size() + 1 > m_maxChildren)
                key = kWildcardToken;
            if (key == kWildcardToken && hasWildcard) {
                node = wildcard->second;
            } else {
                const std::uint32_t child = newNode(); // invalidates `children`
                m_nodes[node].children.emplace(key, child);
                node = child;
            }
        }
        ++depth;
    }
    m_nodes[node].clusters.push_back(index);
    return index;
}

bool DrainTree::merge(std::uint32_t cluster, std::span<const TokenId> tokens)
{
    DrainCluster &target = m_clusters[cluster];
    bool changed = false;
    for (std::size_t i = 0; i < target.tokens.size(); ++i) {
        if (target.tokens[i] != tokens[i] && target.tokens[i] != kWildcardToken) {
            target.tokens[i] = kWildcardToken;
            ++target.wildcards;
            changed = true;
        }
    }
    ++target.size;
    return changed;
}

} // namespace rankscope
