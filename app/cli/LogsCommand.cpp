#include "app/cli/BundleLoading.h"
#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/LogCacheReader.h"
#include "core/diff/LogDiff.h"
#include "core/diff/StepTimeComparison.h"
#include "core/logs/JobStepSeries.h"
#include "core/logs/LogAnalysis.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

namespace rankscope::cli {

namespace {

// Flag bits and their names, in the order they are printed.
constexpr std::pair<std::uint32_t, const char *> kFlagNames[] = {
    {LogTemplateFlag::MinorityHas, "minority_has"},
    {LogTemplateFlag::MinorityLacks, "minority_lacks"},
    {LogTemplateFlag::NewLate, "new_late"},
    {LogTemplateFlag::Burst, "burst"},
    {LogTemplateFlag::ErrorSeverity, "error_severity"},
    {LogTemplateFlag::RankZeroOnly, "rank_zero_only"},
    {LogTemplateFlag::ControlPlane, "control_plane"},
    {LogTemplateFlag::Cause, "cause"},
    {LogTemplateFlag::Echo, "echo"},
    {LogTemplateFlag::Suspect, "suspect"},
};

std::vector<std::string> flagNames(std::uint32_t flags)
{
    std::vector<std::string> names;
    for (const auto &[bit, name] : kFlagNames) {
        if (flags & bit)
            names.emplace_back(name);
    }
    return names;
}

// "2026-11-29T12:31:04.123Z"; "" for 0 (no timestamp seen).
std::string isoTime(std::int64_t timeNs)
{
    if (timeNs <= 0)
        return std::string();
    const std::time_t seconds = std::time_t(timeNs / 1000000000);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char text[40];
    const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts);
    std::snprintf(text + length, sizeof text - length, ".%03dZ",
                  int((timeNs % 1000000000) / 1000000));
    return text;
}

nlohmann::json templateJson(const LogTemplateSummary &templ)
{
    nlohmann::json json;
    json["id"] = templ.id;
    json["text"] = templ.text;
    json["severity"] = logSeverityKey(templ.severity);
    json["builtin"] =
        templ.builtinName.empty() ? nlohmann::json(nullptr) : nlohmann::json(templ.builtinName);
    json["role"] = templ.role;
    json["count"] = templ.count;
    json["has"] = templ.has.toString();
    json["missing"] = templ.missing.toString();
    json["first_time_ns"] = templ.firstTimeNs;
    json["first_time"] = isoTime(templ.firstTimeNs);
    json["first_iteration"] =
        templ.firstIteration >= 0 ? nlohmann::json(templ.firstIteration) : nlohmann::json(nullptr);
    json["first_rank"] = templ.firstRank;
    json["flags"] = flagNames(templ.flags);
    json["score"] = templ.score;
    return json;
}

nlohmann::json suspectJson(const LogSuspect &suspect)
{
    nlohmann::json json;
    json["kind"] = logSuspectKindKey(suspect.kind);
    json["template"] =
        suspect.templ == kNoTemplate ? nlohmann::json(nullptr) : nlohmann::json(suspect.templ);
    json["ranks"] = suspect.ranks.toString();
    json["node"] = suspect.node;
    json["score"] = suspect.score;
    json["reason"] = suspect.reason;
    json["effect"] = suspect.effect;
    return json;
}

std::string score(double value);

nlohmann::json optionalNumber(double value)
{
    return std::isnan(value) ? nlohmann::json(nullptr) : nlohmann::json(value);
}

// The job's step time and loss per iteration from its iteration lines, and its steady figure.
nlohmann::json stepSeriesJson(const JobStepSeries &series)
{
    nlohmann::json json;
    json["source"] = jobStepSourceKey(series.source);
    json["framework"] = series.framework;
    json["ranks"] = series.ranks;
    json["step_time_from_gaps"] = series.stepTimeFromGaps;
    const SteadyStepTime steady = steadyStepTime(series);
    json["steady"] = {
        {"known", steady.known},
        {"median_step_ms", steady.known ? nlohmann::json(steady.medianMs) : nlohmann::json()},
        {"from_iteration", steady.known ? nlohmann::json(steady.fromIteration) : nlohmann::json()},
        {"to_iteration", steady.known ? nlohmann::json(steady.toIteration) : nlohmann::json()},
        {"iteration_lines", steady.samples},
        {"warmup_lines_skipped", steady.warmupSkipped}};
    nlohmann::json points = nlohmann::json::array();
    for (const JobStepPoint &point : series.points)
        points.push_back({{"iteration", point.iteration},
                          {"time_ns", point.timeNs},
                          {"step_ms", optionalNumber(point.stepTimeMs)},
                          {"loss", optionalNumber(point.loss)}});
    json["points"] = std::move(points);
    return json;
}

void writeStepSeriesText(const JobStepSeries &series, std::ostream &out)
{
    if (series.empty()) {
        out << "Iterations: no iteration lines\n";
        return;
    }
    out << "Iterations: " << series.points.size() << " (" << series.framework << ", "
        << (series.source == JobStepSource::Unprefixed
                ? std::string("lines of no rank")
                : "median over " + std::to_string(series.ranks) + " rank(s)")
        << ")";
    const SteadyStepTime steady = steadyStepTime(series);
    if (steady.known)
        out << ", step time " << stepTimeText(steady.medianMs) << " median over iterations "
            << steady.fromIteration << "-" << steady.toIteration << " (first "
            << steady.warmupSkipped << " skipped as warm-up)";
    const auto firstLoss = std::find_if(series.points.begin(), series.points.end(),
                                        [](const JobStepPoint &p) { return !std::isnan(p.loss); });
    const auto lastLoss = std::find_if(series.points.rbegin(), series.points.rend(),
                                       [](const JobStepPoint &p) { return !std::isnan(p.loss); });
    if (firstLoss != series.points.end())
        out << ", loss " << score(firstLoss->loss) << " -> " << score(lastLoss->loss);
    out << "\n";
}

std::string score(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

std::int64_t copiesOf(const LogAnalysisInput &input)
{
    std::int64_t copies = 0;
    for (const StoredLogFile &file : input.files)
        copies += file.duplicates;
    return copies;
}

void writeText(const LogAnalysis &analysis, const LogAnalysisInput &input,
               const JobStepSeries &series, std::int64_t limit, std::ostream &out)
{
    out << "Summary: " << analysis.summary << "\n";
    out << "Logs: " << input.files.size() << " files, " << input.events.size() << " events, "
        << analysis.templates.size() << " templates, " << analysis.suspiciousTemplates
        << " suspicious\n";
    if (!analysis.cause.empty())
        out << "First cause: " << analysis.cause << "\n";
    if (const std::int64_t copies = copiesOf(input); copies > 0)
        out << "      " << copies
            << " more lines are copies of these events in another file (a rank's own log and "
               "the launcher's output); each counts once\n";
    writeStepSeriesText(series, out);
    if (analysis.anchorTimeNs > 0)
        out << "Earliest suspicious event: " << isoTime(analysis.anchorTimeNs) << " on "
            << (analysis.anchorRank >= 0 ? "rank " + std::to_string(analysis.anchorRank)
                                         : std::string("the launcher"))
            << "\n";
    if (analysis.suspects.empty()) {
        out << "Suspects: none\n";
    } else {
        out << "Suspects:\n";
        int index = 1;
        for (const LogSuspect &suspect : analysis.suspects)
            out << "  " << index++ << ". [" << logSuspectKindKey(suspect.kind)
                << (suspect.effect ? ", effect" : "") << ", score " << score(suspect.score) << "] "
                << suspect.reason << "\n";
    }
    out << "Templates (most suspicious first):\n";
    std::int64_t shown = 0;
    for (const LogTemplateSummary &templ : analysis.templates) {
        if (shown++ == limit) {
            out << "  ... " << (std::int64_t(analysis.templates.size()) - limit)
                << " more (--limit N, or --format json for all)\n";
            break;
        }
        out << "  #" << templ.id << "  " << logSeverityKey(templ.severity) << "  x" << templ.count
            << "  " << templ.text.substr(0, templ.text.find('\n')) << "\n";
        out << "      ranks " << (templ.has.empty() ? std::string("-") : templ.has.toString());
        if (!templ.missing.empty())
            out << ", missing " << templ.missing.toString();
        out << " (" << templ.role << ")";
        if (templ.firstTimeNs > 0)
            out << ", first " << isoTime(templ.firstTimeNs);
        if (templ.firstIteration >= 0)
            out << " iteration " << templ.firstIteration;
        const std::vector<std::string> flags = flagNames(templ.flags);
        if (!flags.empty()) {
            out << ", flags";
            for (const std::string &flag : flags)
                out << ' ' << flag;
        }
        out << "\n";
    }
}

} // namespace

int runLogsCommand(const CliArguments &args, CliContext &context)
{
    const std::string format = args.choice("--format", {"text", "json"}, "text");
    const std::int64_t limit = args.integer("--limit", 40, 0, 1 << 30);
    const ImportResult imported = importBundleWithProgress(importOptionsFrom(args), context);
    const auto db = openStackCacheReader(imported.summary.cacheFile);
    const std::string bundle = args.positional().front();
    if (!hasLogData(*db)) {
        const int files = imported.summary.logFiles;
        throw CliInputError(files == 0 ? bundle + " has no logs: put the job's log files in logs/ "
                                                  "(for example logs/rank0.log or "
                                                  "logs/launcher.out)"
                                       : bundle + " has " + std::to_string(files) +
                                             " log file(s) in logs/ but none is usable; "
                                             "'rankscope-cli import " +
                                             bundle + "' lists the problems");
    }
    const LogAnalysisInput input = loadLogAnalysisInput(*db, imported.stacks.job);
    LogAnalysis analysis =
        analyzeLogs(input.events, input.templates, input.iterations, input.job, input.context);
    const JobStepSeries series = jobStepSeries(input.iterations);
    // With a healthy baseline, what it logs as often ranks below what is new (as in the window).
    if (const std::optional<std::string> baseline = args.value("--baseline")) {
        ImportOptions options = importOptionsFrom(args);
        options.bundlePath = *baseline;
        const ImportResult base = importBundleWithProgress(options, context);
        const auto baseDb = openStackCacheReader(base.summary.cacheFile);
        const LogAnalysisInput baseInput = hasLogData(*baseDb)
                                               ? loadLogAnalysisInput(*baseDb, base.stacks.job)
                                               : LogAnalysisInput{};
        demoteBaselineTemplates(analysis, diffLogs(baseInput, input));
    }

    if (format == "json") {
        nlohmann::json json;
        json["summary"] = analysis.summary;
        json["cause"] =
            analysis.cause.empty() ? nlohmann::json(nullptr) : nlohmann::json(analysis.cause);
        json["suspicious_templates"] = analysis.suspiciousTemplates;
        json["files"] = input.files.size();
        json["events"] = input.events.size(); // each event once: copies are left out
        json["copies"] = copiesOf(input);
        json["step_series"] = stepSeriesJson(series);
        json["anchor"] = {{"time_ns", analysis.anchorTimeNs},
                          {"time", isoTime(analysis.anchorTimeNs)},
                          {"rank", analysis.anchorRank}};
        nlohmann::json suspects = nlohmann::json::array();
        for (const LogSuspect &suspect : analysis.suspects)
            suspects.push_back(suspectJson(suspect));
        json["suspects"] = std::move(suspects);
        nlohmann::json templates = nlohmann::json::array();
        for (const LogTemplateSummary &templ : analysis.templates)
            templates.push_back(templateJson(templ));
        json["templates"] = std::move(templates);
        nlohmann::json last = nlohmann::json::object();
        for (std::size_t rank = 0; rank < analysis.lastIteration.size(); ++rank) {
            if (analysis.lastIteration[rank] >= 0)
                last[std::to_string(rank)] = analysis.lastIteration[rank];
        }
        json["last_iteration"] = std::move(last);
        context.out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    } else {
        writeText(analysis, input, series, limit, context.out);
    }
    return kExitSuccess;
}

} // namespace rankscope::cli
