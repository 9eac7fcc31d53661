#include "importers/logs/LogEventBuilder.h"

#include "core/model/TimeArithmetic.h"
#include "importers/logs/IterationLines.h"
#include "importers/logs/LogLevel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>

namespace rankscope {

namespace {

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
    LinePrefixCensus census;
    PrefixRules everything;
    everything.everything = true;
    std::size_t pos = 0;
    // Enough lines to see a launcher's prefixes and a dated line.
    for (std::size_t n = 0; n < kLogSurveyLines && pos < text.size(); ++n) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        census.add(line);
        const LinePrefix prefix = matchLinePrefix(line, everything);
        survey.interleaveMarkers |= interleaveMarkerOf(prefix);
        if (survey.year != 0)
            continue;
        const LineHeader header = parseLineHeader(line.substr(prefix.length));
        if (header.time.form != TimestampForm::None && !header.time.yearMissing &&
            !header.time.outOfRange)
            survey.year = yearOfNs(header.time.ns);
    }
    survey.prefixes = census.rules();
    if (survey.year == 0)
        survey.year = currentYear();
    return survey;
}

LogEventBuilder::LogEventBuilder(ParsedLog *log, const LogFileSurvey &survey, int pathRank,
                                 LogProblemList *problems, LogEventSink *sink)
    : m_log(log), m_sink(sink), m_survey(survey), m_pathRank(pathRank), m_problems(problems),
      m_collectives(log->info.path), m_rankTimings(&log->rankTimings)
{}

int LogEventBuilder::eventRank(std::int64_t index) const
{
    if (index < 0 || index >= eventCount())
        return -1;
    return index < m_base ? m_handedRanks[std::size_t(index)]
                          : m_log->events[std::size_t(index - m_base)].rank;
}

void LogEventBuilder::setEventRank(std::int64_t index, int rank)
{
    if (index >= m_base) {
        heldEvent(index).rank = rank;
        return;
    }
    std::int32_t &handed = m_handedRanks[std::size_t(index)];
    if (handed == rank)
        return;
    handed = rank;
    const std::size_t block = std::size_t(index) / m_sink->blockEvents();
    if (block >= m_reRanked.size())
        m_reRanked.resize(block + 1, false);
    m_reRanked[block] = true;
}

void LogEventBuilder::handOn(std::int64_t end)
{
    if (end <= m_base)
        return;
    const auto count = std::size_t(end - m_base);
    m_sink->take(m_base, std::span<const LogEvent>(m_log->events.data(), count));
    for (std::size_t i = 0; i < count; ++i)
        m_handedRanks.push_back(m_log->events[i].rank);
    m_log->events.erase(m_log->events.begin(), m_log->events.begin() + std::ptrdiff_t(count));
    m_base = end;
}

void LogEventBuilder::handOnOldEvents()
{
    if (!m_sink || m_log->events.size() < 2 * kLogEventsHeld)
        return;
    const auto block = std::int64_t(std::max<std::size_t>(m_sink->blockEvents(), 1));
    std::int64_t end = eventCount() - std::int64_t(kLogEventsHeld);
    end -= end % block;
    m_merger.closeBefore(end);
    handOn(end);
}

void LogEventBuilder::addCollectives(const RawLogLine &line, std::string_view body, int rank,
                                     std::int64_t event)
{
    // Most lines: three failed substring tests inside.
    m_collectives.add(body, m_segment, rank, std::int64_t(line.number),
                      static_cast<std::uint32_t>(event));
}

LogEventBuilder::StreamProgress &LogEventBuilder::progress(std::size_t stream)
{
    if (stream >= m_progress.size())
        m_progress.resize(stream + 1);
    return m_progress[stream];
}

std::size_t LogEventBuilder::streamOf(const LineOwner &owner)
{
    // Ranks and identities interleaved in one dense numbering; 0 for lines of no one.
    if (owner.rank >= 0)
        return 2 * std::size_t(owner.rank) + 2;
    if (owner.identity >= 0)
        return 2 * std::size_t(owner.identity) + 1;
    return 0;
}

void LogEventBuilder::noteTimestamp(const TimestampMatch &match, std::int64_t lineNumber)
{
    ++m_timestampFormCounts[std::size_t(match.form)];
    std::optional<std::int64_t> time;
    if (!match.yearMissing) {
        if (!match.outOfRange)
            time = match.ns;
    } else {
        // A yearless log that runs over New Year goes from December to January.
        if (m_lastYearlessMonth >= 11 && match.month <= 2)
            ++m_survey.year;
        m_lastYearlessMonth = match.month;
        time = yearlessTimestampNs(m_survey.year, match.month, match.day, match.nsOfDay);
    }
    if (time) {
        m_time = *time;
        return;
    }
    if (m_problems) {
        m_problems->add(LogProblemList::TimeOutOfRange, lineNumber,
                        "the time \"" + std::string(match.text.substr(0, 64)) + "\"" +
                            (match.yearMissing
                                 ? " (in the year " + std::to_string(m_survey.year) + ")"
                                 : std::string()) +
                            " is outside " + kTimeLimitText +
                            "; the line keeps the time of the line before it");
    }
}

double LogEventBuilder::checkedStepTimeMs(double stepTimeMs, std::int64_t lineNumber)
{
    if (std::isnan(stepTimeMs) || plausibleDurationFromUnits(stepTimeMs, 1e6))
        return stepTimeMs;
    if (m_problems) {
        char written[32];
        std::snprintf(written, sizeof written, "%g", stepTimeMs);
        m_problems->add(LogProblemList::StepTimeOutOfRange, lineNumber,
                        std::string("the step time ") + written + " ms is outside " +
                            kDurationLimitText + "; the iteration is kept without it");
    }
    return std::numeric_limits<double>::quiet_NaN();
}

void LogEventBuilder::notePrefixRank(int rank)
{
    if (std::size_t(rank) >= m_prefixRanks.size())
        m_prefixRanks.resize(std::size_t(rank) + 1, 0);
    if (!m_prefixRanks[std::size_t(rank)]) {
        m_prefixRanks[std::size_t(rank)] = 1;
        ++m_distinctPrefixRanks;
        m_onlyPrefixRank = rank;
    }
}

void LogEventBuilder::noteOrigin(int rank, const LinePrefix &prefix)
{
    if (prefix.node.empty() && prefix.pid < 0)
        return;
    if (std::size_t(rank) >= m_rankOrigins.size())
        m_rankOrigins.resize(std::size_t(rank) + 1);
    Origin &origin = m_rankOrigins[std::size_t(rank)];
    if (origin.node.empty() && !prefix.node.empty())
        origin.node = std::string(prefix.node);
    if (origin.pid < 0)
        origin.pid = prefix.pid;
}

void LogEventBuilder::noteNcclHost(int rank, std::string_view body)
{
    // NCCL starts its own lines with the host ("node-07:12345:12399 [3] NCCL INFO ..."); most
    // lines fail at their first word.
    NcclLineOrigin nccl;
    if (body.empty() || !parseNcclLineOrigin(body, &nccl))
        return;
    if (std::size_t(rank) >= m_rankOrigins.size())
        m_rankOrigins.resize(std::size_t(rank) + 1);
    Origin &origin = m_rankOrigins[std::size_t(rank)];
    if (origin.ncclHost.empty())
        origin.ncclHost = nccl.host;
    else if (origin.ncclHost != nccl.host)
        origin.ncclHostsDiffer = true;
}

void LogEventBuilder::notePrefixStack(std::uint32_t stack)
{
    if (!m_stackCounts.empty() && m_stackCounts.back().first == stack) {
        ++m_stackCounts.back().second;
        return;
    }
    for (std::size_t i = 0; i < m_stackCounts.size(); ++i) {
        if (m_stackCounts[i].first == stack) {
            ++m_stackCounts[i].second;
            std::swap(m_stackCounts[i], m_stackCounts.back()); // the next line likely has it too
            return;
        }
    }
    if (m_stackCounts.size() < 64)
        m_stackCounts.emplace_back(stack, 1);
}

void LogEventBuilder::noteNode(const LinePrefix &prefix)
{
    // Only prefixes that every line of a process carries name the file's node: Ray's "ip=" is
    // printed for remote workers only.
    if (prefix.node.empty() || (prefix.nodeForm == LauncherPrefixForm::None &&
                                prefix.rankForm != RankPrefixForm::OpenMpiTag))
        return;
    if (!m_nodes.empty() && m_nodes.back() == prefix.node)
        return;
    for (const std::string &node : m_nodes) {
        if (node == prefix.node)
            return;
    }
    if (m_nodes.size() < 1024)
        m_nodes.emplace_back(prefix.node);
}

void LogEventBuilder::add(const RawLogLine &line)
{
    addLine(line);
    handOnOldEvents();
}

void LogEventBuilder::addLine(const RawLogLine &line)
{
    std::string_view rest = line.text;
    if (rest.empty())
        return;
    // Most lines of most logs: no prefix, nothing interleaved.
    if (!m_survey.interleaveMarkers && !mayStartPrefix(rest, m_survey.prefixes)) {
        static const LinePrefix kNoPrefix;
        addSegment(line, rest, kNoPrefix, true);
        return;
    }
    // Two processes writing to one pipe without a newline between their lines: cut the line
    // where the second one's prefix starts, so that neither rank is lost.
    bool first = true;
    std::string_view node;
    LauncherPrefixForm nodeForm = LauncherPrefixForm::None;
    while (true) {
        LinePrefix prefix;
        if (mayStartPrefix(rest, m_survey.prefixes)) {
            prefix = matchLinePrefix(rest, m_survey.prefixes);
            if (prefix.any())
                m_survey.interleaveMarkers |= interleaveMarkerOf(prefix);
        }
        if (prefix.node.empty() && !node.empty()) {
            prefix.node = node; // "trainer-1  | [rank0]: a[rank1]: b": both ran in trainer-1
            prefix.nodeForm = nodeForm;
        }
        std::size_t cut =
            m_survey.interleaveMarkers
                ? findInterleavedPrefix(rest, m_survey.interleaveMarkers, prefix.length)
                : std::string_view::npos;
        if (cut != std::string_view::npos) {
            // A rank prefix right after the line's time is the header's ("svc | <time>
            // [rank3]: ..."), not another process's output.
            const std::size_t header =
                prefix.length + parseLineHeader(rest.substr(prefix.length)).length;
            if (cut < header)
                cut = findInterleavedPrefix(rest, m_survey.interleaveMarkers, header);
        }
        addSegment(line, rest.substr(0, cut), prefix, first);
        if (cut == std::string_view::npos)
            return;
        node = prefix.node;
        nodeForm = prefix.nodeForm;
        rest = rest.substr(cut);
        first = false;
    }
}

void LogEventBuilder::addSegment(const RawLogLine &line, std::string_view segment,
                                 const LinePrefix &prefix, bool firstSegment)
{
    std::string_view text = segment.substr(prefix.length);
    m_segment = segment;

    // Header: timestamps, level, a rank prefix after the time, in the orders writers use.
    static const LineHeader kNoHeader;
    std::optional<LineHeader> parsed;
    if (mayStartHeader(text))
        parsed.emplace(parseLineHeader(text));
    const LineHeader &header = parsed ? *parsed : kNoHeader;
    text.remove_prefix(header.length);
    if (header.time.form != TimestampForm::None)
        noteTimestamp(header.time, std::int64_t(line.number));
    if (isBlank(text))
        return;

    LineOwner owner;
    if (prefix.any() || header.rank.form != RankPrefixForm::None || header.hasWorker) {
        owner = m_identities.ownerOf(prefix, header);
        std::uint32_t stack = prefix.stack;
        if (prefix.rankForm == RankPrefixForm::None && header.rank.form != RankPrefixForm::None)
            stack = appendToStack(stack, header.rank.form);
        if (!prefix.hasWorker && header.hasWorker)
            stack = appendToStack(stack, WorkerTagForm::ParallelTag);
        notePrefixStack(stack);
        noteNode(prefix);
    }
    if (prefix.hasWorker || header.hasWorker)
        m_workerTags = true;
    if (owner.rank >= 0) {
        notePrefixRank(owner.rank);
        noteOrigin(owner.rank, prefix);
    } else {
        // No prefix said whose the line is: DeepSpeed's "[Rank 0]" tag, c10d's default group's,
        // else the path's rank. A container's or worker's line keeps its own stream otherwise.
        if (!text.empty() && (text[0] == '[' || header.c10)) {
            if (const int tagged = rankTagInHeader(text); tagged >= 0)
                owner = {tagged, -1};
        }
        if (owner.rank < 0 && owner.identity < 0)
            owner.rank = m_pathRank;
    }
    const int rank = owner.rank;
    const std::size_t stream = streamOf(owner);

    // What merging looks at: the text without the Python logger location that vLLM repeats on
    // every line of a multi-line message ("[multiproc_executor.py:435]   File ...").
    // It always follows a logging header.
    const std::size_t location =
        header.standalone() && (text[0] == '[' || (text[0] >= 'a' && text[0] <= 'z'))
            ? pythonLocationLength(text)
            : 0;
    const std::string_view body = text.substr(location);

    LogSeverity severity = header.level;
    severity = std::max(severity, severityFromContent(body));

    const std::size_t recordsBefore = m_log->iterations.size();
    addIterations(line, text, stream, rank, firstSegment);
    m_rankTimings.observe(text, stream, m_time, m_lastIteration,
                          static_cast<std::uint32_t>(line.number));
    const bool progressLine = m_log->iterations.size() != recordsBefore;
    if (owner.identity >= 0) {
        for (std::size_t i = recordsBefore; i < m_log->iterations.size(); ++i)
            m_identityIterations.emplace_back(static_cast<std::uint32_t>(i), owner.identity);
    }
    const bool standalone = header.standalone() || progressLine;

    // A logger prefixes only the first line of a multi-line message (SGLang's traceback): a line
    // of no one continues the event just before it, whoever's that is.
    std::size_t mergeStream = stream;
    if (stream == 0 && m_lastStream != 0 && !standalone &&
        m_merger.continues(m_lastStream, body, false))
        mergeStream = m_lastStream;
    if (mergeStream != stream || m_merger.continues(stream, body, standalone)) {
        const std::int64_t open = m_merger.openEvent(mergeStream);
        LogEvent &event = heldEvent(open);
        m_lastStream = mergeStream;
        addCollectives(line, body, rank >= 0 ? rank : event.rank, open);
        if (event.text.size() + body.size() < kMaxLogLineBytes) {
            event.text += '\n';
            event.text.append(body);
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
    // A traceback is its own event: the location before it is the logger's, not the error's.
    event.text.assign(body.starts_with("Traceback (most recent call last):") ? body : text);
    const std::int64_t index = eventCount();
    m_log->events.push_back(std::move(event));
    addCollectives(line, body, rank, index);
    m_lastStream = stream;
    if (progressLine)
        m_merger.close(stream);
    else
        m_merger.started(stream, index, body);
    if (owner.identity >= 0) {
        m_identityEvents.emplace_back(static_cast<std::uint32_t>(index), owner.identity);
        m_identities.noteBody(owner.identity, body);
    }
    if (rank < 0) {
        const std::int64_t process = m_nccl.observe(body);
        if (process >= 0) {
            const auto [found, added] = m_ncclProcessIndex.try_emplace(
                process, static_cast<std::uint32_t>(m_ncclProcessKeys.size()));
            if (added)
                m_ncclProcessKeys.push_back(process);
            m_ncclEvents.emplace_back(static_cast<std::uint32_t>(index), found->second);
        }
    } else {
        noteNcclHost(rank, body);
    }
}

void LogEventBuilder::addIterations(const RawLogLine &line, std::string_view content,
                                    std::size_t streamIndex, int rank, bool withOverwritten)
{
    // The overwritten states of a redrawn progress bar first, oldest first, then what was left
    // on screen: a progress line of a framework, or the bar's last state.
    std::string_view states = withOverwritten ? line.overwritten : std::string_view();
    while (!states.empty()) {
        const std::size_t cr = states.find('\r');
        addProgressBar(line, states.substr(0, cr), streamIndex, rank);
        states = cr == std::string_view::npos ? std::string_view() : states.substr(cr + 1);
    }
    if (auto parsed = parseIterationLine(content)) {
        StreamProgress &stream = progress(streamIndex);
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
        record.stepTimeMs = checkedStepTimeMs(parsed->stepTimeMs, std::int64_t(line.number));
        record.loss = parsed->loss;
        record.learningRate = parsed->learningRate;
        record.framework = parsed->framework;
        record.line = static_cast<std::uint32_t>(line.number);
        if (record.iteration >= 0)
            m_lastIteration = record.iteration;
        addIteration(std::move(record), streamIndex, false);
        return;
    }
    if (mayBeProgressBar(content))
        addProgressBar(line, content, streamIndex, rank);
}

void LogEventBuilder::addProgressBar(const RawLogLine &line, std::string_view segment,
                                     std::size_t streamIndex, int rank)
{
    const auto parsed = parseProgressBar(segment);
    if (!parsed)
        return;
    progress(streamIndex).lastProgressStep = parsed->iteration;
    LogIterationRecord record;
    record.rank = rank;
    record.iteration = parsed->iteration;
    record.timeNs = m_time;
    record.stepTimeMs = checkedStepTimeMs(parsed->stepTimeMs, std::int64_t(line.number));
    record.framework = parsed->framework;
    record.line = static_cast<std::uint32_t>(line.number);
    addIteration(std::move(record), streamIndex, true);
}

void LogEventBuilder::addIteration(LogIterationRecord record, std::size_t streamIndex,
                                   bool replaceSameStep)
{
    StreamProgress &stream = progress(streamIndex);
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

void LogEventBuilder::settleRankNodes()
{
    const LogFileInfo &info = m_log->info;
    // NCCL's communicator lines name host and pid best; then what the prefixes say; then the
    // path's node for every rank the file's prefixes name.
    std::vector<LogRankNode> nodes = m_nccl.rankNodes();
    std::vector<char> known;
    const auto add = [&](int rank, const std::string &node, std::int64_t pid) {
        if (rank < 0 || (node.empty() && pid < 0))
            return;
        if (std::size_t(rank) >= known.size())
            known.resize(std::size_t(rank) + 1, 0);
        if (known[std::size_t(rank)])
            return;
        known[std::size_t(rank)] = 1;
        nodes.push_back({rank, node, pid < 0 ? 0 : pid});
    };
    for (const LogRankNode &node : nodes) {
        if (std::size_t(node.rank) >= known.size())
            known.resize(std::size_t(node.rank) + 1, 0);
        known[std::size_t(node.rank)] = 1;
    }
    for (const ProcessIdentity &process : m_identities.identities())
        add(process.rank, process.node.empty() ? info.node : process.node, process.pid);
    for (std::size_t rank = 0; rank < m_rankOrigins.size(); ++rank) {
        // The prefix's node, else the path's (the names the rest of the bundle uses), else the
        // host of the rank's own NCCL lines.
        const Origin &origin = m_rankOrigins[rank];
        if (origin.node.empty() && origin.pid < 0 && origin.ncclHost.empty())
            continue; // nothing said about this rank
        const std::string &node = !origin.node.empty()                           ? origin.node
                                  : !info.node.empty() || origin.ncclHostsDiffer ? info.node
                                                                                 : origin.ncclHost;
        if (!node.empty() || origin.pid >= 0)
            add(int(rank), node, origin.pid);
    }
    if (!info.node.empty()) {
        for (std::size_t rank = 0; rank < m_prefixRanks.size(); ++rank) {
            if (m_prefixRanks[rank])
                add(int(rank), info.node, -1);
        }
        if (info.kind == LogFileKind::PerRank)
            add(info.rank, info.node, -1);
    }
    std::stable_sort(nodes.begin(), nodes.end(),
                     [](const LogRankNode &a, const LogRankNode &b) { return a.rank < b.rank; });
    m_log->rankNodes = std::move(nodes);
}

bool LogEventBuilder::otherRankSeen() const
{
    // NCCL's communicator lines or a rank tag may show ranks besides the prefixes' one.
    for (const std::int32_t rank : m_handedRanks) {
        if (rank >= 0 && rank != m_onlyPrefixRank)
            return true;
    }
    for (const LogEvent &event : m_log->events) {
        if (event.rank >= 0 && event.rank != m_onlyPrefixRank)
            return true;
    }
    return false;
}

void LogEventBuilder::finish()
{
    LogFileInfo &info = m_log->info;
    m_rankTimings.finish();

    // Workers, tasks and containers whose rank needed the whole file.
    m_identities.resolve(m_nccl);
    for (const ProcessIdentity &process : m_identities.identities()) {
        if (process.rank >= 0)
            notePrefixRank(process.rank);
    }
    // An identity the file does not tell the rank of is the path's rank's, if the path has one.
    const auto rankOf = [this](int identity) {
        const int rank = m_identities.rankOf(identity);
        return rank >= 0 ? rank : m_pathRank;
    };
    for (const auto &[event, identity] : m_identityEvents)
        setEventRank(event, rankOf(identity));
    for (const auto &[record, identity] : m_identityIterations)
        m_log->iterations[record].rank = rankOf(identity);

    // Ranks that only NCCL's communicator lines reveal.
    for (const auto &[event, process] : m_ncclEvents) {
        if (eventRank(event) < 0)
            setEventRank(event, m_nccl.rankOf(m_ncclProcessKeys[process]));
    }

    // One container, pod or host named by every prefix: the file is that node's.
    if (info.node.empty() && m_nodes.size() == 1)
        info.node = m_nodes.front();

    if (m_pathRank >= 0 && (m_distinctPrefixRanks == 0 ||
                            (m_distinctPrefixRanks == 1 && m_onlyPrefixRank == m_pathRank))) {
        info.kind = LogFileKind::PerRank;
        info.rank = m_pathRank;
    } else if (m_distinctPrefixRanks == 1 && m_pathRank < 0 && !m_workerTags && !otherRankSeen()) {
        // Every prefixed line names the same rank: the unprefixed ones are that rank's too.
        // Not so with worker tags: vLLM's and SGLang's untagged lines are the engine's, the
        // API server's or the driver's.
        info.kind = LogFileKind::PerRank;
        info.rank = m_onlyPrefixRank;
        for (std::int64_t event = 0; event < m_base; ++event) {
            if (m_handedRanks[std::size_t(event)] < 0)
                setEventRank(event, info.rank);
        }
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
    settleRankNodes();

    // Collective evidence of lines whose rank only the whole file told.
    m_collectives.resolveRanks([this](std::uint32_t event) { return eventRank(event); });
    m_log->collectives = m_collectives.take();

    std::uint32_t stack = 0;
    std::int64_t stackLines = 0;
    for (const auto &[candidate, lines] : m_stackCounts) {
        if (lines > stackLines || (lines == stackLines && candidate < stack)) {
            stack = candidate;
            stackLines = lines;
        }
    }
    info.prefixFormat = prefixStackText(stack);
    std::size_t best = 0;
    for (std::size_t i = 1; i < m_timestampFormCounts.size(); ++i) {
        if (m_timestampFormCounts[i] > m_timestampFormCounts[best])
            best = i;
    }
    info.timestampFormat = timestampFormKey(m_timestampFormCounts[best] > 0 ? TimestampForm(best)
                                                                            : TimestampForm::None);

    if (m_sink) {
        handOn(eventCount()); // the last events, their ranks settled
        m_log->streamedRanks = std::move(m_handedRanks);
        for (std::size_t block = 0; block < m_reRanked.size(); ++block) {
            if (m_reRanked[block])
                m_log->reRankedBlocks.push_back(block);
        }
    }
}

} // namespace rankscope
