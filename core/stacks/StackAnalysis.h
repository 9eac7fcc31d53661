#pragma once

#include "core/model/Message.h"
#include "core/model/RankSet.h"
#include "core/stacks/StackClass.h"
#include "core/stacks/StackTree.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// Whether a rank's selected stacks changed between its samples.
enum class RankProgress
{
    SingleSample,
    Stuck,
    Progressing,
    Oscillating
};
const char *rankProgressName(RankProgress progress);

// What the analysis knows of one rank in the compared scope.
struct RankStackSummary
{
    int rank = -1;
    StackClassification latest;  // class of the latest sample's primary stack
    std::uint64_t signature = 0; // hash of the latest selected stacks under the identity mode
    int leafNode = -1;           // tree node where the latest primary stack ends
    RankProgress progress = RankProgress::SingleSample;
    int sampleCount = 0;
    std::int64_t spanNs = 0; // time between the first and the last sample, 0 if unknown
    // With two samples or more: every sample's primary stack waits in the same collective from
    // the same call path (its frames down to the collective identical, file and line included).
    // What tells a hang (waiters that stay put) from a busy job (waiters that change).
    bool sameWaitEverySample = false;
};

// Ranks whose latest selected stacks are identical (STAT's equivalence classes).
struct EquivalenceClass
{
    RankSet ranks;
    std::uint64_t signature = 0;
    int leafNode = -1; // where their primary stack ends in the tree
    StackClass cls = StackClass::Empty;
};

enum class SuspectKind
{
    NoData,       // expected rank without any sample: dead, unreachable, or its dump failed
    Blocker,      // not in the wait the strict majority sits in
    Desync,       // in a different collective or call site than the majority
    MinorityPath, // a path only a few ranks took
    MissedByFew,  // a path all but a few ranks took
    Stuck,        // the rank's stack did not change across samples (annotation for the others)
};
const char *suspectKindName(SuspectKind kind);

struct Suspect
{
    SuspectKind kind = SuspectKind::MinorityPath;
    RankSet ranks;
    int node = -1;         // tree node that shows the evidence, -1 for none
    std::string frame;     // label of that node
    std::string reason;    // one sentence for the user
    Message reasonMessage; // the same, for the GUI to translate
    double score = 0;      // higher = more suspicious; the list is sorted by it
    // The host when the ranks are exactly the ranks the job has on one node ("node-3"), else "".
    std::string host;
};

// The waiter/blocker verdict of the stacks as a whole.
enum class StackVerdictKind
{
    BlockersFound,  // strict majority waits in a collective, others are candidates
    AllInSameWait,  // everyone waits in the same place: the stacks cannot tell
    NoWaitMajority, // the largest class is not a collective wait
    NoMajority,     // fragmented: no class holds a strict majority
    TooFewRanks,    // N <= 2: a mismatch can be shown but no culprit named
    NoData,         // nothing to compare
    // No strict majority of the expected ranks sent stacks: the few cannot name a blocker.
    MostRanksMissing,
    // Several samples, and the ranks are not stuck: every rank's stack changes, or the ranks
    // waiting in a collective now were elsewhere (or in another collective) before.
    Progressing,
};
const char *stackVerdictName(StackVerdictKind kind);

struct StackVerdict
{
    StackVerdictKind kind = StackVerdictKind::NoData;
    RankSet waiters;           // the majority class when it waits
    std::string waitOperation; // e.g. "all_reduce"
    int waitNode = -1;
    std::string summary;    // plain words
    Message summaryMessage; // the same, for the GUI to translate
};

struct StackAnalysis
{
    StackVerdict verdict;
    std::vector<Suspect> suspects;         // most suspicious first
    std::vector<EquivalenceClass> classes; // largest first
    std::vector<RankStackSummary> ranks;   // one per rank with data, by rank
    RankSet cutRanks; // ranks with a selected stack that the dump cut (shown as cut, not compared)
};

// Why an analysis names no suspect, in agreement with its verdict ("every rank has the same
// stack" only when no rank differs): "the ranks are progressing", "the stacks cannot tell".
std::string noSuspectsReason(const StackAnalysis &analysis);

// Runs the comparison on a tree built from `data` with the tree's own options.
StackAnalysis analyzeStacks(const StackDataset &data, const StackTree &tree);

} // namespace rankscope
