#include "core/collectives/CollectiveAnalysisSteps.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace rankscope {

namespace {

// Ranks past this are not ranks but damage (a hostile or corrupt record): RankSet is a bitset.
constexpr int kMaxRank = 1 << 22;

std::uint64_t rankPgKey(int rank, int pgId)
{
    return (std::uint64_t(std::uint32_t(rank)) << 32) | std::uint32_t(pgId);
}

class GroupResolver
{
public:
    explicit GroupResolver(const CollectiveDataset &data) : m_data(data)
    {
        std::map<std::pair<std::string, std::vector<int>>, int> seen;
        for (const ProcessGroupConfig &config : data.groups) {
            // Slots stay in group-rank order: one no file stated (a log's -1) or out of range
            // is -1, never dropped, or every group rank after it would map to its neighbour.
            std::vector<int> ranks;
            ranks.reserve(config.ranks.size());
            for (int rank : config.ranks)
                ranks.push_back(rank >= 0 && rank < kMaxRank ? rank : -1);
            const auto key = std::make_pair(config.name.empty() ? config.desc : config.name, ranks);
            if (seen.count(key))
                continue;
            seen.emplace(key, int(m_out.groups.size()));
            ResolvedGroup group;
            group.name = key.first;
            group.desc = config.desc;
            group.ranks = ranks;
            group.sorted = ranks;
            std::erase(group.sorted, -1);
            std::sort(group.sorted.begin(), group.sorted.end());
            group.sorted.erase(std::unique(group.sorted.begin(), group.sorted.end()),
                               group.sorted.end());
            group.configured = true;
            m_byName[group.name].push_back(int(m_out.groups.size()));
            m_out.groups.push_back(std::move(group));
        }
    }

    ResolvedRecords run()
    {
        const auto &entries = m_data.entries;
        const auto &statuses = m_data.statuses;
        m_out.entryGroup.assign(entries.size(), -1);
        m_out.entryRank.assign(entries.size(), -1);
        m_out.statusGroup.assign(statuses.size(), -1);
        m_out.statusRank.assign(statuses.size(), -1);

        bool needPgIds = false;
        for (std::size_t i = 0; i < entries.size(); ++i)
            needPgIds |=
                place(entries[i].pgName, entries[i].pgDesc, entries[i].pgId, entries[i].rank,
                      entries[i].groupRank, m_out.entryGroup[i], m_out.entryRank[i]);
        for (std::size_t i = 0; i < statuses.size(); ++i)
            needPgIds |=
                place(statuses[i].pgName, statuses[i].pgDesc, statuses[i].pgId, statuses[i].rank,
                      statuses[i].groupRank, m_out.statusGroup[i], m_out.statusRank[i]);
        if (needPgIds)
            placeByPgId();
        placeClaims();
        finishUnconfigured();
        if (m_unmappedGroupRanks > 0)
            m_out.notes.push_back({RANKSCOPE_MESSAGE("collective.note.unmappedGroupRanks",
                                                     "%1 records name only a rank inside their "
                                                     "process group, and the bundle has no "
                                                     "member list to map it to a global rank; "
                                                     "they were left out."),
                                   {m_unmappedGroupRanks}});
        if (m_unplaced > 0)
            m_out.notes.push_back({RANKSCOPE_MESSAGE("collective.note.unplaced",
                                                     "%1 records carry only a pg_id that no "
                                                     "record of the same rank names (in \"only "
                                                     "active\" dumps, the statuses of groups "
                                                     "with nothing pending); they were left "
                                                     "out."),
                                   {m_unplaced}});
        if (m_badRanks > 0)
            m_out.notes.push_back({RANKSCOPE_MESSAGE("collective.note.badRanks",
                                                     "%1 records carry an impossible rank and "
                                                     "were left out."),
                                   {m_badRanks}});
        return std::move(m_out);
    }

private:
    // The configured group of `name` that has `rank`, else the unconfigured group of that name.
    int groupOf(const std::string &name, int rank)
    {
        const auto found = m_byName.find(name);
        if (found != m_byName.end())
            for (int index : found->second)
                if (m_out.groups[std::size_t(index)].memberIndex(rank) >= 0)
                    return index;
        return unconfiguredGroup(name);
    }

    int unconfiguredGroup(const std::string &name)
    {
        const auto found = m_unconfigured.find(name);
        if (found != m_unconfigured.end())
            return found->second;
        ResolvedGroup group;
        group.name = name;
        m_unconfigured.emplace(name, int(m_out.groups.size()));
        m_out.groups.push_back(std::move(group));
        return int(m_out.groups.size()) - 1;
    }

    // Returns true when the record waits for the pg_id pass (a pg_id and no name).
    bool place(const std::string &name, const std::string &desc, int pgId, int rank, int groupRank,
               int &outGroup, int &outRank)
    {
        if (rank >= kMaxRank || groupRank >= kMaxRank) {
            ++m_badRanks;
            return false;
        }
        if (rank < 0 && groupRank >= 0) {
            // "[PG 3 Rank 5]": rank 5 of the group; only a single config of that name maps it.
            const auto found = m_byName.find(name.empty() ? desc : name);
            if (found == m_byName.end() || found->second.size() != 1 ||
                std::size_t(groupRank) >=
                    m_out.groups[std::size_t(found->second[0])].ranks.size()) {
                ++m_unmappedGroupRanks;
                return false;
            }
            const int slot =
                m_out.groups[std::size_t(found->second[0])].ranks[std::size_t(groupRank)];
            if (slot < 0) { // no file stated who holds that group rank
                ++m_unmappedGroupRanks;
                return false;
            }
            outGroup = found->second[0];
            outRank = slot;
            return false;
        }
        if (rank < 0) {
            ++m_badRanks;
            return false;
        }
        outRank = rank;
        if (!name.empty()) {
            outGroup = groupOf(name, rank);
            return false;
        }
        if (pgId >= 0)
            return true; // named later from the rank's other records
        // A desync report or a watchdog line with no group: one anonymous group (desc if any).
        outGroup = desc.empty() ? unconfiguredGroup(std::string()) : groupOf(desc, rank);
        return false;
    }

    // pg_id is rank-local (PyTorch counts the groups each rank creates), so it is named from the
    // same rank's records that carry both. A rank whose dump has no such record (nothing pending
    // in that group) is named from ranks with the same groups: they create them in the same
    // order, so the same pg_id is the group of the same description.
    void placeByPgId()
    {
        std::unordered_map<std::uint64_t, int> own; // (rank, pgId) -> group
        auto learn = [&](int rank, int pgId, int group) {
            if (rank >= 0 && pgId >= 0 && group >= 0)
                own.emplace(rankPgKey(rank, pgId), group);
        };
        for (std::size_t i = 0; i < m_data.entries.size(); ++i)
            learn(m_out.entryRank[i], m_data.entries[i].pgId, m_out.entryGroup[i]);
        for (std::size_t i = 0; i < m_data.statuses.size(); ++i)
            learn(m_out.statusRank[i], m_data.statuses[i].pgId, m_out.statusGroup[i]);

        buildShapes();
        const std::vector<SeqRange> ranges = seqRanges();
        // (shape, pgId) -> the descs ranks of that shape give it (usually one).
        std::unordered_map<std::uint64_t, std::vector<int>> witness;
        for (const auto &[key, group] : own) {
            const int rank = int(key >> 32);
            const int pgId = int(key & 0xffffffffu);
            const ResolvedGroup &g = m_out.groups[std::size_t(group)];
            if (!g.configured || std::size_t(rank) >= m_shapeOfRank.size())
                continue;
            const int desc = m_descIds[g.desc];
            auto &descs = witness[rankPgKey(m_shapeOfRank[std::size_t(rank)], pgId)];
            if (std::find(descs.begin(), descs.end(), desc) == descs.end())
                descs.push_back(desc);
        }

        std::map<std::pair<int, int>, RankSet> inferred; // (group, pgId) -> ranks
        // `value`: a status's last enqueued, to choose between descs ranks of the same shape
        // disagree on (pipeline stages number their groups differently): the group whose
        // members' sequences it falls among. -1 for an entry.
        auto resolve = [&](int rank, int pgId, std::int64_t value, int &outGroup) {
            if (outGroup >= 0 || rank < 0 || pgId < 0)
                return;
            if (const auto it = own.find(rankPgKey(rank, pgId)); it != own.end()) {
                outGroup = it->second;
                return;
            }
            int match = -1;
            if (std::size_t(rank) < m_shapeOfRank.size()) {
                const auto w = witness.find(rankPgKey(m_shapeOfRank[std::size_t(rank)], pgId));
                if (w != witness.end()) {
                    for (int g : m_groupsOfRank[std::size_t(rank)]) {
                        const int desc = m_descIds[m_out.groups[std::size_t(g)].desc];
                        if (std::find(w->second.begin(), w->second.end(), desc) == w->second.end())
                            continue;
                        if (w->second.size() > 1 && !ranges[std::size_t(g)].fits(value))
                            continue;
                        match = match == -1 ? g : -2;
                    }
                }
            }
            if (match >= 0) {
                outGroup = match;
                own.emplace(rankPgKey(rank, pgId), match);
                inferred[{match, pgId}].insert(rank);
                return;
            }
            ++m_unplaced;
        };
        for (std::size_t i = 0; i < m_data.entries.size(); ++i)
            if (m_data.entries[i].pgName.empty())
                resolve(m_out.entryRank[i], m_data.entries[i].pgId, -1, m_out.entryGroup[i]);
        for (std::size_t i = 0; i < m_data.statuses.size(); ++i)
            if (m_data.statuses[i].pgName.empty())
                resolve(m_out.statusRank[i], m_data.statuses[i].pgId,
                        m_data.statuses[i].lastEnqueued, m_out.statusGroup[i]);
        if (!inferred.empty()) {
            Message examples;
            int shown = 0;
            for (const auto &[key, ranks] : inferred) {
                if (shown++ == 4) {
                    examples = {RANKSCOPE_MESSAGE("list.comma", "%1, %2"),
                                {std::move(examples), "..."}};
                    break;
                }
                const ResolvedGroup &g = m_out.groups[std::size_t(key.first)];
                Message example(RANKSCOPE_MESSAGE("collective.note.pgIdAs", "pg_id %1 of %2 as %3"),
                                {key.second, collectiveRanksMessage(ranks),
                                 collectiveGroupMessage(g.name, g.desc)});
                examples = examples.empty() ? std::move(example)
                                            : Message(RANKSCOPE_MESSAGE("list.comma", "%1, %2"),
                                                      {std::move(examples), std::move(example)});
            }
            m_out.notes.push_back({RANKSCOPE_MESSAGE("collective.note.pgIdsInferred",
                                                     "Records with only a pg_id, on ranks with no "
                                                     "record naming it, were named as ranks with "
                                                     "the same process groups name that pg_id "
                                                     "(%1)."),
                                   {std::move(examples)}});
        }
    }

    // The sequences seen in each group so far (entries of both kinds, named statuses).
    struct SeqRange
    {
        std::int64_t low = -1, high = -1;
        // PyTorch's counters of different groups are far apart; within a hang the members of
        // one group are a few collectives apart.
        bool fits(std::int64_t value) const
        {
            constexpr std::int64_t kSlack = 256;
            return value >= 0 && low >= 0 && value >= low - kSlack && value <= high + kSlack;
        }
        void add(std::int64_t value)
        {
            if (value < 0)
                return;
            low = low < 0 ? value : std::min(low, value);
            high = std::max(high, value);
        }
    };

    std::vector<SeqRange> seqRanges() const
    {
        std::vector<SeqRange> ranges(m_out.groups.size());
        for (std::size_t i = 0; i < m_data.entries.size(); ++i) {
            const int g = m_out.entryGroup[i];
            if (g < 0)
                continue;
            ranges[std::size_t(g)].add(m_data.entries[i].isP2p ? m_data.entries[i].p2pSeq
                                                               : m_data.entries[i].collectiveSeq);
        }
        for (std::size_t i = 0; i < m_data.statuses.size(); ++i)
            if (m_out.statusGroup[i] >= 0)
                ranges[std::size_t(m_out.statusGroup[i])].add(m_data.statuses[i].lastEnqueued);
        return ranges;
    }

    // A rank's shape: the descriptions of the configured groups it belongs to.
    void buildShapes()
    {
        int maxRank = -1;
        for (const ResolvedGroup &g : m_out.groups)
            if (g.configured && !g.sorted.empty())
                maxRank = std::max(maxRank, g.sorted.back());
        m_groupsOfRank.assign(std::size_t(maxRank + 1), {});
        for (std::size_t g = 0; g < m_out.groups.size(); ++g) {
            if (!m_out.groups[g].configured)
                continue;
            m_descIds.emplace(m_out.groups[g].desc, int(m_descIds.size()));
            for (int rank : m_out.groups[g].sorted)
                m_groupsOfRank[std::size_t(rank)].push_back(int(g));
        }
        std::map<std::vector<int>, int> shapes;
        m_shapeOfRank.assign(m_groupsOfRank.size(), -1);
        std::vector<int> descs;
        for (std::size_t rank = 0; rank < m_groupsOfRank.size(); ++rank) {
            descs.clear();
            for (int g : m_groupsOfRank[rank])
                descs.push_back(m_descIds[m_out.groups[std::size_t(g)].desc]);
            std::sort(descs.begin(), descs.end());
            m_shapeOfRank[rank] = shapes.emplace(descs, int(shapes.size())).first->second;
        }
    }

    void placeClaims()
    {
        m_out.claimGroup.assign(m_data.claims.size(), -1);
        for (std::size_t i = 0; i < m_data.claims.size(); ++i) {
            const CollectiveClaim &claim = m_data.claims[i];
            const std::string &name = claim.pgName.empty() ? claim.pgDesc : claim.pgName;
            const auto found = m_byName.find(name);
            if (found != m_byName.end()) {
                // With split_group's reused names, the config that has the named ranks.
                for (int g : found->second) {
                    const ResolvedGroup &group = m_out.groups[std::size_t(g)];
                    const bool fits = claim.groupRanks || claim.missingRanks.empty() ||
                                      group.memberIndex(claim.missingRanks.front()) >= 0;
                    if (fits) {
                        m_out.claimGroup[i] = g;
                        break;
                    }
                }
            } else if (const auto u = m_unconfigured.find(name); u != m_unconfigured.end()) {
                m_out.claimGroup[i] = u->second;
            }
        }
    }

    void finishUnconfigured()
    {
        for (std::size_t i = 0; i < m_out.entryGroup.size(); ++i)
            addSeen(m_out.entryGroup[i], m_out.entryRank[i]);
        for (std::size_t i = 0; i < m_out.statusGroup.size(); ++i)
            addSeen(m_out.statusGroup[i], m_out.statusRank[i]);
        for (ResolvedGroup &g : m_out.groups) {
            if (g.configured)
                continue;
            std::sort(g.sorted.begin(), g.sorted.end());
            g.sorted.erase(std::unique(g.sorted.begin(), g.sorted.end()), g.sorted.end());
            g.ranks = g.sorted;
        }
    }

    void addSeen(int group, int rank)
    {
        if (group < 0 || rank < 0)
            return;
        ResolvedGroup &g = m_out.groups[std::size_t(group)];
        if (!g.configured && (g.sorted.empty() || g.sorted.back() != rank))
            g.sorted.push_back(rank);
    }

    const CollectiveDataset &m_data;
    ResolvedRecords m_out;
    std::unordered_map<std::string, std::vector<int>> m_byName;
    std::unordered_map<std::string, int> m_unconfigured;
    std::unordered_map<std::string, int> m_descIds;
    std::vector<std::vector<int>> m_groupsOfRank;
    std::vector<int> m_shapeOfRank;
    int m_unmappedGroupRanks = 0;
    int m_unplaced = 0;
    int m_badRanks = 0;
};

} // namespace

int ResolvedGroup::memberIndex(int rank) const
{
    const auto it = std::lower_bound(sorted.begin(), sorted.end(), rank);
    return it != sorted.end() && *it == rank ? int(it - sorted.begin()) : -1;
}

ResolvedRecords resolveCollectiveGroups(const CollectiveDataset &data)
{
    return GroupResolver(data).run();
}

} // namespace rankscope
