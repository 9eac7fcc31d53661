#include "importers/logs/LogImport.h"

#include "importers/logs/LogEventBuilder.h"
#include "importers/logs/LogLineSplitter.h"
#include "importers/logs/LogProblemList.h"
#include "importers/logs/LogTextSource.h"
#include "importers/logs/RankFromLogPath.h"

#include <algorithm>

namespace rankscope {

namespace {

ParsedLog bareLog(std::string_view relativePath)
{
    ParsedLog log;
    log.info.path = std::string(relativePath);
    log.info.node = logIdentityFromPath(relativePath).node;
    return log;
}

// Reads the source's text chunk by chunk into events: never more than a chunk (or one long
// line) of text is held, whatever the file's size.
ParsedLog parse(LogTextSource &source, std::string_view relativePath, const LogReadLimits &limits,
                LogProblemList *problems, LogEventSink *sink)
{
    if (limits.maxTextBytes > 0 && source.compression() != TraceCompression::None)
        source.setMaxTextBytes(limits.maxTextBytes);
    ParsedLog log = bareLog(relativePath);
    const LogPathIdentity identity = logIdentityFromPath(relativePath);

    LogTextChunks chunks(&source, limits);
    LogEventBuilder builder(&log, surveyLogText(chunks.lookAhead(kLogSurveyLines)),
                            identity.rank.value_or(-1), problems, sink);
    const auto expectedEvents = std::size_t(source.expectedTextBytes() / 96);
    log.events.reserve(sink ? std::min(expectedEvents, 2 * LogEventBuilder::kLogEventsHeld + 1)
                            : expectedEvents);
    LogLineSplitter splitter(problems);
    LogTextChunk chunk;
    RawLogLine line;
    while (chunks.next(&chunk)) {
        splitter.feed(chunk);
        while (splitter.next(&line))
            builder.add(line);
    }
    splitter.finish();
    builder.finish();
    log.info.lines = splitter.linesRead();
    log.info.bytes = std::int64_t(source.textBytes());

    if (!source.textError().empty()) {
        // Where the text stops, when some of it was read.
        problems->add(LogProblemList::Compression, splitter.linesRead(),
                      source.textError() +
                          (splitter.linesRead() > 0 ? " (the text stops in this line)" : ""));
    }
    return log;
}

} // namespace

ParsedLog importLogBytes(std::string_view bytes, std::string_view relativePath,
                         const LogReadLimits &limits)
{
    LogProblemList problems;
    LogTextSource source(bytes);
    ParsedLog log = parse(source, relativePath, limits, &problems, nullptr);
    log.problems = problems.take();
    return log;
}

ParsedLog importLogFile(const std::string &path, std::string_view relativePath,
                        const LogReadLimits &limits)
{
    return importLogFile(path, relativePath, nullptr, limits);
}

ParsedLog importLogFile(const std::string &path, std::string_view relativePath, LogEventSink *sink,
                        const LogReadLimits &limits)
{
    LogProblemList problems;
    LogTextSource source{std::filesystem::path(path)};
    ParsedLog log;
    if (source.readError().empty()) {
        log = parse(source, relativePath, limits, &problems, sink);
        // A read error part-way: the text before it was read. (Nothing reached the sink.)
        if (!source.readError().empty() && source.textBytes() == 0)
            log = bareLog(relativePath);
    } else {
        log = bareLog(relativePath);
    }
    if (!source.readError().empty())
        problems.add(LogProblemList::Unreadable, 0, "the file " + source.readError());
    log.problems = problems.take();
    return log;
}

} // namespace rankscope
