#include "core/cache/StackCacheReader.h"

#include "core/cache/JobShape.h"
#include "core/cache/LogRankNodes.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/StackSampleCodec.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <unordered_map>

namespace rankscope {

namespace {

// A file's stored samples, one at a time; a blob that does not decode is a damaged cache.
void decodeSamples(SqliteDatabase &db, std::span<const std::byte> blob,
                   const std::function<void(const StoredStackSample &)> &visit)
{
    try {
        forEachStoredStackSample(blob, visit);
    } catch (const BlobFormatError &error) {
        throw CacheDamagedError("cache database " + db.file().string() +
                                ": stack samples do not decode (" + error.what() + ")");
    }
}

std::vector<FrameId> decodeFrameIds(std::span<const std::byte> blob)
{
    std::vector<FrameId> ids(blob.size() / 4);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        FrameId id = 0;
        for (int b = 0; b < 4; ++b)
            id |= FrameId(std::to_integer<std::uint32_t>(blob[i * 4 + b])) << (8 * b);
        ids[i] = id;
    }
    return ids;
}

std::string text(const SqliteStatement &statement, int column)
{
    return std::string(statement.columnText(column));
}

void loadFrames(SqliteDatabase &db, std::vector<Frame> &frames)
{
    SqliteStatement select =
        db.prepare("SELECT id, function, file, line, module, kind FROM frames ORDER BY id");
    while (select.step()) {
        if (select.columnInt64(0) != std::int64_t(frames.size()))
            throw SqliteError("cache database " + db.file().string() + ": frame ids have gaps");
        frames.push_back(Frame{text(select, 1), text(select, 2), select.columnInt(3),
                               text(select, 4), frameKindFromName(select.columnText(5))});
    }
}

void loadStacks(SqliteDatabase &db, std::vector<std::vector<FrameId>> &stacks,
                std::size_t frameCount)
{
    SqliteStatement select = db.prepare("SELECT id, frames FROM stacks ORDER BY id");
    while (select.step()) {
        if (select.columnInt64(0) != std::int64_t(stacks.size()))
            throw SqliteError("cache database " + db.file().string() + ": stack ids have gaps");
        std::vector<FrameId> ids = decodeFrameIds(select.columnBlob(1));
        for (FrameId id : ids) {
            if (id >= frameCount)
                throw SqliteError("cache database " + db.file().string() +
                                  ": a stack refers to a missing frame");
        }
        stacks.push_back(std::move(ids));
    }
}

struct FileOrder
{
    std::uint32_t sourceIndex = 0;
    int rank = -1;
    int sampleIndex = 0;
    std::int64_t timeNs = 0;
    std::int64_t sampleCount = 0;
    std::size_t nextSlot = 0; // where this file's next sample goes in StackDataset::samples
    std::size_t endSlot = 0;
};

// Manifest job and ranks, with the world size and the layers every rank has decided from what
// the manifest and the files say (JobShape).
JobInfo loadJob(SqliteDatabase &db, JobShapeEvidence evidence, std::vector<ImportProblem> &problems)
{
    JobInfo job;
    int manifestWorldSize = 0;
    SqliteStatement selectJob =
        db.prepare("SELECT job_id, world_size, from_manifest, baseline FROM job");
    if (selectJob.step()) {
        job.jobId = text(selectJob, 0);
        manifestWorldSize = selectJob.columnIsNull(1) ? 0 : selectJob.columnInt(1);
        job.fromManifest = selectJob.columnInt(2) != 0;
        job.baseline = text(selectJob, 3);
    }
    std::vector<RankInfo> manifestRanks;
    SqliteStatement selectRanks =
        db.prepare("SELECT rank, node, local_rank, role, groups_json FROM ranks ORDER BY rank");
    while (selectRanks.step()) {
        RankInfo info;
        info.rank = selectRanks.columnInt(0);
        info.node = text(selectRanks, 1);
        info.localRank = selectRanks.columnInt(2);
        info.role = text(selectRanks, 3);
        const auto groups = nlohmann::json::parse(selectRanks.columnText(4), nullptr, false);
        if (groups.is_object()) {
            for (const auto &[name, id] : groups.items()) {
                if (id.is_number_integer())
                    info.groups[name] = id.get<int>();
            }
        }
        manifestRanks.push_back(std::move(info));
    }

    evidence.manifestWorldSize = manifestWorldSize;
    evidence.highestManifestRank = manifestRanks.empty() ? -1 : manifestRanks.back().rank;
    forEachStoredFileRanks(db, [&](const StoredFileRanks &file) { evidence.addFile(file); });
    JobShape shape = decideJobShape(evidence, problems);
    job.worldSize = shape.worldSize;
    job.worldSizeSource = shape.source;
    job.layers = std::move(shape.layers);
    job.layers.uncollected = uncollectedRanks(db);
    job.ranks.resize(job.worldSize);
    for (RankInfo &info : manifestRanks) {
        if (info.rank >= 0 && info.rank < job.worldSize)
            job.ranks[info.rank] = std::move(info);
    }
    completeNodesFromLogs(db, job, problems);
    return job;
}

// Files that hold several ranks were laid out as one block (they have no rank of their own):
// put every sample at its rank, in (time, path) order within the rank, and number each rank's
// files again. Only for such bundles; the usual one-rank-per-file layout needs none of this.
void orderSamplesOfSharedFiles(StackDataset &data, const std::vector<FileOrder> &files)
{
    std::stable_sort(data.samples.begin(), data.samples.end(),
                     [&](const StackSample &a, const StackSample &b) {
                         if (a.rank != b.rank)
                             return a.rank < b.rank;
                         const FileOrder &fa = files[a.sourceFile];
                         const FileOrder &fb = files[b.sourceFile];
                         if (fa.timeNs != fb.timeNs)
                             return fa.timeNs < fb.timeNs;
                         return a.sourceFile < b.sourceFile;
                     });
    int rank = -1;
    int index = -1;
    std::uint32_t source = 0;
    for (StackSample &sample : data.samples) {
        if (sample.rank != rank) {
            rank = sample.rank;
            index = -1;
        }
        if (index < 0 || sample.sourceFile != source) {
            ++index;
            source = sample.sourceFile;
        }
        sample.sampleIndex = index;
    }
    for (const StackSample &sample : data.samples) {
        RankInfo &info = data.job.ranks[std::size_t(sample.rank)];
        if (info.rank < 0) {
            info.rank = sample.rank;
            info.role = kTrainerRole;
        }
    }
}

} // namespace

bool stackCacheIsComplete(SqliteDatabase &db)
{
    return stackCacheMeta(db, "complete") == "1";
}

RankSet uncollectedRanks(SqliteDatabase &db)
{
    return RankSet::parse(stackCacheMeta(db, "missing_ranks")).value_or(RankSet());
}

std::string stackCacheMeta(SqliteDatabase &db, const std::string &key)
{
    SqliteStatement select = db.prepare("SELECT value FROM meta WHERE key = ?");
    select.bind(1, key);
    return select.step() ? text(select, 0) : std::string();
}

std::vector<StoredFile> readStoredFiles(SqliteDatabase &db)
{
    std::vector<StoredFile> files;
    SqliteStatement select =
        db.prepare("SELECT id, path, size, mtime_ns, change_stamp, kind, status, "
                   "manifest_dependent FROM files ORDER BY path");
    while (select.step()) {
        files.push_back(StoredFile{select.columnInt64(0), text(select, 1), select.columnInt64(2),
                                   select.columnInt64(3), select.columnInt64(4), text(select, 5),
                                   select.columnText(6) == "ok", select.columnInt(7) != 0});
    }
    return files;
}

std::vector<ImportProblem> readBundleProblems(SqliteDatabase &db)
{
    std::vector<ImportProblem> problems;
    SqliteStatement select =
        db.prepare("SELECT path, line, message FROM problems WHERE file_id IS NULL ORDER BY id");
    while (select.step())
        problems.push_back({text(select, 0), select.columnInt64(1), text(select, 2)});
    return problems;
}

void loadStoredStacks(SqliteDatabase &db, StackInterner &interner)
{
    std::vector<Frame> frames;
    loadFrames(db, frames);
    std::vector<std::vector<FrameId>> stacks;
    loadStacks(db, stacks, frames.size());
    for (Frame &frame : frames)
        interner.addStoredFrame(std::move(frame));
    for (std::vector<FrameId> &stack : stacks)
        interner.addStoredStack(std::move(stack));
}

StackDataset loadStackDataset(SqliteDatabase &db, const std::atomic<bool> *stop)
{
    StackDataset data;
    loadFrames(db, data.frames);
    loadStacks(db, data.stacks, data.frames.size());

    // Files: every stack file becomes a source file (sorted by path).
    std::unordered_map<std::int64_t, std::uint32_t> indexOfFile;
    std::vector<FileOrder> files;
    JobShapeEvidence evidence;
    bool severalRanks = false; // a file holds samples of several ranks (samples.rank says)
    {
        SqliteStatement select =
            db.prepare("SELECT id, path, rank, time_ns, sample_count FROM files "
                       "WHERE kind = 'stacks' ORDER BY path");
        while (select.step()) {
            FileOrder order;
            order.sourceIndex = std::uint32_t(files.size());
            order.rank = select.columnIsNull(2) ? -1 : select.columnInt(2);
            order.timeNs = select.columnInt64(3);
            order.sampleCount = std::max<std::int64_t>(select.columnInt64(4), 0);
            if (order.rank >= 0 && order.sampleCount > 0)
                evidence.stackRanksWithSamples.insert(order.rank);
            severalRanks = severalRanks || (order.rank < 0 && order.sampleCount > 0);
            indexOfFile.emplace(select.columnInt64(0), order.sourceIndex);
            files.push_back(order);
            data.sourceFiles.emplace_back(select.columnText(1));
        }
    }
    // Ranks with a profiler trace belong to the job too, stacks or not.
    std::vector<int> traceRanks;
    {
        SqliteStatement select = db.prepare("SELECT rank FROM trace_files WHERE active = 1");
        while (select.step())
            traceRanks.push_back(select.columnInt(0));
    }
    if (severalRanks) {
        // Files of several ranks say each sample's rank in their blob.
        SqliteStatement select = db.prepare("SELECT s.data FROM samples s JOIN files f ON "
                                            "f.id = s.file_id WHERE f.rank IS NULL");
        while (select.step()) {
            decodeSamples(db, select.columnBlob(0), [&](const StoredStackSample &sample) {
                if (sample.rank)
                    evidence.stackRanksWithSamples.insert(*sample.rank);
            });
        }
    }
    data.job = loadJob(db, std::move(evidence), data.problems);
    // Ranks named only by file paths or traces: known to exist, nothing else known.
    const auto markKnown = [&](int rank) {
        if (rank >= int(data.job.ranks.size())) { // a file without its file_ranks row
            data.job.ranks.resize(std::size_t(rank) + 1);
            data.job.worldSize = rank + 1;
            data.job.worldSizeSource = WorldSizeSource::FilePaths;
        }
        if (rank >= 0 && data.job.ranks[rank].rank < 0) {
            RankInfo &info = data.job.ranks[rank];
            info.rank = rank;
            info.role = kTrainerRole;
        }
    };
    for (const FileOrder &order : files)
        markKnown(order.rank);
    for (int rank : traceRanks)
        markKnown(rank);
    data.job.layers.logs.forEach(markKnown);

    // A rank's files with samples, in (time, path) order, are its samples 0, 1, 2... Lay the
    // files out in that order, then put every sample row straight into its place: no sort of
    // samples, no second copy.
    std::vector<std::uint32_t> fileOrder(files.size());
    for (std::uint32_t i = 0; i < fileOrder.size(); ++i)
        fileOrder[i] = i;
    std::sort(fileOrder.begin(), fileOrder.end(), [&](std::uint32_t a, std::uint32_t b) {
        const FileOrder &fa = files[a];
        const FileOrder &fb = files[b];
        if (fa.rank != fb.rank)
            return fa.rank < fb.rank;
        if (fa.timeNs != fb.timeNs)
            return fa.timeNs < fb.timeNs;
        return a < b; // path order
    });
    std::size_t total = 0;
    int previousRank = -1;
    int nextIndex = 0;
    for (std::uint32_t i : fileOrder) {
        FileOrder &file = files[i];
        if (file.rank != previousRank) {
            previousRank = file.rank;
            nextIndex = 0;
        }
        if (file.sampleCount > 0)
            file.sampleIndex = nextIndex++;
        file.nextSlot = total;
        total += std::size_t(file.sampleCount);
        file.endSlot = total;
    }
    data.samples.resize(total);

    const std::string trainer = kTrainerRole;
    SqliteStatement select = db.prepare("SELECT file_id, data FROM samples ORDER BY file_id");
    for (std::size_t row = 0; select.step(); ++row) {
        if (stop && (row & 1023) == 0 && stop->load())
            return StackDataset();
        const auto found = indexOfFile.find(select.columnInt64(0));
        FileOrder *file = found == indexOfFile.end() ? nullptr : &files[found->second];
        const auto damaged = [&] {
            return SqliteError("cache database " + db.file().string() +
                               ": a sample refers to a missing file or stack");
        };
        if (!file)
            throw damaged();
        decodeSamples(db, select.columnBlob(1), [&](const StoredStackSample &stored) {
            const int rank = stored.rank ? *stored.rank : file->rank;
            if (rank < 0 || rank >= data.job.worldSize || file->nextSlot >= file->endSlot ||
                stored.stack >= data.stacks.size())
                throw damaged();
            StackSample &sample = data.samples[file->nextSlot++];
            sample.rank = rank;
            sample.sampleIndex = file->sampleIndex;
            sample.timeNs = file->timeNs;
            sample.cut = stored.cut;
            if (!stored.role) {
                const std::string &rankRole = data.job.ranks[rank].role;
                sample.role = rankRole.empty() ? trainer : rankRole;
            } else {
                sample.role = *stored.role;
            }
            sample.pid = stored.pid;
            sample.threadId = stored.threadId;
            sample.threadName = stored.threadName;
            sample.state = stored.state;
            sample.isMainThread = stored.isMain;
            sample.stack = stored.stack;
            sample.weight = stored.weight;
            sample.sourceFile = file->sourceIndex;
        });
    }
    for (const FileOrder &order : files) {
        if (order.nextSlot != order.endSlot)
            throw SqliteError("cache database " + db.file().string() +
                              ": sample counts do not match the samples");
    }
    if (severalRanks)
        orderSamplesOfSharedFiles(data, files);

    SqliteStatement problems = db.prepare(
        "SELECT path, line, message FROM problems ORDER BY file_id IS NOT NULL, path, line, id");
    while (problems.step())
        data.problems.push_back({text(problems, 0), problems.columnInt64(1), text(problems, 2)});
    return data;
}

} // namespace rankscope
