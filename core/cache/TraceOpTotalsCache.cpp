#include "core/cache/TraceOpTotalsCache.h"

#include "core/cache/SqliteStatement.h"
#include "core/cache/TraceCacheReader.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace rankscope {

std::vector<RankOpTotals> loadRankOpTotals(SqliteDatabase &db)
{
    std::vector<RankOpTotals> ranks;
    std::unordered_map<std::int64_t, std::size_t> byTrace;
    SqliteStatement spans =
        db.prepare("SELECT t.id, t.rank, s.iterations, s.span_ns FROM trace_files t "
                   "JOIN trace_op_spans s ON s.trace_id = t.id "
                   "WHERE t.active = 1 AND t.rank IS NOT NULL ORDER BY t.rank");
    while (spans.step()) {
        RankOpTotals rank;
        rank.rank = spans.columnInt(1);
        rank.iterations = spans.columnInt64(2);
        rank.spanNs = spans.columnInt64(3);
        byTrace.emplace(spans.columnInt64(0), ranks.size());
        ranks.push_back(std::move(rank));
    }
    if (ranks.empty())
        return ranks;

    // One pass over the table beats one query per rank at 1,024 ranks; rows of inactive traces
    // (a second trace claiming a rank) are skipped here.
    SqliteStatement totals =
        db.prepare("SELECT trace_id, kind, name, count, total_ns FROM trace_op_totals "
                   "ORDER BY trace_id, kind, name");
    while (totals.step()) {
        const auto found = byTrace.find(totals.columnInt64(0));
        if (found == byTrace.end())
            continue;
        OpTotal op;
        op.kind = TraceEventKind(totals.columnInt(1));
        op.name = std::string(totals.columnText(2));
        op.count = totals.columnInt64(3);
        op.totalNs = totals.columnInt64(4);
        ranks[found->second].ops.push_back(std::move(op));
    }
    return ranks;
}

std::vector<double> loadStepTimesNs(SqliteDatabase &db)
{
    std::vector<double> steps;
    const TraceWindowTable table = loadTraceWindows(db, WindowAxis::Iteration, 0);
    steps.reserve(table.rows.size());
    for (const TraceWindowRow &row : table.rows) {
        const MetricValue value = row.value(TraceMetric::StepTime);
        if (std::isfinite(value))
            steps.push_back(double(value));
    }
    return steps;
}

} // namespace rankscope
