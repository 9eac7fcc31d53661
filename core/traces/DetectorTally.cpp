#include "core/traces/DetectorTally.h"

#include "core/model/Median.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace rankscope {

namespace {

struct ReportExtremes
{
    int slowRank = -1;
    double slowMs = -1;
    double fastMs = -1;
    std::int64_t iteration = -1;
    std::int64_t timeNs = 0;
};

std::string percentText(double fraction)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.0f%%", fraction * 100);
    return text;
}

} // namespace

DetectorTally tallyDetectorReports(const std::vector<LogRankTimingRecord> &timings)
{
    // One report = one (iteration, time): the same report in rank 0's log and in the
    // launcher's output counts once. Only the round trips it printed (min and max), not the
    // ones worked out from throughput.
    std::map<std::pair<std::int64_t, std::int64_t>, ReportExtremes> reports;
    for (const LogRankTimingRecord &record : timings) {
        if (record.kind != RankTimingKind::DetectorRoundTrip || record.derived ||
            !std::isfinite(record.valueMs))
            continue;
        ReportExtremes &report = reports[{record.iteration, record.timeNs}];
        report.iteration = record.iteration;
        report.timeNs = record.timeNs;
        if (record.valueMs > report.slowMs) {
            report.slowMs = record.valueMs;
            report.slowRank = record.rank;
        }
        if (report.fastMs < 0 || record.valueMs < report.fastMs)
            report.fastMs = record.valueMs;
    }
    DetectorTally tally;
    std::map<int, std::vector<double>> excesses;
    std::map<int, const ReportExtremes *> first;
    for (const auto &[key, report] : reports) {
        if (report.slowRank < 0 || report.fastMs <= 0)
            continue;
        ++tally.reports;
        excesses[report.slowRank].push_back(report.slowMs / report.fastMs - 1);
        first.try_emplace(report.slowRank, &report);
    }
    for (auto &[rank, values] : excesses) {
        if (int(values.size()) > tally.slowestCount) {
            tally.slowestRank = rank;
            tally.slowestCount = int(values.size());
            tally.medianExcess = medianOf(values);
            tally.firstIteration = first.at(rank)->iteration;
            tally.firstTimeNs = first.at(rank)->timeNs;
        }
    }
    return tally;
}

bool tallyNamesStraggler(const DetectorTally &tally)
{
    return tally.reports >= 3 && tally.slowestRank >= 0 &&
           2 * tally.slowestCount >= tally.reports && tally.medianExcess >= 0.05;
}

void addDetectorTally(StragglerReport &report, const DetectorTally &tally, const JobInfo &job)
{
    if (!tallyNamesStraggler(tally))
        return;
    if (!report.suspects.empty())
        return; // the windows name suspects of their own: the tally adds nothing to them
    StragglerSuspect suspect;
    suspect.ranks = {tally.slowestRank};
    const std::string node = job.nodeOf(tally.slowestRank);
    if (!node.empty())
        suspect.nodes = {node};
    suspect.group = "trainer";
    suspect.metric = TraceMetric::DetectorRoundTrip;
    suspect.axis = WindowAxis::Iteration;
    suspect.firstWindow = std::max<std::int64_t>(tally.firstIteration, 0);
    suspect.firstWindowStartNs = tally.firstTimeNs;
    suspect.magnitude = tally.medianExcess;
    suspect.windowsFlagged = tally.slowestCount;
    suspect.windowsTotal = tally.reports;
    suspect.role = StragglerRole::Blocker;
    suspect.confidence = StragglerConfidence::Confirmed;
    suspect.score = suspect.magnitude * double(suspect.windowsFlagged) /
                    double(std::max(1, suspect.windowsTotal));
    suspect.reasonMessage = {
        RANKSCOPE_MESSAGE("straggler.detectorTally",
                          "rank %1 was the slowest in %2 of %3 reports of Megatron's straggler "
                          "detector (round trip %4 above the fastest rank, median); the "
                          "detector names only the fastest and slowest rank per report"),
        {tally.slowestRank, tally.slowestCount, tally.reports, percentText(tally.medianExcess)}};
    suspect.reason = suspect.reasonMessage.english();
    report.summaryMessage = suspect.reasonMessage;
    report.summary = suspect.reason;
    report.suspects.push_back(std::move(suspect));
    report.verdict = StragglerVerdict::StragglersFound;
}

} // namespace rankscope
