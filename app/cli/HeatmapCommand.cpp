#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "app/cli/TraceCommandSupport.h"
#include "core/cache/TraceCacheReader.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace rankscope::cli {

namespace {

// The metric asked for, or nullopt when --metric is absent (the default depends on the data).
std::optional<TraceMetric> metricFrom(const CliArguments &args)
{
    std::string keys;
    for (int m = 0; m < kTraceMetricCount; ++m)
        keys += (m ? ", " : "") + std::string(traceMetricKey(TraceMetric(m)));
    const std::optional<std::string> name = args.value("--metric");
    if (!name)
        return std::nullopt;
    if (auto metric = traceMetricFromKey(*name))
        return *metric;
    throw CliInputError("unknown metric '" + *name + "'; use one of " + keys);
}

// The GUI's default: caused wait when the windows have it (matched collectives), else step time.
TraceMetric defaultMetric(const TraceWindowTable &table)
{
    for (const TraceWindowRow &row : table.rows) {
        if (!std::isnan(row.value(kDefaultTraceMetric)))
            return kDefaultTraceMetric;
    }
    return TraceMetric::StepTime;
}

// Window values are whole nanoseconds (or counts) at level 0, printed exactly; the mean step
// time of a coarser level is rounded to the nearest nanosecond.
std::string csvValue(MetricValue value)
{
    if (std::isnan(value))
        return {};
    char text[32];
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(std::llround(value)));
    return text;
}

std::string csvField(const std::string &text)
{
    if (text.find_first_of(",\"\n\r") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

// The source of a rank's values of `metric` ("none" where it has no value).
const char *sourceOf(const RankTraceFormats &formats, int rank, TraceMetric metric,
                     MetricValue value)
{
    return metricSourceKey(std::isnan(value) ? MetricSource::None
                                             : rankMetricSource(metric, formats, rank));
}

void writeCsv(const TraceWindowTable &table, TraceMetric metric, const JobInfo &job,
              const RankTraceFormats &formats, std::ostream &out)
{
    out << "rank,node,window,start_ns,end_ns," << (isCountMetric(metric) ? "count" : "value_ns")
        << ",source\n";
    for (const TraceWindowRow &row : table.rows) {
        const MetricValue value = row.value(metric);
        out << row.rank << ',' << csvField(job.nodeOf(row.rank)) << ',' << row.window << ','
            << row.startNs << ',' << row.endNs << ',' << csvValue(value) << ','
            << sourceOf(formats, row.rank, metric, value) << '\n';
    }
}

nlohmann::json toJson(const TraceWindowTable &table, TraceMetric metric, const JobInfo &job,
                      const RankTraceFormats &formats)
{
    const MetricMatrix matrix = metricMatrix(table, metric);
    nlohmann::json json;
    json["metric"] = traceMetricKey(metric);
    json["title"] = traceMetricTitle(metric);
    json["axis"] = windowAxisKey(table.axis);
    json["level"] = table.level;
    json["unit"] = isCountMetric(metric) ? "count" : "ns";
    if (table.axis == WindowAxis::TimeBin) {
        json["bin_width_ns"] = table.binWidthNs;
        json["origin_ns"] = table.originNs;
    }
    json["ranks"] = matrix.ranks;
    nlohmann::json nodes = nlohmann::json::array();
    for (int rank : matrix.ranks)
        nodes.push_back(job.nodeOf(rank));
    json["nodes"] = std::move(nodes);
    json["windows"] = matrix.windows;
    json["window_start_ns"] = matrix.windowStartNs;
    json["window_end_ns"] = matrix.windowEndNs;
    nlohmann::json values = nlohmann::json::array();
    for (int r = 0; r < matrix.rowCount(); ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (int c = 0; c < matrix.columnCount(); ++c) {
            const MetricValue value = matrix.at(r, c);
            row.push_back(std::isnan(value) ? nlohmann::json(nullptr)
                                            : nlohmann::json(std::int64_t(std::llround(value))));
        }
        values.push_back(std::move(row));
    }
    json["values"] = std::move(values); // one row per rank; null: no data in that window
    // Per rank, where its values of this metric came from (one source per rank and metric).
    nlohmann::json sources = nlohmann::json::array();
    for (int r = 0; r < matrix.rowCount(); ++r) {
        MetricValue known = kNoMetricValue;
        for (int c = 0; c < matrix.columnCount() && std::isnan(known); ++c)
            known = matrix.at(r, c);
        sources.push_back(sourceOf(formats, matrix.ranks[std::size_t(r)], metric, known));
    }
    json["sources"] = std::move(sources);
    return json;
}

} // namespace

int runHeatmapCommand(const CliArguments &args, CliContext &context)
{
    // Check every option before the (possibly long) import.
    const std::optional<TraceMetric> asked = metricFrom(args);
    const std::string by = args.choice("--by", {"iteration", "time"}, "iteration");
    const std::string format = args.choice("--format", {"csv", "json"}, "csv");
    const int level = int(args.integer("--level", 0, 0, 30));
    const WindowAxis axis = by == "time" ? WindowAxis::TimeBin : WindowAxis::Iteration;

    TraceCache cache = openTraceCache(args, context);
    const TraceOverview overview = loadTraceOverview(*cache.db);
    const int levels =
        axis == WindowAxis::Iteration ? overview.iterationLevels : overview.timeLevels;
    if (levels == 0)
        throw CliInputError("the traces of " + args.positional().front() +
                            " have no ProfilerStep#N iterations; use --by time");
    if (level >= levels)
        throw CliInputError("--level " + std::to_string(level) + " does not exist: the " + by +
                            " axis has levels 0 to " + std::to_string(levels - 1));
    const TraceWindowTable table = loadTraceWindows(*cache.db, axis, level);
    const TraceMetric metric = asked ? *asked : defaultMetric(table);
    const JobInfo &job = cache.imported.stacks.job;
    const RankTraceFormats formats = loadRankTraceFormats(*cache.db);
    if (format == "json")
        context.out << toJson(table, metric, job, formats).dump(2) << '\n';
    else
        writeCsv(table, metric, job, formats, context.out);
    return kExitSuccess;
}

} // namespace rankscope::cli
