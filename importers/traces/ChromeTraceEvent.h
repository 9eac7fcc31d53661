#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace rankscope {

// A pid, tid or flow id as written: a number, or a label when the file uses a string that is
// not a number (Kineto writes pid "Spans", tid "PyTorch Profiler").
struct ChromeTraceId
{
    std::int64_t number = 0;
    std::string_view label; // non-empty only for non-numeric strings
    bool present = false;
    bool isLabel = false;
};

// The args the importer keeps (everything else in "args" is skipped unread).
struct ChromeTraceArgs
{
    std::int64_t externalId = 0;  // "External id"
    std::int64_t correlation = 0; // "correlation"
    std::int64_t device = -1;     // "device" (GPU events)
    std::int64_t stream = -1;     // "stream" (GPU events)
    std::string_view name;        // "name" of process_name / thread_name metadata
    std::string_view labels;      // "labels" of process_labels metadata
    std::int64_t sortIndex = 0;   // "sort_index" of *_sort_index metadata
    bool hasSortIndex = false;
    // Collective metadata (record_param_comms and the NCCL kernels it launches).
    std::string_view collectiveName; // "Collective name"
    std::string_view processGroupName;
    std::string_view processGroupDescription;
    std::string_view dtype;
    std::int64_t inMessageElements = -1;
    std::int64_t outMessageElements = -1;
    std::int64_t groupSize = -1;
    // Point-to-point peer and sequence number (PyTorch 2.5+, copied onto the kernel by newer
    // Kineto): "Dst Rank" on a send, "Src Rank" on a recv, both global ranks; "Seq".
    std::int64_t srcRank = -1;
    std::int64_t dstRank = -1;
    std::int64_t sequence = -1;
    std::int64_t busBytes = -1; // TraceCollective::busBytes (NCCL Inspector only)
    // Numeric args of counter ("C") events: one series each.
    std::vector<std::pair<std::string_view, double>> counterValues;

    bool hasCollective() const
    {
        return !collectiveName.empty() || inMessageElements >= 0 || outMessageElements >= 0 ||
               !processGroupName.empty() || srcRank >= 0 || dstRank >= 0;
    }
};

// Bits of ChromeTraceEvent::invalidFields: fields present with a value of the wrong type (already
// reported by the parser, so the builder does not report them again as missing).
namespace ChromeTraceField {
inline constexpr std::uint16_t Phase = 1;
inline constexpr std::uint16_t Ts = 2;
inline constexpr std::uint16_t Dur = 4;
inline constexpr std::uint16_t Id = 8;
} // namespace ChromeTraceField

// One entry of traceEvents after reading, before it becomes part of the model. Strings point
// into the parser's buffers and are valid until the parse ends.
struct ChromeTraceEvent
{
    char phase = 0; // 0 when "ph" is missing or unreadable
    std::string_view name;
    std::string_view category;
    std::string_view scope; // "s" of instant events ("g", "p", "t")
    ChromeTraceId pid;
    ChromeTraceId tid;
    ChromeTraceId flowId; // "id" of flow events
    std::int64_t tsNs = 0;
    std::int64_t durNs = 0;
    bool hasTs = false;
    bool hasDur = false;
    bool bindsToEnclosingSlice = false; // "bp": "e"
    std::uint16_t invalidFields = 0;
    ChromeTraceArgs args;
    std::int64_t index = 0;      // position in traceEvents
    std::int64_t byteOffset = 0; // of the event's '{'

    // Back to an empty event. Copy-assigning a blank event keeps the counter buffer's memory
    // (a vector assigned from an empty one keeps its capacity).
    void reset()
    {
        static const ChromeTraceEvent blank;
        *this = blank;
    }
};

} // namespace rankscope
