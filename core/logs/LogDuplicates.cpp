#include "core/logs/LogDuplicates.h"

#include "core/cache/StableHash.h"

#include <algorithm>
#include <bit>
#include <unordered_map>

namespace rankscope {

namespace {

constexpr int kTiers = 3;

// A rank's text, and the same at one time.
struct TextKey
{
    int rank = -1;
    std::uint64_t textHash = 0;
    bool operator==(const TextKey &) const = default;
};
struct TimedKey
{
    TextKey text;
    std::int64_t timeNs = 0;
    bool operator==(const TimedKey &) const = default;
};
struct KeyHash
{
    std::size_t operator()(const TextKey &key) const
    {
        return std::size_t(stable_hash_detail::mix(key.textHash ^ std::uint64_t(key.rank + 1)));
    }
    std::size_t operator()(const TimedKey &key) const
    {
        return std::size_t(
            stable_hash_detail::mix((*this)(key.text) ^ std::uint64_t(key.timeNs) * 31));
    }
};

// Primary events waiting for their copy, in job order. An event sits in one timed queue and,
// without a time of its own, in one untimed queue too; `taken` says a copy in the files of the
// kind being matched found it already (a primary has at most one copy per kind of file: the
// same line in a node's log and in the Slurm output are both copies of the rank's own line).
struct Queue
{
    std::vector<std::uint32_t> events;
    std::size_t head = 0;

    std::int64_t takeFirst(std::vector<char> &taken)
    {
        while (head < events.size() && taken[events[head]])
            ++head;
        if (head == events.size())
            return -1;
        const std::uint32_t event = events[head++];
        taken[event] = 1;
        return event;
    }
};

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

    // Only ranks that appear in files of two kinds can have copies.
    std::unordered_map<int, unsigned> rankTiers;
    for (const LogCopyCandidate &event : events)
        rankTiers[event.rank] |= 1u << tierOf(event);

    std::unordered_map<TimedKey, Queue, KeyHash> timed;
    std::unordered_map<TextKey, Queue, KeyHash> untimed;
    std::vector<char> taken(events.size(), 0);
    std::vector<std::uint32_t> unmatched;
    for (int tier = 0; tier < kTiers; ++tier) {
        unmatched.clear();
        std::fill(taken.begin(), taken.end(), char(0));
        for (auto &[key, queue] : timed)
            queue.head = 0;
        for (auto &[key, queue] : untimed)
            queue.head = 0;
        for (std::size_t i = 0; i < events.size(); ++i) {
            const LogCopyCandidate &event = events[i];
            if (tierOf(event) != tier)
                continue;
            const unsigned tiers = rankTiers[event.rank];
            if (std::popcount(tiers) < 2)
                continue;
            // The rank's most preferred kind of file holds primaries only.
            if (tier > std::countr_zero(tiers)) {
                const TextKey text{event.rank, event.textHash};
                // The same time first (both had their own timestamp, or both inherited the
                // same one); else, for a line that cannot be told apart by time, the first
                // untimed copy in order. A primary with a different time of its own is another
                // event.
                std::int64_t primary = -1;
                if (auto found = timed.find({text, event.timeNs}); found != timed.end())
                    primary = found->second.takeFirst(taken);
                if (primary < 0) {
                    if (auto found = untimed.find(text); found != untimed.end())
                        primary = found->second.takeFirst(taken);
                }
                if (primary >= 0) {
                    duplicateOf[i] = primary;
                    continue;
                }
            }
            unmatched.push_back(std::uint32_t(i));
        }
        // This kind's unmatched lines are primaries for the kinds after it, never for its own.
        for (const std::uint32_t i : unmatched) {
            const LogCopyCandidate &event = events[i];
            const TextKey text{event.rank, event.textHash};
            timed[{text, event.timeNs}].events.push_back(i);
            if (!event.ownTime)
                untimed[text].events.push_back(i);
        }
    }
    return duplicateOf;
}

} // namespace rankscope
