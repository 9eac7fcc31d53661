#pragma once

// The steps of alignClocks (ClockAlignment.h), shared by its source files: the ranks' anchors,
// their grouping into clock domains (nodes), point-to-point pairs, and the quality measured
// once the offsets are known. Not an API of its own.

#include "core/traces/ClockAlignment.h"

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace rankscope::clock_detail {

using KeyedTime = std::pair<std::uint64_t, std::int64_t>; // (collective key or step, time)

struct KeyedEnd
{
    std::uint64_t key = 0;
    std::int64_t endNs = 0;
    std::int64_t durationNs = 0;
};

// One input rank, in rank order.
struct RankAnchors
{
    int rank = -1;
    const std::string *node = nullptr;
    std::size_t domain = 0;
    std::vector<KeyedEnd> collectiveEnds; // Collective records, by key, one per key
    std::vector<KeyedTime> stepStarts;    // by step, one per step
    int droppedAnchors = 0;
    bool offClock = false; // contradicted its node's clock: aligned on its own

    bool hasData() const { return !collectiveEnds.empty() || !stepStarts.empty(); }
};

// One clock: the ranks of a node, or a rank whose node is unknown.
struct ClockDomain
{
    std::string node;
    std::vector<std::size_t> members;      // RankAnchors indices, ascending (rank order)
    std::vector<KeyedTime> collectiveEnds; // by key: the members' agreed end
    std::vector<KeyedTime> stepStarts;     // by step: the median of the members' starts
    bool hasData = false;
    bool aligned = false;
    std::int64_t offsetNs = 0;
    ClockOffsetSource source = ClockOffsetSource::None;
    int anchors = 0;
    std::int64_t spreadNs = 0;
    std::int64_t boundNs = 0; // PointToPoint: half the width of the bracket
};

// A send matched with its recv (the same key on two ranks).
struct PointToPointPair
{
    std::size_t sender = 0; // RankAnchors indices
    std::size_t receiver = 0;
    std::int64_t sendStartNs = 0; // local clocks
    std::int64_t sendEndNs = 0;
    std::int64_t recvStartNs = 0;
    std::int64_t recvEndNs = 0;
};

// Anchors of every input, in rank order (`order` maps them to the inputs).
std::vector<RankAnchors> rankAnchors(std::span<const RankClockInput> ranks,
                                     std::vector<std::size_t> &order);
// Groups ranks by node; checks each node's collective ends against one another (dropping the
// contradicting ones, counted in RankAnchors::droppedAnchors) and keeps one end per key.
std::vector<ClockDomain> clockDomains(std::vector<RankAnchors> &ranks);
// Every send whose recv is in the input, by key.
std::vector<PointToPointPair> pointToPointPairs(std::span<const RankClockInput> ranks,
                                                std::span<const std::size_t> order,
                                                std::span<const RankAnchors> anchors);

// Walks the domains from the reference: collectives, then p2p bounds, steps, in turn.
void alignDomains(std::vector<ClockDomain> &domains, std::span<const RankAnchors> ranks,
                  std::span<const PointToPointPair> pairs);

// Fills uncertaintyNs, typicalDurationNs, p2pViolations and quality of `offsets` (by rank, the
// final offsets in force, manifest included).
void measureClockQuality(std::vector<ClockOffset> &offsets, std::span<const RankAnchors> anchors,
                         std::span<const ClockDomain> domains,
                         std::span<const PointToPointPair> pairs);

} // namespace rankscope::clock_detail
