#include "views/collectives/CollectiveStrip.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace rankscope {

namespace {

// A group while its strip is being built.
struct GroupBuild
{
    CollectiveStrip strip;
    std::vector<int> sorted;                              // members ascending
    std::vector<const CollectiveRankProgress *> progress; // by member index, may be null
    std::vector<std::int64_t> maxSeq;    // by member index: highest sequence of its entries
    std::vector<std::int64_t> lastEntry; // by member index
    std::vector<bool> hasRecord;         // by member index
    std::int64_t minSeq = std::numeric_limits<std::int64_t>::max();
    std::int64_t frontier = -1;
    const CollectiveGroupProgress *report = nullptr;
    std::vector<const CollectiveSuspect *> suspects;
    std::int64_t lo = 0, hi = -1;

    int memberIndex(int rank) const
    {
        const auto it = std::lower_bound(sorted.begin(), sorted.end(), rank);
        return it != sorted.end() && *it == rank ? int(it - sorted.begin()) : -1;
    }
};

int stateRank(CollectiveState state)
{
    switch (state) {
    case CollectiveState::Completed:
        return 3;
    case CollectiveState::Started:
        return 2;
    case CollectiveState::Scheduled:
        return 1;
    case CollectiveState::Unknown:
        return 0;
    }
    return 0;
}

CollectiveCellState cellOf(CollectiveState state)
{
    switch (state) {
    case CollectiveState::Completed:
        return CollectiveCellState::Completed;
    case CollectiveState::Started:
        return CollectiveCellState::Started;
    case CollectiveState::Scheduled:
        return CollectiveCellState::Scheduled;
    case CollectiveState::Unknown:
        return CollectiveCellState::Unknown;
    }
    return CollectiveCellState::Unknown;
}

// Of two records of one rank at one sequence (a dump entry and a watchdog line, say), the one
// to show: a dump's over a log line's (it has sizes and frames), else the further state.
bool better(const CollectiveEntry &candidate, const CollectiveEntry &current)
{
    const bool candidateDump = candidate.evidence == CollectiveEvidence::FlightRecorder;
    const bool currentDump = current.evidence == CollectiveEvidence::FlightRecorder;
    if (candidateDump != currentDump)
        return candidateDump;
    return stateRank(candidate.state) > stateRank(current.state);
}

std::int64_t seqOn(const CollectiveEntry &entry, bool p2p)
{
    if (p2p)
        return entry.isP2p ? entry.p2pSeq : -1;
    return entry.isP2p ? -1 : entry.collectiveSeq;
}

std::vector<GroupBuild> makeGroups(const CollectiveDataset &data, const CollectiveReport &report)
{
    std::vector<GroupBuild> groups;
    if (!report.groups.empty()) {
        for (const CollectiveGroupProgress &group : report.groups) {
            GroupBuild build;
            build.strip.name = group.name;
            build.strip.desc = group.desc;
            build.sorted = group.members.toVector();
            build.report = &group;
            groups.push_back(std::move(build));
        }
    } else {
        for (const ProcessGroupConfig &config : data.groups) {
            GroupBuild build;
            build.strip.name = config.name;
            build.strip.desc = config.desc;
            build.sorted = config.ranks;
            std::sort(build.sorted.begin(), build.sorted.end());
            build.sorted.erase(std::unique(build.sorted.begin(), build.sorted.end()),
                               build.sorted.end());
            groups.push_back(std::move(build));
        }
    }
    for (GroupBuild &group : groups) {
        const std::size_t n = group.sorted.size();
        group.progress.assign(n, nullptr);
        group.maxSeq.assign(n, -1);
        group.lastEntry.assign(n, -1);
        group.hasRecord.assign(n, false);
        if (group.report)
            for (const CollectiveRankProgress &progress : group.report->ranks) {
                const int member = group.memberIndex(progress.rank);
                if (member >= 0) {
                    group.progress[std::size_t(member)] = &progress;
                    group.hasRecord[std::size_t(member)] = progress.hasRecords;
                }
            }
        group.strip.lead = !report.leadGroup.empty() && group.strip.name == report.leadGroup;
        for (const CollectiveSuspect &suspect : report.suspects)
            if (suspect.pgName == group.strip.name)
                group.suspects.push_back(&suspect);
        // The axis of the group's first finding; p2p also when the group has only p2p ops
        // (decided after the first pass).
        group.strip.p2p = !group.suspects.empty() && group.suspects.front()->p2p;
    }
    return groups;
}

// Which group an entry belongs to; consecutive entries are mostly of one group (a dump lists
// one rank's entries in order), so the last answer is tried first.
class GroupLookup
{
public:
    explicit GroupLookup(const std::vector<GroupBuild> &groups)
    {
        for (std::size_t i = 0; i < groups.size(); ++i)
            m_byName.emplace(groups[i].strip.name, int(i));
    }
    int find(const std::string &name)
    {
        if (m_last >= 0 && name == m_lastName)
            return m_last;
        const auto it = m_byName.find(name);
        m_lastName = name;
        m_last = it == m_byName.end() ? -2 : it->second;
        return m_last;
    }

private:
    std::unordered_map<std::string, int> m_byName;
    std::string m_lastName;
    int m_last = -1;
};

void chooseWindow(GroupBuild &group, const CollectiveStripOptions &options)
{
    CollectiveStrip &strip = group.strip;
    if (group.frontier < 0)
        return;
    std::int64_t focus = -1;
    if (!group.suspects.empty() && group.suspects.front()->seq >= 0 &&
        group.suspects.front()->p2p == strip.p2p)
        focus = group.suspects.front()->seq;
    else if (!strip.p2p && group.report && group.report->firstDisagreement >= 0)
        focus = group.report->firstDisagreement;
    strip.focusIsDisagreement = focus >= 0;
    if (focus < 0)
        focus = group.frontier;
    strip.focusSeq = focus;
    const std::int64_t after = std::max(0, options.columnsAfter);
    const std::int64_t before = std::max(0, options.columnsBefore);
    // Saturating: hostile sequence numbers near the int64 limit must not overflow.
    const std::int64_t focusPlusAfter =
        focus > std::numeric_limits<std::int64_t>::max() - after ? focus : focus + after;
    group.hi = std::max(focus, std::min(group.frontier, focusPlusAfter));
    group.lo = std::max(std::min(group.minSeq, focus), group.hi - before - after);
    strip.firstSeq = group.lo;
    strip.columns = int(group.hi - group.lo + 1);
}

// The op most members run in each column (a strict majority), "" when none has one.
void majorityOps(GroupBuild &group, const CollectiveDataset &data)
{
    CollectiveStrip &strip = group.strip;
    strip.columnOps.assign(std::size_t(strip.columns), std::string());
    const std::size_t n = group.sorted.size();
    for (int column = 0; column < strip.columns; ++column) {
        std::unordered_map<std::string, int> counts;
        int total = 0;
        for (std::size_t member = 0; member < n; ++member) {
            const std::int64_t entry =
                strip.cellEntry[member * std::size_t(strip.columns) + std::size_t(column)];
            if (entry < 0 || data.entries[std::size_t(entry)].op.empty())
                continue;
            ++counts[data.entries[std::size_t(entry)].op];
            ++total;
        }
        for (const auto &[op, count] : counts)
            if (2 * count > total)
                strip.columnOps[std::size_t(column)] = op;
    }
}

void fillStates(GroupBuild &group, const CollectiveDataset &data)
{
    CollectiveStrip &strip = group.strip;
    const std::size_t n = group.sorted.size();
    const std::size_t columns = std::size_t(strip.columns);
    strip.cells.assign(n * columns, CollectiveCellState::Empty);
    std::vector<int> entriesInColumn(columns, 0);
    for (std::size_t i = 0; i < n * columns; ++i)
        if (strip.cellEntry[i] >= 0)
            ++entriesInColumn[i % columns];
    for (std::size_t member = 0; member < n; ++member) {
        const CollectiveRankProgress *progress = group.progress[member];
        std::int64_t reached = group.maxSeq[member];
        std::int64_t completed = -1;
        if (progress && !strip.p2p) {
            reached = std::max(
                {reached, progress->lastEnqueued, progress->lastStarted, progress->lastCompleted});
            completed = progress->lastCompleted;
        }
        const bool noRecord = !group.hasRecord[member] && group.maxSeq[member] < 0;
        for (std::size_t column = 0; column < columns; ++column) {
            const std::size_t at = member * columns + column;
            const std::int64_t seq = strip.firstSeq + std::int64_t(column);
            const std::int64_t entry = strip.cellEntry[at];
            CollectiveCellState &cell = strip.cells[at];
            if (entry >= 0) {
                const CollectiveEntry &e = data.entries[std::size_t(entry)];
                // Point-to-point peers run different ops by design (one sends, one receives).
                const std::string &majority = strip.columnOps[column];
                cell = !strip.p2p && !majority.empty() && !e.op.empty() && e.op != majority
                           ? CollectiveCellState::Mismatched
                           : cellOf(e.state);
            } else if (noRecord) {
                cell = CollectiveCellState::NoRecord;
            } else if (seq > reached && entriesInColumn[column] > 0) {
                cell = CollectiveCellState::Missing;
            } else if (seq <= completed) {
                cell = CollectiveCellState::Completed; // said by its status, older than its dump
            }
        }
    }
    // The analysis' findings decide where the data alone is ambiguous (two ranks, a mismatch of
    // sizes rather than op): their ranks show as the finding says at the finding's sequence.
    for (const CollectiveSuspect *suspect : group.suspects) {
        if (suspect->p2p != strip.p2p)
            continue;
        const int column = strip.columnOf(suspect->seq);
        if (column < 0)
            continue;
        suspect->ranks.forEach([&](int rank) {
            const int member = group.memberIndex(rank);
            if (member < 0)
                return;
            CollectiveCellState &cell =
                strip.cells[std::size_t(member) * columns + std::size_t(column)];
            if (suspect->kind == CollectiveSuspectKind::Mismatch)
                cell = CollectiveCellState::Mismatched;
            else if (suspect->kind == CollectiveSuspectKind::Behind &&
                     cell == CollectiveCellState::Empty)
                cell = CollectiveCellState::Missing;
            else if (suspect->kind == CollectiveSuspectKind::NoDump)
                cell = CollectiveCellState::NoRecord;
        });
    }
}

// Rows: the findings' ranks first, then by progress (least first), then by rank; cells are
// permuted from member order into row order.
void orderRows(GroupBuild &group)
{
    CollectiveStrip &strip = group.strip;
    const std::size_t n = group.sorted.size();
    std::vector<int> order; // member indices in display order
    std::vector<bool> placed(n, false);
    for (const CollectiveSuspect *suspect : group.suspects)
        suspect->ranks.forEach([&](int rank) {
            const int member = group.memberIndex(rank);
            if (member >= 0 && !placed[std::size_t(member)]) {
                placed[std::size_t(member)] = true;
                order.push_back(member);
            }
        });
    strip.leadingRows = int(order.size());
    std::vector<int> rest;
    rest.reserve(n);
    for (std::size_t member = 0; member < n; ++member)
        if (!placed[member])
            rest.push_back(int(member));
    std::vector<std::int64_t> reached(n, -1);
    for (std::size_t member = 0; member < n; ++member) {
        reached[member] = group.maxSeq[member];
        if (const CollectiveRankProgress *p = group.progress[member]; p && !strip.p2p)
            reached[member] = std::max({reached[member], p->lastEnqueued, p->lastCompleted});
    }
    std::stable_sort(rest.begin(), rest.end(), [&](int a, int b) {
        return reached[std::size_t(a)] < reached[std::size_t(b)];
    });
    order.insert(order.end(), rest.begin(), rest.end());

    const std::size_t columns = std::size_t(strip.columns);
    std::vector<CollectiveCellState> cells(n * columns);
    std::vector<std::int64_t> entries(n * columns);
    strip.rowRanks.resize(n);
    strip.lastEntry.resize(n);
    strip.reached.resize(n);
    strip.rowOfSorted.assign(n, -1);
    for (std::size_t row = 0; row < n; ++row) {
        const std::size_t member = std::size_t(order[row]);
        strip.rowRanks[row] = group.sorted[member];
        strip.lastEntry[row] = group.lastEntry[member];
        strip.reached[row] = reached[member];
        strip.rowOfSorted[member] = int(row);
        std::copy_n(strip.cells.begin() + std::ptrdiff_t(member * columns), columns,
                    cells.begin() + std::ptrdiff_t(row * columns));
        std::copy_n(strip.cellEntry.begin() + std::ptrdiff_t(member * columns), columns,
                    entries.begin() + std::ptrdiff_t(row * columns));
    }
    strip.cells = std::move(cells);
    strip.cellEntry = std::move(entries);
    strip.sortedRanks = group.sorted;
    strip.members = int(n);
}

} // namespace

int CollectiveStrip::columnOf(std::int64_t seq) const
{
    if (seq < firstSeq || seq >= firstSeq + columns)
        return -1;
    return int(seq - firstSeq);
}

int CollectiveStrip::rowOf(int rank) const
{
    const auto it = std::lower_bound(sortedRanks.begin(), sortedRanks.end(), rank);
    if (it == sortedRanks.end() || *it != rank)
        return -1;
    return rowOfSorted[std::size_t(it - sortedRanks.begin())];
}

std::vector<CollectiveStrip> buildCollectiveStrips(const CollectiveDataset &data,
                                                   const CollectiveReport &report,
                                                   const CollectiveStripOptions &options)
{
    std::vector<GroupBuild> groups = makeGroups(data, report);
    GroupLookup lookup(groups);
    std::vector<bool> hasCollective(groups.size(), false);
    std::vector<bool> hasP2p(groups.size(), false);

    // First pass: how far each member got, and the range of sequences each group has.
    for (std::size_t i = 0; i < data.entries.size(); ++i) {
        const CollectiveEntry &entry = data.entries[i];
        const int g = lookup.find(entry.pgName);
        if (g < 0 || entry.rank < 0)
            continue;
        GroupBuild &group = groups[std::size_t(g)];
        const int member = group.memberIndex(entry.rank);
        if (member < 0)
            continue;
        group.hasRecord[std::size_t(member)] = true;
        (entry.isP2p ? hasP2p : hasCollective)[std::size_t(g)] = true;
    }
    for (std::size_t g = 0; g < groups.size(); ++g)
        if (!hasCollective[g] && hasP2p[g])
            groups[g].strip.p2p = true;
    for (std::size_t i = 0; i < data.entries.size(); ++i) {
        const CollectiveEntry &entry = data.entries[i];
        const int g = lookup.find(entry.pgName);
        if (g < 0 || entry.rank < 0)
            continue;
        GroupBuild &group = groups[std::size_t(g)];
        const std::int64_t seq = seqOn(entry, group.strip.p2p);
        const int member = group.memberIndex(entry.rank);
        if (seq < 0 || member < 0)
            continue;
        if (seq > group.maxSeq[std::size_t(member)]) {
            group.maxSeq[std::size_t(member)] = seq;
            group.lastEntry[std::size_t(member)] = std::int64_t(i);
        }
        group.minSeq = std::min(group.minSeq, seq);
        group.frontier = std::max(group.frontier, seq);
    }
    for (GroupBuild &group : groups) {
        chooseWindow(group, options);
        group.strip.cellEntry.assign(group.sorted.size() * std::size_t(group.strip.columns), -1);
    }

    // Second pass: the entries inside each group's window.
    for (std::size_t i = 0; i < data.entries.size(); ++i) {
        const CollectiveEntry &entry = data.entries[i];
        const int g = lookup.find(entry.pgName);
        if (g < 0 || entry.rank < 0)
            continue;
        GroupBuild &group = groups[std::size_t(g)];
        const std::int64_t seq = seqOn(entry, group.strip.p2p);
        if (seq < group.lo || seq > group.hi)
            continue;
        const int member = group.memberIndex(entry.rank);
        if (member < 0)
            continue;
        std::int64_t &cell =
            group.strip.cellEntry[std::size_t(member) * std::size_t(group.strip.columns) +
                                  std::size_t(seq - group.lo)];
        if (cell < 0 || better(entry, data.entries[std::size_t(cell)]))
            cell = std::int64_t(i);
    }

    std::vector<CollectiveStrip> strips;
    strips.reserve(groups.size());
    for (GroupBuild &group : groups) {
        majorityOps(group, data);
        fillStates(group, data);
        orderRows(group);
        strips.push_back(std::move(group.strip));
    }
    // The lead group first, then groups with findings, then the rest as the report lists them.
    std::vector<std::size_t> order(strips.size());
    std::iota(order.begin(), order.end(), 0);
    auto rankOf = [&](std::size_t i) {
        return strips[i].lead ? 0 : strips[i].leadingRows > 0 ? 1 : 2;
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return rankOf(a) < rankOf(b); });
    std::vector<CollectiveStrip> sorted;
    sorted.reserve(strips.size());
    for (std::size_t i : order)
        sorted.push_back(std::move(strips[i]));
    return sorted;
}

} // namespace rankscope
