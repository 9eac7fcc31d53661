#include "core/logs/LogDuplicates.h"

#include "core/cache/StableHash.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace rankscope {

namespace {

constexpr int kTiers = 3;
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr std::int64_t kDenseRanks = 1 << 22; // ranks spanning fewer values index an array

// Lists of events that share a key, each in the order the events were added, with a cursor
// that skips the events taken already. The keys are the events' own fields (a rank's text, or
// a rank's text at one time): a slot keeps the indices of its first and last event and
// compares keys through the first one, so a slot is 12 bytes and nothing is allocated per key
// (a million-line job has a million keys). Open addressing, linear probing.
class EventLists
{
public:
    using Same = bool (*)(const LogCopyCandidate &, const LogCopyCandidate &);
    using Hash = std::uint64_t (*)(const LogCopyCandidate &);

    EventLists(const std::vector<LogCopyCandidate> &events, std::size_t capacity, Hash hash,
               Same same)
        : m_events(events), m_hash(hash), m_same(same), m_next(events.size(), kNone)
    {
        // A load factor of at most 0.7 keeps linear probing short at 12 bytes a slot.
        m_slots.resize(std::bit_ceil(std::max<std::size_t>(capacity + capacity / 2 + 1, 16)));
    }

    void append(std::uint32_t event)
    {
        Slot &slot = m_slots[find(m_events[event])];
        if (slot.first == kNone)
            slot.first = slot.cursor = event;
        else
            m_next[slot.last] = event;
        slot.last = event;
    }

    // The first event with `probe`'s key that nobody took yet, marked taken; -1 when none.
    std::int64_t takeFirst(const LogCopyCandidate &probe, std::vector<char> &taken)
    {
        Slot &slot = m_slots[find(probe)];
        while (slot.cursor != kNone && taken[slot.cursor])
            slot.cursor = m_next[slot.cursor];
        if (slot.cursor == kNone)
            return -1;
        const std::uint32_t event = slot.cursor;
        taken[event] = 1;
        slot.cursor = m_next[event];
        return event;
    }

    // Every list from its start again (`taken` is cleared by the caller).
    void rewind()
    {
        for (Slot &slot : m_slots)
            slot.cursor = slot.first;
    }

private:
    struct Slot
    {
        std::uint32_t first = kNone;
        std::uint32_t last = kNone;
        std::uint32_t cursor = kNone;
    };

    // The slot of `key`'s list, or the empty slot where it would go.
    std::size_t find(const LogCopyCandidate &key) const
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = std::size_t(m_hash(key)) & mask;; i = (i + 1) & mask) {
            const Slot &slot = m_slots[i];
            if (slot.first == kNone || m_same(m_events[slot.first], key))
                return i;
        }
    }

    const std::vector<LogCopyCandidate> &m_events;
    Hash m_hash;
    Same m_same;
    std::vector<Slot> m_slots;
    std::vector<std::uint32_t> m_next; // per event: the next event of its list
};

std::uint64_t textKeyHash(const LogCopyCandidate &event)
{
    return stable_hash_detail::mix(event.textHash ^ std::uint64_t(event.rank + 1));
}

std::uint64_t timedKeyHash(const LogCopyCandidate &event)
{
    return stable_hash_detail::mix(textKeyHash(event) ^ std::uint64_t(event.timeNs) * 31);
}

bool sameText(const LogCopyCandidate &a, const LogCopyCandidate &b)
{
    return a.rank == b.rank && a.textHash == b.textHash;
}

bool sameTimedText(const LogCopyCandidate &a, const LogCopyCandidate &b)
{
    return sameText(a, b) && a.timeNs == b.timeNs;
}

} // namespace

std::uint64_t logCopyTextHash(std::string_view text)
{
    return stableHash64(text);
}

int logFileCopyTier(LogFileKind kind)
{
    switch (kind) {
    case LogFileKind::PerRank:
        return 0;
    case LogFileKind::PerNode:
        return 1;
    case LogFileKind::Combined:
        break;
    }
    return 2;
}

bool logFilesMayHoldCopies(const std::vector<LogFileKind> &fileKinds)
{
    unsigned tiers = 0;
    for (LogFileKind kind : fileKinds)
        tiers |= 1u << logFileCopyTier(kind);
    return std::popcount(tiers) >= 2;
}

std::vector<std::int64_t> findDuplicateLogEvents(const std::vector<LogCopyCandidate> &events,
                                                 const std::vector<LogFileKind> &fileKinds)
{
    std::vector<std::int64_t> duplicateOf(events.size(), -1);
    if (!logFilesMayHoldCopies(fileKinds))
        return duplicateOf;
    const auto tierOf = [&](const LogCopyCandidate &event) {
        return event.file < fileKinds.size() ? logFileCopyTier(fileKinds[event.file]) : kTiers - 1;
    };

    // Only ranks that appear in files of two kinds can have copies. Per event, its rank's slot
    // in `rankTiers`: the rank itself when ranks are dense (always, in real jobs), else its
    // place among the distinct ranks (a hostile log may name any int).
    const auto [low, high] = std::minmax_element(
        events.begin(), events.end(),
        [](const LogCopyCandidate &a, const LogCopyCandidate &b) { return a.rank < b.rank; });
    if (low == events.end())
        return duplicateOf;
    std::vector<std::uint32_t> rankSlot(events.size());
    std::vector<unsigned> rankTiers;
    if (std::int64_t(high->rank) - low->rank < kDenseRanks) {
        for (std::size_t i = 0; i < events.size(); ++i)
            rankSlot[i] = std::uint32_t(events[i].rank - low->rank);
        rankTiers.assign(std::size_t(high->rank - low->rank) + 1, 0);
    } else {
        std::vector<int> ranks;
        ranks.reserve(events.size());
        for (const LogCopyCandidate &event : events)
            ranks.push_back(event.rank);
        std::sort(ranks.begin(), ranks.end());
        ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
        for (std::size_t i = 0; i < events.size(); ++i)
            rankSlot[i] = std::uint32_t(
                std::lower_bound(ranks.begin(), ranks.end(), events[i].rank) - ranks.begin());
        rankTiers.assign(ranks.size(), 0);
    }
    for (std::size_t i = 0; i < events.size(); ++i)
        rankTiers[rankSlot[i]] |= 1u << tierOf(events[i]);
    std::size_t primaries = 0;
    for (std::size_t i = 0; i < events.size(); ++i)
        primaries += std::popcount(rankTiers[rankSlot[i]]) >= 2 && tierOf(events[i]) < kTiers - 1;
    if (events.size() >= kNone || primaries == 0)
        return duplicateOf;

    EventLists timed(events, primaries, timedKeyHash, sameTimedText);
    EventLists untimed(events, primaries, textKeyHash, sameText);
    std::vector<char> taken(events.size(), 0);
    std::vector<std::uint32_t> unmatched;
    for (int tier = 0; tier < kTiers; ++tier) {
        unmatched.clear();
        std::fill(taken.begin(), taken.end(), char(0));
        timed.rewind();
        untimed.rewind();
        for (std::size_t i = 0; i < events.size(); ++i) {
            const LogCopyCandidate &event = events[i];
            if (tierOf(event) != tier)
                continue;
            const unsigned tiers = rankTiers[rankSlot[i]];
            if (std::popcount(tiers) < 2)
                continue;
            // The rank's most preferred kind of file holds primaries only.
            if (tier > std::countr_zero(tiers)) {
                // The same time first (both had their own timestamp, or both inherited the
                // same one); else, for a line that cannot be told apart by time, the first
                // untimed copy in order. A primary with a different time of its own is another
                // event.
                std::int64_t primary = timed.takeFirst(event, taken);
                if (primary < 0)
                    primary = untimed.takeFirst(event, taken);
                if (primary >= 0) {
                    duplicateOf[i] = primary;
                    continue;
                }
            }
            if (tier < kTiers - 1)
                unmatched.push_back(std::uint32_t(i));
        }
        // This kind's unmatched lines are primaries for the kinds after it, never for its own.
        for (const std::uint32_t i : unmatched) {
            timed.append(i);
            if (!events[i].ownTime)
                untimed.append(i);
        }
    }
    return duplicateOf;
}

} // namespace rankscope
