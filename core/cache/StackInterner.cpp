#include "core/cache/StackInterner.h"

#include "core/cache/StableHash.h"

namespace rankscope {

std::uint64_t hashFrame(const Frame &frame)
{
    StableHasher hasher;
    hasher.add(frame.function);
    hasher.add(frame.file);
    hasher.add(frame.module);
    hasher.add((std::uint64_t(std::uint32_t(frame.line)) << 8) | std::uint64_t(frame.kind));
    return hasher.finish();
}

namespace {

// The stack hash over frame contents, whether the frames are at hand (parsed) or referenced by
// id (stored): both must give the same value.
template <typename FrameAt> std::uint64_t hashStack(std::size_t count, FrameAt frameAt)
{
    StableHasher hasher;
    hasher.add(std::uint64_t(count));
    for (std::size_t i = 0; i < count; ++i) {
        const Frame &frame = frameAt(i);
        hasher.add(frame.function);
        hasher.add(frame.file);
        hasher.add(frame.module);
        hasher.add((std::uint64_t(std::uint32_t(frame.line)) << 8) | std::uint64_t(frame.kind));
    }
    return hasher.finish();
}

} // namespace

std::uint64_t hashFrames(const std::vector<Frame> &framesRootFirst)
{
    return hashStack(framesRootFirst.size(),
                     [&](std::size_t i) -> const Frame & { return framesRootFirst[i]; });
}

void StackInterner::addStoredFrame(Frame frame)
{
    const std::uint64_t hash = hashFrame(frame);
    m_frameByHash.emplace(hash, FrameId(m_frames.size()));
    m_frames.push_back(std::move(frame));
}

void StackInterner::addStoredStack(std::vector<FrameId> frameIds)
{
    static const Frame missing{};
    const std::uint64_t hash = hashStack(frameIds.size(), [&](std::size_t i) -> const Frame & {
        return frameIds[i] < m_frames.size() ? m_frames[frameIds[i]] : missing;
    });
    m_stackByHash.emplace(hash, StackId(m_stacks.size()));
    m_stackHashes.push_back(hash);
    m_stacks.push_back(std::move(frameIds));
}

bool StackInterner::sameStack(StackId id, const std::vector<Frame> &frames) const
{
    const std::vector<FrameId> &ids = m_stacks[id];
    if (ids.size() != frames.size())
        return false;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] >= m_frames.size() || !(m_frames[ids[i]] == frames[i]))
            return false;
    }
    return true;
}

FrameId StackInterner::internFrame(const Frame &frame)
{
    const std::uint64_t hash = hashFrame(frame);
    auto [begin, end] = m_frameByHash.equal_range(hash);
    for (auto it = begin; it != end; ++it) {
        if (m_frames[it->second] == frame)
            return it->second;
    }
    const FrameId id = FrameId(m_frames.size());
    m_frameByHash.emplace(hash, id);
    m_frames.push_back(frame);
    return id;
}

StackInterner::Interned StackInterner::intern(const std::vector<Frame> &framesRootFirst,
                                              std::uint64_t hash)
{
    Interned result;
    result.firstNewFrame = FrameId(m_frames.size());
    auto [begin, end] = m_stackByHash.equal_range(hash);
    for (auto it = begin; it != end; ++it) {
        if (sameStack(it->second, framesRootFirst)) {
            result.stack = it->second;
            return result;
        }
    }
    std::vector<FrameId> ids;
    ids.reserve(framesRootFirst.size());
    for (const Frame &frame : framesRootFirst)
        ids.push_back(internFrame(frame));
    result.stack = StackId(m_stacks.size());
    result.newStack = true;
    m_stackByHash.emplace(hash, result.stack);
    m_stackHashes.push_back(hash);
    m_stacks.push_back(std::move(ids));
    return result;
}

} // namespace rankscope
