#include "importers/bundle/TraceFileReader.h"

#include "core/cache/TraceBlobCodec.h"
#include "core/model/ParallelFor.h"
#include "core/traces/CollectiveRecords.h"
#include "core/traces/OpBreakdown.h"
#include "core/traces/TraceCollectiveProgress.h"
#include "core/traces/TraceRankSourceText.h"
#include "core/traces/TraceWindowMetrics.h"
#include "importers/bundle/RankFromPath.h"
#include "importers/traces/NcclInspectorImport.h"
#include "importers/traces/NsightSqliteImport.h"
#include "importers/traces/TraceImport.h"

#include <algorithm>
#include <fstream>
#include <numeric>

namespace rankscope {

namespace {

// Which block each event goes to: walking the events by start time, a block ends at every
// iteration start and whenever it is full.
std::vector<TraceEventBlock> splitIntoBlocks(const TraceData &trace)
{
    std::vector<std::uint32_t> byStart(trace.events.size());
    std::iota(byStart.begin(), byStart.end(), 0u);
    std::stable_sort(byStart.begin(), byStart.end(), [&](std::uint32_t a, std::uint32_t b) {
        return trace.events[a].startNs < trace.events[b].startNs;
    });
    std::vector<std::int64_t> boundaries;
    for (const TraceIteration &iteration : trace.iterations)
        boundaries.push_back(iteration.startNs);
    std::sort(boundaries.begin(), boundaries.end());

    std::vector<TraceEventBlock> blocks;
    std::vector<std::uint32_t> blockOfEvent(trace.events.size(), 0);
    std::size_t nextBoundary = 0;
    bool open = false;
    for (std::uint32_t index : byStart) {
        const std::int64_t start = trace.events[index].startNs;
        bool crossed = false;
        while (nextBoundary < boundaries.size() && boundaries[nextBoundary] <= start) {
            ++nextBoundary;
            crossed = true;
        }
        if (!open || crossed || blocks.back().eventIndex.size() >= kMaxEventsPerTraceBlock) {
            blocks.emplace_back();
            open = true;
        }
        blocks.back().eventIndex.push_back(index);
        blockOfEvent[index] = std::uint32_t(blocks.size() - 1);
    }
    for (TraceEventBlock &block : blocks) {
        std::sort(block.eventIndex.begin(), block.eventIndex.end()); // the model's order
        block.events.reserve(block.eventIndex.size());
        for (std::uint32_t index : block.eventIndex)
            block.events.push_back(trace.events[index]);
    }
    for (const TraceCollective &collective : trace.collectives) {
        if (collective.event < blockOfEvent.size())
            blocks[blockOfEvent[collective.event]].collectives.push_back(collective);
    }
    for (const TraceFlow &flow : trace.flows) {
        const std::uint32_t anchor =
            flow.fromEvent != kNoTraceEvent ? flow.fromEvent : flow.toEvent;
        if (anchor < blockOfEvent.size())
            blocks[blockOfEvent[anchor]].flows.push_back(flow);
    }
    return blocks;
}

// The op totals the baseline comparison normalises per iteration: from the first ProfilerStep
// start to the last ProfilerStep end, so warm-up and the profiler's own tail before and after
// the steps do not count; the whole trace when it has no ProfilerStep.
void addOpTotals(const TraceData &trace, TraceRankRecord &record)
{
    std::int64_t startNs = trace.firstNs;
    std::int64_t endNs = trace.lastNs;
    if (!trace.iterations.empty()) {
        startNs = trace.iterations.front().startNs;
        endNs = trace.iterations.front().endNs;
        for (const TraceIteration &iteration : trace.iterations) {
            startNs = std::min(startNs, iteration.startNs);
            endNs = std::max(endNs, iteration.endNs);
        }
    }
    record.opIterations = std::int64_t(trace.iterations.size());
    record.opSpanNs = endNs - startNs;
    record.opTotals = opTotals(trace, startNs, endNs);
}

FileRankSource fileRankSourceOf(const TraceData &trace, const BundleFile &file)
{
    switch (trace.rankSource) {
    case TraceRankSource::DistributedInfo:
    case TraceRankSource::MpiRankTable:
    case TraceRankSource::CaptureEnvironment:
    case TraceRankSource::NvtxText:
    case TraceRankSource::CommunicatorRank:
        return FileRankSource::Content;
    case TraceRankSource::NodeLocalOrder:
        return FileRankSource::Assumed;
    case TraceRankSource::Unknown:
    case TraceRankSource::FilePath:
        break;
    }
    return file.assumedRank >= 0 && !rankFromPath(file.path) ? FileRankSource::Assumed
                                                             : FileRankSource::Path;
}

// One rank's trace as the cache stores it (the trace has events and a rank).
TraceRankRecord encodeRankTrace(const TraceData &trace, const std::string &path,
                                unsigned helperThreads)
{
    TraceRankRecord record;
    record.rank = trace.rank;
    record.rankSource = traceRankSourceKey(trace.rankSource);
    record.host = trace.host;
    record.events = std::int64_t(trace.events.size());
    record.firstNs = trace.firstNs;
    record.lastNs = trace.lastNs;
    record.iterations = int(trace.iterations.size());
    // The metrics and the split into blocks read the trace only, each into its own result:
    // with a spare core they run side by side.
    std::vector<TraceEventBlock> blocks;
    parallelFor(2, helperThreads, [&](std::size_t part) {
        if (part == 1) {
            blocks = splitIntoBlocks(trace);
            return;
        }
        record.header = encodeTraceHeader(trace);
        record.collectives = encodeCollectiveRecords(collectiveRecords(trace));
        record.collectiveProgress = traceCollectiveProgress(trace, path);
        const std::vector<WindowSpan> spans = iterationSpans(trace);
        record.iterationRows = encodeWindowRows(
            computeWindowMetrics(trace, trace.rank, spans, 0, WindowAxis::Iteration));
        addOpTotals(trace, record);
    });
    record.blocks.resize(blocks.size());
    // Compressing the blocks is most of this step: on spare cores too, each block on its own.
    parallelFor(blocks.size(), helperThreads, [&](std::size_t b) {
        TraceEventBlock &block = blocks[b];
        TraceEventBlockRecord &stored = record.blocks[b];
        stored.block = int(b);
        stored.events = std::int64_t(block.events.size());
        stored.startNs = block.events.front().startNs;
        stored.endNs = block.events.front().endNs();
        for (const TraceEvent &e : block.events) {
            stored.startNs = std::min(stored.startNs, e.startNs);
            stored.endNs = std::max(stored.endNs, e.endNs());
        }
        stored.data = encodeTraceEventBlock(block);
        block = TraceEventBlock(); // free as we go: the record keeps compressed bytes only
    });
    return record;
}

} // namespace

TraceFileRecord encodeTraceFile(const TraceData &trace, const BundleFile &file,
                                unsigned helperThreads)
{
    return encodeTraceFile(std::span(&trace, 1), file, helperThreads);
}

TraceFileRecord encodeTraceFile(std::span<const TraceData> traces, const BundleFile &file,
                                unsigned helperThreads)
{
    TraceFileRecord record;
    record.path = file.path;
    record.size = file.size;
    record.mtimeNs = file.mtimeNs;
    record.changeStamp = file.changeStamp;
    bool anyEvents = false;
    bool anyProblems = false;
    for (const TraceData &trace : traces) {
        if (trace.rank >= 0)
            record.rankFacts.ranks.insert(trace.rank);
        for (const TraceProblem &problem : trace.problems)
            record.problems.push_back({0, problem.message});
        anyEvents = anyEvents || !trace.events.empty();
        anyProblems = anyProblems || !trace.problems.empty();
        record.rankFacts.statedWorldSize =
            std::max(record.rankFacts.statedWorldSize, trace.worldSize);
    }
    if (!traces.empty())
        record.rankFacts.source = fileRankSourceOf(traces.front(), file);
    if (traces.size() == 1 && traces.front().rank >= 0)
        record.rank = traces.front().rank;
    if (!anyEvents) {
        if (!anyProblems)
            record.problems.push_back({0, "the trace has no events; nothing to show"});
        return record;
    }
    for (const TraceData &trace : traces)
        if (!trace.events.empty() && trace.rank >= 0) // else a problem already says why
            record.ranks.push_back(encodeRankTrace(trace, file.path, helperThreads));
    record.ok = !record.ranks.empty();
    return record;
}

namespace {

// An Nsight Systems export is SQLite whatever its name; a trace is JSON (or gzip, zstd of it).
bool startsWithSqliteHeader(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    in.read(header, sizeof header);
    return in.gcount() == sizeof header && hasSqliteHeader(std::string_view(header, sizeof header));
}

} // namespace

TraceFileRecord readTraceFile(const std::filesystem::path &bundleRoot, const BundleFile &file,
                              std::uint64_t maxFileBytes, unsigned helperThreads)
{
    if (file.size >= 0 && std::uint64_t(file.size) > maxFileBytes) {
        TraceFileRecord record;
        record.path = file.path;
        record.size = file.size;
        record.mtimeNs = file.mtimeNs;
        record.changeStamp = file.changeStamp;
        record.problems.push_back({0, "is " + std::to_string(file.size) + " bytes, more than the " +
                                          std::to_string(maxFileBytes) +
                                          "-byte limit per file; skipped"});
        return record;
    }
    // A trace opened on its own whose content and name name no rank is rank 0 (assumedRank):
    // the importer reads ranks from paths, so it is given one that says so.
    const std::string rankPath = file.assumedRank >= 0 && !rankFromPath(file.path)
                                     ? "rank" + std::to_string(file.assumedRank)
                                     : file.path;
    const std::string path = (bundleRoot / file.path).string();
    if (file.path.size() > 9 && file.path.compare(file.path.size() - 9, 9, ".nsys-rep") == 0) {
        TraceFileRecord record;
        record.path = file.path;
        record.size = file.size;
        record.mtimeNs = file.mtimeNs;
        record.changeStamp = file.changeStamp;
        record.format = "nsys-rep";
        record.problems.push_back(
            {0, "is an Nsight Systems report, which only Nsight Systems reads; export it with "
                "`nsys export --type sqlite --output " +
                    std::filesystem::path(file.path).stem().string() + ".sqlite " +
                    std::filesystem::path(file.path).filename().string() +
                    "` and put the .sqlite file beside it; skipped"});
        return record;
    }
    const bool inspector = isNcclInspectorPath(file.path);
    const bool nsight = !inspector && startsWithSqliteHeader(path);
    std::vector<TraceData> traces;
    if (nsight)
        traces = importNsightSqliteProcesses(path, rankPath);
    else if (inspector)
        traces.push_back(importNcclInspectorLog(path, rankPath, maxFileBytes));
    else {
        ChromeTraceWindowLimits limits;
        limits.scanOnAnotherThread = helperThreads > 0;
        traces.push_back(importTraceFile(path, rankPath, maxFileBytes, limits));
    }
    TraceFileRecord record = encodeTraceFile(traces, file, helperThreads);
    record.format = inspector ? "nccl-inspector" : nsight ? "nsight-sqlite" : "chrome-trace";
    return record;
}

} // namespace rankscope
