#include "core/analysis/CollectiveCallSites.h"

#include <map>
#include <unordered_map>

namespace rankscope {

namespace {

// Earlier is more telling: a pending entry before a completed one, then the earliest pending
// (where the rank waits), or the latest completed (the last thing it did).
bool moreTelling(const CollectiveEntry &candidate, const CollectiveEntry &current)
{
    const bool candidatePending = candidate.state != CollectiveState::Completed;
    const bool currentPending = current.state != CollectiveState::Completed;
    if (candidatePending != currentPending)
        return candidatePending;
    const auto order = [](const CollectiveEntry &entry) {
        return entry.recordId >= 0 ? entry.recordId : entry.createdNs;
    };
    return candidatePending ? order(candidate) < order(current) : order(candidate) > order(current);
}

std::string leafName(const CollectiveEntry &entry)
{
    std::string name = entry.profilingName.empty() ? entry.op : entry.profilingName;
    const std::int64_t seq = entry.isP2p ? entry.p2pSeq : entry.collectiveSeq;
    if (seq >= 0)
        name += std::string(entry.isP2p ? " p2p #" : " #") + std::to_string(seq);
    const std::string &group = entry.pgDesc.empty() ? entry.pgName : entry.pgDesc;
    if (!group.empty())
        name += " (" + group + ")";
    return name;
}

class FrameTable
{
public:
    explicit FrameTable(StackDataset &data) : m_data(data) {}

    FrameId intern(Frame frame)
    {
        const std::string key = frame.function + '\x1f' + frame.file + '\x1f' +
                                std::to_string(frame.line) + '\x1f' +
                                std::to_string(int(frame.kind));
        const auto [it, added] = m_ids.try_emplace(key, FrameId(m_data.frames.size()));
        if (added)
            m_data.frames.push_back(std::move(frame));
        return it->second;
    }

    StackId intern(std::vector<FrameId> stack)
    {
        const auto [it, added] = m_stacks.try_emplace(stack, StackId(m_data.stacks.size()));
        if (added)
            m_data.stacks.push_back(std::move(stack));
        return it->second;
    }

private:
    StackDataset &m_data;
    std::unordered_map<std::string, FrameId> m_ids;
    std::map<std::vector<FrameId>, StackId> m_stacks;
};

} // namespace

StackDataset collectiveCallSiteStacks(const CollectiveDataset &data, const JobInfo &job)
{
    std::map<int, const CollectiveEntry *> chosen;
    for (const CollectiveEntry &entry : data.entries) {
        if (entry.rank < 0 || entry.frames.empty())
            continue;
        auto [it, added] = chosen.try_emplace(entry.rank, &entry);
        if (!added && moreTelling(entry, *it->second))
            it->second = &entry;
    }

    StackDataset stacks;
    stacks.job = job;
    stacks.job.worldSize = std::max(job.worldSize, data.worldSize);
    stacks.job.layers.stacks = RankSet();
    FrameTable table(stacks);
    std::map<std::string, std::uint32_t> sourceFiles;
    for (const auto &[rank, entry] : chosen) {
        std::vector<FrameId> stack;
        // Flight Recorder lists the innermost frame first; stacks are stored root first.
        for (auto frame = entry->frames.rbegin(); frame != entry->frames.rend(); ++frame)
            stack.push_back(
                table.intern(Frame{frame->name, frame->file, std::max(frame->line, 0), {}, {}}));
        stack.push_back(table.intern(Frame{leafName(*entry), {}, 0, {}, FrameKind::Native}));
        const auto [source, added] =
            sourceFiles.try_emplace(entry->source.file, std::uint32_t(stacks.sourceFiles.size()));
        if (added)
            stacks.sourceFiles.push_back(entry->source.file);

        StackSample sample;
        sample.rank = rank;
        sample.role = kTrainerRole;
        sample.threadName = entry->threadName.empty() ? "collective call site" : entry->threadName;
        sample.state =
            entry->state == CollectiveState::Completed ? ThreadState::Unknown : ThreadState::Idle;
        sample.isMainThread = true;
        sample.stack = table.intern(std::move(stack));
        sample.sourceFile = source->second;
        stacks.samples.push_back(std::move(sample));
        stacks.job.layers.stacks.insert(rank);
    }
    return stacks;
}

} // namespace rankscope
