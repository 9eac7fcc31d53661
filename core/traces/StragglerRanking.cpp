#include "core/traces/ClockAlignment.h"
#include "core/traces/StragglerCandidates.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/StragglerEffects.h"
#include "core/traces/StragglerStatistics.h"
#include "core/traces/StragglerWording.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace rankscope {

namespace {

constexpr int kMaxAlsoNotes = 3;

// One suspect while the ranking is built: the matrix rows it covers and the other metrics on
// which the same ranks were also flagged.
struct Entry
{
    StragglerSuspect suspect;
    std::vector<int> rows;
    std::vector<int> slowColumns; // StragglerCandidate::slowColumns (their union for a node)
    bool node = false;
    std::vector<std::string> also;
    std::vector<Message> alsoMessages; // the same notes, for the GUI to translate
};

// Zero, not NaN, for no values: a job without steps has no practical gate.
double medianOrZero(std::vector<double> &values)
{
    if (values.empty())
        return 0;
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

// The typical step length, which sets the practical gate (StragglerParams::minStepShare). Time
// bins without an iteration have no step time: their own length stands in.
double typicalStepNs(const TraceWindowTable &table)
{
    std::vector<double> values;
    values.reserve(table.rows.size());
    for (const TraceWindowRow &row : table.rows) {
        if (const MetricValue step = row.value(TraceMetric::StepTime);
            !std::isnan(step) && step > 0)
            values.push_back(step);
    }
    if (values.empty()) {
        for (const TraceWindowRow &row : table.rows) {
            if (row.endNs > row.startNs)
                values.push_back(double(row.endNs - row.startNs));
        }
    }
    return medianOrZero(values);
}

// Every metric's matrix from one pass: the rank and window layout is the same for all of them,
// so it is worked out once (metricMatrix sorts the table's ranks and windows for each call).
void fillMatrices(std::array<MetricEvidence, kTraceMetricCount> &evidence,
                  const TraceWindowTable &table)
{
    MetricMatrix &first = evidence.front().matrix;
    first = metricMatrix(table, TraceMetric(0));
    const std::size_t columns = first.windows.size();
    std::vector<std::size_t> cellOfRow(table.rows.size());
    int r = -1;
    int c = -1;
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        // Rows come by rank, then window: the previous cell is the best guess.
        const TraceWindowRow &row = table.rows[i];
        if (r < 0 || first.ranks[std::size_t(r)] != row.rank)
            r = first.rowOfRank(row.rank);
        if (c + 1 < int(columns) && first.windows[std::size_t(c + 1)] == row.window)
            ++c;
        else
            c = first.columnOfWindow(row.window);
        cellOfRow[i] = std::size_t(r) * columns + std::size_t(c);
    }
    for (int m = 1; m < kTraceMetricCount; ++m) {
        MetricMatrix &matrix = evidence[std::size_t(m)].matrix;
        matrix.metric = TraceMetric(m);
        matrix.axis = first.axis;
        matrix.ranks = first.ranks;
        matrix.windows = first.windows;
        matrix.windowStartNs = first.windowStartNs;
        matrix.windowEndNs = first.windowEndNs;
        matrix.values.assign(first.values.size(), kNoMetricValue);
        if (isCountMetric(matrix.metric))
            continue; // counts of log events: left empty, a rank that warns more is not slower
        for (std::size_t i = 0; i < table.rows.size(); ++i)
            matrix.values[cellOfRow[i]] = table.rows[i].values[std::size_t(m)];
    }
}

bool hasData(const MetricEvidence &evidence)
{
    return std::any_of(evidence.matrix.values.begin(), evidence.matrix.values.end(),
                       [](MetricValue value) { return !std::isnan(value); });
}

// Blocker when slow at its own work and not waiting more than its peers: a rank that computes
// longer but also waits longer is itself waiting for someone.
StragglerRole roleOf(TraceMetric metric, int row, int firstColumn, const MetricEvidence *wait)
{
    if (isWaiterMetric(metric))
        return StragglerRole::Waiter;
    if (!wait)
        return StragglerRole::Blocker;
    const double ratio = medianPeerRatio(*wait, row, firstColumn);
    return std::isnan(ratio) || ratio <= 1.0 ? StragglerRole::Blocker : StragglerRole::Waiter;
}

double scoreOf(const StragglerSuspect &suspect)
{
    // Magnitude x persistence: the average excess the suspect costs over the whole trace.
    return suspect.magnitude * double(suspect.windowsFlagged) /
           double(std::max(1, suspect.windowsTotal));
}

Entry singleEntry(const StragglerCandidate &candidate, const MetricEvidence &evidence,
                  const std::vector<PeerGroup> &groups, const JobInfo &job,
                  const MetricEvidence *wait)
{
    const MetricMatrix &matrix = evidence.matrix;
    Entry entry;
    entry.rows = {candidate.row};
    StragglerSuspect &suspect = entry.suspect;
    const int rank = matrix.ranks[std::size_t(candidate.row)];
    suspect.ranks = {rank};
    if (std::string node = job.nodeOf(rank); !node.empty())
        suspect.nodes = {std::move(node)};
    suspect.group = groups[std::size_t(candidate.group)].name;
    suspect.metric = matrix.metric;
    suspect.axis = matrix.axis;
    suspect.firstWindow = matrix.windows[std::size_t(candidate.firstColumn)];
    suspect.firstWindowStartNs = matrix.windowStartNs[std::size_t(candidate.firstColumn)];
    suspect.magnitude = candidate.magnitude;
    suspect.windowsFlagged = candidate.windowsFlagged;
    suspect.windowsTotal = candidate.windowsTotal;
    suspect.role = roleOf(matrix.metric, candidate.row, candidate.firstColumn, wait);
    suspect.confidence = candidate.confidence;
    suspect.period = candidate.period;
    suspect.score = scoreOf(suspect);
    entry.slowColumns = candidate.slowColumns;
    return entry;
}

// Every rank of one node flagged on the same metric points at the host (its links, its PCIe
// switch, its cooling) rather than at eight separate GPUs: one suspect for the node.
void mergeNodes(std::vector<Entry> &entries, const MetricMatrix &matrix, const JobInfo &job)
{
    std::map<std::string, std::vector<int>> rowsOfNode;
    for (int row = 0; row < matrix.rowCount(); ++row) {
        if (std::string node = job.nodeOf(matrix.ranks[std::size_t(row)]); !node.empty())
            rowsOfNode[node].push_back(row);
    }
    std::map<int, std::size_t> entryOfRow;
    for (std::size_t i = 0; i < entries.size(); ++i)
        entryOfRow[entries[i].rows.front()] = i;

    std::vector<Entry> merged;
    std::set<std::size_t> absorbed;
    for (const auto &[node, rows] : rowsOfNode) {
        if (rows.size() < 2 || !std::all_of(rows.begin(), rows.end(),
                                            [&](int row) { return entryOfRow.count(row) != 0; }))
            continue;
        Entry entry;
        entry.node = true;
        entry.rows = rows;
        StragglerSuspect &suspect = entry.suspect;
        const StragglerSuspect &first = entries[entryOfRow[rows.front()]].suspect;
        suspect.nodes = {node};
        suspect.metric = first.metric;
        suspect.axis = first.axis;
        suspect.firstWindow = first.firstWindow;
        suspect.firstWindowStartNs = first.firstWindowStartNs;
        std::vector<double> magnitudes;
        std::set<std::string> groupNames;
        std::set<int> slowColumns;
        std::set<int> periods;
        int blockers = 0;
        for (int row : rows) {
            const std::size_t index = entryOfRow[row];
            absorbed.insert(index);
            const StragglerSuspect &member = entries[index].suspect;
            suspect.ranks.push_back(member.ranks.front());
            groupNames.insert(member.group);
            magnitudes.push_back(member.magnitude);
            if (member.firstWindow < suspect.firstWindow) {
                suspect.firstWindow = member.firstWindow;
                suspect.firstWindowStartNs = member.firstWindowStartNs;
            }
            suspect.windowsFlagged = std::max(suspect.windowsFlagged, member.windowsFlagged);
            suspect.windowsTotal = std::max(suspect.windowsTotal, member.windowsTotal);
            blockers += member.role == StragglerRole::Blocker ? 1 : 0;
            if (member.confidence == StragglerConfidence::Tentative)
                suspect.confidence = StragglerConfidence::Tentative;
            periods.insert(member.period);
            slowColumns.insert(entries[index].slowColumns.begin(),
                               entries[index].slowColumns.end());
        }
        // A node stalls as one when its ranks share the period; else it is just slow at times.
        suspect.period = periods.size() == 1 ? *periods.begin() : 0;
        entry.slowColumns.assign(slowColumns.begin(), slowColumns.end());
        for (const std::string &name : groupNames)
            suspect.group += (suspect.group.empty() ? "" : ",") + name;
        suspect.magnitude = medianOrZero(magnitudes);
        suspect.role =
            2 * blockers > int(rows.size()) ? StragglerRole::Blocker : StragglerRole::Waiter;
        suspect.score = scoreOf(suspect);
        merged.push_back(std::move(entry));
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!absorbed.count(i))
            merged.push_back(std::move(entries[i]));
    }
    entries = std::move(merged);
}

// Blockers before waiters, confirmed before tentative, then by score.
bool ranksBefore(const Entry &a, const Entry &b)
{
    if (a.suspect.role != b.suspect.role)
        return a.suspect.role == StragglerRole::Blocker;
    if (a.suspect.confidence != b.suspect.confidence)
        return a.suspect.confidence == StragglerConfidence::Confirmed;
    return a.suspect.score > b.suspect.score;
}

// True for the metrics read off the arrival order (caused_wait, late_arrivals): they say that
// the others waited for a rank, not why.
bool fromArrivalOrder(TraceMetric metric)
{
    return metric == TraceMetric::CausedWait || metric == TraceMetric::LateArrivals;
}

// One suspect per rank: node suspects claim their ranks first (the broader explanation), then
// the strongest metric of each rank that says why it is slow (its own work before the wait it
// caused); weaker metrics of the same ranks become "also" notes.
std::vector<Entry> deduplicate(std::vector<Entry> entries, int rowCount)
{
    std::stable_sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        if (a.node != b.node)
            return a.node;
        if (a.suspect.role != b.suspect.role)
            return a.suspect.role == StragglerRole::Blocker;
        if (fromArrivalOrder(a.suspect.metric) != fromArrivalOrder(b.suspect.metric))
            return !fromArrivalOrder(a.suspect.metric);
        return ranksBefore(a, b);
    });
    std::vector<Entry> accepted;
    std::vector<int> ownerOfRow(std::size_t(rowCount), -1);
    for (Entry &entry : entries) {
        const auto covered = std::find_if(entry.rows.begin(), entry.rows.end(), [&](int row) {
            return ownerOfRow[std::size_t(row)] >= 0;
        });
        if (covered != entry.rows.end()) {
            Entry &owner = accepted[std::size_t(ownerOfRow[std::size_t(*covered)])];
            const std::string note = std::string("also ") +
                                     stragglerMetricPhrase(entry.suspect.metric) + " " +
                                     describeExcess(entry.suspect.magnitude);
            if (entry.suspect.metric != owner.suspect.metric &&
                int(owner.also.size()) < kMaxAlsoNotes &&
                std::none_of(owner.also.begin(), owner.also.end(), [&](const std::string &n) {
                    return n.rfind(std::string("also ") +
                                       stragglerMetricPhrase(entry.suspect.metric) + " ",
                                   0) == 0;
                })) {
                owner.also.push_back(note);
                owner.alsoMessages.push_back(
                    stragglerAlsoNoteMessage(entry.suspect.metric, entry.suspect.magnitude));
            }
            continue;
        }
        for (int row : entry.rows)
            ownerOfRow[std::size_t(row)] = int(accepted.size());
        accepted.push_back(std::move(entry));
    }
    std::stable_sort(accepted.begin(), accepted.end(), ranksBefore);
    return accepted;
}

// The ranks that wait (addWaitingRows) plus the suspects whose only anomaly is waiting.
std::vector<int> waitingRanks(const std::vector<Entry> &accepted,
                              const std::vector<PeerGroup> &groups,
                              const std::vector<int> &groupOfRow, const MetricMatrix &layout,
                              const MetricEvidence *wait, const StragglerParams &params)
{
    std::vector<BlockerRows> blockers;
    std::set<int> waiterRows;
    for (const Entry &entry : accepted) {
        if (entry.suspect.role == StragglerRole::Blocker)
            blockers.push_back(BlockerRows{entry.rows, entry.slowColumns});
        else
            waiterRows.insert(entry.rows.begin(), entry.rows.end());
    }
    addWaitingRows(blockers, groups, groupOfRow, wait, params, waiterRows);
    std::vector<int> ranks;
    ranks.reserve(waiterRows.size());
    for (int row : waiterRows)
        ranks.push_back(layout.ranks[std::size_t(row)]);
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

int metricsWithData(const std::array<MetricEvidence, kTraceMetricCount> &evidence)
{
    return int(std::count_if(evidence.begin(), evidence.end(), hasData));
}

} // namespace

StragglerParams practicalStragglerParams(const TraceWindowTable &table,
                                         const StragglerParams &params)
{
    StragglerParams effective = params;
    effective.minSlowdownNs =
        std::max(params.minSlowdownNs, params.minStepShare * typicalStepNs(table));
    return effective;
}

namespace {

// Withholds what a poor clock alignment cannot support: the cross-rank time metrics of the
// whole job, or of the poorly aligned ranks. True when something with data was withheld.
bool withholdMisalignedEvidence(std::array<MetricEvidence, kTraceMetricCount> &evidence,
                                const StragglerParams &params)
{
    bool withheld = false;
    for (MetricEvidence &metric : evidence) {
        MetricMatrix &matrix = metric.matrix;
        if (!dependsOnClockAlignment(matrix.metric) || !hasData(metric))
            continue;
        for (int row = 0; row < matrix.rowCount(); ++row) {
            const int rank = matrix.ranks[std::size_t(row)];
            if (!params.alignmentPoor && !std::binary_search(params.poorlyAlignedRanks.begin(),
                                                             params.poorlyAlignedRanks.end(), rank))
                continue;
            for (int c = 0; c < matrix.columnCount(); ++c) {
                withheld |= !std::isnan(matrix.at(row, c));
                matrix.at(row, c) = kNoMetricValue;
            }
        }
    }
    return withheld;
}

StragglerReport analyzeAlignedStragglers(const TraceWindowTable &table, const JobInfo &job,
                                         const StragglerParams &params, bool &withheld);

} // namespace

StragglerParams withClockAlignment(StragglerParams params, std::span<const ClockOffset> offsets)
{
    params.alignmentPoor = summarizeClockAlignment(offsets).quality == ClockQuality::Poor;
    params.poorlyAlignedRanks.clear();
    for (const ClockOffset &offset : offsets) {
        if (offset.quality == ClockQuality::Poor)
            params.poorlyAlignedRanks.push_back(offset.rank);
    }
    std::sort(params.poorlyAlignedRanks.begin(), params.poorlyAlignedRanks.end());
    return params;
}

StragglerReport analyzeStragglers(const TraceWindowTable &table, const JobInfo &job,
                                  const StragglerParams &params)
{
    bool withheld = false;
    StragglerReport report = analyzeAlignedStragglers(table, job, params, withheld);
    if (withheld) {
        const std::size_t poor = params.poorlyAlignedRanks.size();
        appendStragglerSummary(
            report,
            params.alignmentPoor
                ? Message(RANKSCOPE_MESSAGE("straggler.summary.clocksPoor",
                                            "The clocks of the traces could not be aligned well "
                                            "enough to compare arrivals: collective waits and "
                                            "arrival order were left out."))
            : poor == 1 ? Message(RANKSCOPE_MESSAGE("straggler.summary.onePoorlyAligned",
                                                    "Collective waits and arrival order of 1 "
                                                    "poorly aligned rank were left out."))
                        : Message(RANKSCOPE_MESSAGE("straggler.summary.poorlyAligned",
                                                    "Collective waits and arrival order of %1 "
                                                    "poorly aligned ranks were left out."),
                                  {poor}));
    }
    return report;
}

namespace {

StragglerReport analyzeAlignedStragglers(const TraceWindowTable &table, const JobInfo &job,
                                         const StragglerParams &params, bool &withheld)
{
    StragglerReport report;
    report.axis = table.axis;
    if (table.rows.empty()) {
        report.verdict = StragglerVerdict::NoData;
        setStragglerSummary(report, summarizeStragglersMessage(report, nullptr));
        return report;
    }

    std::array<MetricEvidence, kTraceMetricCount> evidence;
    fillMatrices(evidence, table);
    withheld = withholdMisalignedEvidence(evidence, params);
    const MetricMatrix &layout = evidence.front().matrix; // every metric has the same rows
    const std::int64_t lastWindow = layout.windows.back();
    report.windows = layout.columnCount();
    const std::vector<PeerGroup> groups = stragglerPeerGroups(layout, job);
    std::vector<int> groupOfRow(std::size_t(layout.rowCount()), -1);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        for (int row : groups[g].rows)
            groupOfRow[std::size_t(row)] = int(g);
    }
    if (std::none_of(groups.begin(), groups.end(), [&](const PeerGroup &group) {
            return int(group.rows.size()) >= params.minGroupSize;
        })) {
        report.verdict = StragglerVerdict::TooFewRanks;
        setStragglerSummary(report, summarizeStragglersMessage(
                                        report, nullptr, params.minPersistentWindows, lastWindow));
        return report;
    }

    const StragglerParams effective = practicalStragglerParams(table, params);
    for (MetricEvidence &metric : evidence) {
        metric.spatial = detectSpatialOutliers(metric.matrix, groups, effective);
        metric.shifts = detectTemporalShifts(metric.matrix, metric.spatial, effective);
    }
    const MetricEvidence *wait = nullptr;
    for (TraceMetric metric : {TraceMetric::CollectiveWait, TraceMetric::ExposedCommunication}) {
        if (!wait && hasData(evidence[std::size_t(metric)]))
            wait = &evidence[std::size_t(metric)];
    }

    const PersistenceBar bar =
        persistenceBar(layout.rowCount(), metricsWithData(evidence), effective);
    std::vector<Entry> entries;
    for (const MetricEvidence &metric : evidence) {
        std::vector<Entry> flagged;
        for (const StragglerCandidate &candidate :
             persistentSlowRanks(metric, groups, groupOfRow, effective, bar)) {
            Entry entry = singleEntry(candidate, metric, groups, job, wait);
            // One window can show a rank slow at its own work; a rank that also waits more
            // than its peers there is not what held them up, and one window cannot say more.
            if (entry.suspect.confidence == StragglerConfidence::Tentative &&
                entry.suspect.role == StragglerRole::Waiter)
                continue;
            flagged.push_back(std::move(entry));
        }
        mergeNodes(flagged, metric.matrix, job);
        for (Entry &entry : flagged)
            entries.push_back(std::move(entry));
    }
    std::vector<Entry> accepted = deduplicate(std::move(entries), layout.rowCount());
    report.waiters = waitingRanks(accepted, groups, groupOfRow, layout, wait, effective);
    report.breakdown = rankBreakdown(evidence, groups, groupOfRow);
    const MetricEvidence &causedWait = evidence[std::size_t(TraceMetric::CausedWait)];
    for (Entry &entry : accepted) {
        if (entry.suspect.role == StragglerRole::Blocker)
            attachCost(entry.suspect, entry.rows, layout.columnOfWindow(entry.suspect.firstWindow),
                       evidence[std::size_t(entry.suspect.metric)], groups, groupOfRow, wait,
                       hasData(causedWait) ? &causedWait : nullptr);
        entry.suspect.reasonMessage =
            describeSuspectMessage(entry.suspect, entry.alsoMessages, lastWindow);
        entry.suspect.reason = entry.suspect.reasonMessage.english();
        report.suspects.push_back(std::move(entry.suspect));
    }

    if (!report.suspects.empty()) {
        report.verdict = StragglerVerdict::StragglersFound;
        setStragglerSummary(report, summarizeStragglersMessage(
                                        report, nullptr, params.minPersistentWindows, lastWindow));
        return report;
    }
    // Only work metrics decide "inconclusive": waits depend on arrival order and may split
    // systematically in a healthy job (node leaders in a hierarchical all-reduce). A trace too
    // short for persistence cannot tell a split from noise on metrics that include some waiting
    // (a step or CPU op time that starts when the rank entered the step, idle time): there only
    // the GPU's own work (kernels, transfers once every peer arrived) decides, in every window.
    const bool shortTrace = layout.columnCount() < params.minPersistentWindows;
    StragglerParams splitParams = effective;
    if (shortTrace)
        splitParams.minPersistentWindows = layout.columnCount();
    for (int m = 0; m < kTraceMetricCount; ++m) {
        if (isWaiterMetric(TraceMetric(m)))
            continue;
        if (shortTrace && TraceMetric(m) != TraceMetric::ComputeTime &&
            TraceMetric(m) != TraceMetric::CommunicationTransfer)
            continue;
        const MetricEvidence &metric = evidence[std::size_t(m)];
        if (const auto split = systematicDisagreement(metric, groups, splitParams)) {
            report.verdict = StragglerVerdict::Inconclusive;
            const DisagreementNote note{groups[std::size_t(split->group)].name, TraceMetric(m),
                                        metric.matrix.windows[std::size_t(split->firstColumn)]};
            setStragglerSummary(
                report,
                summarizeStragglersMessage(report, &note, params.minPersistentWindows, lastWindow));
            return report;
        }
    }
    report.verdict = StragglerVerdict::NoStragglers;
    setStragglerSummary(report, summarizeStragglersMessage(
                                    report, nullptr, params.minPersistentWindows, lastWindow));
    return report;
}

} // namespace

} // namespace rankscope
