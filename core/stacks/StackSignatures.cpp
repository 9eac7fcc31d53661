#include "core/stacks/StackSignatures.h"

#include <algorithm>
#include <functional>

namespace rankscope {

namespace {
std::uint64_t mix(std::uint64_t seed, std::uint64_t value)
{
    // boost::hash_combine's 64-bit variant: good enough spread for grouping, not for security.
    return seed ^ (value + 0x9e3779b97f4a7c15ull + (seed << 12) + (seed >> 4));
}
} // namespace

StackSignatures::StackSignatures(const StackDataset &data, FrameIdentityMode identity)
    : m_data(data), m_identity(identity), m_frameHash(data.frames.size(), 0),
      m_stackHash(data.stacks.size(), 0), m_stackLeaf(data.stacks.size(), -2)
{}

StackSignatures::StackSignatures(const StackDataset &data, const StackTree &tree)
    : StackSignatures(data, tree.options().identity)
{
    m_tree = &tree;
}

std::uint64_t StackSignatures::ofStack(StackId stack)
{
    if (stack >= m_stackHash.size())
        return 0;
    std::uint64_t &cached = m_stackHash[stack];
    if (cached)
        return cached;
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (FrameId frame : m_data.stacks[stack]) {
        std::uint64_t &frameHash = m_frameHash[frame];
        if (!frameHash)
            frameHash = std::hash<std::string>()(frameKey(m_data.frames[frame], m_identity)) | 1u;
        hash = mix(hash, frameHash);
    }
    cached = hash | 1u;
    return cached;
}

std::uint64_t StackSignatures::ofStacks(std::vector<StackId> stacks)
{
    std::vector<std::uint64_t> hashes;
    hashes.reserve(stacks.size());
    for (StackId stack : stacks)
        hashes.push_back(ofStack(stack));
    std::sort(hashes.begin(), hashes.end());
    std::uint64_t hash = 0x84222325cbf29ce4ull;
    for (std::uint64_t value : hashes)
        hash = mix(hash, value);
    return hash;
}

int StackSignatures::leafOf(StackId stack)
{
    if (!m_tree || stack >= m_stackLeaf.size())
        return -1;
    int &cached = m_stackLeaf[stack];
    if (cached != -2)
        return cached;
    int at = StackTree::kRoot;
    for (FrameId frame : m_data.stacks[stack]) {
        at = m_tree->findChild(at, frameKey(m_data.frames[frame], m_identity));
        if (at < 0)
            break;
    }
    cached = at;
    return cached;
}

} // namespace rankscope
