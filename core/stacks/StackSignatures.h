#pragma once

#include "core/stacks/StackTree.h"

#include <cstdint>
#include <vector>

namespace rankscope {

// Hashes of stacks under one frame identity, and where each stack ends in a merged tree.
// Two stacks hash alike exactly when their frame keys are equal, so ranks can be grouped
// into equivalence classes without comparing strings.
class StackSignatures
{
public:
    StackSignatures(const StackDataset &data, FrameIdentityMode identity);
    StackSignatures(const StackDataset &data, const StackTree &tree);

    std::uint64_t ofStack(StackId stack);
    // Order-independent combination: the same set of thread stacks gives the same signature.
    std::uint64_t ofStacks(std::vector<StackId> stacks);
    int leafOf(StackId stack); // -1 when no tree was given or the stack is not in it

private:
    const StackDataset &m_data;
    const StackTree *m_tree = nullptr;
    FrameIdentityMode m_identity;
    std::vector<std::uint64_t> m_frameHash; // 0 = not computed yet
    std::vector<std::uint64_t> m_stackHash;
    std::vector<int> m_stackLeaf; // -2 = not computed yet
};

} // namespace rankscope
