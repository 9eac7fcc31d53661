#include "importers/logs/LogEventBuilder.h"

#include "importers/logs/IterationLines.h"
#include "importers/logs/LogLevel.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace rankscope {

namespace {

// Lines looked at by the survey: enough to see a launcher's prefixes and a dated line.
constexpr int kSurveyLines = 4096;

bool isBlank(std::string_view text)
{
    for (char c : text) {
        if (c != ' ' && c != '\t')
            return false;
    }
    return true;
}

int currentYear()
{
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    return yearOfNs(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
}

// Might `text` hold a tqdm state ("... 225.28s/it]", "... 3.98it/s]")?
bool mayBeProgressBar(std::string_view text)
{
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    return text.size() > 10 && text.back() == ']' &&
           (text.find("s/it") != std::string_view::npos ||
            text.find("it/s") != std::string_view::npos);
}

} // namespace

LogFileSurvey surveyLogText(std::string_view text)
{
    LogFileSurvey survey;
    RankPrefixCensus census;
    std::size_t pos = 0;
    for (int n = 0; n < kSurveyLines && pos < text.size(); ++n) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        census.add(line);
        if (survey.year != 0)
            continue;
        const RankPrefixMatch prefix = matchRankPrefix(line);
        if (prefix.form != RankPrefixForm::None)
            line.remove_prefix(prefix.length);
        TimestampMatch stamp = matchLeadingTimestamp(line);
        if (stamp.form == TimestampForm::None) {
            if (const LevelMatch level = matchLeadingLevel(line); level.length > 0)
                stamp = matchLeadingTimestamp(line.substr(level.length));
        }
        if (stamp.form != TimestampForm::None && !stamp.yearMissing)
            survey.year = yearOfNs(stamp.ns);
    }
    survey.srunLabels = census.looksLikeSrunLabelledFile();
    if (survey.year == 0)
        survey.year = currentYear();
    return survey;
}

LogEventBuilder::LogEventBuilder(ParsedLog *log, const LogFileSurvey &survey, int pathRank)
    : m_log(log), m_survey(survey), m_pathRank(pathRank)
{}

LogEventBuilder::StreamProgress &LogEventBuilder::progress(int rank)
{
    const std::size_t index = std::size_t(rank + 1);
    if (index >= m_progress.size())
        m_progress.resize(index + 1);
    return m_progress[index];
}

void LogEventBuilder::noteTimestamp(const TimestampMatch &match)
{
    ++m_timestampFormCounts[std::size_t(match.form)];
    if (!match.yearMissing) {
        m_time = match.ns;
        return;
    }
    // A yearless log that runs over New Year goes from December to January.
    if (m_lastYearlessMonth >= 11 && match.month <= 2)
        ++m_survey.year;
    m_lastYearlessMonth = match.month;
    m_time = yearlessTimestampNs(m_survey.year, match.month, match.day, match.nsOfDay);
}

void LogEventBuilder::add(const RawLogLine &line)
{
    std::string_view text = line.text;
    if (text.empty())
        return;

    int rank = -1;
    bool prefixed = false;
    const RankPrefixMatch prefix = matchRankPrefix(text);
    if (prefix.form != RankPrefixForm::None &&
        (prefix.form != RankPrefixForm::SrunLabel || m_survey.srunLabels)) {
        rank = prefix.rank;
        prefixed = true;
        text.remove_prefix(prefix.length);
        ++m_prefixFormCounts[std::size_t(prefix.form)];
        if (std::size_t(rank) >= m_prefixRanks.size())
            m_prefixRanks.resize(std::size_t(rank) + 1, 0);
        if (!m_prefixRanks[std::size_t(rank)]) {
            m_prefixRanks[std::size_t(rank)] = 1;
            ++m_distinctPrefixRanks;
            m_onlyPrefixRank = rank;
        }
    }

    // Header: timestamp and level, in either order.
    TimestampMatch stamp = matchLeadingTimestamp(text);
    text.remove_prefix(stamp.length);
    const LevelMatch level = matchLeadingLevel(text);
    text.remove_prefix(level.length);
    if (stamp.form == TimestampForm::None && level.length > 0) {
        stamp = matchLeadingTimestamp(text);
        text.remove_prefix(stamp.length);
    }
    if (stamp.form != TimestampForm::None)
        noteTimestamp(stamp);
    if (isBlank(text))
        return;

    if (!prefixed) {
        if (!text.empty() && text[0] == '[') {
            if (const int tagged = rankTagInHeader(text); tagged >= 0)
                rank = tagged;
        }
        if (rank < 0)
            rank = m_pathRank;
    }

    LogSeverity severity =
        stamp.glogLevel != LogSeverity::Unknown ? stamp.glogLevel : level.severity;
    const LogSeverity contentSeverity = severityFromContent(text);
    severity = std::max(severity, contentSeverity);

    const std::size_t recordsBefore = m_log->iterations.size();
    addIterations(line, text, rank);
    const bool progressLine = m_log->iterations.size() != recordsBefore;
    const bool standalone = stamp.form != TimestampForm::None || level.length > 0 || progressLine;

    if (m_merger.continues(rank, text, standalone)) {
        LogEvent &event = m_log->events[std::size_t(m_merger.openEvent(rank))];
        if (event.text.size() + text.size() < kMaxLogLineBytes) {
            event.text += '\n';
            event.text.append(text);
            ++event.lineCount;
            event.severity = std::max(event.severity, severity);
            return;
        }
    }

    LogEvent event;
    event.rank = rank;
    event.timeNs = m_time;
    event.line = static_cast<std::uint32_t>(line.number);
    event.severity = severity;
    event.text.assign(text);
    const auto index = std::int64_t(m_log->events.size());
    m_log->events.push_back(std::move(event));
    if (progressLine)
        m_merger.close(rank);
    else
        m_merger.started(rank, index, text);
    if (rank < 0) {
        const std::int64_t process = m_nccl.observe(text);
        if (process >= 0)
            m_ncclEvents.emplace_back(static_cast<std::uint32_t>(index), process);
    }
}

void LogEventBuilder::addIterations(const RawLogLine &line, std::string_view content, int rank)
{
    // The overwritten states of a redrawn progress bar first, oldest first, then what was left
    // on screen: a progress line of a framework, or the bar's last state.
    std::string_view states = line.overwritten;
    while (!states.empty()) {
        const std::size_t cr = states.find('\r');
        addProgressBar(line, states.substr(0, cr), rank);
        states = cr == std::string_view::npos ? std::string_view() : states.substr(cr + 1);
    }
    if (auto parsed = parseIterationLine(content)) {
        StreamProgress &stream = progress(rank);
        if (parsed->iteration < 0 && std::string_view(parsed->framework) == "hf-trainer") {
            // HF Trainer's dicts carry no step: take the progress bar's, else count them.
            ++stream.hfRecords;
            parsed->iteration =
                stream.lastProgressStep > 0 ? stream.lastProgressStep : stream.hfRecords;
        }
        LogIterationRecord record;
        record.rank = rank;
        record.iteration = parsed->iteration;
        record.timeNs = m_time;
        record.stepTimeMs = parsed->stepTimeMs;
        record.loss = parsed->loss;
        record.learningRate = parsed->learningRate;
        record.framework = parsed->framework;
        record.line = static_cast<std::uint32_t>(line.number);
        addIteration(std::move(record), false);
        return;
    }
    if (mayBeProgressBar(content))
        addProgressBar(line, content, rank);
}

void LogEventBuilder::addProgressBar(const RawLogLine &line, std::string_view segment, int rank)
{
    const auto parsed = parseProgressBar(segment);
    if (!parsed)
        return;
    progress(rank).lastProgressStep = parsed->iteration;
    LogIterationRecord record;
    record.rank = rank;
    record.iteration = parsed->iteration;
    record.timeNs = m_time;
    record.stepTimeMs = parsed->stepTimeMs;
    record.framework = parsed->framework;
    record.line = static_cast<std::uint32_t>(line.number);
    addIteration(std::move(record), true);
}

void LogEventBuilder::addIteration(LogIterationRecord record, bool replaceSameStep)
{
    StreamProgress &stream = progress(record.rank);
    if (stream.lastRecord >= 0) {
        LogIterationRecord &last = m_log->iterations[std::size_t(stream.lastRecord)];
        if (last.iteration == record.iteration) {
            // One step reported twice: DeepSpeed's "steps:" and Megatron's "iteration" line,
            // or a progress bar redrawn for the same step. Keep one record with every figure.
            if (replaceSameStep && last.framework == record.framework) {
                last.stepTimeMs = record.stepTimeMs;
                last.timeNs = record.timeNs;
                last.line = record.line;
                return;
            }
            if (last.framework == "tqdm")
                last.framework = record.framework; // the bar's step, the framework's figures
            if (record.framework == "megatron") {
                // Megatron prints more digits than DeepSpeed's "steps:" line.
                last.framework = record.framework;
                if (record.stepTimeMs == record.stepTimeMs)
                    last.stepTimeMs = record.stepTimeMs;
                if (record.loss == record.loss)
                    last.loss = record.loss;
            }
            if (last.stepTimeMs != last.stepTimeMs)
                last.stepTimeMs = record.stepTimeMs;
            if (last.loss != last.loss)
                last.loss = record.loss;
            if (last.learningRate != last.learningRate)
                last.learningRate = record.learningRate;
            return;
        }
    }
    stream.lastRecord = std::int64_t(m_log->iterations.size());
    m_log->iterations.push_back(std::move(record));
}

void LogEventBuilder::finish()
{
    LogFileInfo &info = m_log->info;

    // Ranks that only NCCL's communicator lines reveal.
    for (const auto &[event, process] : m_ncclEvents) {
        LogEvent &e = m_log->events[event];
        if (e.rank < 0)
            e.rank = m_nccl.rankOf(process);
    }
    m_log->rankNodes = m_nccl.rankNodes();

    if (m_pathRank >= 0 && (m_distinctPrefixRanks == 0 ||
                            (m_distinctPrefixRanks == 1 && m_onlyPrefixRank == m_pathRank))) {
        info.kind = LogFileKind::PerRank;
        info.rank = m_pathRank;
    } else if (m_distinctPrefixRanks == 1 && m_pathRank < 0) {
        // Every prefixed line names the same rank: the unprefixed ones are that rank's too.
        info.kind = LogFileKind::PerRank;
        info.rank = m_onlyPrefixRank;
        for (LogEvent &event : m_log->events) {
            if (event.rank < 0)
                event.rank = info.rank;
        }
        for (LogIterationRecord &record : m_log->iterations) {
            if (record.rank < 0)
                record.rank = info.rank;
        }
    } else if (!info.node.empty()) {
        info.kind = LogFileKind::PerNode;
    } else {
        info.kind = LogFileKind::Combined;
    }

    // A node named by the path is the node of every rank its prefixes name.
    if (!info.node.empty() && m_log->rankNodes.empty()) {
        for (std::size_t rank = 0; rank < m_prefixRanks.size(); ++rank) {
            if (m_prefixRanks[rank])
                m_log->rankNodes.push_back({int(rank), info.node, 0});
        }
        if (info.kind == LogFileKind::PerRank && m_log->rankNodes.empty())
            m_log->rankNodes.push_back({info.rank, info.node, 0});
    }

    const auto commonest = [](const auto &counts) {
        std::size_t best = 0;
        for (std::size_t i = 1; i < counts.size(); ++i) {
            if (counts[i] > counts[best])
                best = i;
        }
        return counts[best] > 0 ? best : 0;
    };
    info.prefixFormat = rankPrefixFormText(RankPrefixForm(commonest(m_prefixFormCounts)));
    info.timestampFormat = timestampFormKey(TimestampForm(commonest(m_timestampFormCounts)));
}

} // namespace rankscope
