#include "importers/bundle/TraceWindowBuild.h"

#include "core/model/UsableCores.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/TraceBlobCodec.h"
#include "core/cache/TraceEventLoading.h"
#include "core/model/ParallelFor.h"
#include "core/model/TimeArithmetic.h"
#include "core/traces/ClockAlignment.h"
#include "core/traces/TraceWindowMetrics.h"

#include <algorithm>
#include <limits>
#include <set>

namespace rankscope {

namespace {

// Ranks whose time bins are measured together, per measuring thread: few enough that their
// decoded events stay small in memory.
constexpr std::size_t kTimeBinBatchPerThread = 4;
// Threads that decode and measure: every usable core (a merge on a cluster node has dozens, and
// this is most of its work), as long as the traces decoded at once (one per thread) fit in
// kDecodedTraceBudget: a decoded trace takes about kDecodedBytesPerEvent per event, so sixteen
// 100-iteration traces run side by side, and 1 GB traces (2.4 M events) four at a time.
constexpr unsigned kMaxTimeBinThreads = 16;
constexpr std::int64_t kDecodedTraceBudget = std::int64_t(1) << 30;
constexpr std::int64_t kDecodedBytesPerEvent = 100;

unsigned timeBinThreads(SqliteDatabase &db)
{
    SqliteStatement largest =
        db.prepare("SELECT coalesce(max(events), 0) FROM trace_files WHERE active = 1");
    const std::int64_t events = largest.step() ? largest.columnInt64(0) : 0;
    const std::int64_t fit =
        kDecodedTraceBudget / std::max<std::int64_t>(1, events * kDecodedBytesPerEvent);
    const unsigned byMemory = unsigned(std::clamp<std::int64_t>(fit, 2, kMaxTimeBinThreads));
    return std::clamp(std::min(usableCores(), byMemory), 2u, kMaxTimeBinThreads);
}

std::int64_t distinctWindows(const TraceWindowTable &table)
{
    std::set<std::int64_t> windows;
    for (const TraceWindowRow &row : table.rows)
        windows.insert(row.window);
    return std::int64_t(windows.size());
}

std::map<int, std::string> rankNodes(SqliteDatabase &db)
{
    std::map<int, std::string> nodes;
    SqliteStatement select = db.prepare("SELECT rank, node FROM ranks");
    while (select.step())
        nodes[select.columnInt(0)] = std::string(select.columnText(1));
    return nodes;
}

std::map<int, std::int64_t> manifestOffsets(SqliteDatabase &db)
{
    std::map<int, std::int64_t> offsets;
    SqliteStatement select = db.prepare("SELECT rank, offset_ns FROM manifest_clock_offsets");
    while (select.step())
        offsets[select.columnInt(0)] = select.columnInt64(1);
    return offsets;
}

// What phase 2 needs of every rank: collectives and iteration rows (own clock).
struct RankWindowsInput
{
    int rank = -1;
    std::vector<CollectiveRecord> collectives;
    std::vector<TraceWindowRow> iterationRows;
};

std::vector<RankWindowsInput> loadRankInputs(SqliteDatabase &db,
                                             const std::vector<ActiveTraceFile> &files)
{
    std::vector<RankWindowsInput> inputs;
    SqliteStatement select =
        db.prepare("SELECT collectives, iteration_rows FROM trace_files WHERE id = ?");
    for (const ActiveTraceFile &file : files) {
        select.reset();
        select.bind(1, file.traceId);
        if (!select.step())
            continue;
        RankWindowsInput input;
        input.rank = file.rank;
        try {
            input.collectives = decodeCollectiveRecords(select.columnBlob(0));
            input.iterationRows = decodeWindowRows(select.columnBlob(1), file.rank);
        } catch (const BlobFormatError &error) {
            // Damaged, not unusable: the import rebuilds the cache from the bundle once, as for
            // every other damaged blob; a merge names the rank whose part holds it.
            throw CacheDamagedError("cache database " + db.file().string() +
                                    ": stored trace data of rank " + std::to_string(file.rank) +
                                    " is damaged (" + error.what() +
                                    "); force a re-import to rebuild it");
        }
        inputs.push_back(std::move(input));
    }
    return inputs;
}

} // namespace

std::int64_t niceTimeBinWidth(std::int64_t spanNs)
{
    const std::int64_t target = std::max<std::int64_t>(spanNs / 200, 1); // widest allowed
    std::int64_t best = 1;
    for (std::int64_t power = 1; power <= target && power <= std::int64_t(1e17); power *= 10) {
        for (std::int64_t candidate : {power, 2 * power, power * 25 / 10, 5 * power}) {
            if (candidate <= target)
                best = std::max(best, candidate);
        }
    }
    return best;
}

void writeWindowLevels(TraceCacheWriter &writer, const TraceWindowTable &level0)
{
    std::int64_t windows = distinctWindows(level0);
    writer.writeWindows(level0, windows);
    for (std::int64_t factor = kLevelFactor; windows > kCoarsestLevelWindows;
         factor *= kLevelFactor) {
        const TraceWindowTable coarse = coarsenWindowTable(level0, int(factor));
        const std::int64_t coarser = distinctWindows(coarse);
        if (coarser >= windows)
            break; // window ids too sparse to merge further
        windows = coarser;
        writer.writeWindows(coarse, windows);
    }
}

bool rebuildTraceWindows(SqliteDatabase &db, TraceCacheWriter &writer,
                         const std::vector<ActiveTraceFile> &files,
                         const std::function<void(double)> &progress,
                         const std::atomic<bool> *cancel)
{
    writer.clearWindows();
    writer.replaceArrivals({});
    if (files.empty()) {
        writer.replaceClockOffsets({});
        return true;
    }

    // Phase 2: clocks, then iteration windows on the aligned clock.
    std::vector<RankWindowsInput> inputs = loadRankInputs(db, files);
    {
        std::vector<std::vector<CollectiveRecord> *> records;
        for (RankWindowsInput &input : inputs)
            records.push_back(&input.collectives);
        useNameKeysWhenMixed(std::move(records));
    }
    const std::map<int, std::string> nodes = rankNodes(db);
    std::vector<RankClockInput> clockInputs;
    std::map<int, std::vector<CollectiveRecord>> collectives;
    for (RankWindowsInput &input : inputs) {
        RankClockInput clock;
        clock.rank = input.rank;
        if (auto node = nodes.find(input.rank); node != nodes.end())
            clock.node = node->second;
        for (const TraceWindowRow &row : input.iterationRows)
            clock.iterations.push_back({row.window, row.startNs, row.endNs, kNoTraceEvent});
        clock.collectives = input.collectives;
        collectives[input.rank] = std::move(input.collectives);
        clockInputs.push_back(std::move(clock));
    }
    const std::vector<ClockOffset> offsets = alignClocks(clockInputs, manifestOffsets(db));
    clockInputs.clear();
    writer.replaceClockOffsets(offsets);
    std::map<int, std::int64_t> offsetOf;
    for (const ClockOffset &offset : offsets)
        offsetOf[offset.rank] = offset.offsetNs;

    TraceWindowTable iterations;
    iterations.axis = WindowAxis::Iteration;
    for (RankWindowsInput &input : inputs) {
        const std::int64_t offset = offsetOf[input.rank];
        for (TraceWindowRow &row : input.iterationRows) {
            row.startNs -= offset;
            row.endNs -= offset;
            iterations.rows.push_back(row);
        }
    }
    inputs.clear();
    if (!iterations.rows.empty()) {
        fillCollectiveWait(iterations.rows, collectives, offsets);
        writeWindowLevels(writer, iterations);
    }
    iterations = TraceWindowTable();
    if (progress)
        progress(0.05);

    // Phase 3: time bins over the aligned span of all ranks, from each rank's stored events.
    std::int64_t startNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t endNs = std::numeric_limits<std::int64_t>::min();
    for (const ActiveTraceFile &file : files) {
        startNs = std::min(startNs, file.firstNs - offsetOf[file.rank]);
        endNs = std::max(endNs, file.lastNs - offsetOf[file.rank]);
    }
    TraceWindowTable bins;
    bins.axis = WindowAxis::TimeBin;
    bins.originNs = startNs;
    // Each end is a plausible time minus a plausible offset; the span between them may be more
    // than an int64 holds (saturated), and niceTimeBinWidth bounds the bin count whatever it is.
    bins.binWidthNs = niceTimeBinWidth(saturatingSub(endNs, startNs));
    // Blobs are read here (the connection holds the uncommitted transaction, no other thread
    // can see it); decoding and measuring, the bulk of the work, run on every usable core.
    const unsigned threads = timeBinThreads(db);
    const std::size_t batchSize = kTimeBinBatchPerThread * threads;
    for (std::size_t batch = 0; batch < files.size(); batch += batchSize) {
        if (cancel && cancel->load())
            return false;
        const std::size_t count = std::min(batchSize, files.size() - batch);
        std::vector<StoredTraceBlobs> blobs(count);
        for (std::size_t i = 0; i < count; ++i)
            blobs[i] = readStoredTraceBlobs(db, files[batch + i].traceId);
        std::vector<std::vector<TraceWindowRow>> rows(count);
        // Fewer traces than threads (one large trace): the threads left over decode blocks.
        const std::size_t cores = std::min<std::size_t>(usableCores(), threads);
        const unsigned decodeHelpers = count < cores ? unsigned((cores - count) / count) : 0;
        parallelFor(count, threads - 1, [&](std::size_t i) {
            const ActiveTraceFile &file = files[batch + i];
            const std::int64_t offset = offsetOf.at(file.rank);
            const TraceData trace =
                assembleStoredTrace(blobs[i], std::numeric_limits<std::int64_t>::min(),
                                    std::numeric_limits<std::int64_t>::max(), decodeHelpers);
            blobs[i] = StoredTraceBlobs();
            const std::vector<WindowSpan> spans =
                timeBinSpans(trace, offset, bins.originNs, bins.binWidthNs);
            rows[i] = computeWindowMetrics(trace, file.rank, spans, offset, WindowAxis::TimeBin);
        });
        for (std::vector<TraceWindowRow> &rankRows : rows)
            bins.rows.insert(bins.rows.end(), rankRows.begin(), rankRows.end());
        if (progress)
            progress(0.05 + 0.9 * double(batch + count) / double(files.size()));
    }
    if (!bins.rows.empty()) {
        // Time bins cover every event of every rank: their totals are the job's.
        writer.replaceArrivals(fillCollectiveWait(bins.rows, collectives, offsets));
        writeWindowLevels(writer, bins);
    }
    if (progress)
        progress(1.0);
    return true;
}

} // namespace rankscope
