#include "core/analysis/StackAnalysis.h"

#include "core/analysis/RankProgressTracker.h"
#include "core/analysis/SuspectRanking.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace rankscope {

const char *rankProgressName(RankProgress progress)
{
    switch (progress) {
    case RankProgress::SingleSample:
        return "single-sample";
    case RankProgress::Stuck:
        return "stuck";
    case RankProgress::Progressing:
        return "progressing";
    case RankProgress::Oscillating:
        return "oscillating";
    }
    return "single-sample";
}

const char *suspectKindName(SuspectKind kind)
{
    switch (kind) {
    case SuspectKind::NoData:
        return "no-data";
    case SuspectKind::Blocker:
        return "blocker";
    case SuspectKind::Desync:
        return "desync";
    case SuspectKind::MinorityPath:
        return "minority-path";
    case SuspectKind::MissedByFew:
        return "missed-by-few";
    case SuspectKind::Stuck:
        return "stuck";
    }
    return "minority-path";
}

const char *stackVerdictName(StackVerdictKind kind)
{
    switch (kind) {
    case StackVerdictKind::BlockersFound:
        return "blockers-found";
    case StackVerdictKind::AllInSameWait:
        return "all-in-same-wait";
    case StackVerdictKind::NoWaitMajority:
        return "no-wait-majority";
    case StackVerdictKind::NoMajority:
        return "no-majority";
    case StackVerdictKind::TooFewRanks:
        return "too-few-ranks";
    case StackVerdictKind::NoData:
        break;
    }
    return "no-data";
}

namespace {

// The stack of a rank's latest sampling moment that stands for the rank: its main thread when
// selected, else the first selected thread of that moment.
struct LatestStacks
{
    int sampleIndex = -1;
    std::int64_t timeNs = 0;
    std::vector<StackId> stacks;
    StackId primary = 0;
    bool primaryIsMain = false;
};

} // namespace

StackAnalysis analyzeStacks(const StackDataset &data, const StackTree &tree)
{
    StackAnalysis analysis;
    const StackTreeOptions &options = tree.options();

    std::map<int, LatestStacks> latest;
    RankProgressTracker progress(data, options.identity);
    for (const StackSample &sample : data.samples) {
        if (!sampleSelected(data, sample, options) || sample.stack >= data.stacks.size())
            continue;
        progress.add(sample);
        LatestStacks &entry = latest[sample.rank];
        if (sample.sampleIndex > entry.sampleIndex) {
            entry = LatestStacks{};
            entry.sampleIndex = sample.sampleIndex;
            entry.timeNs = sample.timeNs;
        }
        if (sample.sampleIndex == entry.sampleIndex) {
            entry.stacks.push_back(sample.stack);
            if (entry.stacks.size() == 1 || (sample.isMainThread && !entry.primaryIsMain)) {
                entry.primary = sample.stack;
                entry.primaryIsMain = sample.isMainThread;
            }
        }
    }

    StackSignatures signatures(data, tree);
    for (auto &[rank, entry] : latest) {
        RankStackSummary summary;
        summary.rank = rank;
        std::vector<const Frame *> frames;
        for (FrameId id : data.stacks[entry.primary])
            frames.push_back(&data.frames[id]);
        summary.latest = classifyStack(frames);
        summary.signature = signatures.ofStacks(entry.stacks);
        summary.leafNode = signatures.leafOf(entry.primary);
        const RankProgressTracker::Result p = progress.result(rank);
        summary.progress = p.progress;
        summary.sampleCount = p.sampleCount;
        summary.spanNs = p.spanNs;
        analysis.ranks.push_back(std::move(summary));
    }

    // Equivalence classes: ranks whose latest selected stacks are identical.
    std::unordered_map<std::uint64_t, std::size_t> classOf;
    for (const RankStackSummary &rank : analysis.ranks) {
        auto [it, inserted] = classOf.emplace(rank.signature, analysis.classes.size());
        if (inserted) {
            EquivalenceClass cls;
            cls.signature = rank.signature;
            cls.leafNode = rank.leafNode;
            cls.cls = rank.latest.cls;
            analysis.classes.push_back(std::move(cls));
        }
        analysis.classes[it->second].ranks.insert(rank.rank);
    }
    std::sort(analysis.classes.begin(), analysis.classes.end(),
              [](const EquivalenceClass &a, const EquivalenceClass &b) {
                  const int ca = a.ranks.count();
                  const int cb = b.ranks.count();
                  return ca != cb ? ca > cb : a.ranks.first() < b.ranks.first();
              });

    SuspectRanking ranking(data, tree, analysis.ranks);
    analysis.verdict = ranking.verdict();
    analysis.suspects = ranking.suspects();
    return analysis;
}

} // namespace rankscope
