#include "core/collectives/CollectiveAnalysisSteps.h"

namespace rankscope {

namespace {

// Chains of waiting are short (a pipeline stage waits for an expert group that waits for one
// rank); a pathological dataset must not make this quadratic in the number of findings.
constexpr int kMaxChainSteps = 8;

bool waitsForOthers(const CollectiveFinding &f)
{
    return f.suspect.kind != CollectiveSuspectKind::Stuck;
}

} // namespace

// A suspect rank is a consequence when it is itself waiting, in another finding, for ranks
// that are causes: ranks that wait for nobody (behind everywhere, silent, or stuck with work
// the others completed). Stuck ranks are always causes: their own GPU or host did not finish
// what the others finished.
void markConsequences(std::vector<CollectiveFinding> &findings, std::vector<Message> &notes)
{
    RankSet suspects, stuck, waitingSomewhere;
    for (const CollectiveFinding &f : findings) {
        suspects |= f.suspect.ranks;
        if (!waitsForOthers(f))
            stuck |= f.suspect.ranks;
    }
    for (const CollectiveFinding &f : findings)
        if (waitsForOthers(f))
            waitingSomewhere |= f.suspect.waitingRanks - f.suspect.ranks;
    const RankSet causes = (suspects - waitingSomewhere) | stuck;
    RankSet reached = causes;
    RankSet explained;
    for (int step = 0; step < kMaxChainSteps; ++step) {
        bool changed = false;
        for (const CollectiveFinding &f : findings) {
            if (!waitsForOthers(f) || (f.suspect.ranks & reached).empty())
                continue;
            const RankSet newly = (f.suspect.waitingRanks & suspects) - reached - stuck;
            if (newly.empty())
                continue;
            explained |= newly;
            reached |= newly;
            changed = true;
        }
        if (!changed)
            break;
    }
    const RankSet circular = suspects - reached;
    if (!circular.empty())
        notes.push_back({RANKSCOPE_MESSAGE("collective.note.circular",
                                           "%1 wait for each other across process groups with "
                                           "no rank that waits for nobody: the groups may have "
                                           "been called in a different order on different "
                                           "ranks."),
                         {collectiveRanksMessage(circular, true)}});
    if (explained.empty())
        return;

    // What the explained ranks wait in, for the sentence: the finding with causes that holds
    // most of them waiting, the earliest on a tie.
    auto waitText = [&](const RankSet &ranks) {
        const CollectiveFinding *best = nullptr;
        int bestCount = 0;
        for (const CollectiveFinding &f : findings) {
            if (!waitsForOthers(f) || (f.suspect.ranks & reached).empty())
                continue;
            const int count = (f.suspect.waitingRanks & ranks).count();
            if (count == 0 || (f.suspect.ranks & ranks).count() > 0)
                continue;
            const bool earlier =
                best && f.anchorNs > 0 && (best->anchorNs <= 0 || f.anchorNs < best->anchorNs);
            if (count > bestCount || (count == bestCount && earlier)) {
                best = &f;
                bestCount = count;
            }
        }
        if (!best)
            return Message();
        return Message(RANKSCOPE_MESSAGE("collective.consequence.waitsIn", "%1 of %2 for %3"),
                       {collectiveOpMessage(best->suspect.op, best->suspect.seq, best->suspect.p2p),
                        collectiveGroupMessage(best->suspect.pgName, best->suspect.pgDesc),
                        collectiveRanksMessage(best->suspect.ranks)});
    };
    // A p2p finding's waiters are the ranks whose peers are in the part.
    auto narrowWaiters = [](CollectiveFinding &f) {
        if (f.p2pPairs.empty())
            return;
        f.suspect.waitingRanks = RankSet();
        std::vector<std::pair<int, int>> kept;
        for (const auto &[waiter, peer] : f.p2pPairs)
            if (f.suspect.ranks.contains(peer)) {
                f.suspect.waitingRanks.insert(waiter);
                kept.emplace_back(waiter, peer);
            }
        f.p2pPairs = std::move(kept);
    };

    std::vector<CollectiveFinding> split;
    split.reserve(findings.size());
    for (CollectiveFinding &f : findings) {
        const RankSet echo = f.suspect.ranks & explained;
        if (echo.empty()) {
            split.push_back(std::move(f));
            continue;
        }
        CollectiveFinding consequence = f;
        consequence.suspect.ranks = echo;
        consequence.suspect.consequence = true;
        consequence.wording.consequenceOf = waitText(echo);
        narrowWaiters(consequence);
        f.suspect.ranks -= echo;
        narrowWaiters(f);
        if (!f.suspect.ranks.empty())
            split.push_back(std::move(f));
        split.push_back(std::move(consequence));
    }
    findings = std::move(split);
}

} // namespace rankscope
