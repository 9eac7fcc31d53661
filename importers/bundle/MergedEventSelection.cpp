#include "importers/bundle/MergedEventSelection.h"

#include "core/cache/SqliteStatement.h"
#include "core/cache/SqliteTransaction.h"
#include "core/cache/StackCacheReader.h"
#include "core/cache/TraceCacheReader.h"
#include "core/model/RankSet.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/StragglerTimingCoverage.h"

#include <algorithm>
#include <limits>
#include <set>

namespace rankscope {

namespace {

constexpr int kHealthyPeers = 4;

std::int64_t countBlocks(SqliteDatabase &db)
{
    SqliteStatement count = db.prepare("SELECT count(*) FROM trace_event_blocks");
    return count.step() ? count.columnInt64(0) : 0;
}

// The aligned time from which the suspects' events are kept: the start of the window before
// the earliest first anomalous window of any suspect.
std::int64_t keepFromNs(const StragglerReport &report, const TraceWindowTable &table)
{
    std::int64_t from = std::numeric_limits<std::int64_t>::max();
    for (const StragglerSuspect &suspect : report.suspects) {
        std::int64_t start = suspect.firstWindowStartNs;
        for (const TraceWindowRow &row : table.rows) {
            if (row.window == suspect.firstWindow - 1)
                start = std::min(start, row.startNs);
        }
        from = std::min(from, start);
    }
    return from;
}

// Healthy ranks spread over the job: evenly spaced among the traced ranks that are no suspect
// and not on a suspect's node (so, in a job of several nodes, mostly on different nodes).
std::vector<int> healthyPeers(const std::set<int> &traced, const std::set<int> &suspects,
                              const JobInfo &job)
{
    std::vector<int> candidates;
    std::set<std::string> suspectNodes;
    for (const int rank : suspects)
        suspectNodes.insert(job.nodeOf(rank));
    for (const int rank : traced) {
        const std::string node = job.nodeOf(rank);
        if (!suspects.contains(rank) && (node.empty() || !suspectNodes.contains(node)))
            candidates.push_back(rank);
    }
    if (candidates.empty()) {
        for (const int rank : traced)
            if (!suspects.contains(rank))
                candidates.push_back(rank);
    }
    std::vector<int> peers;
    const int want = std::min(kHealthyPeers, int(candidates.size()));
    for (int i = 0; i < want; ++i) {
        const int rank =
            candidates[std::size_t(std::int64_t(i) * std::int64_t(candidates.size()) / want)];
        if (std::find(peers.begin(), peers.end(), rank) == peers.end())
            peers.push_back(rank);
    }
    return peers;
}

} // namespace

EventSelection keepTraceEvents(SqliteDatabase &db, KeptEvents kept)
{
    EventSelection selection;
    const std::int64_t before = countBlocks(db);
    if (kept == KeptEvents::All || before == 0) {
        selection.keptBlocks = before;
        return selection;
    }
    SqliteTransaction transaction(db);
    if (kept == KeptEvents::None) {
        db.exec("DELETE FROM trace_event_blocks");
    } else {
        const JobInfo job = loadStackDataset(db).job;
        const TraceOverview overview = loadTraceOverview(db);
        TraceWindowTable table = loadTraceWindows(db, WindowAxis::Iteration, 0);
        if (table.rows.empty())
            table = loadTraceWindows(db, WindowAxis::TimeBin, 0);
        const StragglerTimingCoverage coverage = stragglerTimingCoverage(table, job, false);
        const StragglerParams params = withClockAlignment({}, clockOffsetsOf(overview));
        const StragglerReport report = analyzeStragglersWithCoverage(table, job, coverage, params);

        std::set<int> suspects;
        for (const StragglerSuspect &suspect : report.suspects)
            suspects.insert(suspect.ranks.begin(), suspect.ranks.end());
        std::set<int> traced;
        SqliteStatement ranks =
            db.prepare("SELECT DISTINCT rank FROM trace_files WHERE active = 1 AND rank >= 0");
        while (ranks.step())
            traced.insert(ranks.columnInt(0));
        std::set<int> keep = suspects;
        for (const int peer : healthyPeers(traced, suspects, job))
            keep.insert(peer);
        const std::int64_t from =
            suspects.empty() ? std::numeric_limits<std::int64_t>::min() : keepFromNs(report, table);

        db.exec("CREATE TEMP TABLE kept_ranks(rank INTEGER PRIMARY KEY)");
        SqliteStatement insert = db.prepare("INSERT INTO temp.kept_ranks VALUES(?)");
        for (const int rank : keep)
            insert.bind(1, rank).run();
        // Block times are the rank's own clock: local = aligned + offset.
        SqliteStatement drop = db.prepare(
            "DELETE FROM trace_event_blocks WHERE id IN (SELECT b.id FROM trace_event_blocks b "
            "JOIN trace_files t ON t.id = b.trace_id LEFT JOIN trace_clock_offsets o ON "
            "o.rank = t.rank WHERE t.rank IS NULL OR t.active = 0 OR t.rank NOT IN (SELECT rank "
            "FROM temp.kept_ranks) OR b.end_ns - coalesce(o.offset_ns, 0) < ?)");
        drop.bind(1, from).run();
        db.exec("DROP TABLE temp.kept_ranks");
        std::vector<int> keptList(keep.begin(), keep.end());
        selection.keptRanks = RankSet::fromVector(keptList).toString();
    }
    transaction.commit();
    selection.keptBlocks = countBlocks(db);
    selection.droppedBlocks = before - selection.keptBlocks;
    return selection;
}

} // namespace rankscope
