#pragma once

#include "core/cache/FileRanks.h"
#include "core/model/CollectiveProgress.h"
#include "core/model/ParsedStacks.h"
#include "core/traces/OpBreakdown.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankscope {

// One stored block of a rank's events (TraceBlobCodec: encodeTraceEventBlock).
struct TraceEventBlockRecord
{
    int block = 0;
    std::int64_t startNs = 0; // earliest event start, the trace's own clock
    std::int64_t endNs = 0;   // latest event end
    std::int64_t events = 0;
    std::string data; // zstd frame
};

// One rank's trace as the importer read it: a whole trace file, or one process of an Nsight
// Systems export that profiled several (one per node).
struct TraceRankRecord
{
    int rank = -1;
    std::string rankSource; // traceRankSourceKey: how the file knows the rank
    std::string host; // TraceData::host: the rank's node as the file names it, "" when unknown
    std::int64_t events = 0;
    std::int64_t firstNs = 0; // own clock
    std::int64_t lastNs = 0;
    int iterations = 0;
    std::string header;        // encodeTraceHeader
    std::string collectives;   // encodeCollectiveRecords
    std::string iterationRows; // encodeWindowRows: iteration metrics on the own clock
    std::vector<TraceEventBlockRecord> blocks;
    // Per-op totals over the ProfilerStep ranges (first start to last end), else the whole
    // trace: what the baseline comparison's op diff reads (trace_op_totals, trace_op_spans).
    std::vector<OpTotal> opTotals;
    std::int64_t opIterations = 0;        // ProfilerStep ranges the totals cover (0: whole trace)
    std::int64_t opSpanNs = 0;            // time the totals cover
    CollectiveRecords collectiveProgress; // traceCollectiveProgress: per-group sequences
};

// One trace file of the bundle as the importer read it, encoded and ready to be stored. The
// parsed TraceData is gone by then: a record holds compressed bytes only, so the import keeps
// a few of them in flight whatever the size of the bundle.
struct TraceFileRecord
{
    std::string path; // relative to the bundle root, '/' separated
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t changeStamp = 0; // files.change_stamp: BundleFile::changeStamp
    // What wrote it (files.format): "chrome-trace" (Kineto and other Chrome trace JSON),
    // "nsight-sqlite" (an Nsight Systems export), "nccl-inspector", "nsys-rep" (not read).
    std::string format = "chrome-trace";
    bool ok = false;         // false: nothing usable (unreadable, no events, no rank)
    std::optional<int> rank; // files.rank: the rank of its only trace; none when it has several
    std::vector<TraceRankRecord> ranks; // by rank; one for every file but multi-process exports
    std::vector<ParseProblem> problems; // line 0; the message names the byte offset
    FileRanks rankFacts;                // its ranks and how they are known, the stated world size
};

} // namespace rankscope
