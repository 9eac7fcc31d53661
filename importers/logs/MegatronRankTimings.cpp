#include "importers/logs/MegatronRankTimings.h"
#include "importers/logs/LogTimestamp.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace rankscope {

namespace {

// A rank above this is a corrupt line, not a job: no job has 16 M ranks.
constexpr int kMaxTimingRank = 1 << 24;
// 10^10 ms (115 days) per iteration: anything above is a corrupt number.
constexpr double kMaxTimingMs = 1e10;

constexpr double kNoTiming = std::numeric_limits<double>::quiet_NaN();

std::string_view timingTrimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() &&
           (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == ','))
        text.remove_suffix(1);
    return text;
}

bool readTimingNumber(std::string_view text, double *value, std::size_t *end)
{
    const auto result = std::from_chars(text.data(), text.data() + text.size(), *value);
    if (result.ec != std::errc() || !std::isfinite(*value))
        return false;
    *end = std::size_t(result.ptr - text.data());
    return true;
}

bool readTimingRank(std::string_view text, int *rank)
{
    text = timingTrimmed(text);
    int value = -1;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size() || value < 0 ||
        value >= kMaxTimingRank)
        return false;
    *rank = value;
    return true;
}

// "3453.08ms/8" -> 3453.08, "ms", 8.
bool readValueWithRank(std::string_view text, DetectorField *field)
{
    text = timingTrimmed(text);
    const std::size_t slash = text.rfind('/');
    if (slash == std::string_view::npos || !readTimingRank(text.substr(slash + 1), &field->rank))
        return false;
    const std::string_view measure = text.substr(0, slash);
    std::size_t end = 0;
    if (!readTimingNumber(measure, &field->value, &end))
        return false;
    field->unit = std::string(timingTrimmed(measure.substr(end)));
    return true;
}

// Milliseconds of a detector time, NaN for a unit that is not a time or an implausible value.
double detectorMilliseconds(const DetectorField &field)
{
    double scale = kNoTiming;
    if (field.unit == "ms")
        scale = 1;
    else if (field.unit == "us")
        scale = 1e-3;
    else if (field.unit == "s")
        scale = 1e3;
    const double ms = field.value * scale;
    return std::isfinite(ms) && ms >= 0 && ms <= kMaxTimingMs ? ms : kNoTiming;
}

// Which sum a Megatron timer goes into (megatron/training/training.py, timers_to_log).
int timerKind(std::string_view name)
{
    if (name == "forward-compute" || name == "backward-compute")
        return int(RankTimingKind::TimerCompute);
    if (name == "batch-generator")
        return int(RankTimingKind::TimerBatch);
    for (std::string_view part :
         {"send", "recv", "all-reduce", "all-gather", "reduce-scatter", "grads-sync"}) {
        if (name.find(part) != std::string_view::npos)
            return int(RankTimingKind::TimerCommunication);
    }
    return -1;
}

int timerSumIndex(int kind)
{
    return kind - int(RankTimingKind::TimerCompute);
}

bool isTimerName(std::string_view text)
{
    if (text.size() < 2 || text.back() != ':')
        return false;
    text.remove_suffix(1);
    return std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '-' || c == '_' || c == '.';
    });
}

// The "[2024-03-14 23:07:56]" the detector writes before its fields (datetime.now(): the
// node's local time, taken as UTC like every naive log time), for a line whose header had none.
std::int64_t embeddedTime(std::string_view text)
{
    const std::size_t fields = text.find("MnRtt/Rnk:");
    const std::size_t open = text.substr(0, fields).rfind('[');
    if (open == std::string_view::npos)
        return 0;
    const TimestampMatch match = matchLeadingTimestamp(text.substr(open));
    return match.form != TimestampForm::None && !match.outOfRange && !match.yearMissing ? match.ns
                                                                                        : 0;
}

} // namespace

const DetectorField *DetectorReportLine::find(std::string_view key) const
{
    for (const DetectorField &field : fields) {
        if (field.key == key)
            return &field;
    }
    return nullptr;
}

std::optional<DetectorReportLine> parseDetectorReportLine(std::string_view text)
{
    const std::size_t start = text.find("MnRtt/Rnk:");
    if (start == std::string_view::npos)
        return std::nullopt;
    DetectorReportLine report;
    std::string_view rest = text.substr(start);
    while (!rest.empty()) {
        const std::size_t bar = rest.find('|');
        const std::string_view part = timingTrimmed(rest.substr(0, bar));
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
        const std::size_t colon = part.find("/Rnk:");
        if (colon == std::string_view::npos || colon == 0)
            continue;
        DetectorField field;
        field.key = std::string(part.substr(0, colon));
        if (readValueWithRank(part.substr(colon + 5), &field) && !report.find(field.key))
            report.fields.push_back(std::move(field));
    }
    if (!report.find("MnRtt") || !report.find("MxRtt"))
        return std::nullopt;
    return report;
}

std::optional<RankThroughputList> parseRankThroughputList(std::string_view text)
{
    const std::size_t marks = text.find("^^^^");
    if (marks == std::string_view::npos)
        return std::nullopt;
    std::string_view rest = text.substr(marks + 4);
    RankThroughputList list;
    if (timingTrimmed(rest).starts_with("Bottom"))
        list.lowest = true;
    else if (timingTrimmed(rest).starts_with("Top"))
        list.lowest = false;
    else
        return std::nullopt;
    const std::size_t colon = rest.find("):");
    if (colon == std::string_view::npos || rest.find("Etpt") == std::string_view::npos)
        return std::nullopt;
    rest.remove_prefix(colon + 2);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view part = timingTrimmed(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        if (part.empty())
            continue;
        DetectorField field;
        if (readValueWithRank(part, &field) && field.value > 0)
            list.ranks.emplace_back(field.value, field.rank);
    }
    if (list.ranks.empty())
        return std::nullopt;
    return list;
}

MegatronRankTimings::Stream &MegatronRankTimings::stream(std::size_t index)
{
    if (index >= m_streams.size())
        m_streams.resize(index + 1);
    return m_streams[index];
}

void MegatronRankTimings::observe(std::string_view content, std::size_t streamIndex,
                                  std::int64_t timeNs, std::int64_t iteration, std::uint32_t line)
{
    // Most lines are none of these: two substring searches and no state touched.
    const bool mayBeOurs = content.find("/Rnk:") != std::string_view::npos ||
                           content.find("across ranks") != std::string_view::npos ||
                           content.find("^^^^") != std::string_view::npos;
    if (!mayBeOurs && m_openBlocks == 0)
        return;
    Stream &state = stream(streamIndex);
    const std::string_view text = timingTrimmed(content);
    if (state.timers.open) {
        if (observeTimerLine(state, text))
            return;
        closeTimers(state.timers);
    }
    if (!mayBeOurs)
        return;
    if (text.ends_with("times across ranks (ms):")) {
        TimerBlock &block = state.timers;
        block = TimerBlock();
        block.open = true;
        block.iteration = iteration;
        block.timeNs = timeNs;
        block.line = line;
        ++m_openBlocks;
        return;
    }
    if (auto report = parseDetectorReportLine(text)) {
        if (timeNs == 0)
            timeNs = embeddedTime(text);
        addReport(state, *report, timeNs, iteration, line);
        return;
    }
    if (auto list = parseRankThroughputList(text))
        addThroughputList(state, *list);
}

bool MegatronRankTimings::observeTimerLine(Stream &state, std::string_view text)
{
    TimerBlock &block = state.timers;
    if (isTimerName(text)) {
        block.kind = timerKind(text.substr(0, text.size() - 1));
        return true;
    }
    if (!text.starts_with("rank"))
        return false;
    const std::size_t colon = text.find(':');
    int rank = -1;
    if (colon == std::string_view::npos || !readTimingRank(text.substr(4, colon - 4), &rank))
        return false;
    const std::string_view number = timingTrimmed(text.substr(colon + 1));
    double ms = 0;
    std::size_t end = 0;
    if (!readTimingNumber(number, &ms, &end) || end != number.size())
        return false;
    if (block.kind < 0 || ms < 0 || ms > kMaxTimingMs)
        return true; // a timer rankscope does not sum, or a corrupt value: still the block's
    const auto [index, added] = block.rankIndex.try_emplace(rank, block.ranks.size());
    if (added)
        block.ranks.emplace_back(rank, std::array<double, 3>{kNoTiming, kNoTiming, kNoTiming});
    double &sum = block.ranks[index->second].second[std::size_t(timerSumIndex(block.kind))];
    sum = std::isnan(sum) ? ms : sum + ms;
    return true;
}

void MegatronRankTimings::closeTimers(TimerBlock &block)
{
    if (!block.open)
        return;
    block.open = false;
    --m_openBlocks;
    std::sort(block.ranks.begin(), block.ranks.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[rank, sums] : block.ranks) {
        for (int i = 0; i < 3; ++i) {
            if (!std::isnan(sums[std::size_t(i)]))
                addRecord(rank, RankTimingKind(int(RankTimingKind::TimerCompute) + i),
                          sums[std::size_t(i)], false, block.iteration, block.timeNs, block.line);
        }
    }
    block.ranks.clear();
    block.rankIndex.clear();
}

void MegatronRankTimings::addReport(Stream &state, const DetectorReportLine &report,
                                    std::int64_t timeNs, std::int64_t iteration, std::uint32_t line)
{
    PendingReport &pending = state.report;
    pending = PendingReport();
    pending.open = true;
    pending.iteration = iteration;
    pending.timeNs = timeNs;
    pending.line = line;
    // The fastest and the slowest rank's time, once for a rank that is both.
    std::unordered_set<int> batchRanks;
    const auto addExtremes = [&](const char *min, const char *max, RankTimingKind kind,
                                 std::unordered_set<int> &given) {
        for (const char *key : {min, max}) {
            const DetectorField *field = report.find(key);
            const double ms = field ? detectorMilliseconds(*field) : kNoTiming;
            if (!std::isnan(ms) && given.insert(field->rank).second)
                addRecord(field->rank, kind, ms, false, iteration, timeNs, line);
        }
    };
    addExtremes("MnRtt", "MxRtt", RankTimingKind::DetectorRoundTrip, pending.given);
    addExtremes("MnDRtt", "MxDRtt", RankTimingKind::DetectorGetBatch, batchRanks);
    // The slowest rank has the lowest throughput (and the fastest the highest): their product
    // is the report's constant, the same for every rank.
    const auto product = [&](const char *rtt, const char *etpt) {
        const DetectorField *time = report.find(rtt);
        const DetectorField *throughput = report.find(etpt);
        if (!time || !throughput || time->rank != throughput->rank || throughput->value <= 0 ||
            throughput->unit != "TF")
            return 0.0;
        const double ms = detectorMilliseconds(*time);
        return std::isnan(ms) || ms <= 0 ? 0.0 : ms * throughput->value;
    };
    pending.product = product("MxRtt", "MnEtpt");
    if (pending.product <= 0)
        pending.product = product("MnRtt", "MxEtpt");
}

void MegatronRankTimings::addThroughputList(Stream &state, const RankThroughputList &list)
{
    PendingReport &pending = state.report;
    if (!pending.open || pending.product <= 0)
        return;
    for (const auto &[throughput, rank] : list.ranks) {
        const double ms = pending.product / throughput;
        if (!std::isfinite(ms) || ms > kMaxTimingMs || !pending.given.insert(rank).second)
            continue;
        addRecord(rank, RankTimingKind::DetectorRoundTrip, ms, true, pending.iteration,
                  pending.timeNs, pending.line);
    }
}

void MegatronRankTimings::addRecord(int rank, RankTimingKind kind, double valueMs, bool derived,
                                    std::int64_t iteration, std::int64_t timeNs, std::uint32_t line)
{
    LogRankTimingRecord record;
    record.rank = rank;
    record.kind = kind;
    record.valueMs = valueMs;
    record.derived = derived;
    record.iteration = iteration;
    record.timeNs = timeNs;
    record.line = line;
    m_out->push_back(record);
}

void MegatronRankTimings::finish()
{
    for (Stream &state : m_streams)
        closeTimers(state.timers);
}

} // namespace rankscope
