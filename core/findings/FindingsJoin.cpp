#include "core/findings/FindingsJoin.h"

#include "core/findings/FindingsWording.h"

#include <algorithm>
#include <array>
#include <numeric>

namespace rankscope {

FindingsJob FindingsJob::fromJob(const JobInfo &job)
{
    FindingsJob out;
    out.worldSize = job.worldSize;
    out.nodeOfRank.assign(std::size_t(std::max(job.worldSize, 0)), std::string());
    for (const RankInfo &info : job.ranks) {
        if (info.rank < 0 || info.node.empty())
            continue;
        if (info.rank >= int(out.nodeOfRank.size()))
            out.nodeOfRank.resize(std::size_t(info.rank) + 1);
        out.nodeOfRank[std::size_t(info.rank)] = info.node;
        out.nodeRanks[info.node].insert(info.rank);
    }
    out.worldSize = std::max(out.worldSize, int(out.nodeOfRank.size()));
    return out;
}

std::string FindingsJob::nodeOf(int rank) const
{
    return rank >= 0 && rank < int(nodeOfRank.size()) ? nodeOfRank[std::size_t(rank)]
                                                      : std::string();
}

std::vector<std::string> FindingsJob::nodesOf(const RankSet &ranks) const
{
    std::vector<std::string> nodes;
    ranks.forEach([&](int rank) {
        const std::string node = nodeOf(rank);
        if (!node.empty() && std::find(nodes.begin(), nodes.end(), node) == nodes.end())
            nodes.push_back(node);
    });
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

std::vector<std::string> FindingsJob::wholeNodesOf(const RankSet &ranks) const
{
    std::vector<std::string> whole;
    for (const std::string &node : nodesOf(ranks)) {
        const auto found = nodeRanks.find(node);
        // One rank is no host: a node of a single rank is named by its rank.
        if (found != nodeRanks.end() && found->second.count() >= 2 &&
            (found->second - ranks).empty())
            whole.push_back(node);
    }
    return whole;
}

const char *confidenceKey(double confidence)
{
    if (confidence >= 0.8)
        return "high";
    if (confidence >= 0.5)
        return "medium";
    return "low";
}

const char *undecidedKindKey(UndecidedKind kind)
{
    return kind == UndecidedKind::CannotTell ? "cannot_tell" : "nothing_stands_out";
}

namespace findings_join {

// Evidence kept per layer for one culprit: the strongest few say it; the rest repeat them.
constexpr std::size_t kEvidencePerLayer = 3;
constexpr std::size_t kEffectsPerCulprit = 12;
// A culprit named by other layers is listed as disagreeing only from this confidence on.
constexpr double kDisagreeingConfidence = 0.4;

struct WorkFinding
{
    Finding finding;
    int order = 0; // input order: ties keep the layers' own ranking
};

Evidence evidenceOf(const Finding &finding)
{
    Evidence out;
    out.layer = finding.layer;
    out.kind = finding.kind;
    out.role = finding.role;
    out.ranks = finding.ranks;
    out.nodes = finding.nodes;
    out.window = finding.window;
    out.strength = finding.strength;
    out.sentence = finding.sentence;
    out.ref = finding.ref;
    return out;
}

void addNeed(std::vector<DataNeed> &needs, DataNeed need)
{
    if (std::find(needs.begin(), needs.end(), need) == needs.end())
        needs.push_back(need);
}

// Findings that name nodes only (a node's own log) stand for the nodes' ranks; causes too weak,
// without ranks or covering most of the job name no one and become context.
std::vector<WorkFinding> normalised(const std::vector<LayerFindings> &layers,
                                    const FindingsJob &job)
{
    std::vector<WorkFinding> out;
    for (const LayerFindings &layer : layers) {
        for (const Finding &input : layer.findings) {
            WorkFinding work{input, int(out.size())};
            Finding &f = work.finding;
            if (f.ranks.empty()) {
                for (const std::string &node : f.nodes) {
                    const auto found = job.nodeRanks.find(node);
                    if (found != job.nodeRanks.end())
                        f.ranks |= found->second;
                }
            }
            if (f.role == FindingRole::Cause) {
                const bool mostOfJob = job.worldSize > 0 && f.ranks.count() * 2 > job.worldSize &&
                                       f.ranks.count() >= 2;
                if (f.ranks.empty() || mostOfJob || f.strength < kMinCulpritStrength)
                    f.role = FindingRole::Context;
            }
            out.push_back(std::move(work));
        }
    }
    return out;
}

struct UnionFind
{
    std::vector<int> parent;
    explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int i)
    {
        while (parent[std::size_t(i)] != i)
            i = parent[std::size_t(i)] = parent[std::size_t(parent[std::size_t(i)])];
        return i;
    }
    void unite(int a, int b) { parent[std::size_t(find(a))] = find(b); }
};

// Groups of cause findings (indices into `causes`): those sharing a rank in overlapping windows,
// then the groups that each lie on one node and together make up all of its ranks.
std::vector<std::vector<int>> culpritGroups(const std::vector<const Finding *> &causes,
                                            const FindingsJob &job)
{
    UnionFind sets(causes.size());
    // Pairs that share a rank, found through each rank's findings: thousands of one-rank log
    // suspects are not compared with each other.
    std::map<int, std::vector<int>> causesOfRank;
    for (std::size_t i = 0; i < causes.size(); ++i)
        causes[i]->ranks.forEach([&](int rank) { causesOfRank[rank].push_back(int(i)); });
    for (const auto &[rank, list] : causesOfRank) {
        for (std::size_t a = 0; a < list.size(); ++a) {
            for (std::size_t b = a + 1; b < list.size(); ++b) {
                if (sets.find(list[a]) != sets.find(list[b]) &&
                    windowsOverlap(causes[std::size_t(list[a])]->window,
                                   causes[std::size_t(list[b])]->window))
                    sets.unite(list[a], list[b]);
            }
        }
    }
    std::map<int, RankSet> ranksOfSet;
    for (std::size_t i = 0; i < causes.size(); ++i)
        ranksOfSet[sets.find(int(i))] |= causes[i]->ranks;
    // Node collapse: every rank of a node implicated, in pieces, is the node.
    std::map<std::string, std::vector<int>> setsOnNode;
    for (const auto &[set, ranks] : ranksOfSet) {
        const std::vector<std::string> nodes = job.nodesOf(ranks);
        if (nodes.size() == 1)
            setsOnNode[nodes.front()].push_back(set);
    }
    for (const auto &[node, sets_] : setsOnNode) {
        if (sets_.size() < 2)
            continue;
        RankSet together;
        for (int set : sets_)
            together |= ranksOfSet[set];
        const auto found = job.nodeRanks.find(node);
        if (found != job.nodeRanks.end() && found->second == together) {
            for (std::size_t i = 1; i < sets_.size(); ++i)
                sets.unite(sets_[i], sets_.front());
        }
    }
    std::map<int, std::vector<int>> members;
    for (std::size_t i = 0; i < causes.size(); ++i)
        members[sets.find(int(i))].push_back(int(i));
    std::vector<std::vector<int>> groups;
    for (auto &[set, list] : members)
        groups.push_back(std::move(list));
    return groups;
}

// The evidence of one culprit: per layer, drop what a stronger finding of the same layer on more
// of the culprit's ranks already says (a node's template over each of its ranks), keep a few.
std::vector<Evidence> culpritEvidence(std::vector<const Finding *> findings)
{
    std::stable_sort(findings.begin(), findings.end(),
                     [](const Finding *a, const Finding *b) { return a->strength > b->strength; });
    std::vector<Evidence> out;
    std::array<std::size_t, kFindingLayerCount> perLayer{};
    for (const Finding *f : findings) {
        const bool covered = std::any_of(findings.begin(), findings.end(), [&](const Finding *g) {
            return g != f && g->layer == f->layer && g->strength >= f->strength - 0.15 &&
                   (f->ranks - g->ranks).empty() && !(g->ranks - f->ranks).empty();
        });
        if (covered)
            continue;
        std::size_t &count = perLayer[std::size_t(f->layer)];
        if (count++ >= kEvidencePerLayer)
            continue;
        out.push_back(evidenceOf(*f));
    }
    return out;
}

Culprit makeCulprit(const std::vector<const Finding *> &findings, const FindingsJob &job)
{
    Culprit c;
    std::array<double, kFindingLayerCount> best{};
    bool first = true;
    for (const Finding *f : findings) {
        c.ranks |= f->ranks;
        c.window = first ? f->window : mergedWindows(c.window, f->window);
        first = false;
        double &layerBest = best[std::size_t(f->layer)];
        layerBest = std::max(layerBest, f->strength);
        for (DataNeed need : f->needs)
            addNeed(c.wouldConfirm, need);
    }
    double doubt = 1;
    for (int layer = 0; layer < kFindingLayerCount; ++layer) {
        if (best[std::size_t(layer)] > 0) {
            doubt *= 1 - std::clamp(best[std::size_t(layer)], 0.0, 1.0);
            c.layers.push_back(FindingLayer(layer));
        }
    }
    std::stable_sort(c.layers.begin(), c.layers.end(), [&](FindingLayer a, FindingLayer b) {
        return best[std::size_t(a)] > best[std::size_t(b)];
    });
    c.confidence = 1 - doubt;
    c.nodes = job.nodesOf(c.ranks);
    c.wholeNodes = job.wholeNodesOf(c.ranks);
    c.evidence = culpritEvidence(findings);
    c.subject = findingsSubject(c.ranks, c.nodes, c.wholeNodes, false);
    const Message start = findingsSubject(c.ranks, c.nodes, c.wholeNodes, true);
    c.sentence = c.confidence >= 0.5
                     ? Message(RANKSCOPE_MESSAGE("findings.culprit.likely",
                                                 "%1 most likely started it (evidence from %2)."),
                               {start, findingsLayerList(c.layers)})
                     : Message(RANKSCOPE_MESSAGE("findings.culprit.weak",
                                                 "%1 may have started it (weak evidence from %2)."),
                               {start, findingsLayerList(c.layers)});
    return c;
}

bool culpritBefore(const Culprit &a, const Culprit &b)
{
    if (a.confidence != b.confidence)
        return a.confidence > b.confidence;
    const bool aTimed = isWallClockNs(a.window.startNs);
    const bool bTimed = isWallClockNs(b.window.startNs);
    if (aTimed && bTimed && a.window.startNs != b.window.startNs)
        return a.window.startNs < b.window.startNs; // a cause comes before what it explains
    return a.ranks.first() < b.ranks.first();
}

void markDisagreement(std::vector<Culprit> &culprits)
{
    for (std::size_t i = 0; i < culprits.size(); ++i) {
        for (std::size_t j = 0; j < culprits.size(); ++j) {
            if (i == j || culprits[j].confidence < kDisagreeingConfidence)
                continue;
            for (FindingLayer layer : culprits[j].layers) {
                const auto &mine = culprits[i].layers;
                auto &disagreeing = culprits[i].disagreeing;
                if (std::find(mine.begin(), mine.end(), layer) == mine.end() &&
                    std::find(disagreeing.begin(), disagreeing.end(), layer) == disagreeing.end())
                    disagreeing.push_back(layer);
            }
        }
    }
}

// The culprit an effect belongs to: the first one it waits for, else (an effect that names no
// one: watchdog timeouts everywhere, a slower all-reduce) the most likely one; -1 for none.
int culpritOfEffect(const Finding &effect, const std::vector<Culprit> &culprits)
{
    if (culprits.empty())
        return -1;
    if (effect.waitsFor.empty())
        return 0;
    for (std::size_t i = 0; i < culprits.size(); ++i) {
        if (!(culprits[i].ranks & effect.waitsFor).empty())
            return int(i);
    }
    return -1;
}

// The earliest cause or effect on the wall clock; without any time, the earliest training
// iteration (then profiler step).
std::optional<Evidence> earliestAnomaly(const std::vector<WorkFinding> &findings)
{
    const Finding *best = nullptr;
    for (const WorkFinding &work : findings) {
        const Finding &f = work.finding;
        if (f.role == FindingRole::Context || !isWallClockNs(f.window.startNs))
            continue;
        if (!best || f.window.startNs < best->window.startNs ||
            (f.window.startNs == best->window.startNs && f.role == FindingRole::Cause &&
             best->role != FindingRole::Cause))
            best = &f;
    }
    for (IterationAxis axis : {IterationAxis::Training, IterationAxis::ProfilerStep}) {
        if (best)
            break;
        for (const WorkFinding &work : findings) {
            const Finding &f = work.finding;
            if (f.role == FindingRole::Context || f.window.axis != axis ||
                f.window.firstIteration < 0)
                continue;
            if (!best || f.window.firstIteration < best->window.firstIteration)
                best = &f;
        }
    }
    if (!best)
        return std::nullopt;
    return evidenceOf(*best);
}

bool hasLayer(const std::vector<LayerFindings> &layers, FindingLayer layer)
{
    return std::any_of(layers.begin(), layers.end(),
                       [&](const LayerFindings &l) { return l.layer == layer && l.present; });
}

FindingsUndecided undecidedOf(const std::vector<WorkFinding> &findings,
                              const std::vector<LayerFindings> &layers)
{
    FindingsUndecided out;
    std::vector<Message> cannotTell;
    std::vector<Message> effects;
    for (const WorkFinding &work : findings) {
        const Finding &f = work.finding;
        if (f.role == FindingRole::Context) {
            if (f.cannotTell)
                cannotTell.push_back(f.sentence);
            for (DataNeed need : f.needs) {
                // A layer names what would help; another layer the bundle has already is not
                // asked for (a layer asking for more of itself is: dumps from every rank).
                FindingLayer layer;
                if (!dataNeedLayer(need, layer) || layer == f.layer || !hasLayer(layers, layer))
                    addNeed(out.wouldSettle, need);
            }
        } else if (f.role == FindingRole::Effect && effects.size() < 2) {
            effects.push_back(f.sentence);
        }
    }
    out.kind = cannotTell.empty() && effects.empty() ? UndecidedKind::NothingStandsOut
                                                     : UndecidedKind::CannotTell;
    // What each missing layer would add, most telling first: for a hang the collectives and
    // the stacks, then the healthy run (which collective is the usual one there); for a slow
    // job the traces.
    const bool hang = std::any_of(findings.begin(), findings.end(), [](const WorkFinding &w) {
        const Finding &f = w.finding;
        return (f.layer == FindingLayer::Collectives && f.kind != "progressing") ||
               (f.layer == FindingLayer::Stacks &&
                (f.kind == "cannot_tell" || f.kind == "waiting"));
    });
    const std::pair<FindingLayer, DataNeed> missing[] = {
        {FindingLayer::Collectives, DataNeed::FlightRecorderDumps},
        {FindingLayer::Stacks, DataNeed::StackDumps},
        {FindingLayer::Logs, DataNeed::Logs},
        {hang ? FindingLayer::Baseline : FindingLayer::Traces,
         hang ? DataNeed::Baseline : DataNeed::ProfilerTraces},
        {hang ? FindingLayer::Traces : FindingLayer::Baseline,
         hang ? DataNeed::ProfilerTraces : DataNeed::Baseline},
    };
    for (const auto &[layer, need] : missing) {
        if (!hasLayer(layers, layer))
            addNeed(out.wouldSettle, need);
    }
    if (out.kind == UndecidedKind::NothingStandsOut) {
        std::vector<FindingLayer> present;
        for (const LayerFindings &layer : layers) {
            if (layer.present)
                present.push_back(layer.layer);
        }
        out.reason = present.empty()
                         ? Message(RANKSCOPE_MESSAGE("findings.undecided.noData",
                                                     "The bundle holds nothing to compare."))
                         : Message(RANKSCOPE_MESSAGE("findings.undecided.nothingStandsOut",
                                                     "No rank or node stands out in %1."),
                                   {findingsLayerList(present)});
        return out;
    }
    Message reason = RANKSCOPE_MESSAGE("findings.undecided.cannotTell",
                                       "No layer can tell which rank or node started it.");
    for (const Message &said : cannotTell.empty() ? effects : cannotTell)
        reason = {RANKSCOPE_MESSAGE("text.sentences", "%1 %2"), {std::move(reason), said}};
    out.reason = std::move(reason);
    return out;
}

Message verdictOf(const FindingsVerdict &v)
{
    if (v.culprits.empty()) {
        const FindingsUndecided &u = *v.undecided;
        if (u.kind == UndecidedKind::CannotTell && !u.wouldSettle.empty())
            return {RANKSCOPE_MESSAGE("text.sentences", "%1 %2"),
                    {u.reason, Message(RANKSCOPE_MESSAGE("findings.verdict.wouldSettle",
                                                         "What would settle it: %1."),
                                       {dataNeedMessage(u.wouldSettle.front())})}};
        return u.reason;
    }
    const Culprit &top = v.culprits.front();
    Message verdict = top.sentence;
    const auto append = [&](Message more) {
        verdict = {RANKSCOPE_MESSAGE("text.sentences", "%1 %2"), {std::move(verdict), more}};
    };
    RankSet waiting;
    for (const Evidence &effect : top.effects)
        waiting |= effect.ranks;
    waiting -= top.ranks;
    if (!waiting.empty())
        append(
            waiting.count() == 1
                ? Message(RANKSCOPE_MESSAGE("findings.verdict.waitsOne", "%1 only waits for it."),
                          {findingsRanks(waiting, true)})
                : Message(RANKSCOPE_MESSAGE("findings.verdict.waitMany", "%1 only wait for it."),
                          {findingsRanks(waiting, true)}));
    if (!top.disagreeing.empty()) {
        // The most likely other culprit that the disagreeing layers name.
        for (std::size_t i = 1; i < v.culprits.size(); ++i) {
            const Culprit &other = v.culprits[i];
            std::vector<FindingLayer> naming;
            for (FindingLayer layer : top.disagreeing) {
                if (std::find(other.layers.begin(), other.layers.end(), layer) !=
                    other.layers.end())
                    naming.push_back(layer);
            }
            if (naming.empty())
                continue;
            append({RANKSCOPE_MESSAGE("findings.verdict.disagree",
                                      "The layers disagree: the evidence from %1 points at %2 "
                                      "instead; both are listed."),
                    {findingsLayerList(naming), other.subject}});
            break;
        }
    }
    if (top.confidence < 0.5 && !top.wouldConfirm.empty())
        append({RANKSCOPE_MESSAGE("findings.verdict.wouldConfirm", "What would confirm it: %1."),
                {dataNeedMessage(top.wouldConfirm.front())}});
    return verdict;
}

} // namespace findings_join

FindingsVerdict joinFindings(const std::vector<LayerFindings> &layers, const FindingsJob &job)
{
    using namespace findings_join;
    FindingsVerdict v;
    v.worldSize = job.worldSize;
    for (const LayerFindings &layer : layers)
        v.layers.push_back({layer.layer, layer.present, layer.summary});

    const std::vector<WorkFinding> findings = normalised(layers, job);
    std::vector<const Finding *> causes;
    for (const WorkFinding &work : findings) {
        if (work.finding.role == FindingRole::Cause)
            causes.push_back(&work.finding);
        else if (work.finding.role == FindingRole::Context)
            v.context.push_back(evidenceOf(work.finding));
    }
    for (const std::vector<int> &group : culpritGroups(causes, job)) {
        std::vector<const Finding *> members;
        for (int index : group)
            members.push_back(causes[std::size_t(index)]);
        v.culprits.push_back(makeCulprit(members, job));
    }
    std::stable_sort(v.culprits.begin(), v.culprits.end(), culpritBefore);
    markDisagreement(v.culprits);

    std::vector<std::pair<const Finding *, int>> effects;
    for (const WorkFinding &work : findings) {
        if (work.finding.role == FindingRole::Effect)
            effects.emplace_back(&work.finding, culpritOfEffect(work.finding, v.culprits));
    }
    // Effects in the order of their culprits (unattached last), strongest first within each.
    std::stable_sort(effects.begin(), effects.end(), [](const auto &a, const auto &b) {
        const int ca = a.second < 0 ? 1 << 30 : a.second;
        const int cb = b.second < 0 ? 1 << 30 : b.second;
        if (ca != cb)
            return ca < cb;
        return a.first->strength > b.first->strength;
    });
    for (const auto &[effect, culprit] : effects) {
        const Evidence evidence = evidenceOf(*effect);
        v.effects.push_back({evidence, culprit});
        if (culprit >= 0 && v.culprits[std::size_t(culprit)].effects.size() < kEffectsPerCulprit)
            v.culprits[std::size_t(culprit)].effects.push_back(evidence);
    }
    v.anchor = earliestAnomaly(findings);
    if (v.culprits.empty())
        v.undecided = undecidedOf(findings, layers);
    v.verdict = verdictOf(v);
    return v;
}

} // namespace rankscope
