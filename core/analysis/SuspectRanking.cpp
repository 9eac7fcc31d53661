#include "core/analysis/SuspectRanking.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace rankscope {

std::string describeRanks(const RankSet &ranks)
{
    return (ranks.count() == 1 ? "rank " : "ranks ") + ranks.toString();
}

namespace {

std::string classPhrase(StackClass cls)
{
    switch (cls) {
    case StackClass::DataLoader:
        return "data loading";
    case StackClass::CheckpointIo:
        return "checkpoint I/O";
    case StackClass::GarbageCollection:
        return "garbage collection";
    case StackClass::CudaSync:
        return "a CUDA synchronize";
    case StackClass::ComputeLaunch:
        return "compute";
    case StackClass::IdleOther:
        return "an idle wait";
    case StackClass::PythonOther:
        return "Python code";
    case StackClass::CollectiveWait:
        return "a collective";
    case StackClass::P2PWait:
        return "a point-to-point wait";
    case StackClass::Empty:
        break;
    }
    return "an empty stack";
}

std::string plural(int count, const char *one, const char *many)
{
    return std::to_string(count) + ' ' + (count == 1 ? one : many);
}

} // namespace

SuspectRanking::SuspectRanking(const StackDataset &data, const StackTree &tree,
                               const std::vector<RankStackSummary> &ranks)
    : m_data(data), m_tree(tree), m_ranks(ranks), m_nodes(data.job),
      m_ranksWithData(static_cast<int>(ranks.size()))
{
    judgeWaiters();
    addNoData();
    addMinorityPaths();
    finish();
}

void SuspectRanking::judgeWaiters()
{
    const int n = m_ranksWithData;
    if (n == 0) {
        m_verdict.kind = StackVerdictKind::NoData;
        m_verdict.summary =
            m_data.samples.empty()
                ? "The bundle has no stack dumps (stacks/ folder): nothing to merge here."
                : "No stack samples match the current choice of role and threads.";
        return;
    }
    // Blockers are named only when a strict majority of the ranks the job expects has stacks:
    // two ranks' dumps out of eight say nothing about the six that sent none.
    const RankSet noData = m_tree.noData();
    const int expected = n + noData.count();
    if (!noData.empty() && 2 * n <= expected) {
        m_verdict.kind = StackVerdictKind::MostRanksMissing;
        m_verdict.summary =
            "Cannot tell: " + std::to_string(noData.count()) + " of " + std::to_string(expected) +
            " ranks sent no stacks (" + m_nodes.describe(noData) + "). The stacks of the other " +
            plural(n, "rank", "ranks") + " cannot name a blocker; collect dumps from every rank.";
        return;
    }
    if (n <= 2) {
        m_verdict.kind = StackVerdictKind::TooFewRanks;
        m_verdict.summary = "Only " + plural(n, "rank has", "ranks have") +
                            " stacks: no majority exists, so the stacks cannot name a culprit.";
        return;
    }
    if (everyRankMoves()) {
        m_verdict.kind = StackVerdictKind::Progressing;
        m_verdict.summary = "No hang: every rank is progressing (each rank's stack changed "
                            "between its samples).";
        return;
    }
    // Ranks waiting in the same operation form one waiting group, whatever frames sit above.
    std::map<std::pair<StackClass, std::string>, RankSet> waitGroups;
    RankSet cudaSync; // behind a kernel on their GPU: the collective's, when others wait in one
    for (const RankStackSummary &rank : m_ranks) {
        if (isWaitClass(rank.latest.cls))
            waitGroups[{rank.latest.cls, rank.latest.operation}].insert(rank.rank);
        else if (rank.latest.cls == StackClass::CudaSync)
            cudaSync.insert(rank.rank);
    }
    const RankSet *largest = nullptr;
    std::string operation;
    for (const auto &[key, ranks] : waitGroups) {
        if (!largest || ranks.count() > largest->count()) {
            largest = &ranks;
            operation = key.second;
        }
    }
    if (largest) {
        // A rank synchronizing its GPU while the others wait in a collective is most likely
        // behind that collective's NCCL kernel (an async op, then .item() or synchronize).
        m_syncWaiters = cudaSync;
        const RankSet waiters = *largest | cudaSync;
        if (2 * waiters.count() > n) {
            judgeMajorityWait(waiters, operation, noData);
            return;
        }
        m_syncWaiters = RankSet();
    }
    // No collective majority: tell a majority elsewhere from fragmentation.
    std::map<std::uint64_t, int> classSizes;
    for (const RankStackSummary &rank : m_ranks)
        ++classSizes[rank.signature];
    int largestClass = 0;
    for (const auto &[signature, size] : classSizes)
        largestClass = std::max(largestClass, size);
    if (2 * largestClass > n) {
        m_verdict.kind = StackVerdictKind::NoWaitMajority;
        m_verdict.summary = std::to_string(largestClass) + " of " + std::to_string(n) +
                            " ranks share one stack that is not a collective wait: the "
                            "waiter/blocker rule does not apply; minority paths are listed.";
    } else {
        m_verdict.kind = StackVerdictKind::NoMajority;
        m_verdict.summary = "No strict majority: " + std::to_string(classSizes.size()) +
                            " different stacks, the largest shared by " +
                            std::to_string(largestClass) + " of " + std::to_string(n) +
                            " ranks. The stacks cannot tell waiters from blockers.";
    }
}

bool SuspectRanking::everyRankMoves() const
{
    return std::all_of(m_ranks.begin(), m_ranks.end(), [](const RankStackSummary &rank) {
        return rank.sampleCount >= 2 && (rank.progress == RankProgress::Progressing ||
                                         rank.progress == RankProgress::Oscillating);
    });
}

void SuspectRanking::judgeMajorityWait(const RankSet &waiters, const std::string &operation,
                                       const RankSet &noData)
{
    const int n = m_ranksWithData;
    m_verdict.waiters = waiters;
    m_verdict.waitOperation = operation;
    // With several samples a hang needs waiters that stay put: ranks of a busy,
    // communication-bound job are caught in a collective in every sample, but not in the same
    // one from the same place each time.
    int sampled = 0;
    int held = 0;
    for (const RankStackSummary &rank : m_ranks) {
        if (!waiters.contains(rank.rank) || m_syncWaiters.contains(rank.rank) ||
            rank.sampleCount < 2)
            continue;
        ++sampled;
        held += rank.sameWaitEverySample;
    }
    if (sampled > 0 && 2 * held <= sampled) {
        m_verdict.kind = StackVerdictKind::Progressing;
        m_verdict.summary =
            "Progressing, no hang: " + std::to_string(waiters.count()) + " of " +
            std::to_string(n) + " ranks wait in " + operation +
            " in the latest sample, but the waiters change from sample to "
            "sample (" +
            (held == 0 ? std::string("none")
                       : "only " + std::to_string(held) + " of " + std::to_string(sampled)) +
            " stayed in the same collective from the same call path).";
        return;
    }
    const int waiting = waiters.count();
    const std::string syncNote =
        m_syncWaiters.empty()
            ? std::string()
            : " (" + std::to_string(m_syncWaiters.count()) + " of them in a CUDA synchronize)";
    if (waiting == n && noData.empty()) {
        m_verdict.kind = StackVerdictKind::AllInSameWait;
        m_verdict.summary = "All " + std::to_string(n) + " ranks wait in " + operation + syncNote +
                            ": the stacks cannot tell which rank blocks. Look at the logs, "
                            "collective sequence numbers or timing.";
    } else {
        m_verdict.kind = StackVerdictKind::BlockersFound;
        RankSet elsewhere;
        for (const RankStackSummary &rank : m_ranks) {
            if (!waiters.contains(rank.rank))
                elsewhere.insert(rank.rank);
        }
        m_verdict.summary = std::to_string(waiting) + " of " + std::to_string(n) +
                            " ranks wait in " + operation + syncNote + "; ";
        if (!elsewhere.empty()) {
            const std::string node = m_nodes.wholeNode(elsewhere);
            m_verdict.summary += node.empty() ? plural(elsewhere.count(), "rank is", "ranks are") +
                                                    " elsewhere and may be what they wait for."
                                              : m_nodes.describe(elsewhere) +
                                                    " is elsewhere and may be what they wait for.";
        } else {
            m_verdict.summary +=
                m_nodes.describe(noData) + " sent no stacks and may be what they wait for.";
        }
    }
    addBlockers(waiters, operation);
}

int SuspectRanking::divergenceNode(const RankStackSummary &rank, const RankSet &majority) const
{
    if (rank.leafNode < 0)
        return -1;
    const std::vector<int> path = m_tree.pathTo(rank.leafNode);
    // Show where the rank enters what it is doing (DataLoader.__next__ for a queue.get wait) when
    // that lies on the part of the path the majority does not share; else where the paths part.
    const int deciding = rank.latest.entryFrame + 1; // path[0] is the root
    for (std::size_t i = 0; i < path.size(); ++i) {
        const int node = path[i];
        if (node == StackTree::kRoot || !(m_tree.node(node).has & majority).empty())
            continue;
        if (deciding > static_cast<int>(i) && deciding < static_cast<int>(path.size()))
            return path[static_cast<std::size_t>(deciding)];
        return node;
    }
    return rank.leafNode;
}

std::string SuspectRanking::temporalNote(const RankSet &ranks) const
{
    int stuck = 0;
    int progressing = 0;
    int samples = 0;
    std::int64_t span = 0;
    for (const RankStackSummary &rank : m_ranks) {
        if (!ranks.contains(rank.rank))
            continue;
        stuck += rank.progress == RankProgress::Stuck;
        progressing += rank.progress == RankProgress::Progressing ||
                       rank.progress == RankProgress::Oscillating;
        samples = samples ? std::min(samples, rank.sampleCount) : rank.sampleCount;
        span = span ? std::min(span, rank.spanNs) : rank.spanNs;
    }
    const int count = ranks.count();
    if (stuck == count) {
        std::string note = count == 1 ? "stack unchanged across " : "stacks unchanged across ";
        note += std::to_string(samples) + " samples";
        if (span >= 1'000'000'000)
            note += " over " + std::to_string(span / 1'000'000'000) + " s";
        return note;
    }
    if (progressing == count)
        return count == 1 ? "its stack changes between samples: it is working while others wait"
                          : "their stacks change between samples: they are working while others "
                            "wait";
    return {};
}

void SuspectRanking::addBlockers(const RankSet &waiters, const std::string &operation)
{
    // The call path most waiters share: waiting in the same collective from elsewhere is a desync.
    std::map<int, int> waiterLeaves;
    for (const RankStackSummary &rank : m_ranks) {
        if (waiters.contains(rank.rank) && !m_syncWaiters.contains(rank.rank))
            ++waiterLeaves[rank.leafNode];
    }
    int majorityLeaf = -1;
    int majorityLeafCount = 0;
    for (const auto &[leaf, count] : waiterLeaves) {
        if (count > majorityLeafCount) {
            majorityLeaf = leaf;
            majorityLeafCount = count;
        }
    }

    struct Group
    {
        SuspectKind kind;
        RankSet ranks;
        StackClassification cls;
    };
    std::map<std::tuple<int, int, std::string>, Group> groups; // (kind, node, operation)
    for (const RankStackSummary &rank : m_ranks) {
        SuspectKind kind;
        int node;
        if (m_syncWaiters.contains(rank.rank)) {
            continue; // waits with the majority, behind its GPU
        } else if (!waiters.contains(rank.rank)) {
            kind = isWaitClass(rank.latest.cls) ? SuspectKind::Desync : SuspectKind::Blocker;
            node = divergenceNode(rank, waiters);
        } else if (rank.leafNode != majorityLeaf &&
                   2 * majorityLeafCount > (waiters - m_syncWaiters).count()) {
            kind = SuspectKind::Desync;
            node = rank.leafNode;
        } else {
            continue;
        }
        Group &group = groups[{static_cast<int>(kind), node, rank.latest.operation}];
        group.kind = kind;
        group.cls = rank.latest;
        group.ranks.insert(rank.rank);
    }

    const std::string waitersText = std::to_string(waiters.count()) + " ranks wait in " + operation;
    const RankSet collectiveWaiters = waiters - m_syncWaiters;
    for (auto &[key, group] : groups) {
        const int node = std::get<1>(key);
        const double share = double(group.ranks.count()) / std::max(1, m_ranksWithData);
        std::string reason = m_nodes.describe(group.ranks) + ": ";
        double score = 0;
        if (group.kind == SuspectKind::Blocker) {
            reason += "not in a collective while " + waitersText;
            score = 100 - 10 * share;
        } else if (!collectiveWaiters.contains(group.ranks.first())) {
            reason += "waiting in " + group.cls.operation + " while " + waitersText +
                      ": the collectives are out of step";
            score = 80 - 10 * share;
        } else {
            reason += "in " + operation + " from a different call path than the other " +
                      std::to_string(majorityLeafCount) + " waiting ranks";
            score = 70 - 10 * share;
        }
        const std::string temporal = temporalNote(group.ranks);
        if (!temporal.empty())
            reason += "; " + temporal;
        if (group.kind == SuspectKind::Blocker)
            reason += " (" + classPhrase(group.cls.cls) + ": " + group.cls.operation + ")";
        if (temporal.rfind("stack", 0) == 0)
            score += 3; // stuck for the whole sampling window: firmer evidence than one snapshot
        add(group.kind, group.ranks, node, std::move(reason), score);
    }
}

void SuspectRanking::addNoData()
{
    const RankSet noData = m_tree.noData();
    // A bundle without any stack dump (profiler traces only) did not lose every rank's dump:
    // it never had any, and naming each rank "no data" would only hide the real findings.
    if (noData.empty() || m_data.samples.empty())
        return;
    // Ranks whose only dumps were cut inside the stack that would be compared were dumped:
    // say so, rather than "no stack samples".
    RankSet cut;
    std::uint32_t cutFile = 0;
    for (const StackSample &sample : m_data.samples) {
        if (sample.cut && noData.contains(sample.rank) && !cut.contains(sample.rank)) {
            if (cut.empty())
                cutFile = sample.sourceFile;
            cut.insert(sample.rank);
        }
    }
    const RankSet silent = noData - cut;
    const int expected = std::max(1, m_tree.expectedRanks().count());
    if (!silent.empty()) {
        add(SuspectKind::NoData, silent, -1,
            m_nodes.describe(silent) +
                ": no stack samples although the job has them: dead, unreachable, or the dump "
                "failed (unknown, not counted as missing)",
            90 - 10 * double(silent.count()) / expected);
    }
    if (!cut.empty()) {
        const std::string file =
            cutFile < m_data.sourceFiles.size() ? m_data.sourceFiles[cutFile] : std::string();
        add(SuspectKind::NoData, cut, -1,
            m_nodes.describe(cut) + ": the dump was cut inside the stack (" + file +
                (cut.count() > 1 ? " and others" : "") +
                "): shown as cut, not compared (unknown, not counted as missing)",
            85 - 10 * double(cut.count()) / expected);
    }
}

void SuspectRanking::addMinorityPaths()
{
    const int n = m_ranksWithData;
    // A job whose ranks all move takes rare paths all the time: they are no evidence of a hang.
    if (n < 3 || m_verdict.kind == StackVerdictKind::Progressing)
        return;
    const int threshold = std::max(1, n / 8);
    std::vector<int> pending{StackTree::kRoot};
    while (!pending.empty()) {
        const int at = pending.back();
        pending.pop_back();
        const StackTreeNode &parent = m_tree.node(at);
        const int parentCount = parent.has.count();
        for (int child : parent.children) {
            const StackTreeNode &node = m_tree.node(child);
            const int count = node.has.count();
            const RankSet missedHere = parent.has - node.has;
            const int missed = missedHere.count();
            if (count <= threshold && count < parentCount && parentCount >= 3) {
                add(SuspectKind::MinorityPath, node.has, child,
                    describeRanks(node.has) + ": only " + std::to_string(count) + " of " +
                        std::to_string(n) + " ranks take this path",
                    40 - 10 * double(count) / n);
                continue; // its descendants say the same about the same few ranks
            }
            if (missed > 0 && missed <= threshold && count > threshold &&
                node.has.count() + missed == parentCount) {
                // All but a few ranks of the parent continue here.
                add(SuspectKind::MissedByFew, missedHere, child,
                    describeRanks(missedHere) + ": missing from a path the other " +
                        std::to_string(count) + " ranks take",
                    50 - 10 * double(missed) / n);
            }
            pending.push_back(child);
        }
    }
}

void SuspectRanking::add(SuspectKind kind, const RankSet &ranks, int node, std::string reason,
                         double score)
{
    Suspect suspect;
    suspect.kind = kind;
    suspect.ranks = ranks;
    suspect.node = node;
    if (node >= 0)
        suspect.frame = m_tree.node(node).label;
    suspect.reason = std::move(reason);
    suspect.score = score;
    suspect.host = m_nodes.wholeNode(ranks);
    m_suspects.push_back(std::move(suspect));
}

void SuspectRanking::finish()
{
    std::stable_sort(m_suspects.begin(), m_suspects.end(), [](const Suspect &a, const Suspect &b) {
        if (a.score != b.score)
            return a.score > b.score;
        return a.ranks.first() < b.ranks.first();
    });
    // One line per rank set: the strongest evidence stands, weaker repeats of it go.
    std::vector<Suspect> unique;
    for (Suspect &suspect : m_suspects) {
        const bool repeat = std::any_of(unique.begin(), unique.end(), [&](const Suspect &kept) {
            return kept.ranks == suspect.ranks;
        });
        if (!repeat)
            unique.push_back(std::move(suspect));
    }
    constexpr std::size_t kMaxSuspects = 50;
    if (unique.size() > kMaxSuspects)
        unique.resize(kMaxSuspects);
    m_suspects = std::move(unique);
}

} // namespace rankscope
