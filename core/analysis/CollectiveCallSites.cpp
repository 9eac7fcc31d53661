#include "core/analysis/CollectiveCallSites.h"

#include <algorithm>
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

} // namespace rankscope
