#include "core/stacks/StackAnalysis.h"

#include "core/stacks/RankProgressTracker.h"
#include "core/stacks/SuspectRanking.h"

#include <algorithm>
#include <map>
#include <span>
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
    case StackVerdictKind::MostRanksMissing:
        return "most-ranks-missing";
    case StackVerdictKind::Progressing:
        return "progressing";
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

// The primary stack of each sampling moment of one rank (main thread first).
struct MomentPrimary
{
    StackId stack = 0;
    bool isMain = false;
};

// Classifies each distinct stack once: ranks share a few hundred stacks among thousands.
class ClassificationCache
{
public:
    explicit ClassificationCache(const StackDataset &data) : m_data(data) {}

    const StackClassification &of(StackId stack)
    {
        auto [it, inserted] = m_cache.try_emplace(stack);
        if (inserted) {
            std::vector<const Frame *> frames;
            frames.reserve(m_data.stacks[stack].size());
            for (FrameId id : m_data.stacks[stack])
                frames.push_back(&m_data.frames[id]);
            it->second = classifyStack(frames);
        }
        return it->second;
    }

private:
    const StackDataset &m_data;
    std::unordered_map<StackId, StackClassification> m_cache;
};

// Whether every moment's primary stack waits in the same operation, reached through the same
// frames (interned frames compare equal exactly when function, file, line and module do).
bool sameWaitEverySample(const StackDataset &data, const std::map<int, MomentPrimary> &moments,
                         ClassificationCache &classes)
{
    if (moments.size() < 2)
        return false;
    const StackId first = moments.begin()->second.stack;
    const StackClassification &reference = classes.of(first);
    if (!isWaitClass(reference.cls))
        return false;
    const std::vector<FrameId> &frames = data.stacks[first];
    const auto path = std::span(frames).first(std::size_t(reference.decidingFrame) + 1);
    for (const auto &[index, moment] : moments) {
        const StackClassification &cls = classes.of(moment.stack);
        if (cls.cls != reference.cls || cls.operation != reference.operation ||
            cls.decidingFrame != reference.decidingFrame)
            return false;
        const std::vector<FrameId> &other = data.stacks[moment.stack];
        if (!std::equal(path.begin(), path.end(), other.begin()))
            return false;
    }
    return true;
}

} // namespace

std::string noSuspectsReason(const StackAnalysis &analysis)
{
    switch (analysis.verdict.kind) {
    case StackVerdictKind::NoData:
        return "there are no stacks to compare";
    case StackVerdictKind::Progressing:
        return "the ranks are progressing";
    case StackVerdictKind::MostRanksMissing:
    case StackVerdictKind::TooFewRanks:
    case StackVerdictKind::AllInSameWait:
    case StackVerdictKind::NoMajority:
        return "the stacks cannot tell, see the verdict";
    case StackVerdictKind::BlockersFound:
    case StackVerdictKind::NoWaitMajority:
        break;
    }
    return analysis.classes.size() <= 1 ? "every rank has the same stack"
                                        : "no path is rare enough to single out";
}

StackAnalysis analyzeStacks(const StackDataset &data, const StackTree &tree)
{
    StackAnalysis analysis;
    const StackTreeOptions &options = tree.options();

    std::map<int, LatestStacks> latest;
    std::map<int, std::map<int, MomentPrimary>> primaries; // rank -> sample index -> stack
    RankProgressTracker progress(data, options.identity);
    for (const StackSample &sample : data.samples) {
        if (sample.cut && !analysis.cutRanks.contains(sample.rank)) {
            StackSample whole = sample; // would it take part, were it whole?
            whole.cut = false;
            if (sampleSelected(data, whole, options))
                analysis.cutRanks.insert(sample.rank);
        }
        if (!sampleSelected(data, sample, options) || sample.stack >= data.stacks.size())
            continue;
        progress.add(sample);
        auto [moment, first] = primaries[sample.rank].try_emplace(sample.sampleIndex);
        if (first || (sample.isMainThread && !moment->second.isMain))
            moment->second = MomentPrimary{sample.stack, sample.isMainThread};
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
    ClassificationCache classes(data);
    for (auto &[rank, entry] : latest) {
        RankStackSummary summary;
        summary.rank = rank;
        summary.latest = classes.of(entry.primary);
        summary.sameWaitEverySample = sameWaitEverySample(data, primaries[rank], classes);
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
