#include "core/collectives/CollectiveCallSites.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace rankscope {

namespace {

// Older by creation time when both have one (it orders ops across a rank's groups), else by the
// ring buffer's record id, else by position.
bool older(const CollectiveEntry &a, const CollectiveEntry &b)
{
    if (a.createdNs > 0 && b.createdNs > 0)
        return a.createdNs < b.createdNs;
    if (a.recordId >= 0 && b.recordId >= 0)
        return a.recordId < b.recordId;
    return false;
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

std::vector<CollectiveCallSite> collectiveCallSites(const CollectiveDataset &data)
{
    std::unordered_map<int, int> oldest; // rank -> entry
    for (std::size_t i = 0; i < data.entries.size(); ++i) {
        const CollectiveEntry &e = data.entries[i];
        const bool pending = e.state == CollectiveState::Scheduled ||
                             e.state == CollectiveState::Started ||
                             (e.state == CollectiveState::Unknown &&
                              e.evidence == CollectiveEvidence::WatchdogTimeout);
        if (e.rank < 0 || !pending)
            continue;
        const auto [it, inserted] = oldest.emplace(e.rank, int(i));
        if (!inserted && older(e, data.entries[std::size_t(it->second)]))
            it->second = int(i);
    }
    std::vector<CollectiveCallSite> sites;
    sites.reserve(oldest.size());
    for (const auto &[rank, index] : oldest) {
        const CollectiveEntry &e = data.entries[std::size_t(index)];
        CollectiveCallSite site;
        site.rank = rank;
        site.entry = index;
        site.pgName = e.pgName;
        site.pgDesc = e.pgDesc;
        site.op = e.op;
        site.p2p = e.isP2p;
        site.seq = e.isP2p ? e.p2pSeq : e.collectiveSeq;
        site.frames = e.frames;
        sites.push_back(std::move(site));
    }
    std::sort(
        sites.begin(), sites.end(),
        [](const CollectiveCallSite &a, const CollectiveCallSite &b) { return a.rank < b.rank; });
    return sites;
}

StackDataset collectiveCallSiteStacks(const CollectiveDataset &data, const JobInfo &job)
{
    // The blocking entry of each rank; a rank with nothing pending shows its latest entry.
    std::map<int, const CollectiveEntry *> chosen;
    for (const CollectiveCallSite &site : collectiveCallSites(data))
        chosen.emplace(site.rank, &data.entries[std::size_t(site.entry)]);
    std::map<int, const CollectiveEntry *> latest;
    for (const CollectiveEntry &entry : data.entries) {
        if (entry.rank < 0 || chosen.contains(entry.rank))
            continue;
        auto [it, added] = latest.try_emplace(entry.rank, &entry);
        if (!added && older(*it->second, entry))
            it->second = &entry;
    }
    chosen.merge(latest);

    StackDataset stacks;
    stacks.job = job;
    stacks.job.worldSize = std::max(job.worldSize, data.worldSize);
    stacks.job.layers.stacks = RankSet();
    FrameTable table(stacks);
    std::map<std::string, std::uint32_t> sourceFiles;
    for (const auto &[rank, entry] : chosen) {
        if (entry->frames.empty())
            continue;
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
