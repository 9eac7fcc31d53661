#include "core/synth/KinetoTraceWriter.h"

#include <charconv>

namespace rankscope {

void KinetoTraceWriter::appendInt(std::int64_t value)
{
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    m_out.append(buffer, result.ptr);
}

void KinetoTraceWriter::appendMicros(std::int64_t relativeNs)
{
    if (relativeNs < 0) {
        m_out += '-';
        relativeNs = -relativeNs;
    }
    appendInt(relativeNs / 1000);
    const int fraction = static_cast<int>(relativeNs % 1000);
    const char digits[4] = {'.', char('0' + fraction / 100), char('0' + fraction / 10 % 10),
                            char('0' + fraction % 10)};
    m_out.append(digits, 4);
}

void KinetoTraceWriter::beginEvent()
{
    m_out += m_firstEvent ? "\n  {\n    " : ",\n  {\n    ";
    m_firstEvent = false;
}

void KinetoTraceWriter::beginSlice(std::string_view category, std::string_view name,
                                   std::int64_t pid, std::int64_t tid, std::int64_t startNs,
                                   std::int64_t endNs)
{
    beginEvent();
    m_out += "\"ph\": \"X\", \"cat\": \"";
    m_out += category;
    m_out += "\", \"name\": \"";
    m_out += name;
    m_out += "\", \"pid\": ";
    appendInt(pid);
    m_out += ", \"tid\": ";
    appendInt(tid);
    m_out += ",\n    \"ts\": ";
    appendTime(startNs);
    m_out += ", \"dur\": ";
    appendMicros(endNs - startNs);
    m_out += ",\n    \"args\": {\n      ";
    m_firstArg = true;
}

void KinetoTraceWriter::beginArg(std::string_view key)
{
    m_out += m_firstArg ? "\"" : ", \"";
    m_firstArg = false;
    m_out += key;
    m_out += "\": ";
}

void KinetoTraceWriter::argInt(std::string_view key, std::int64_t value)
{
    beginArg(key);
    appendInt(value);
}

void KinetoTraceWriter::argText(std::string_view key, std::string_view value)
{
    beginArg(key);
    m_out += '"';
    m_out += value;
    m_out += '"';
}

void KinetoTraceWriter::argRaw(std::string_view key, std::string_view json)
{
    beginArg(key);
    m_out += json;
}

void KinetoTraceWriter::argsRaw(std::string_view json)
{
    if (!m_firstArg)
        m_out += ", ";
    m_firstArg = false;
    m_out += json;
}

void KinetoTraceWriter::endSlice()
{
    m_out += "\n    }\n  }";
}

void KinetoTraceWriter::flowStart(std::int64_t id, std::int64_t pid, std::int64_t tid,
                                  std::int64_t timeNs)
{
    flowPoint("s", "", id, pid, tid, timeNs);
}

void KinetoTraceWriter::flowEnd(std::int64_t id, std::int64_t pid, std::int64_t tid,
                                std::int64_t timeNs)
{
    // "bp": "e" binds the end to the enclosing slice, as Kineto writes its ac2g ends.
    flowPoint("f", ", \"bp\": \"e\"", id, pid, tid, timeNs);
}

void KinetoTraceWriter::flowPoint(std::string_view phase, std::string_view extra, std::int64_t id,
                                  std::int64_t pid, std::int64_t tid, std::int64_t timeNs)
{
    beginEvent();
    m_out += "\"ph\": \"";
    m_out += phase;
    m_out += "\", \"id\": ";
    appendInt(id);
    m_out += ", \"pid\": ";
    appendInt(pid);
    m_out += ", \"tid\": ";
    appendInt(tid);
    m_out += ",\n    \"ts\": ";
    appendTime(timeNs);
    m_out += ", \"cat\": \"ac2g\", \"name\": \"ac2g\"";
    m_out += extra;
    m_out += "\n  }";
}

void KinetoTraceWriter::metadataText(std::string_view name, std::string_view pid, std::int64_t tid,
                                     std::int64_t timeNs, std::string_view key,
                                     std::string_view value)
{
    beginEvent();
    m_out += "\"name\": \"";
    m_out += name;
    m_out += "\", \"ph\": \"M\", \"ts\": ";
    appendTime(timeNs);
    m_out += ", \"pid\": ";
    m_out += pid;
    m_out += ", \"tid\": ";
    appendInt(tid);
    m_out += ",\n    \"args\": {\n      \"";
    m_out += key;
    m_out += "\": \"";
    m_out += value;
    m_out += "\"\n    }\n  }";
}

void KinetoTraceWriter::metadataInt(std::string_view name, std::string_view pid, std::int64_t tid,
                                    std::int64_t timeNs, std::string_view key, std::int64_t value)
{
    beginEvent();
    m_out += "\"name\": \"";
    m_out += name;
    m_out += "\", \"ph\": \"M\", \"ts\": ";
    appendTime(timeNs);
    m_out += ", \"pid\": ";
    m_out += pid;
    m_out += ", \"tid\": ";
    appendInt(tid);
    m_out += ",\n    \"args\": {\n      \"";
    m_out += key;
    m_out += "\": ";
    appendInt(value);
    m_out += "\n    }\n  }";
}

void KinetoTraceWriter::profilerSpan(std::int64_t startNs, std::int64_t endNs)
{
    beginEvent();
    m_out += "\"ph\": \"X\", \"cat\": \"Trace\", \"ts\": ";
    appendTime(startNs);
    m_out += ", \"dur\": ";
    appendMicros(endNs - startNs);
    m_out += ",\n    \"pid\": \"Spans\", \"tid\": \"PyTorch Profiler\",\n"
             "    \"name\": \"PyTorch Profiler (0)\",\n"
             "    \"args\": {\n      \"Op count\": 0\n    }\n  }";
    metadataInt("process_sort_index", "\"Spans\"", 0, startNs, "sort_index", 536870912);
}

void KinetoTraceWriter::windowEnd(std::int64_t timeNs)
{
    beginEvent();
    m_out += "\"name\": \"Record Window End\", \"ph\": \"i\", \"s\": \"g\",\n"
             "    \"pid\": \"\", \"tid\": \"\", \"ts\": ";
    appendTime(timeNs);
    m_out += "\n  }";
}

} // namespace rankscope
