#include "importers/traces/ChromeTraceDocument.h"
#include "core/model/AsciiText.h"

#include "importers/FileFailure.h"
#include "importers/logs/LogTextSource.h"
#include "importers/traces/ChromeTraceReader.h"
#include "importers/traces/ChromeTraceRepair.h"
#include "importers/traces/TraceBuilder.h"

#include <simdjson.h>

#include <algorithm>

namespace rankscope {

namespace {

bool hasByteOrderMark(const std::string &json)
{
    return json.size() >= 3 && static_cast<unsigned char>(json[0]) == 0xEF &&
           static_cast<unsigned char>(json[1]) == 0xBB &&
           static_cast<unsigned char>(json[2]) == 0xBF;
}

// Errors for which simdjson refuses a document before reading any value, and that a repair of
// the text can cure.
bool isRepairableEnd(simdjson::error_code error)
{
    return error == simdjson::UNCLOSED_STRING || error == simdjson::INCOMPLETE_ARRAY_OR_OBJECT;
}

void reportRepairs(const Utf8Repair &utf8, const JsonRepair &end, std::int64_t bias,
                   TraceData &data, TraceProblemLog &problems)
{
    if (utf8.invalidBytes > 0) {
        problems.add("utf8", {-1, utf8.firstInvalidAt + bias},
                     std::to_string(utf8.invalidBytes) +
                         " bytes that are not valid UTF-8 were replaced with '?'");
    }
    if (end.trailingAt >= 0) {
        problems.add("trailing", {-1, end.trailingAt + bias},
                     "text after the end of the JSON document was ignored");
    }
    if (end.cutAt >= 0) {
        data.truncated = true;
        std::string message =
            "the JSON ends before its brackets close (the file was probably cut while being "
            "written, " +
            std::to_string(data.stats.jsonBytes) + " bytes long): the " +
            std::to_string(data.stats.eventEntries) + " events up to byte " +
            std::to_string(end.cutAt + bias) + " were read";
        if (end.droppedNothing) {
            message += "; only the closing brackets were missing";
        } else {
            message += " and the incomplete rest was dropped";
            if (end.openStringAt >= 0)
                message += " (a string opened at byte " + std::to_string(end.openStringAt + bias) +
                           " never closes)";
        }
        problems.add("cut", {end.droppedNothing ? -1 : data.stats.eventEntries, end.cutAt + bias},
                     message);
    }
}

// One parser per thread, kept between files: importing a bundle parses many traces of similar
// size, and a parser's buffers (about five bytes per byte of JSON) are costly to map afresh.
// A parser grown for an unusually large file is dropped afterwards so it does not pin memory.
simdjson::ondemand::parser &threadParser()
{
    thread_local simdjson::ondemand::parser parser;
    return parser;
}

void releaseIfHuge(simdjson::ondemand::parser &parser)
{
    constexpr std::size_t kKeepCapacity = 256u << 20;
    if (parser.capacity() > kKeepCapacity)
        parser = simdjson::ondemand::parser();
}

} // namespace

void padJsonBuffer(std::string &text)
{
    const std::size_t size = text.size();
    text.append(simdjson::SIMDJSON_PADDING, ' ');
    text.resize(size); // shrinking keeps the capacity and the blanks behind the end
}

void parseChromeTraceDocument(const std::string &json, TraceData &data, TraceProblemLog &problems)
{
    TraceBuilder builder(data, problems);
    const std::size_t bias = hasByteOrderMark(json) ? 3 : 0;
    data.stats.jsonBytes = static_cast<std::int64_t>(json.size() - bias);

    std::size_t firstNonBlank = bias;
    while (firstNonBlank < json.size() && isBlank(json[firstNonBlank]))
        ++firstNonBlank;
    if (firstNonBlank == json.size()) {
        problems.add("empty", {}, "the file is empty");
        builder.finish();
        return;
    }

    // The text being read: the caller's buffer, or a repaired copy of it (without the BOM).
    const char *text = json.data() + bias;
    std::size_t length = json.size() - bias;
    std::size_t capacity = json.capacity() - bias;
    std::string repaired;
    auto useRepaired = [&](std::string replacement) {
        repaired = std::move(replacement);
        padJsonBuffer(repaired);
        text = repaired.data();
        length = repaired.size();
        capacity = repaired.capacity();
    };

    simdjson::ondemand::parser &parser = threadParser();
    Utf8Repair utf8;
    JsonRepair end;
    bool sawTraceEvents = false;
    simdjson::error_code error = simdjson::SUCCESS;
    for (int attempt = 0; attempt < 3; ++attempt) {
        ChromeTraceReader reader(parser, data, builder, problems);
        error = reader.read(text, length, capacity, static_cast<std::int64_t>(bias));
        if (!error) {
            sawTraceEvents = reader.sawTraceEvents();
            break;
        }
        if (error == simdjson::UTF8_ERROR && utf8.firstInvalidAt < 0) {
            std::string copy(text, length);
            utf8 = replaceInvalidUtf8(copy);
            useRepaired(std::move(copy));
            continue;
        }
        if (isRepairableEnd(error) && !end.repaired) {
            end = repairJsonEnd(std::string_view(text, length));
            if (!end.repaired)
                break;
            useRepaired(std::move(end.text));
            continue;
        }
        break;
    }
    if (error == simdjson::MEMALLOC) {
        problems.add("memory", {}, outOfMemoryMessage());
    } else if (error) {
        problems.add("not-json", {},
                     std::string("the file is not readable as JSON (") +
                         simdjson::error_message(error) + ")");
    } else if (!sawTraceEvents) {
        problems.add("no-traceEvents", {},
                     "the JSON has no \"traceEvents\" array: it is not a Chrome trace");
    }
    releaseIfHuge(parser);
    reportRepairs(utf8, end, static_cast<std::int64_t>(bias), data, problems);
    builder.finish();
    if (sawTraceEvents && data.events.empty() && data.counterSamples.empty())
        problems.add("no-events", {}, "the trace holds no events");
}

void readChromeTraceText(LogTextSource &source, TraceData &data, TraceProblemLog &problems,
                         const ChromeTraceWindowLimits &limits,
                         const std::function<bool()> &sourceEnded)
{
    // The first window and one byte more: is the text longer than a window?
    const std::size_t want = limits.windowBytes + 1;
    std::string text;
    bool ended = false;
    while (text.size() < want && !ended) {
        const std::size_t size = text.size();
        const std::size_t room =
            std::min(std::max(size, std::size_t(64) << 10), want - size); // grows by doubling
        text.resize(size + room);
        std::size_t got = 0;
        while (got < room) { // the source gives a block at a time
            const std::size_t more = source.read(text.data() + size + got, room - got);
            if (more == 0) {
                ended = true;
                break;
            }
            got += more;
        }
        text.resize(size + got);
    }
    if (ended) {
        const bool failed = sourceEnded();
        if (text.empty() && failed)
            return;
        text.reserve(text.size() + simdjson::SIMDJSON_PADDING);
        padJsonBuffer(text);
        parseChromeTraceDocument(text, data, problems);
        return;
    }

    TraceBuilder builder(data, problems);
    const std::size_t bias = hasByteOrderMark(text) ? 3 : 0;
    simdjson::ondemand::parser &parser = threadParser();
    ChromeTraceReader reader(parser, data, builder, problems);
    const ChromeTraceWindowsResult result =
        readChromeTraceWindows(source, std::move(text), bias, reader, problems, limits);
    data.stats.jsonBytes = static_cast<std::int64_t>(source.textBytes() - bias);
    sourceEnded();
    if (result.empty)
        problems.add("empty", {}, "the file is empty");
    else if (!result.sawTraceEvents && !result.notTrace && !reader.stopped())
        problems.add("no-traceEvents", {},
                     "the JSON has no \"traceEvents\" array: it is not a Chrome trace");
    releaseIfHuge(parser);
    reportRepairs(result.utf8, result.end, 0, data, problems);
    builder.finish();
    if (result.sawTraceEvents && data.events.empty() && data.counterSamples.empty())
        problems.add("no-events", {}, "the trace holds no events");
}

} // namespace rankscope
