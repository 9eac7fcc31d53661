#pragma once

#include "core/findings/Finding.h"
#include "core/model/JobInfo.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rankscope {

// The job as the join needs it: which node each rank is on, and the ranks of each node.
struct FindingsJob
{
    int worldSize = 0;
    std::vector<std::string> nodeOfRank;      // index = rank; "" when unknown
    std::map<std::string, RankSet> nodeRanks; // every rank the job has on each node

    static FindingsJob fromJob(const JobInfo &job);
    std::string nodeOf(int rank) const;
    // The nodes of `ranks`, sorted; and those all of whose ranks are in `ranks`.
    std::vector<std::string> nodesOf(const RankSet &ranks) const;
    std::vector<std::string> wholeNodesOf(const RankSet &ranks) const;
};

// One piece of evidence as the join reports it: a finding with its layer's own sentence and a
// reference a view can open.
struct Evidence
{
    FindingLayer layer = FindingLayer::Stacks;
    std::string kind;
    FindingRole role = FindingRole::Cause;
    RankSet ranks;
    std::vector<std::string> nodes;
    FindingWindow window;
    double strength = 0;
    Message sentence;
    EvidenceRef ref;
};

// A rank or node the joined layers point at, with what it does to the others.
struct Culprit
{
    RankSet ranks;
    std::vector<std::string> nodes;      // the nodes of its ranks, sorted
    std::vector<std::string> wholeNodes; // nodes all of whose ranks it is (then named by node)
    FindingWindow window;
    double confidence = 0;                 // 1 - prod(1 - strongest finding of each layer)
    std::vector<FindingLayer> layers;      // the layers with evidence against it, strongest first
    std::vector<FindingLayer> disagreeing; // layers whose evidence points at another culprit
    std::vector<Evidence> evidence;        // strongest first, a few per layer
    std::vector<Evidence> effects;         // what it does to the others
    std::vector<DataNeed> wouldConfirm;    // data that would make a weak finding certain
    Message subject;                       // "rank 37 (node-4)", "node-3 (ranks 24-31)"
    Message sentence;                      // "rank 37 (node-4) most likely started it (...)."
};
const char *confidenceKey(double confidence); // "high" (>= 0.8), "medium" (>= 0.5), "low"

enum class UndecidedKind : std::uint8_t
{
    NothingStandsOut, // no layer finds a rank or node unlike its peers
    CannotTell,       // something is wrong (waiters, timeouts, a slower job) but no layer names
                      // who started it
};
const char *undecidedKindKey(UndecidedKind kind); // "nothing_stands_out", "cannot_tell"

struct FindingsUndecided
{
    UndecidedKind kind = UndecidedKind::NothingStandsOut;
    Message reason;
    std::vector<DataNeed> wouldSettle;
};

// An effect in the job-wide list: the culprit it belongs to (index into culprits, -1: none).
struct JobEffect
{
    Evidence effect;
    int culprit = -1;
};

struct LayerSummary
{
    FindingLayer layer = FindingLayer::Stacks;
    bool present = false;
    Message summary;
};

struct FindingsVerdict
{
    Message verdict; // one or two sentences
    std::vector<Culprit> culprits;
    std::vector<JobEffect> effects; // every effect, in the order of their culprits
    std::vector<Evidence> context;  // what names no one
    std::optional<Evidence> anchor; // the earliest anomaly of the job (a cause or an effect)
    std::optional<FindingsUndecided> undecided; // when no culprit
    std::vector<LayerSummary> layers;
    int worldSize = 0;
};

// Joins the layers' findings (docs/findings.md, "Join"): causes that share a rank (or a node)
// in overlapping windows become one culprit; every layer with evidence against it raises its
// confidence; culprits named by other layers stay beside each other and say so; effects go to
// the culprit they wait for; all ranks of a node together are named by the node; the earliest
// anomaly is the anchor; with no culprit the verdict says why and which data would settle it.
FindingsVerdict joinFindings(const std::vector<LayerFindings> &layers, const FindingsJob &job);

// A cause is kept for a culprit only from this strength on; weaker ones are context.
inline constexpr double kMinCulpritStrength = 0.25;

} // namespace rankscope
