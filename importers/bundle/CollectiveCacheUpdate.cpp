#include "importers/bundle/CollectiveCacheUpdate.h"

#include "core/model/UsableCores.h"

#include "core/cache/CollectiveCacheWriter.h"
#include "core/cache/FileRanks.h"
#include "core/model/CollectiveTail.h"
#include "importers/FileFailure.h"
#include "importers/bundle/CacheUpdateSteps.h"
#include "importers/bundle/OrderedParallelMap.h"
#include "importers/bundle/StackFileReader.h"
#include "importers/collectives/FlightRecorderDump.h"

#include <algorithm>
#include <thread>

namespace rankscope {

namespace {

// A dump is 2,000 entries (~400 KB) at PyTorch's default buffer size; a few in flight per
// worker keep the cores busy while the consumer writes.
constexpr std::size_t kDumpsInFlight = 16;

CollectiveFileRecord readDump(const std::filesystem::path &root, const BundleFile &file,
                              std::uint64_t maxFileBytes)
{
    CollectiveFileRecord record;
    record.path = file.path;
    record.size = file.size;
    record.mtimeNs = file.mtimeNs;
    record.changeStamp = file.changeStamp;
    // Each worker reuses its file buffer (see FileBuffer).
    thread_local FileBuffer buffer;
    struct GiveBackHuge
    {
        ~GiveBackHuge() { buffer.shrinkIfAbove(std::size_t(64) << 20); }
    } giveBackHuge;
    std::string error;
    if (!readWholeFile(root / file.path, maxFileBytes, buffer, error)) {
        record.problems.push_back({file.path, 0, error});
        return record;
    }
    const std::string_view bytes = buffer.bytes();
    const std::string_view name = std::string_view(file.path).substr(file.path.rfind('/') + 1);
    int rank = flightRecorderRankFromName(name);
    if (rank < 0)
        rank = file.assumedRank;
    // Only the entries keepCollectiveTail keeps become records (building one costs more than
    // parsing it).
    FlightRecorderReadOptions options;
    options.tail = CollectiveTailLimits();
    FlightRecorderReadResult read = readFlightRecorderDump(bytes, file.path, rank, options);
    record.ok = read.ok;
    record.info = std::move(read.info);
    record.problems = std::move(read.problems);
    record.entriesRead = record.info.entries;
    record.records = std::move(read.records);
    return record;
}

class ParallelDumpReader
{
public:
    ParallelDumpReader(std::filesystem::path root, std::vector<BundleFile> files,
                       std::uint64_t maxFileBytes)
        : m_root(std::move(root)), m_files(std::move(files)), m_maxFileBytes(maxFileBytes),
          m_map(
              m_files.size(), [this](std::size_t index) { return read(index); }, usableCores(),
              kDumpsInFlight, 64)
    {}

    std::optional<CollectiveFileRecord> next() { return m_map.next(); }

private:
    CollectiveFileRecord read(std::size_t index) const
    {
        try {
            return readDump(m_root, m_files[index], m_maxFileBytes);
        } catch (const std::exception &error) {
            // Out of memory, most likely: this dump fails, the import goes on.
            CollectiveFileRecord record;
            record.path = m_files[index].path;
            record.size = m_files[index].size;
            record.mtimeNs = m_files[index].mtimeNs;
            record.changeStamp = m_files[index].changeStamp;
            record.problems.push_back({record.path, 0, fileFailureMessage(error)});
            return record;
        }
    }

    std::filesystem::path m_root;
    std::vector<BundleFile> m_files;
    std::uint64_t m_maxFileBytes;
    OrderedParallelMap<CollectiveFileRecord> m_map; // last: its workers read the members above
};

FileRanks ranksOfDump(const CollectiveFileRecord &record, const std::string &path)
{
    FileRanks facts;
    if (record.ok && record.info.rank >= 0)
        facts.ranks.insert(record.info.rank);
    const std::string_view name = std::string_view(path).substr(path.rfind('/') + 1);
    facts.source =
        flightRecorderRankFromName(name) >= 0 ? FileRankSource::Path : FileRankSource::Assumed;
    return facts;
}

} // namespace

FileUpdatePlan planCollectiveCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request)
{
    return planFileUpdate(db, request, BundleFileKind::CollectiveDump, "collective");
}

CacheUpdateCounts applyCollectiveCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                             const FileUpdatePlan &plan,
                                             ImportProgressThrottle &progress,
                                             const std::atomic<bool> *cancel)
{
    CacheUpdateCounts counts = plan.counts;
    if (collectivesUpToDate(plan))
        return counts;
    const int total = int(plan.toParse.size());
    reportUpdateProgress(progress, request, "reading flight recorder dumps", 0, 0, total);
    CollectiveCacheWriter writer(db);
    if (!plan.complete)
        writer.clearAll();
    for (std::int64_t id : plan.toDelete)
        writer.removeFile(id);
    ParallelDumpReader reader(request.root, plan.toParse, request.maxFileBytes);
    FileRanksWriter fileRanks(db);
    storeParsedFiles(
        reader,
        [&](const CollectiveFileRecord &record) {
            fileRanks.write(writer.writeDumpFile(record), ranksOfDump(record, record.path));
        },
        counts, cancel,
        [&](int done, const std::string &path) {
            reportUpdateProgress(progress, request, "reading flight recorder dumps",
                                 double(done) / double(std::max(total, 1)), done, total, path);
        });
    return counts;
}

} // namespace rankscope
