#pragma once

#include "core/collectives/CollectiveAnalysis.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// The steps of analyseCollectives(), shared between its source files. Not a public interface.

// --- CollectiveGroups.cpp: which process group each record belongs to, and whose it is ---

// One process group as the analysis sees it: a pg_config (name AND member set, since
// split_group reuses names) or, without one, a name and the ranks that recorded it.
struct ResolvedGroup
{
    std::string name;
    std::string desc;
    std::vector<int> ranks;  // global ranks in group-rank order (ranks[i] is group rank i),
                             // -1 for a slot no file stated
    std::vector<int> sorted; // the same, ascending, for lookups
    bool configured = false; // from a ProcessGroupConfig; else the members are the ranks seen

    int memberIndex(int rank) const; // index into `sorted`, -1 when not a member
};

// Where each entry and status of the dataset goes: group index and global rank, -1 when it
// could not be placed (the reason is in notes).
struct ResolvedRecords
{
    std::vector<ResolvedGroup> groups;
    std::vector<int> entryGroup;
    std::vector<int> entryRank;
    std::vector<int> statusGroup;
    std::vector<int> statusRank;
    std::vector<int> claimGroup; // -1 when the claim names no known group
    std::vector<Message> notes;
};

ResolvedRecords resolveCollectiveGroups(const CollectiveDataset &data);

// --- CollectiveAlignment.cpp: every member on its group's sequence ---

inline constexpr std::int64_t kNoSeq = -1;

// One member of one group on the collective axis.
struct MemberState
{
    int rank = -1;
    bool hasRecords = false;
    bool dumped = false; // wrote a Flight Recorder dump (of any group)
    std::int64_t lastEnqueued = kNoSeq;
    std::int64_t lastStarted = kNoSeq;
    std::int64_t lastCompleted = kNoSeq;
    int firstPendingEntry = -1;       // dataset entry index of its oldest not-completed collective
    int lastEntry = -1;               // its collective entry of the highest seq
    std::int64_t oldestKept = kNoSeq; // smallest collective seq its Flight Recorder entries hold
    int newestEntry = -1;             // its newest entry of either kind (highest record id)
    std::int64_t newestRecordId = -1; // (kept here: reading the entry again costs a cache miss)
    std::int64_t newestCreatedNs = -1;
    std::int64_t lastEntrySeq = kNoSeq;
    bool hasP2p = false; // any p2p entry or p2p-counter status

    bool pending() const { return lastEnqueued > lastCompleted && lastEnqueued != kNoSeq; }
};

// A point-to-point op a member has posted and not seen complete.
struct PendingP2p
{
    int entry = -1;
    int rank = -1;
    int peer = -1; // global rank of the peer, -1 when it cannot be mapped
    bool send = false;
};

// One collective entry, small enough to sort and scan.
struct SeqRecord
{
    std::int64_t seq = kNoSeq;
    int entry = -1;
    int rank = -1;
    int member = -1;
    CollectiveState state = CollectiveState::Unknown;
    std::uint8_t weight = 0; // how much its source says (a dump entry most)

    friend bool operator<(const SeqRecord &a, const SeqRecord &b)
    {
        if (a.seq != b.seq)
            return a.seq < b.seq;
        if (a.rank != b.rank)
            return a.rank < b.rank;
        return a.weight > b.weight;
    }
};

// The first sequence where members run different ops, sizes or dtypes.
struct SequenceMismatch
{
    std::int64_t seq = kNoSeq;
    std::vector<std::vector<int>> sides; // entry indices per fingerprint, largest side first
    Message what;                        // "op all_gather vs reduce_scatter", ...
};

struct GroupAlignment
{
    int group = -1;
    std::vector<MemberState> members; // parallel to ResolvedGroup::sorted
    std::vector<PendingP2p> p2p;
    SequenceMismatch mismatch;
    std::int64_t windowStart = kNoSeq; // oldest seq every dumping member still holds
    // The group's collectives, by (seq, rank, most complete source first): what each pass reads
    // instead of the (large) entries.
    std::vector<SeqRecord> collectives;
};

// The entries of every member at `seq`, one per rank (the most complete source when several
// report it: a dump over a log line).
std::vector<int> collectiveEntriesAt(const GroupAlignment &alignment, std::int64_t seq);

std::vector<GroupAlignment> alignCollectiveGroups(const CollectiveDataset &data,
                                                  const ResolvedRecords &resolved);

// --- CollectiveClassification.cpp: the findings of one group ---

// The reason sentence's facts that the suspect's fields do not hold.
struct SuspectWording
{
    std::int64_t suspectsLastCompleted = kNoSeq; // smallest among the suspects, -1 unknown
    std::int64_t suspectsLastCompletedMax = kNoSeq;
    std::int64_t othersLastCompleted = kNoSeq; // stuck: how far the others got
    int groupSize = 0;
    bool suspectsHaveNoRecord = false; // behind: their dumps hold no record of the group
    bool startedSeen = false;          // stuck: the suspects' entry was seen starting
    Message differs;                   // mismatch: "op all_gather vs reduce_scatter"
    Message consequenceOf;             // filled by the consequence pass: what they wait in
};

struct CollectiveFinding
{
    CollectiveSuspect suspect;
    SuspectWording wording;
    int group = -1;
    std::int64_t anchorNs = -1;                // creation time of the waiters' oldest pending entry
    std::vector<std::pair<int, int>> p2pPairs; // p2p: (waiting rank, the peer it waits for)
};

struct GroupFindings
{
    std::vector<CollectiveFinding> findings;
    int blockedRanks = 0;
    std::int64_t firstDisagreement = kNoSeq;
    std::int64_t anchorNs = -1;
};

GroupFindings classifyGroup(const CollectiveDataset &data, const ResolvedRecords &resolved,
                            const GroupAlignment &alignment, bool anyDumps);

// Folds each finding of the unnamed group (records without a group) that repeats a named
// group's finding into that finding, as a claim (CollectiveEchoes.cpp).
void foldUnnamedEchoes(std::vector<CollectiveFinding> &findings, const ResolvedRecords &resolved);

// Marks the findings whose suspects are themselves waiting for another finding's suspects
// (CollectiveConsequences.cpp), splitting a finding whose ranks are partly explained.
void markConsequences(std::vector<CollectiveFinding> &findings, std::vector<Message> &notes);

// --- CollectiveWording.cpp ---

// "rank 5", "ranks 12 and 14", "ranks 0-4,6-7" ("Rank 5" at the start of a sentence).
Message collectiveRanksMessage(const RankSet &ranks, bool sentenceStart = false);
std::string collectiveRanksText(const RankSet &ranks);
// Capitalised first letter.
std::string capitalised(std::string text);
// "pg 74 (EXPERT_MODEL_PARALLEL_GROUP)", "pg 3", "DATA_PARALLEL_GROUP", "an unnamed group".
Message collectiveGroupMessage(const std::string &name, const std::string &desc);
std::string collectiveGroupText(const std::string &name, const std::string &desc);
// "all_to_all #20537", "send p2p #14147".
Message collectiveOpMessage(const std::string &op, std::int64_t seq, bool p2p);
std::string collectiveOpText(const std::string &op, std::int64_t seq, bool p2p);

// The reason sentence of a suspect whose other fields are filled.
Message collectiveSuspectReason(const CollectiveSuspect &suspect, const SuspectWording &w);
// Sets the suspect's reason and its English.
void setCollectiveReason(CollectiveSuspect &suspect, Message reason);
// Adds a claim (what another tool's report or another record says about the finding) and its
// English.
void addCollectiveClaim(CollectiveSuspect &suspect, Message claim);
// Two sentences in a row ("text.sentences").
Message collectiveSentences(Message first, Message second);

} // namespace rankscope
