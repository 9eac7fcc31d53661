#pragma once

#include "core/model/Frame.h"
#include "core/model/StackDataset.h"

#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace rankscope {

std::uint64_t hashFrame(const Frame &frame);
// Hash of a root-first frame list; equal stacks hash equal whatever process they came from.
std::uint64_t hashFrames(const std::vector<Frame> &framesRootFirst);

// Gives every distinct frame and every distinct stack one dense id, mirroring the cache's
// frames and stacks tables. Thousands of ranks mostly share the same few stacks, so a stack
// already known is found by its hash and one comparison, without looking at frames one by one.
class StackInterner
{
public:
    struct Interned
    {
        StackId stack = 0;
        bool newStack = false;
        FrameId firstNewFrame = 0; // frames [firstNewFrame, frameCount()) were added by this call
    };

    // Adds content already stored in the cache, in id order.
    void addStoredFrame(Frame frame);
    void addStoredStack(std::vector<FrameId> frameIds);

    // `hash` must be hashFrames(framesRootFirst) (computed on the parsing thread).
    Interned intern(const std::vector<Frame> &framesRootFirst, std::uint64_t hash);

    const Frame &frame(FrameId id) const { return m_frames[id]; }
    const std::vector<FrameId> &stack(StackId id) const { return m_stacks[id]; }
    std::uint64_t stackHash(StackId id) const { return m_stackHashes[id]; }
    std::size_t frameCount() const { return m_frames.size(); }
    std::size_t stackCount() const { return m_stacks.size(); }

private:
    FrameId internFrame(const Frame &frame);
    bool sameStack(StackId id, const std::vector<Frame> &frames) const;

    std::vector<Frame> m_frames;
    std::vector<std::vector<FrameId>> m_stacks;
    std::vector<std::uint64_t> m_stackHashes;
    std::unordered_multimap<std::uint64_t, FrameId> m_frameByHash;
    std::unordered_multimap<std::uint64_t, StackId> m_stackByHash;
};

// A StackInterner that several parser threads share. Ids then depend on which thread got there
// first; they stay dense, and equal stacks still get equal ids.
class SharedStackInterner
{
public:
    explicit SharedStackInterner(StackInterner &interner) : m_interner(interner) {}

    // `hash` is computed by the caller, outside the lock.
    StackId intern(const std::vector<Frame> &framesRootFirst, std::uint64_t hash)
    {
        std::lock_guard lock(m_mutex);
        return m_interner.intern(framesRootFirst, hash).stack;
    }

private:
    std::mutex m_mutex;
    StackInterner &m_interner;
};

} // namespace rankscope
