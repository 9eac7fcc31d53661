#include "core/traces/ClockAlignment.h"

#include "core/model/TimeArithmetic.h"
#include "core/traces/ClockAlignmentSteps.h"
#include "core/traces/RobustStatistics.h"

#include <algorithm>
#include <unordered_map>

namespace rankscope {

using namespace clock_detail;

namespace {

// Without collectives to scale by (ranks aligned by steps only), the uncertainty up to which
// the alignment is fair.
constexpr std::int64_t kFairWithoutScaleNs = 10 * kGoodAlignmentFloorNs;

// The job's aligned end of each collective key: the median over the domains holding it of their
// agreed end minus their offset; and how many ranks hold the key.
struct KeyConsensus
{
    std::int64_t alignedEndNs = 0;
    int ranks = 0;
    int domains = 0; // clocks holding it: only a key of two clocks tests their alignment
};

// `offsets` (by rank, as `anchors`) are the offsets in force: a domain's is its members' median
// (they differ only when job.json overrides some).
std::unordered_map<std::uint64_t, KeyConsensus> keyConsensus(std::span<const RankAnchors> anchors,
                                                             std::span<const ClockDomain> domains,
                                                             std::span<const ClockOffset> offsets)
{
    std::vector<KeyedTime> ends;
    std::vector<std::int64_t> memberOffsets;
    for (const ClockDomain &domain : domains) {
        memberOffsets.clear();
        for (std::size_t member : domain.members)
            memberOffsets.push_back(offsets[member].offsetNs);
        const std::int64_t offset = medianInPlace(memberOffsets);
        for (const KeyedTime &end : domain.collectiveEnds)
            ends.emplace_back(end.first, end.second - offset);
    }
    std::sort(ends.begin(), ends.end());
    std::unordered_map<std::uint64_t, KeyConsensus> consensus;
    consensus.reserve(ends.size());
    std::vector<std::int64_t> values;
    for (std::size_t first = 0; first < ends.size();) {
        std::size_t last = first;
        values.clear();
        while (last < ends.size() && ends[last].first == ends[first].first)
            values.push_back(ends[last++].second);
        KeyConsensus &key = consensus[ends[first].first];
        key.domains = int(values.size());
        key.alignedEndNs = medianInPlace(values);
        first = last;
    }
    for (const RankAnchors &rank : anchors) {
        for (const KeyedEnd &end : rank.collectiveEnds) {
            if (auto found = consensus.find(end.key); found != consensus.end())
                ++found->second.ranks;
        }
    }
    return consensus;
}

ClockQuality levelOf(const ClockOffset &offset, bool anyData)
{
    if (offset.source == ClockOffsetSource::None)
        return anyData ? ClockQuality::Poor : ClockQuality::Good;
    const double u = double(offset.uncertaintyNs);
    const double scale = double(offset.typicalDurationNs);
    ClockQuality level = ClockQuality::Poor;
    if (u <= std::max(double(kGoodAlignmentFloorNs), kGoodAlignmentShare * scale))
        level = ClockQuality::Good;
    else if (scale > 0 ? u <= kFairAlignmentShare * scale : u <= double(kFairWithoutScaleNs))
        level = ClockQuality::Fair;
    // ProfilerStep starts are only as simultaneous as the ranks' iterations begin together.
    if (offset.source == ClockOffsetSource::Steps && level == ClockQuality::Good)
        level = ClockQuality::Fair;
    return level;
}

} // namespace

const char *clockQualityKey(ClockQuality quality)
{
    switch (quality) {
    case ClockQuality::Good:
        return "good";
    case ClockQuality::Fair:
        return "fair";
    case ClockQuality::Poor:
        break;
    }
    return "poor";
}

ClockQuality clockQualityFromKey(std::string_view key)
{
    if (key == "good")
        return ClockQuality::Good;
    if (key == "fair")
        return ClockQuality::Fair;
    return ClockQuality::Poor;
}

namespace clock_detail {

void measureClockQuality(std::vector<ClockOffset> &offsets, std::span<const RankAnchors> anchors,
                         std::span<const ClockDomain> domains,
                         std::span<const PointToPointPair> pairs)
{
    const std::unordered_map<std::uint64_t, KeyConsensus> consensus =
        keyConsensus(anchors, domains, offsets);

    // Causality of every matched pair across clocks, with the offsets in force.
    std::vector<std::int64_t> worstViolation(offsets.size(), 0);
    std::vector<std::vector<std::int64_t>> p2pDurations(offsets.size());
    for (const PointToPointPair &pair : pairs) {
        p2pDurations[pair.sender].push_back(pair.sendEndNs - pair.sendStartNs);
        p2pDurations[pair.receiver].push_back(pair.recvEndNs - pair.recvStartNs);
        if (anchors[pair.sender].domain == anchors[pair.receiver].domain)
            continue;
        // Times and offsets are plausible (TimeArithmetic.h), so each aligned time fits; their
        // difference may not.
        const std::int64_t violation =
            saturatingSub(pair.sendStartNs - offsets[pair.sender].offsetNs,
                          pair.recvEndNs - offsets[pair.receiver].offsetNs);
        if (violation <= kSameClockUncertaintyNs)
            continue;
        for (std::size_t side : {pair.sender, pair.receiver}) {
            ++offsets[side].p2pViolations;
            worstViolation[side] = std::max(worstViolation[side], violation);
        }
    }

    bool anyData = false;
    for (const RankAnchors &rank : anchors)
        anyData |= rank.hasData();
    std::vector<std::int64_t> residuals;
    std::vector<std::int64_t> durations;
    for (std::size_t i = 0; i < anchors.size(); ++i) {
        ClockOffset &offset = offsets[i];
        const ClockDomain &domain = domains[anchors[i].domain];
        residuals.clear();
        durations.clear();
        for (const KeyedEnd &end : anchors[i].collectiveEnds) {
            const auto found = consensus.find(end.key);
            if (found == consensus.end() || found->second.ranks < 2)
                continue; // a collective no other rank saw says nothing about the clocks
            durations.push_back(end.durationNs);
            // Only collectives spanning two clocks test the alignment; node-local ones (tensor
            // parallel, say) would dilute the residual of the few that cross.
            if (found->second.domains >= 2)
                residuals.push_back(
                    saturatingDistance(end.endNs - offset.offsetNs, found->second.alignedEndNs));
        }
        std::int64_t uncertainty = medianInPlace(residuals);
        if (offset.source != ClockOffsetSource::Manifest) {
            if (domain.source == ClockOffsetSource::PointToPoint)
                uncertainty = std::max(uncertainty, domain.boundNs);
            if (domain.source == ClockOffsetSource::Steps)
                uncertainty = std::max(uncertainty, domain.spreadNs);
        }
        offset.uncertaintyNs = std::max(uncertainty, worstViolation[i]);
        // The scale is its collectives' (what waits and arrival order are measured on); only a
        // rank without matched collectives is judged against its sends and recvs.
        if (durations.empty())
            durations = p2pDurations[i];
        offset.typicalDurationNs = medianInPlace(durations);
        offset.quality = levelOf(offset, anyData);
        // Its node in job.json says it shares a clock it does not: the node map is wrong.
        if (anchors[i].offClock && offset.quality == ClockQuality::Good)
            offset.quality = ClockQuality::Fair;
    }
}

} // namespace clock_detail

ClockAlignmentSummary summarizeClockAlignment(std::span<const ClockOffset> offsets)
{
    ClockAlignmentSummary summary;
    if (offsets.empty())
        return summary;
    std::vector<std::int64_t> uncertainties;
    std::vector<std::int64_t> durations;
    std::vector<int> levels;
    for (const ClockOffset &offset : offsets) {
        uncertainties.push_back(offset.uncertaintyNs);
        if (offset.typicalDurationNs > 0)
            durations.push_back(offset.typicalDurationNs);
        levels.push_back(int(offset.quality));
        summary.good += offset.quality == ClockQuality::Good;
        summary.fair += offset.quality == ClockQuality::Fair;
        summary.poor += offset.quality == ClockQuality::Poor;
        summary.droppedAnchors += offset.droppedAnchors;
        summary.p2pViolations += offset.p2pViolations;
    }
    // The 90th percentile (nearest rank): one bad rank in ten does not make the job poor.
    const std::size_t p90 = (uncertainties.size() * 9 + 9) / 10 - 1;
    std::nth_element(uncertainties.begin(), uncertainties.begin() + std::ptrdiff_t(p90),
                     uncertainties.end());
    summary.uncertaintyNs = uncertainties[p90];
    std::nth_element(levels.begin(), levels.begin() + std::ptrdiff_t(p90), levels.end());
    summary.quality = ClockQuality(levels[p90]);
    summary.typicalDurationNs = medianInPlace(durations);
    return summary;
}

bool alignmentIsPoor(std::span<const ClockOffset> offsets, int rank)
{
    for (const ClockOffset &offset : offsets) {
        if (offset.rank == rank)
            return offset.quality == ClockQuality::Poor;
    }
    return false;
}

} // namespace rankscope
