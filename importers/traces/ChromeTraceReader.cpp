#include "importers/traces/ChromeTraceReader.h"

#include "importers/bundle/RankFromPath.h"
#include "importers/traces/ChromeTraceArgsReader.h"
#include "importers/traces/JsonValueReading.h"
#include "importers/traces/TraceNumberText.h"

#include <cstring>
#include <string>

namespace rankscope {

namespace od = simdjson::ondemand;
using simdjson::error_code;
using simdjson::SUCCESS;

namespace {

// "number" for "a number"; "null" stays.
const char *withoutArticle(const char *name)
{
    const char *space = std::strchr(name, ' ');
    return space ? space + 1 : name;
}

} // namespace

ChromeTraceReader::ChromeTraceReader(od::parser &parser, TraceData &data, TraceBuilder &builder,
                                     TraceProblemLog &problems)
    : m_data(data), m_builder(builder), m_problems(problems), m_parser(parser)
{}

error_code ChromeTraceReader::readScalarRoot(od::json_type type)
{
    switch (type) {
    case od::json_type::number: {
        double number = 0;
        return m_document.get_double().get(number);
    }
    case od::json_type::string: {
        std::string_view text;
        return m_document.get_string().get(text);
    }
    case od::json_type::boolean: {
        bool value = false;
        return m_document.get_bool().get(value);
    }
    case od::json_type::null: {
        bool isNull = false;
        error_code error = m_document.is_null().get(isNull);
        return error ? error : isNull ? SUCCESS : simdjson::N_ATOM_ERROR;
    }
    default:
        return SUCCESS;
    }
}

std::int64_t ChromeTraceReader::offsetOf(const char *at) const
{
    return static_cast<std::int64_t>(at - m_json) + m_offsetBias;
}

error_code ChromeTraceReader::read(const char *json, std::size_t length, std::size_t capacity,
                                   std::int64_t offsetBias)
{
    m_json = json;
    m_length = length;
    m_offsetBias = offsetBias;
    if (error_code error = m_parser.iterate(json, length, capacity).get(m_document))
        return error;
    od::json_type type;
    if (error_code error = m_document.type().get(type))
        return error;
    if (type == od::json_type::object) {
        od::object root;
        if (error_code error = m_document.get_object().get(root))
            return error;
        readRootObject(root);
    } else if (type == od::json_type::array) {
        od::array events;
        if (error_code error = m_document.get_array().get(events))
            return error;
        m_sawTraceEvents = true;
        readEvents(events);
    } else {
        // A lone scalar: valid JSON that is not a trace, or not JSON at all ("nonsense" is
        // typed null from its first letter until read).
        if (error_code error = readScalarRoot(type))
            return error;
        m_problems.add("root-type", {-1, offsetBias},
                       std::string("the file is a JSON ") + withoutArticle(jsonTypeName(type)) +
                           ", not a Chrome trace (an object with \"traceEvents\", or an array "
                           "of events)");
    }
    return SUCCESS;
}

void ChromeTraceReader::readRootObject(od::object &root)
{
    for (auto fieldResult : root) {
        od::field field;
        if (error_code error = std::move(fieldResult).get(field)) {
            reportStructuralError(error);
            return;
        }
        const char *key = field.key().raw();
        od::value value = field.value();
        error_code error = SUCCESS;
        if (jsonKeyIs(key, "traceEvents")) {
            od::array events;
            error = value.get_array().get(events);
            if (error == SUCCESS) {
                m_sawTraceEvents = true;
                if (!readEvents(events))
                    return;
                continue;
            }
            if (isJsonValueError(error)) {
                m_problems.add("traceEvents-type", {-1, offsetOf(key - 1)},
                               "\"traceEvents\" is not an array; no events could be read");
                continue;
            }
        } else if (jsonKeyIs(key, "distributedInfo")) {
            error = readDistributedInfo(value);
        } else if (jsonKeyIs(key, "baseTimeNanoseconds")) {
            std::int64_t base = 0;
            bool ok = false;
            error = readJsonInteger(value, base, ok);
            if (ok)
                m_data.baseTimeNs = base;
            else if (!error)
                m_problems.add("baseTime-type", {-1, offsetOf(key - 1)},
                               "\"baseTimeNanoseconds\" is not a whole number; it was ignored "
                               "and times are taken as written");
        } else if (jsonKeyIs(key, "displayTimeUnit")) {
            std::string_view unit;
            error = readJsonText(value, unit);
            m_data.displayTimeUnit.assign(unit);
        } else if ((jsonKeyIs(key, "samples") || jsonKeyIs(key, "stackFrames")) && !m_sawSamples) {
            m_sawSamples = true;
            m_problems.add("samples", {-1, offsetOf(key - 1)},
                           "the file also holds sampled stacks (\"samples\"/\"stackFrames\"), "
                           "which are not imported from traces");
        }
        if (error) {
            reportStructuralError(error);
            return;
        }
    }
}

error_code ChromeTraceReader::readDistributedInfo(od::value &value)
{
    od::object info;
    error_code error = value.get_object().get(info);
    if (error)
        return isJsonValueError(error) ? SUCCESS : error;
    for (auto fieldResult : info) {
        od::field field;
        if ((error = std::move(fieldResult).get(field)))
            return error;
        const char *key = field.key().raw();
        od::value fieldValue = field.value();
        std::int64_t number = 0;
        bool ok = false;
        if (jsonKeyIs(key, "rank")) {
            if ((error = readJsonInteger(fieldValue, number, ok)))
                return error;
            if (ok && number >= 0 && number <= kMaxSupportedRank)
                m_data.rank = static_cast<int>(number);
            else
                m_problems.add("rank-type", {-1, offsetOf(key - 1)},
                               "distributedInfo.rank is not a rank number (0 to " +
                                   std::to_string(kMaxSupportedRank) + "); it was ignored");
        } else if (jsonKeyIs(key, "world_size")) {
            if ((error = readJsonInteger(fieldValue, number, ok)))
                return error;
            // Bounded like job.json's: the job's rank table is sized by it.
            if (ok && number > 0 && number <= std::int64_t(kMaxSupportedRank) + 1)
                m_data.worldSize = static_cast<int>(number);
            else
                m_problems.add("world-size-type", {-1, offsetOf(key - 1)},
                               "distributedInfo.world_size is not a world size (1 to " +
                                   std::to_string(kMaxSupportedRank + 1) + "); it was ignored");
        } else if (jsonKeyIs(key, "backend")) {
            std::string_view backend;
            if ((error = readJsonText(fieldValue, backend)))
                return error;
            m_data.backend.assign(backend);
        }
    }
    return SUCCESS;
}

bool ChromeTraceReader::readEvents(od::array &events)
{
    m_inEventArray = true;
    for (auto elementResult : events) {
        od::value element;
        if (error_code error = std::move(elementResult).get(element)) {
            reportStructuralError(error);
            return false;
        }
        const char *at = nullptr;
        const std::int64_t offset =
            element.current_location().get(at) == SUCCESS ? offsetOf(at) : -1;
        od::json_type type;
        if (error_code error = element.type().get(type)) {
            reportStructuralError(error);
            return false;
        }
        const std::int64_t index = m_nextIndex++;
        if (index >= kMaxTraceEventEntries) {
            if (index == kMaxTraceEventEntries) {
                m_problems.add("event-cap", {index, offset},
                               "the trace holds more than " +
                                   std::to_string(kMaxTraceEventEntries) +
                                   " events, the most read from one trace; the rest were "
                                   "skipped unread");
                m_data.truncated = true;
            }
            ++m_data.stats.skippedEvents;
            continue; // the iteration skips the unread value
        }
        if (type != od::json_type::object) {
            ++m_data.stats.eventEntries;
            ++m_data.stats.skippedEvents;
            m_problems.report("entry-type", {index, offset}, [&] {
                return std::string("the entry is ") + jsonTypeName(type) +
                       ", not an event object; it was skipped";
            });
            continue;
        }
        od::object object;
        if (error_code error = element.get_object().get(object)) {
            reportStructuralError(error);
            return false;
        }
        m_event.reset();
        m_event.index = index;
        m_event.byteOffset = offset;
        m_inEvent = true;
        if (error_code error = readEvent(object)) {
            reportStructuralError(error);
            return false;
        }
        m_inEvent = false;
        m_builder.add(m_event);
    }
    m_inEventArray = false;
    return true;
}

error_code ChromeTraceReader::readEvent(od::object &object)
{
    for (auto fieldResult : object) {
        od::field field;
        if (error_code error = std::move(fieldResult).get(field))
            return error;
        const char *key = field.key().raw();
        od::value value = field.value();
        error_code error = SUCCESS;
        // Dispatch on the first letter: Kineto writes ph, cat, name, pid, tid, ts, dur, args.
        switch (key[0]) {
        case 'p':
            if (jsonKeyIs(key, "ph"))
                error = readPhase(value);
            else if (jsonKeyIs(key, "pid"))
                error = readId(value, "pid", 0, m_event.pid);
            break;
        case 't':
            if (jsonKeyIs(key, "ts"))
                error = readMicros(value, "ts", ChromeTraceField::Ts, m_event.tsNs, m_event.hasTs);
            else if (jsonKeyIs(key, "tid"))
                error = readId(value, "tid", 0, m_event.tid);
            break;
        case 'n':
            if (jsonKeyIs(key, "name"))
                error = readText(value, "name", m_event.name);
            break;
        case 'c':
            if (jsonKeyIs(key, "cat"))
                error = readText(value, "cat", m_event.category);
            break;
        case 'd':
            if (jsonKeyIs(key, "dur"))
                error =
                    readMicros(value, "dur", ChromeTraceField::Dur, m_event.durNs, m_event.hasDur);
            break;
        case 'a':
            if (jsonKeyIs(key, "args"))
                error = readArgs(value);
            break;
        case 'i':
            if (jsonKeyIs(key, "id"))
                error = readId(value, "id", ChromeTraceField::Id, m_event.flowId);
            break;
        case 'b':
            if (jsonKeyIs(key, "bp")) {
                std::string_view binding;
                error = readText(value, "bp", binding);
                m_event.bindsToEnclosingSlice = binding == "e";
            }
            break;
        case 's':
            if (jsonKeyIs(key, "s"))
                error = readText(value, "s", m_event.scope);
            break;
        default:
            break;
        }
        if (error)
            return error;
    }
    return SUCCESS;
}

void ChromeTraceReader::reportWrongType(const char *field, od::json_type type, const char *expected)
{
    m_problems.report(std::string("type:") + field, {m_event.index, m_event.byteOffset}, [&] {
        return std::string("'") + field + "' is " + jsonTypeName(type) + ", not " + expected +
               "; the field was ignored";
    });
}

error_code ChromeTraceReader::readPhase(od::value &value)
{
    od::json_type type;
    if (error_code error = value.type().get(type))
        return error;
    std::string_view phase;
    if (type == od::json_type::string) {
        error_code error = value.get_string().get(phase);
        if (error && !isJsonValueError(error))
            return error;
        if (phase.size() == 1) {
            m_event.phase = phase[0];
            return SUCCESS;
        }
    }
    m_event.invalidFields |= ChromeTraceField::Phase;
    m_problems.report("type:ph", {m_event.index, m_event.byteOffset}, [&] {
        const std::string written = type == od::json_type::string ? "\"" + std::string(phase) + "\""
                                                                  : std::string(jsonTypeName(type));
        return "'ph' is " + written + ", not a one-letter phase; the event was skipped";
    });
    return SUCCESS;
}

error_code ChromeTraceReader::readMicros(od::value &value, const char *field, std::uint16_t bit,
                                         std::int64_t &out, bool &present)
{
    od::json_type type;
    if (error_code error = value.type().get(type))
        return error;
    std::string_view text;
    if (type == od::json_type::number) {
        text = value.raw_json_token();
    } else if (type == od::json_type::string) {
        // Some writers quote their numbers: "ts": "11550183666".
        error_code error = value.get_string().get(text);
        if (error && !isJsonValueError(error))
            return error;
    } else if (type == od::json_type::null) {
        return SUCCESS; // as if absent
    } else {
        m_event.invalidFields |= bit;
        reportWrongType(field, type, "a number");
        return SUCCESS;
    }
    if (auto nanos = microsTextToNanos(text)) {
        out = *nanos;
        present = true;
        return SUCCESS;
    }
    m_event.invalidFields |= bit;
    m_problems.report(std::string("value:") + field, {m_event.index, m_event.byteOffset}, [&] {
        return std::string("'") + field + "' (" + std::string(text.substr(0, 40)) +
               ") is not a number of microseconds rankscope can hold; the field was ignored";
    });
    return SUCCESS;
}

error_code ChromeTraceReader::readId(od::value &value, const char *field, std::uint16_t bit,
                                     ChromeTraceId &out)
{
    od::json_type type;
    if (error_code error = value.type().get(type))
        return error;
    if (type == od::json_type::number) {
        std::int64_t number = 0;
        bool ok = false;
        if (error_code error = readJsonInteger(value, number, ok))
            return error;
        if (ok) {
            out.number = number;
            out.present = true;
            return SUCCESS;
        }
    } else if (type == od::json_type::string) {
        std::string_view text;
        error_code error = value.get_string().get(text);
        if (error && !isJsonValueError(error))
            return error;
        if (!error) {
            out.present = true;
            if (auto number = integerText(text)) {
                out.number = *number;
            } else {
                out.label = text;
                out.isLabel = true;
            }
            return SUCCESS;
        }
    } else if (type == od::json_type::null) {
        return SUCCESS;
    }
    m_event.invalidFields |= bit;
    reportWrongType(field, type, "a number or a string");
    return SUCCESS;
}

error_code ChromeTraceReader::readText(od::value &value, const char *field, std::string_view &out)
{
    od::json_type type;
    if (error_code error = value.type().get(type))
        return error;
    if (type == od::json_type::object || type == od::json_type::array) {
        reportWrongType(field, type, "a string");
        return SUCCESS;
    }
    return readJsonText(value, out);
}

error_code ChromeTraceReader::readArgs(od::value &value)
{
    od::json_type type;
    if (error_code error = value.type().get(type))
        return error;
    if (type != od::json_type::object) {
        if (type != od::json_type::null)
            reportWrongType("args", type, "an object");
        return SUCCESS;
    }
    od::object args;
    if (error_code error = value.get_object().get(args))
        return error;
    return readChromeTraceArgs(args, m_event.phase, m_event.args);
}

bool ChromeTraceReader::readsRootMember(std::string_view key)
{
    return key == "traceEvents" || key == "distributedInfo" || key == "baseTimeNanoseconds" ||
           key == "displayTimeUnit" || key == "samples" || key == "stackFrames";
}

void ChromeTraceReader::skipEntriesPastCap(std::int64_t count)
{
    m_nextIndex += count;
    m_data.stats.skippedEvents += count;
}

void ChromeTraceReader::skipLongEntry(std::int64_t offset, std::size_t limit)
{
    const std::int64_t index = m_nextIndex++;
    ++m_data.stats.skippedEvents;
    if (index >= kMaxTraceEventEntries)
        return; // past the cap, which was reported
    ++m_data.stats.eventEntries;
    m_problems.report("entry-size", {index, offset}, [&] {
        return "the entry is more than " + std::to_string(limit) +
               " bytes long, more than any event; it was skipped unread";
    });
}

void ChromeTraceReader::stopAt(error_code error, std::int64_t offset)
{
    m_stopped = true;
    m_problems.add("structure", {m_nextIndex, offset},
                   std::string("malformed JSON (") + simdjson::error_message(error) +
                       "); reading stopped here, the " + std::to_string(m_nextIndex) +
                       " events before it were kept and the rest of the file was skipped");
}

void ChromeTraceReader::reportStructuralError(error_code error)
{
    m_stopped = true;
    const char *at = nullptr;
    std::int64_t offset = static_cast<std::int64_t>(m_length) + m_offsetBias;
    bool atEnd = true;
    if (m_document.current_location().get(at) == SUCCESS && at < m_json + m_length) {
        // Only blanks left means the document simply stops here.
        const char *rest = at;
        while (rest < m_json + m_length &&
               (*rest == ' ' || *rest == '\n' || *rest == '\r' || *rest == '\t'))
            ++rest;
        atEnd = rest == m_json + m_length;
        if (!atEnd)
            offset = offsetOf(at);
    }
    const std::int64_t kept = m_nextIndex - (m_inEvent ? 1 : 0);
    const std::int64_t eventIndex = !m_inEventArray ? -1 : m_inEvent ? m_event.index : m_nextIndex;
    if (atEnd) {
        m_endedEarly = true;
        m_data.truncated = true;
        m_problems.add("structure", {eventIndex, offset},
                       "the JSON ends before its brackets close: the file was probably cut "
                       "while being written; the " +
                           std::to_string(kept) + " events before the end were read");
        return;
    }
    m_problems.add("structure", {eventIndex, offset},
                   std::string("malformed JSON (") + simdjson::error_message(error) +
                       "); reading stopped here, the " + std::to_string(kept) +
                       " events before it were kept and the rest of the file was skipped");
}

} // namespace rankscope
