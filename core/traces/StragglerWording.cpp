#include "core/traces/StragglerWording.h"

#include "core/diff/DiffWording.h"
#include "core/model/RankSet.h"

#include <cmath>

namespace rankscope {

namespace {

// The noun used in the summary sentence: "its compute time is 30% above its peers'".
Message summaryNoun(TraceMetric metric)
{
    switch (metric) {
    case TraceMetric::StepTime:
        return RANKSCOPE_MESSAGE("straggler.noun.stepTime", "step time");
    case TraceMetric::ComputeTime:
        return RANKSCOPE_MESSAGE("straggler.noun.computeTime", "compute time");
    case TraceMetric::CommunicationTime:
        return RANKSCOPE_MESSAGE("straggler.noun.communicationTime", "communication time");
    case TraceMetric::ExposedCommunication:
        return RANKSCOPE_MESSAGE("straggler.noun.exposedCommunication", "exposed communication");
    case TraceMetric::CollectiveWait:
        return RANKSCOPE_MESSAGE("straggler.noun.collectiveWait", "collective wait");
    case TraceMetric::CommunicationTransfer:
        return RANKSCOPE_MESSAGE("straggler.noun.communicationTransfer",
                                 "communication transfer time");
    case TraceMetric::CausedWait:
        return RANKSCOPE_MESSAGE("straggler.noun.causedWait", "wait it causes at collectives");
    case TraceMetric::LateArrivals:
        return RANKSCOPE_MESSAGE("straggler.noun.lateArrivals",
                                 "count of last arrivals at collectives");
    case TraceMetric::GpuIdle:
        return RANKSCOPE_MESSAGE("straggler.noun.gpuIdle", "GPU idle time");
    case TraceMetric::CpuOpTime:
        return RANKSCOPE_MESSAGE("straggler.noun.cpuOpTime", "CPU op time");
    case TraceMetric::LaunchGap:
        return RANKSCOPE_MESSAGE("straggler.noun.launchGap", "kernel launch gap time");
    case TraceMetric::LogProblems:
        return RANKSCOPE_MESSAGE("straggler.noun.logProblems", "error and warning log events");
    case TraceMetric::DetectorRoundTrip:
        return RANKSCOPE_MESSAGE("straggler.noun.detectorRoundTrip",
                                 "round trip in Megatron's straggler detector");
    case TraceMetric::DetectorGetBatch:
        return RANKSCOPE_MESSAGE("straggler.noun.detectorGetBatch",
                                 "get_batch latency in Megatron's straggler detector");
    case TraceMetric::TimerCompute:
        return RANKSCOPE_MESSAGE("straggler.noun.timerCompute",
                                 "forward and backward compute time (Megatron timers)");
    case TraceMetric::TimerBatch:
        return RANKSCOPE_MESSAGE("straggler.noun.timerBatch",
                                 "batch generator time (Megatron timers)");
    case TraceMetric::TimerCommunication:
        return RANKSCOPE_MESSAGE("straggler.noun.timerCommunication",
                                 "communication time (Megatron timers)");
    case TraceMetric::CommunicationPerGigabyte:
        return RANKSCOPE_MESSAGE("straggler.noun.commPerGigabyte",
                                 "communication time per GB on the bus");
    case TraceMetric::Count:
        break;
    }
    return RANKSCOPE_MESSAGE("straggler.noun.time", "time");
}

bool isNodeSuspect(const StragglerSuspect &suspect)
{
    return suspect.ranks.size() > 1 && suspect.nodes.size() == 1;
}

// "rank 137 (node-17)", "node-3 (ranks 24-31)", "ranks 4-5".
Message subject(const StragglerSuspect &suspect)
{
    const std::string ranks = RankSet::fromVector(suspect.ranks).toString();
    if (isNodeSuspect(suspect))
        return {RANKSCOPE_MESSAGE("straggler.subject.node", "%1 (ranks %2)"),
                {suspect.nodes.front(), ranks}};
    const bool one = suspect.ranks.size() == 1;
    if (suspect.nodes.size() == 1 && !suspect.nodes.front().empty()) {
        if (one)
            return {RANKSCOPE_MESSAGE("straggler.subject.rankOnNode", "rank %1 (%2)"),
                    {ranks, suspect.nodes.front()}};
        return {RANKSCOPE_MESSAGE("straggler.subject.ranksOnNode", "ranks %1 (%2)"),
                {ranks, suspect.nodes.front()}};
    }
    if (one)
        return {RANKSCOPE_MESSAGE("straggler.subject.rank", "rank %1"), {ranks}};
    return {RANKSCOPE_MESSAGE("straggler.subject.ranks", "ranks %1"), {ranks}};
}

std::string percent(double magnitude)
{
    return std::to_string(long(std::lround(std::abs(magnitude) * 100))) + "%";
}

// "10th", "2nd", "23rd", "11th".
Message ordinal(int number)
{
    const int lastTwo = number % 100;
    const int last = number % 10;
    if (lastTwo < 11 || lastTwo > 13) {
        if (last == 1)
            return {RANKSCOPE_MESSAGE("ordinal.st", "%1st"), {number}};
        if (last == 2)
            return {RANKSCOPE_MESSAGE("ordinal.nd", "%1nd"), {number}};
        if (last == 3)
            return {RANKSCOPE_MESSAGE("ordinal.rd", "%1rd"), {number}};
    }
    return {RANKSCOPE_MESSAGE("ordinal.th", "%1th"), {number}};
}

// Two significant digits: an estimate should not look more precise than it is ("940 ms",
// "7.6 s", "38 ms").
std::string approximate(double ns)
{
    const auto rounded = [](double value) {
        if (value == 0)
            return value;
        const double scale = std::pow(10.0, std::floor(std::log10(std::abs(value))) - 1);
        return std::round(value / scale) * scale;
    };
    const double magnitude = std::abs(rounded(ns));
    if (magnitude >= 120e9)
        return shortNumber(rounded(ns / 60e9), 2) + " min";
    if (magnitude >= 1e9)
        return shortNumber(rounded(ns / 1e9), 2) + " s";
    if (magnitude >= 1e6)
        return shortNumber(rounded(ns / 1e6), 2) + " ms";
    if (magnitude >= 1e3)
        return shortNumber(rounded(ns / 1e3), 2) + " \u00b5s";
    return shortNumber(rounded(ns), 2) + " ns";
}

bool iterations(WindowAxis axis)
{
    return axis == WindowAxis::Iteration;
}

bool tentative(const StragglerSuspect &suspect)
{
    return suspect.confidence == StragglerConfidence::Tentative;
}

// "one window", "two windows": why a tentative suspect is only tentative.
Message tentativeWindows(const StragglerSuspect &suspect)
{
    const int windows = suspect.windowsTotal;
    if (windows <= 1)
        return RANKSCOPE_MESSAGE("straggler.windows.one", "one window");
    if (windows == 2)
        return RANKSCOPE_MESSAGE("straggler.windows.two", "two windows");
    return {RANKSCOPE_MESSAGE("straggler.windows.many", "%1 windows"), {windows}};
}

} // namespace

std::string describeDuration(double ns)
{
    return approximate(ns);
}

const char *stragglerConfidenceKey(StragglerConfidence confidence)
{
    return confidence == StragglerConfidence::Confirmed ? "confirmed" : "tentative";
}

Message describeWhenMessage(const StragglerSuspect &suspect, std::int64_t lastWindow)
{
    const bool iteration = iterations(suspect.axis);
    if (tentative(suspect)) {
        if (suspect.windowsTotal <= 1 || lastWindow <= suspect.firstWindow)
            return {RANKSCOPE_MESSAGE("straggler.when.in", "in %1"),
                    {describeWindowMessage(suspect.axis, suspect.firstWindow)}};
        if (iteration)
            return {RANKSCOPE_MESSAGE("straggler.when.inIterations", "in iterations %1-%2"),
                    {suspect.firstWindow, lastWindow}};
        return {RANKSCOPE_MESSAGE("straggler.when.inTimeBins", "in time bins %1-%2"),
                {suspect.firstWindow, lastWindow}};
    }
    Message from(RANKSCOPE_MESSAGE("straggler.when.from", "from %1"),
                 {describeWindowMessage(suspect.axis, suspect.firstWindow)});
    if (suspect.period > 1) {
        if (iteration)
            return {RANKSCOPE_MESSAGE("straggler.when.everyIteration", "every %1 iteration %2"),
                    {ordinal(suspect.period), std::move(from)}};
        return {RANKSCOPE_MESSAGE("straggler.when.everyTimeBin", "every %1 time bin %2"),
                {ordinal(suspect.period), std::move(from)}};
    }
    return from;
}

std::string describeWhen(const StragglerSuspect &suspect, std::int64_t lastWindow)
{
    return describeWhenMessage(suspect, lastWindow).english();
}

Message describeCostMessage(const StragglerSuspect &suspect)
{
    if (std::isnan(suspect.costPerWindowNs) || suspect.costWindows <= 0)
        return {};
    const bool iteration = iterations(suspect.axis);
    if (suspect.costWindows == 1) {
        if (iteration)
            return {RANKSCOPE_MESSAGE("straggler.cost.oneStep", "~%1 in that step"),
                    {approximate(suspect.costTotalNs)}};
        return {RANKSCOPE_MESSAGE("straggler.cost.oneTimeBin", "~%1 in that time bin"),
                {approximate(suspect.costTotalNs)}};
    }
    std::vector<MessageArgument> arguments{approximate(suspect.costPerWindowNs),
                                           approximate(suspect.costTotalNs), suspect.costWindows};
    if (iteration)
        return {RANKSCOPE_MESSAGE("straggler.cost.steps", "~%1 per step, %2 over %3 steps"),
                std::move(arguments)};
    return {RANKSCOPE_MESSAGE("straggler.cost.timeBins", "~%1 per time bin, %2 over %3 time bins"),
            std::move(arguments)};
}

std::string describeCost(const StragglerSuspect &suspect)
{
    return describeCostMessage(suspect).english();
}

Message describeConfidenceMessage(const StragglerSuspect &suspect)
{
    if (tentative(suspect))
        return {RANKSCOPE_MESSAGE("straggler.confidence.tentative", "tentative (%1)"),
                {tentativeWindows(suspect)}};
    if (iterations(suspect.axis))
        return {RANKSCOPE_MESSAGE("straggler.confidence.iterations",
                                  "confirmed in %1 of %2 iterations"),
                {suspect.windowsFlagged, suspect.windowsTotal}};
    return {RANKSCOPE_MESSAGE("straggler.confidence.timeBins", "confirmed in %1 of %2 time bins"),
            {suspect.windowsFlagged, suspect.windowsTotal}};
}

std::string describeConfidence(const StragglerSuspect &suspect)
{
    return describeConfidenceMessage(suspect).english();
}

const char *stragglerRoleKey(StragglerRole role)
{
    return role == StragglerRole::Blocker ? "blocker" : "waiter";
}

const char *stragglerVerdictKey(StragglerVerdict verdict)
{
    switch (verdict) {
    case StragglerVerdict::StragglersFound:
        return "stragglers_found";
    case StragglerVerdict::NoStragglers:
        return "no_stragglers";
    case StragglerVerdict::Inconclusive:
        return "inconclusive";
    case StragglerVerdict::TooFewRanks:
        return "too_few_ranks";
    case StragglerVerdict::NoData:
        return "no_data";
    }
    return "unknown";
}

Message stragglerMetricPhraseMessage(TraceMetric metric)
{
    switch (metric) {
    case TraceMetric::StepTime:
        return RANKSCOPE_MESSAGE("straggler.metric.stepTime", "step time");
    case TraceMetric::ComputeTime:
        return RANKSCOPE_MESSAGE("straggler.metric.computeTime", "compute");
    case TraceMetric::CommunicationTime:
        return RANKSCOPE_MESSAGE("straggler.metric.communicationTime", "communication");
    case TraceMetric::ExposedCommunication:
        return RANKSCOPE_MESSAGE("straggler.metric.exposedCommunication", "exposed communication");
    case TraceMetric::CollectiveWait:
        return RANKSCOPE_MESSAGE("straggler.metric.collectiveWait", "collective wait");
    case TraceMetric::CommunicationTransfer:
        return RANKSCOPE_MESSAGE("straggler.metric.communicationTransfer",
                                 "communication transfer");
    case TraceMetric::CausedWait:
        return RANKSCOPE_MESSAGE("straggler.metric.causedWait", "wait caused");
    case TraceMetric::LateArrivals:
        return RANKSCOPE_MESSAGE("straggler.metric.lateArrivals", "last arrivals");
    case TraceMetric::GpuIdle:
        return RANKSCOPE_MESSAGE("straggler.metric.gpuIdle", "GPU idle");
    case TraceMetric::CpuOpTime:
        return RANKSCOPE_MESSAGE("straggler.metric.cpuOpTime", "CPU op time");
    case TraceMetric::LaunchGap:
        return RANKSCOPE_MESSAGE("straggler.metric.launchGap", "launch gaps");
    case TraceMetric::LogProblems:
        return RANKSCOPE_MESSAGE("straggler.metric.logProblems", "log problems");
    case TraceMetric::DetectorRoundTrip:
        return RANKSCOPE_MESSAGE("straggler.metric.detectorRoundTrip", "detector round trip");
    case TraceMetric::DetectorGetBatch:
        return RANKSCOPE_MESSAGE("straggler.metric.detectorGetBatch", "detector get_batch");
    case TraceMetric::TimerCompute:
        return RANKSCOPE_MESSAGE("straggler.metric.timerCompute", "timer compute");
    case TraceMetric::TimerBatch:
        return RANKSCOPE_MESSAGE("straggler.metric.timerBatch", "timer batch generator");
    case TraceMetric::TimerCommunication:
        return RANKSCOPE_MESSAGE("straggler.metric.timerCommunication", "timer communication");
    case TraceMetric::CommunicationPerGigabyte:
        return RANKSCOPE_MESSAGE("straggler.metric.commPerGigabyte", "communication per GB");
    case TraceMetric::Count:
        break;
    }
    return RANKSCOPE_MESSAGE("straggler.metric.unknown", "unknown metric");
}

const char *stragglerMetricPhrase(TraceMetric metric)
{
    // Every phrase is a pattern without placeholders: its English is the pattern itself.
    return stragglerMetricPhraseMessage(metric).pattern();
}

Message describeWindowMessage(WindowAxis axis, std::int64_t window)
{
    if (iterations(axis))
        return {RANKSCOPE_MESSAGE("straggler.window.iteration", "iteration %1"), {window}};
    return {RANKSCOPE_MESSAGE("straggler.window.timeBin", "time bin %1"), {window}};
}

std::string describeWindow(WindowAxis axis, std::int64_t window)
{
    return describeWindowMessage(axis, window).english();
}

std::string describeExcess(double magnitude)
{
    return (magnitude < 0 ? "-" : "+") + percent(magnitude);
}

Message stragglerAlsoNoteMessage(TraceMetric metric, double magnitude)
{
    return {RANKSCOPE_MESSAGE("straggler.also", "also %1 %2"),
            {stragglerMetricPhraseMessage(metric), describeExcess(magnitude)}};
}

Message describeSuspectMessage(const StragglerSuspect &suspect, const std::vector<Message> &also,
                               std::int64_t lastWindow)
{
    Message text;
    if (also.empty()) {
        text = {RANKSCOPE_MESSAGE("straggler.suspect", "%1: %2 %3 over peer median %4, %5"),
                {subject(suspect), stragglerMetricPhraseMessage(suspect.metric),
                 describeExcess(suspect.magnitude), describeWhenMessage(suspect, lastWindow),
                 describeConfidenceMessage(suspect)}};
    } else {
        Message notes = also.front();
        for (std::size_t i = 1; i < also.size(); ++i)
            notes = {RANKSCOPE_MESSAGE("list.comma", "%1, %2"), {std::move(notes), also[i]}};
        text = {
            RANKSCOPE_MESSAGE("straggler.suspectAlso", "%1: %2 %3 over peer median %4 (%5), %6"),
            {subject(suspect), stragglerMetricPhraseMessage(suspect.metric),
             describeExcess(suspect.magnitude), describeWhenMessage(suspect, lastWindow),
             std::move(notes), describeConfidenceMessage(suspect)}};
    }
    if (Message cost = describeCostMessage(suspect); !cost.empty())
        text = {RANKSCOPE_MESSAGE("straggler.suspect.cost", "%1; costs the job %2"),
                {std::move(text), std::move(cost)}};
    if (suspect.role == StragglerRole::Waiter)
        text = {RANKSCOPE_MESSAGE("straggler.suspect.waiter",
                                  "%1; it waits for other ranks rather than making them wait"),
                {std::move(text)}};
    return text;
}

std::string describeSuspect(const StragglerSuspect &suspect, const std::string &alsoNote,
                            std::int64_t lastWindow)
{
    std::vector<Message> also;
    if (!alsoNote.empty())
        also.push_back(Message::verbatim(alsoNote));
    return describeSuspectMessage(suspect, also, lastWindow).english();
}

namespace {

// "No straggler found in the 2 iterations the traces hold: ...": a spatial answer only, so it
// says what was compared and what it cannot tell.
Message shortTraceNoStraggler(const StragglerReport &report, int persistentWindows)
{
    const bool one = report.windows == 1;
    if (iterations(report.axis)) {
        if (one)
            return {RANKSCOPE_MESSAGE("straggler.summary.noneInOneIteration",
                                      "No straggler found in the one iteration the traces hold: "
                                      "no rank stands out as slower at its own work while its "
                                      "peers wait for it (%1 or more iterations would also test "
                                      "persistence)."),
                    {persistentWindows}};
        return {RANKSCOPE_MESSAGE("straggler.summary.noneInIterations",
                                  "No straggler found in the %1 iterations the traces hold: no "
                                  "rank stands out as slower at its own work while its peers "
                                  "wait for it (%2 or more iterations would also test "
                                  "persistence)."),
                {report.windows, persistentWindows}};
    }
    if (one)
        return {RANKSCOPE_MESSAGE("straggler.summary.noneInOneTimeBin",
                                  "No straggler found in the one time bin the traces hold: no "
                                  "rank stands out as slower at its own work while its peers "
                                  "wait for it (%1 or more time bins would also test "
                                  "persistence)."),
                {persistentWindows}};
    return {RANKSCOPE_MESSAGE("straggler.summary.noneInTimeBins",
                              "No straggler found in the %1 time bins the traces hold: no rank "
                              "stands out as slower at its own work while its peers wait for it "
                              "(%2 or more time bins would also test persistence)."),
            {report.windows, persistentWindows}};
}

// "its compute time is 38% above its peers' from iteration 1498" (the ranks' for a node).
Message blockerClause(const StragglerSuspect &top, bool node, std::int64_t lastWindow)
{
    std::vector<MessageArgument> arguments{summaryNoun(top.metric), percent(top.magnitude),
                                           describeWhenMessage(top, lastWindow)};
    const bool below = top.magnitude < 0;
    if (node)
        return below ? Message(RANKSCOPE_MESSAGE("straggler.clause.nodeBelow",
                                                 "its ranks' %1 is %2 below their peers' %3"),
                               std::move(arguments))
                     : Message(RANKSCOPE_MESSAGE("straggler.clause.nodeAbove",
                                                 "its ranks' %1 is %2 above their peers' %3"),
                               std::move(arguments));
    return below ? Message(RANKSCOPE_MESSAGE("straggler.clause.rankBelow",
                                             "its %1 is %2 below its peers' %3"),
                           std::move(arguments))
                 : Message(RANKSCOPE_MESSAGE("straggler.clause.rankAbove",
                                             "its %1 is %2 above its peers' %3"),
                           std::move(arguments));
}

Message blockerSummary(const StragglerReport &report, const StragglerSuspect &top, bool node,
                       std::int64_t lastWindow)
{
    Message clause = blockerClause(top, node, lastWindow);
    Message text;
    if (tentative(top))
        text = node ? Message(RANKSCOPE_MESSAGE("straggler.summary.nodeTentative",
                                                "%1 may be slow (tentative, %2): %3"),
                              {subject(top), tentativeWindows(top), std::move(clause)})
                    : Message(RANKSCOPE_MESSAGE("straggler.summary.rankTentative",
                                                "%1 may be a straggler (tentative, %2): %3"),
                              {subject(top), tentativeWindows(top), std::move(clause)});
    else
        text = node ? Message(RANKSCOPE_MESSAGE("straggler.summary.node", "%1 is slow: %2"),
                              {subject(top), std::move(clause)})
                    : Message(RANKSCOPE_MESSAGE("straggler.summary.rank", "%1 is a straggler: %2"),
                              {subject(top), std::move(clause)});
    if (Message cost = describeCostMessage(top); !cost.empty())
        text = node ? Message(RANKSCOPE_MESSAGE("straggler.summary.nodeCost",
                                                "%1; they cost the job %2"),
                              {std::move(text), std::move(cost)})
                    : Message(RANKSCOPE_MESSAGE("straggler.summary.rankCost",
                                                "%1; it costs the job %2"),
                              {std::move(text), std::move(cost)});
    if (!report.waiters.empty()) {
        const std::size_t waiting = report.waiters.size();
        if (waiting == 1)
            text = node ? Message(RANKSCOPE_MESSAGE("straggler.summary.oneWaitsForNode",
                                                    "%1; 1 rank waits for them in collectives"),
                                  {std::move(text)})
                        : Message(RANKSCOPE_MESSAGE("straggler.summary.oneWaitsForRank",
                                                    "%1; 1 rank waits for it in collectives"),
                                  {std::move(text)});
        else
            text = node ? Message(RANKSCOPE_MESSAGE("straggler.summary.waitForNode",
                                                    "%1; %2 ranks wait for them in collectives"),
                                  {std::move(text), waiting})
                        : Message(RANKSCOPE_MESSAGE("straggler.summary.waitForRank",
                                                    "%1; %2 ranks wait for it in collectives"),
                                  {std::move(text), waiting});
    }
    return text;
}

Message waiterSummary(const StragglerSuspect &top, bool node, std::int64_t lastWindow)
{
    std::vector<MessageArgument> arguments{subject(top), summaryNoun(top.metric),
                                           percent(top.magnitude),
                                           describeWhenMessage(top, lastWindow)};
    if (node)
        return {RANKSCOPE_MESSAGE("straggler.summary.nodeWaits",
                                  "%1 wait for other ranks: their %2 is %3 above the peers' %4, "
                                  "but no rank was found slow at its own work"),
                std::move(arguments)};
    return {RANKSCOPE_MESSAGE("straggler.summary.rankWaits",
                              "%1 waits for other ranks: its %2 is %3 above the peers' %4, but "
                              "no rank was found slow at its own work"),
            std::move(arguments)};
}

} // namespace

Message summarizeStragglersMessage(const StragglerReport &report,
                                   const DisagreementNote *disagreement, int persistentWindows,
                                   std::int64_t lastWindow)
{
    switch (report.verdict) {
    case StragglerVerdict::NoData:
        return RANKSCOPE_MESSAGE("straggler.summary.noData",
                                 "No profiler trace windows to analyze.");
    case StragglerVerdict::TooFewRanks:
        return RANKSCOPE_MESSAGE("straggler.summary.tooFewRanks",
                                 "Too few equivalent ranks: naming a straggler needs peer groups "
                                 "of at least 3 ranks.");
    case StragglerVerdict::NoStragglers:
        if (report.windows > 0 && report.windows < persistentWindows)
            return shortTraceNoStraggler(report, persistentWindows);
        if (iterations(report.axis))
            return RANKSCOPE_MESSAGE("straggler.summary.noneIterations",
                                     "No straggler: every peer group agreed in (nearly) every "
                                     "iteration.");
        return RANKSCOPE_MESSAGE("straggler.summary.noneTimeBins",
                                 "No straggler: every peer group agreed in (nearly) every time "
                                 "bin.");
    case StragglerVerdict::Inconclusive:
        if (disagreement)
            return {RANKSCOPE_MESSAGE("straggler.summary.groupSplits",
                                      "Inconclusive: from %1 the %2 group splits on %3 without a "
                                      "strict healthy majority, so no rank can be named."),
                    {describeWindowMessage(report.axis, disagreement->firstWindow),
                     disagreement->group, summaryNoun(disagreement->metric)}};
        return RANKSCOPE_MESSAGE("straggler.summary.inconclusive",
                                 "Inconclusive: the peers disagree without a strict healthy "
                                 "majority, so no rank can be named.");
    case StragglerVerdict::StragglersFound:
        break;
    }
    if (report.suspects.empty())
        return RANKSCOPE_MESSAGE("straggler.summary.none", "No straggler.");

    const StragglerSuspect &top = report.suspects.front();
    const bool node = isNodeSuspect(top);
    Message text = top.role == StragglerRole::Blocker
                       ? blockerSummary(report, top, node, lastWindow)
                       : waiterSummary(top, node, lastWindow);
    const std::size_t others = report.suspects.size() - 1;
    if (others == 1)
        text = {RANKSCOPE_MESSAGE("straggler.summary.otherSuspect", "%1; 1 other suspect"),
                {std::move(text)}};
    else if (others > 1)
        text = {RANKSCOPE_MESSAGE("straggler.summary.otherSuspects", "%1; %2 other suspects"),
                {std::move(text), others}};
    return {RANKSCOPE_MESSAGE("sentence.end", "%1."), {std::move(text)}};
}

std::string summarizeStragglers(const StragglerReport &report, const DisagreementNote *disagreement,
                                int persistentWindows, std::int64_t lastWindow)
{
    return summarizeStragglersMessage(report, disagreement, persistentWindows, lastWindow)
        .english();
}

void setStragglerSummary(StragglerReport &report, Message summary)
{
    report.summary = summary.english();
    report.summaryMessage = std::move(summary);
}

void appendStragglerSummary(StragglerReport &report, Message sentence)
{
    report.summary += " " + sentence.english();
    report.summaryMessage = {RANKSCOPE_MESSAGE("text.sentences", "%1 %2"),
                             {std::move(report.summaryMessage), std::move(sentence)}};
}

} // namespace rankscope
