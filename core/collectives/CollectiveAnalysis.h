#pragma once

#include "core/model/CollectiveProgress.h"
#include "core/model/JobInfo.h"
#include "core/model/RankSet.h"

#include "core/model/Message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// Who is behind, who mismatches, who is stuck and who never dumped, per process group, from
// the collective records of every rank (docs/collectives.md has the rules).

enum class CollectiveSuspectKind : std::uint8_t
{
    Behind,   // never reached the sequence the other members are in
    Mismatch, // a different op, sizes or dtypes at the same sequence
    Stuck,    // started (or scheduled) and never completed while the others completed it
    NoDump,   // a member with no record at all: often the rank that hung
    // A tool that watched the ranks says they failed themselves (NCCL RAS: their process is
    // considered dead, or they reported an NCCL error of their own); no record shows it.
    Failed,
};
const char *collectiveSuspectKindKey(CollectiveSuspectKind kind); // "behind", "mismatch", ...

// One member's place along its group's sequence (-1 when unknown).
struct CollectiveRankProgress
{
    int rank = -1; // global rank
    std::int64_t lastEnqueued = -1;
    std::int64_t lastStarted = -1;
    std::int64_t lastCompleted = -1;
    bool hasRecords = false; // any entry, status or trace kernel of this group
    int blockingEntry = -1;  // index into CollectiveDataset::entries of its oldest pending
                             // collective of this group, -1 when none
};

struct CollectiveGroupProgress
{
    std::string name;
    std::string desc;
    RankSet members;                           // global ranks
    std::vector<CollectiveRankProgress> ranks; // one per member, by rank
    std::int64_t firstDisagreement = -1;       // first sequence where members disagree, -1: none
    int blockedRanks = 0; // members waiting in a collective that never completed
};

struct CollectiveSuspect
{
    CollectiveSuspectKind kind = CollectiveSuspectKind::Behind;
    RankSet ranks;        // the odd ones out
    RankSet waitingRanks; // the members that wait for them
    std::string pgName;
    std::string pgDesc;
    std::int64_t seq = -1; // the sequence where it shows
    bool p2p = false;      // seq is a p2p sequence
    std::string op; // the op the suspects run (or, for Behind/NoDump, the op the others wait in)
    std::string othersOp; // Mismatch: the op the other side runs
    // False when no strict majority decides who is the odd one out (two ranks, an even split):
    // the finding then reports both sides and says the data cannot tell which one is at fault.
    bool decided = true;
    // True when this suspect is explained as a consequence of a higher one (its group waits for a
    // rank that is itself stuck elsewhere).
    bool consequence = false;
    std::string reason;    // one sentence for the user, naming ranks, group, seq and op
    Message reasonMessage; // the same as a message, for the GUI to translate
    std::vector<CollectiveFrame> callSite;       // frames of the suspects' entry, when any
    std::vector<CollectiveFrame> othersCallSite; // frames of the waiters' entry, when any
    CollectiveSource source;                     // the record that shows it (a dump, a log line)
    // What the reports of tools that already compared the ranks (the Flight Recorder analyser,
    // Horovod's stall inspector, NCCL RAS) say about this finding, agreeing or not. They
    // support a finding from the records; they never replace it.
    std::vector<std::string> claims;
    // The same claims as messages, for the GUI to translate: the sentence frame ("%1 agrees:
    // %2") is translated, what the tool wrote stays verbatim.
    std::vector<Message> claimMessages;
    // False when the suspects come only from such a report (no record shows it first-hand).
    bool fromRecords = true;
    // The node whose ranks the suspects are, all of them and no other; "" when none or unknown
    // (set by the JobInfo overload of analyseCollectives()).
    std::string node;
};

enum class CollectiveVerdictKind : std::uint8_t
{
    NoData,       // no collective records in the bundle
    Progressing,  // every member of every group completed the same ops: no hang in the collectives
    Suspects,     // suspects found (the first one leads)
    CannotTell,   // every rank at the same sequence and state: a network or NCCL hang; see the
                  // logs and nodes
    Inconclusive, // records too sparse to line up (two of eight ranks dumped, ...), said why
};
const char *collectiveVerdictKindKey(CollectiveVerdictKind kind); // "no_data", "progressing", ...

struct CollectiveReport
{
    int worldSize = 0;
    CollectiveVerdictKind verdictKind = CollectiveVerdictKind::NoData;
    std::string verdict;    // one or two sentences
    Message verdictMessage; // the same as a message, for the GUI to translate
    std::vector<CollectiveGroupProgress> groups;
    std::vector<CollectiveSuspect> suspects; // most suspicious first, consequences after causes
    std::vector<std::string> notes; // what could not be used and why ("[PG 3 Rank 5] could not be
                                    // mapped to a global rank: the bundle has no member list")
    std::vector<Message> noteMessages; // the same notes as messages, for the GUI to translate
    std::string leadGroup;             // name of the group most ranks are blocked in, "" when none
};

CollectiveReport analyseCollectives(const CollectiveDataset &data);
// The same, naming the node when a finding's suspects are all the ranks of one node (the job's
// rank -> node map, job.json): a dead host, not eight unlucky ranks.
CollectiveReport analyseCollectives(const CollectiveDataset &data, const JobInfo &job);

} // namespace rankscope
