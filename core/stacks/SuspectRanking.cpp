#include "core/stacks/SuspectRanking.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace rankscope {

std::string describeRanks(const RankSet &ranks)
{
    return describeRanksMessage(ranks).english();
}

namespace {

Message classPhrase(StackClass cls)
{
    switch (cls) {
    case StackClass::DataLoader:
        return RANKSCOPE_MESSAGE("stack.class.dataLoader", "data loading");
    case StackClass::CheckpointIo:
        return RANKSCOPE_MESSAGE("stack.class.checkpointIo", "checkpoint I/O");
    case StackClass::GarbageCollection:
        return RANKSCOPE_MESSAGE("stack.class.garbageCollection", "garbage collection");
    case StackClass::CudaSync:
        return RANKSCOPE_MESSAGE("stack.class.cudaSync", "a CUDA synchronize");
    case StackClass::ComputeLaunch:
        return RANKSCOPE_MESSAGE("stack.class.compute", "compute");
    case StackClass::IdleOther:
        return RANKSCOPE_MESSAGE("stack.class.idle", "an idle wait");
    case StackClass::PythonOther:
        return RANKSCOPE_MESSAGE("stack.class.python", "Python code");
    case StackClass::CollectiveWait:
        return RANKSCOPE_MESSAGE("stack.class.collective", "a collective");
    case StackClass::P2PWait:
        return RANKSCOPE_MESSAGE("stack.class.p2p", "a point-to-point wait");
    case StackClass::Empty:
        break;
    }
    return RANKSCOPE_MESSAGE("stack.class.empty", "an empty stack");
}

void setStackVerdictSummary(StackVerdict &verdict, Message summary)
{
    verdict.summary = summary.english();
    verdict.summaryMessage = std::move(summary);
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
        setStackVerdictSummary(
            m_verdict, m_data.samples.empty()
                           ? Message(RANKSCOPE_MESSAGE("stack.verdict.noStackDumps",
                                                       "The bundle has no stack dumps (stacks/ "
                                                       "folder): nothing to merge here."))
                           : Message(RANKSCOPE_MESSAGE("stack.verdict.noMatchingSamples",
                                                       "No stack samples match the current "
                                                       "choice of role and threads.")));
        return;
    }
    // Blockers are named only when a strict majority of the ranks the job expects has stacks:
    // two ranks' dumps out of eight say nothing about the six that sent none.
    const RankSet noData = m_tree.noData();
    const int expected = n + noData.count();
    if (!noData.empty() && 2 * n <= expected) {
        m_verdict.kind = StackVerdictKind::MostRanksMissing;
        std::vector<MessageArgument> arguments{noData.count(), expected,
                                               m_nodes.describeMessage(noData), n};
        setStackVerdictSummary(
            m_verdict,
            n == 1 ? Message(RANKSCOPE_MESSAGE("stack.verdict.mostRanksMissingOneLeft",
                                               "Cannot tell: %1 of %2 ranks sent no stacks (%3). "
                                               "The stacks of the other %4 rank cannot name a "
                                               "blocker; collect dumps from every rank."),
                             std::move(arguments))
                   : Message(RANKSCOPE_MESSAGE("stack.verdict.mostRanksMissing",
                                               "Cannot tell: %1 of %2 ranks sent no stacks (%3). "
                                               "The stacks of the other %4 ranks cannot name a "
                                               "blocker; collect dumps from every rank."),
                             std::move(arguments)));
        return;
    }
    if (n <= 2) {
        m_verdict.kind = StackVerdictKind::TooFewRanks;
        setStackVerdictSummary(
            m_verdict,
            n == 1 ? Message(RANKSCOPE_MESSAGE("stack.verdict.oneRank",
                                               "Only %1 rank has stacks: no majority exists, so "
                                               "the stacks cannot name a culprit."),
                             {n})
                   : Message(RANKSCOPE_MESSAGE("stack.verdict.tooFewRanks",
                                               "Only %1 ranks have stacks: no majority exists, so "
                                               "the stacks cannot name a culprit."),
                             {n}));
        return;
    }
    if (everyRankMoves()) {
        m_verdict.kind = StackVerdictKind::Progressing;
        setStackVerdictSummary(m_verdict,
                               RANKSCOPE_MESSAGE("stack.verdict.noHang",
                                                 "No hang: every rank is progressing (each rank's "
                                                 "stack changed between its samples)."));
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
        setStackVerdictSummary(m_verdict,
                               {RANKSCOPE_MESSAGE("stack.verdict.noWaitMajority",
                                                  "%1 of %2 ranks share one stack that is not a "
                                                  "collective wait: the waiter/blocker rule does "
                                                  "not apply; minority paths are listed."),
                                {largestClass, n}});
    } else {
        m_verdict.kind = StackVerdictKind::NoMajority;
        setStackVerdictSummary(m_verdict,
                               {RANKSCOPE_MESSAGE("stack.verdict.noMajority",
                                                  "No strict majority: %1 different stacks, the "
                                                  "largest shared by %2 of %3 ranks. The stacks "
                                                  "cannot tell waiters from blockers."),
                                {classSizes.size(), largestClass, n}});
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
        const Message stayed =
            held == 0 ? Message(RANKSCOPE_MESSAGE("stack.verdict.noneStayed", "none"))
                      : Message(RANKSCOPE_MESSAGE("stack.verdict.onlySomeStayed", "only %1 of %2"),
                                {held, sampled});
        setStackVerdictSummary(m_verdict,
                               {RANKSCOPE_MESSAGE("stack.verdict.waitersChange",
                                                  "Progressing, no hang: %1 of %2 ranks wait in "
                                                  "%3 in the latest sample, but the waiters "
                                                  "change from sample to sample (%4 stayed in "
                                                  "the same collective from the same call "
                                                  "path)."),
                                {waiters.count(), n, operation, stayed}});
        return;
    }
    const int waiting = waiters.count();
    // "all_reduce", or "all_reduce (2 of them in a CUDA synchronize)".
    const Message waitedIn =
        m_syncWaiters.empty() ? Message::verbatim(operation)
                              : Message(RANKSCOPE_MESSAGE("stack.verdict.syncNote",
                                                          "%1 (%2 of them in a CUDA synchronize)"),
                                        {operation, m_syncWaiters.count()});
    if (waiting == n && noData.empty()) {
        m_verdict.kind = StackVerdictKind::AllInSameWait;
        setStackVerdictSummary(m_verdict,
                               {RANKSCOPE_MESSAGE("stack.verdict.allInSameWait",
                                                  "All %1 ranks wait in %2: the stacks cannot "
                                                  "tell which rank blocks. Look at the logs, "
                                                  "collective sequence numbers or timing."),
                                {n, waitedIn}});
    } else {
        m_verdict.kind = StackVerdictKind::BlockersFound;
        RankSet elsewhere;
        for (const RankStackSummary &rank : m_ranks) {
            if (!waiters.contains(rank.rank))
                elsewhere.insert(rank.rank);
        }
        Message culprits;
        if (!elsewhere.empty()) {
            const std::string node = m_nodes.wholeNode(elsewhere);
            if (!node.empty())
                culprits = {RANKSCOPE_MESSAGE("stack.verdict.nodeElsewhere",
                                              "%1 is elsewhere and may be what they wait for."),
                            {m_nodes.describeMessage(elsewhere)}};
            else if (elsewhere.count() == 1)
                culprits = RANKSCOPE_MESSAGE("stack.verdict.oneRankElsewhere",
                                             "1 rank is elsewhere and may be what they wait for.");
            else
                culprits = {RANKSCOPE_MESSAGE("stack.verdict.ranksElsewhere",
                                              "%1 ranks are elsewhere and may be what they wait "
                                              "for."),
                            {elsewhere.count()}};
        } else {
            culprits = {RANKSCOPE_MESSAGE("stack.verdict.silentRanks",
                                          "%1 sent no stacks and may be what they wait for."),
                        {m_nodes.describeMessage(noData)}};
        }
        setStackVerdictSummary(m_verdict, {RANKSCOPE_MESSAGE("stack.verdict.blockersFound",
                                                             "%1 of %2 ranks wait in %3; %4"),
                                           {waiting, n, waitedIn, std::move(culprits)}});
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

Message SuspectRanking::temporalNote(const RankSet &ranks) const
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
        const std::int64_t seconds = span / 1'000'000'000;
        if (span >= 1'000'000'000)
            return count == 1 ? Message(RANKSCOPE_MESSAGE("stack.temporal.stuckOver",
                                                          "stack unchanged across %1 samples "
                                                          "over %2 s"),
                                        {samples, seconds})
                              : Message(RANKSCOPE_MESSAGE("stack.temporal.allStuckOver",
                                                          "stacks unchanged across %1 samples "
                                                          "over %2 s"),
                                        {samples, seconds});
        return count == 1 ? Message(RANKSCOPE_MESSAGE("stack.temporal.stuck",
                                                      "stack unchanged across %1 samples"),
                                    {samples})
                          : Message(RANKSCOPE_MESSAGE("stack.temporal.allStuck",
                                                      "stacks unchanged across %1 samples"),
                                    {samples});
    }
    if (progressing == count)
        return count == 1 ? Message(RANKSCOPE_MESSAGE("stack.temporal.working",
                                                      "its stack changes between samples: it is "
                                                      "working while others wait"))
                          : Message(RANKSCOPE_MESSAGE("stack.temporal.allWorking",
                                                      "their stacks change between samples: they "
                                                      "are working while others wait"));
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

    const RankSet collectiveWaiters = waiters - m_syncWaiters;
    for (auto &[key, group] : groups) {
        const int node = std::get<1>(key);
        const double share = double(group.ranks.count()) / std::max(1, m_ranksWithData);
        const Message who = m_nodes.describeMessage(group.ranks);
        Message reason;
        double score = 0;
        if (group.kind == SuspectKind::Blocker) {
            reason = {RANKSCOPE_MESSAGE("stack.suspect.blocker",
                                        "%1: not in a collective while %2 ranks wait in %3"),
                      {who, waiters.count(), operation}};
            score = 100 - 10 * share;
        } else if (!collectiveWaiters.contains(group.ranks.first())) {
            reason = {RANKSCOPE_MESSAGE("stack.suspect.outOfStep",
                                        "%1: waiting in %2 while %3 ranks wait in %4: the "
                                        "collectives are out of step"),
                      {who, group.cls.operation, waiters.count(), operation}};
            score = 80 - 10 * share;
        } else {
            reason = {RANKSCOPE_MESSAGE("stack.suspect.otherCallPath",
                                        "%1: in %2 from a different call path than the other %3 "
                                        "waiting ranks"),
                      {who, operation, majorityLeafCount}};
            score = 70 - 10 * share;
        }
        const Message temporal = temporalNote(group.ranks);
        if (!temporal.empty())
            reason = {RANKSCOPE_MESSAGE("list.semicolon", "%1; %2"), {std::move(reason), temporal}};
        if (group.kind == SuspectKind::Blocker)
            reason = {RANKSCOPE_MESSAGE("stack.suspect.blockerDoing", "%1 (%2: %3)"),
                      {std::move(reason), classPhrase(group.cls.cls), group.cls.operation}};
        if (!temporal.empty() && temporal.english().rfind("stack", 0) == 0)
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
    // Ranks a merge left out (their shard was not merged) did not go silent: nobody asked.
    const RankSet silent = noData - cut - m_data.job.layers.uncollected;
    const int expected = std::max(1, m_tree.expectedRanks().count());
    if (!silent.empty()) {
        add(SuspectKind::NoData, silent, -1,
            {RANKSCOPE_MESSAGE("stack.suspect.noSamples",
                               "%1: no stack samples although the job has them: dead, "
                               "unreachable, or the dump failed (unknown, not counted as "
                               "missing)"),
             {m_nodes.describeMessage(silent)}},
            90 - 10 * double(silent.count()) / expected);
    }
    if (!cut.empty()) {
        const std::string file =
            cutFile < m_data.sourceFiles.size() ? m_data.sourceFiles[cutFile] : std::string();
        add(SuspectKind::NoData, cut, -1,
            cut.count() > 1
                ? Message(RANKSCOPE_MESSAGE("stack.suspect.dumpsCut",
                                            "%1: the dump was cut inside the stack (%2 and "
                                            "others): shown as cut, not compared (unknown, not "
                                            "counted as missing)"),
                          {m_nodes.describeMessage(cut), file})
                : Message(RANKSCOPE_MESSAGE("stack.suspect.dumpCut",
                                            "%1: the dump was cut inside the stack (%2): shown "
                                            "as cut, not compared (unknown, not counted as "
                                            "missing)"),
                          {m_nodes.describeMessage(cut), file}),
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
                    {RANKSCOPE_MESSAGE("stack.suspect.minorityPath",
                                       "%1: only %2 of %3 ranks take this path"),
                     {describeRanksMessage(node.has), count, n}},
                    40 - 10 * double(count) / n);
                continue; // its descendants say the same about the same few ranks
            }
            if (missed > 0 && missed <= threshold && count > threshold &&
                node.has.count() + missed == parentCount) {
                // All but a few ranks of the parent continue here.
                add(SuspectKind::MissedByFew, missedHere, child,
                    {RANKSCOPE_MESSAGE("stack.suspect.missedByFew",
                                       "%1: missing from a path the other %2 ranks take"),
                     {describeRanksMessage(missedHere), count}},
                    50 - 10 * double(missed) / n);
            }
            pending.push_back(child);
        }
    }
}

void SuspectRanking::add(SuspectKind kind, const RankSet &ranks, int node, Message reason,
                         double score)
{
    Suspect suspect;
    suspect.kind = kind;
    suspect.ranks = ranks;
    suspect.node = node;
    if (node >= 0)
        suspect.frame = m_tree.node(node).label;
    suspect.reason = reason.english();
    suspect.reasonMessage = std::move(reason);
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
