#pragma once

// A hand-built collective hang for the Collectives view, shaped like the issue's story: in
// DATA_PARALLEL_GROUP (pg "3") every member is scheduled in all_reduce #kStuckSeq while the
// ranks in `behind` never got there (their last entry is #kStuckSeq-1, completed); one rank
// (`mismatch`, optional) runs broadcast at #kStuckSeq-2 where the others run all_reduce; one
// rank (`noDump`, optional) left no record. The world group "0" (default_pg) completed its
// barriers. The report is written by hand as the analysis would word it, so the view's tests
// need no analysis.
#include "core/collectives/CollectiveAnalysis.h"
#include "core/model/CollectiveProgress.h"
#include "views/collectives/CollectiveStrip.h"

#include <memory>
#include <string>
#include <vector>

namespace rankscope_test {

inline constexpr std::int64_t kStuckSeq = 20417;
inline constexpr int kEntriesPerRank = 12;
inline constexpr std::int64_t kCollectiveT0 = 1'764'600'000'000'000'000;

struct CollectiveFixtureOptions
{
    int ranks = 64;
    std::vector<int> behind{13};
    int mismatch = -1;
    int noDump = -1;
};

inline rankscope::CollectiveEntry collectiveEntry(int rank, std::int64_t seq, const char *op,
                                                  rankscope::CollectiveState state)
{
    using namespace rankscope;
    CollectiveEntry e;
    e.rank = rank;
    e.groupRank = rank;
    e.pgName = "3";
    e.pgDesc = "DATA_PARALLEL_GROUP";
    e.pgId = 3;
    e.collectiveSeq = seq;
    e.opId = seq;
    e.recordId = seq - (kStuckSeq - kEntriesPerRank);
    e.op = op;
    e.profilingName = std::string("nccl:") + op;
    e.inputSizes = "4096x5120";
    e.outputSizes = "4096x5120";
    e.inputNumel = e.outputNumel = 4096 * 5120;
    e.inputDtypes = e.outputDtypes = "BFloat16";
    e.state = state;
    e.createdNs = kCollectiveT0 + (seq - kStuckSeq) * 250'000'000 + rank * 1000;
    if (state != CollectiveState::Scheduled)
        e.startedNs = e.createdNs + 2'000'000;
    if (state == CollectiveState::Completed)
        e.completedNs = e.startedNs + 40'000'000;
    e.timeoutMs = 600000;
    e.threadName = "pt_main_thread";
    e.threadId = "140213";
    e.frames = {{"all_reduce", "torch/distributed/distributed_c10d.py", 2501},
                {"allreduce_gradients", "megatron/core/distributed/param_and_grad_buffer.py", 377},
                {"train_step", "megatron/training/training.py", 1204}};
    e.evidence = CollectiveEvidence::FlightRecorder;
    e.source.file = "fr/nccl_trace_rank_" + std::to_string(rank);
    e.source.byteOffset = 120 + 400 * e.recordId;
    return e;
}

inline std::shared_ptr<rankscope::CollectiveDataset>
makeCollectiveDataset(const CollectiveFixtureOptions &o)
{
    using namespace rankscope;
    auto data = std::make_shared<CollectiveDataset>();
    data->worldSize = o.ranks;
    ProcessGroupConfig dp{"3", "DATA_PARALLEL_GROUP", {}, "fr/nccl_trace_rank_0"};
    ProcessGroupConfig world{"0", "default_pg", {}, "fr/nccl_trace_rank_0"};
    for (int r = 0; r < o.ranks; ++r) {
        dp.ranks.push_back(r);
        world.ranks.push_back(r);
    }
    data->groups = {world, dp};
    auto isBehind = [&](int r) {
        return std::find(o.behind.begin(), o.behind.end(), r) != o.behind.end();
    };
    for (int r = 0; r < o.ranks; ++r) {
        if (r == o.noDump)
            continue;
        CollectiveDumpInfo dump;
        dump.rank = r;
        dump.file = "fr/nccl_trace_rank_" + std::to_string(r);
        dump.version = "2.9";
        dump.libVersion = "2.27.3";
        dump.entries = kEntriesPerRank;
        dump.hasFrames = true;
        data->dumps.push_back(dump);
        const std::int64_t last = isBehind(r) ? kStuckSeq - 1 : kStuckSeq;
        for (std::int64_t seq = kStuckSeq - kEntriesPerRank + 1; seq <= last; ++seq) {
            const bool stuck = seq == kStuckSeq;
            const char *op = (r == o.mismatch && seq == kStuckSeq - 2) ? "broadcast" : "all_reduce";
            data->entries.push_back(collectiveEntry(
                r, seq, op, stuck ? CollectiveState::Scheduled : CollectiveState::Completed));
        }
        // The world group: two barriers, both completed.
        for (std::int64_t seq = 1; seq <= 2; ++seq) {
            CollectiveEntry e = collectiveEntry(r, seq, "barrier", CollectiveState::Completed);
            e.pgName = "0";
            e.pgDesc = "default_pg";
            e.pgId = 0;
            data->entries.push_back(e);
        }
        CollectiveGroupStatus status;
        status.rank = r;
        status.pgName = "3";
        status.pgDesc = "DATA_PARALLEL_GROUP";
        status.lastEnqueued = last;
        status.lastStarted = isBehind(r) ? last : last - 1;
        status.lastCompleted = isBehind(r) ? last : last - 1;
        data->statuses.push_back(status);
    }
    return data;
}

inline std::shared_ptr<rankscope::CollectiveReport>
makeCollectiveReport(const rankscope::CollectiveDataset &data, const CollectiveFixtureOptions &o)
{
    using namespace rankscope;
    auto report = std::make_shared<CollectiveReport>();
    report->worldSize = o.ranks;
    report->leadGroup = "3";
    RankSet all = RankSet::range(0, o.ranks - 1);
    RankSet behind = RankSet::fromVector(o.behind);
    for (const ProcessGroupConfig &config : data.groups) {
        CollectiveGroupProgress group;
        group.name = config.name;
        group.desc = config.desc;
        group.members = all;
        for (int r = 0; r < o.ranks; ++r) {
            CollectiveRankProgress p;
            p.rank = r;
            p.hasRecords = r != o.noDump;
            if (config.name == "3" && p.hasRecords) {
                p.lastEnqueued = behind.contains(r) ? kStuckSeq - 1 : kStuckSeq;
                p.lastCompleted = kStuckSeq - 1;
                p.lastStarted = kStuckSeq - 1;
            } else if (p.hasRecords) {
                p.lastEnqueued = p.lastStarted = p.lastCompleted = 2;
            }
            group.ranks.push_back(p);
        }
        if (config.name == "3") {
            group.firstDisagreement = o.mismatch >= 0 ? kStuckSeq - 2 : kStuckSeq;
            group.blockedRanks = o.ranks - int(o.behind.size());
        }
        report->groups.push_back(group);
    }
    const std::string ranksText = behind.toString();
    const RankSet waiting =
        all - behind - (o.noDump >= 0 ? RankSet::fromVector({o.noDump}) : RankSet());
    report->verdictKind = CollectiveVerdictKind::Suspects;
    report->verdict = (behind.count() == 1 ? "Rank " : "Ranks ") + ranksText +
                      " did not join all_reduce #" + std::to_string(kStuckSeq) +
                      " of pg 3 (DATA_PARALLEL_GROUP), which the other " +
                      std::to_string(waiting.count()) +
                      " ranks of that group are waiting in; their last completed collective is #" +
                      std::to_string(kStuckSeq - 1) + ".";
    CollectiveSuspect lead;
    lead.kind = CollectiveSuspectKind::Behind;
    lead.ranks = behind;
    lead.waitingRanks = waiting;
    lead.pgName = "3";
    lead.pgDesc = "DATA_PARALLEL_GROUP";
    lead.seq = kStuckSeq;
    lead.op = "all_reduce";
    lead.reason = report->verdict;
    lead.othersCallSite =
        collectiveEntry(0, kStuckSeq, "all_reduce", CollectiveState::Scheduled).frames;
    lead.source.file = "fr/nccl_trace_rank_0";
    report->suspects.push_back(lead);
    if (o.mismatch >= 0) {
        CollectiveSuspect m;
        m.kind = CollectiveSuspectKind::Mismatch;
        m.ranks = RankSet::fromVector({o.mismatch});
        m.waitingRanks = all - m.ranks;
        m.pgName = "3";
        m.pgDesc = "DATA_PARALLEL_GROUP";
        m.seq = kStuckSeq - 2;
        m.op = "broadcast";
        m.othersOp = "all_reduce";
        m.reason = "Rank " + std::to_string(o.mismatch) + " runs broadcast at #" +
                   std::to_string(kStuckSeq - 2) + " of pg 3 where the others run all_reduce.";
        report->suspects.push_back(m);
    }
    if (o.noDump >= 0) {
        CollectiveSuspect n;
        n.kind = CollectiveSuspectKind::NoDump;
        n.ranks = RankSet::fromVector({o.noDump});
        n.pgName = "3";
        n.pgDesc = "DATA_PARALLEL_GROUP";
        n.seq = kStuckSeq;
        n.op = "all_reduce";
        n.reason = "Rank " + std::to_string(o.noDump) + " wrote no Flight Recorder dump.";
        report->suspects.push_back(n);
    }
    return report;
}

inline std::shared_ptr<rankscope::CollectiveViewData>
makeCollectiveViewData(const CollectiveFixtureOptions &o = {})
{
    auto view = std::make_shared<rankscope::CollectiveViewData>();
    auto data = makeCollectiveDataset(o);
    auto report = makeCollectiveReport(*data, o);
    view->strips = rankscope::buildCollectiveStrips(*data, *report);
    view->dataset = data;
    view->report = report;
    return view;
}

} // namespace rankscope_test
