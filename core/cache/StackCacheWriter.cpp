#include "core/cache/StackCacheWriter.h"

#include "core/cache/StackFileSamples.h"

#include <nlohmann/json.hpp>

namespace rankscope {

namespace {

std::vector<std::byte> encodeFrameIds(const std::vector<FrameId> &ids)
{
    std::vector<std::byte> bytes(ids.size() * 4);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        for (int b = 0; b < 4; ++b)
            bytes[i * 4 + b] = std::byte((ids[i] >> (8 * b)) & 0xff);
    }
    return bytes;
}

} // namespace

StackCacheWriter::StackCacheWriter(SqliteDatabase &db, StackInterner &interner)
    : m_db(db), m_interner(interner),
      m_insertFile(db.prepare("INSERT INTO files(path, size, mtime_ns, kind, format, rank, "
                              "time_ns, status, sample_count, manifest_dependent, change_stamp) "
                              "VALUES(?,?,?,?,?,?,?,?,?,?,?)")),
      m_insertSamples(db.prepare("INSERT INTO samples(file_id, count, data) VALUES(?,?,?)")),
      m_insertFrame(db.prepare(
          "INSERT INTO frames(id, function, file, line, module, kind) VALUES(?,?,?,?,?,?)")),
      m_insertStack(db.prepare("INSERT INTO stacks(id, frames, hash) VALUES(?,?,?)")),
      m_insertProblem(
          db.prepare("INSERT INTO problems(file_id, path, line, message) VALUES(?,?,?,?)")),
      m_deleteSamples(db.prepare("DELETE FROM samples WHERE file_id = ?")),
      m_deleteProblems(db.prepare("DELETE FROM problems WHERE file_id = ?")),
      m_deleteFile(db.prepare("DELETE FROM files WHERE id = ?")),
      m_setMeta(db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?,?)")),
      m_framesWritten(interner.frameCount()), m_stacksWritten(interner.stackCount())
{}

void StackCacheWriter::clearAll()
{
    // Frames and stacks go too: their ids must stay dense and match a fresh interner.
    m_db.exec("DELETE FROM samples; DELETE FROM problems; DELETE FROM files; DELETE FROM frames;"
              "DELETE FROM stacks; DELETE FROM job; DELETE FROM ranks; DELETE FROM meta;"
              "DELETE FROM manifest_clock_offsets; DELETE FROM manifest_pids;"
              "DELETE FROM collective_groups; DELETE FROM collective_file_groups;");
    m_framesWritten = 0;
    m_stacksWritten = 0;
}

void StackCacheWriter::removeFile(std::int64_t fileId)
{
    m_deleteSamples.bind(1, fileId).run();
    m_deleteProblems.bind(1, fileId).run();
    m_deleteFile.bind(1, fileId).run();
}

void StackCacheWriter::insertProblem(std::optional<std::int64_t> fileId, std::string_view path,
                                     std::int64_t line, std::string_view message)
{
    m_insertProblem.bind(1, fileId).bind(2, path).bind(3, line).bind(4, message).run();
}

void StackCacheWriter::flushInterned()
{
    for (std::size_t id = m_framesWritten; id < m_interner.frameCount(); ++id) {
        const Frame &frame = m_interner.frame(id);
        m_insertFrame.bind(1, std::int64_t(id))
            .bind(2, frame.function)
            .bind(3, frame.file)
            .bind(4, frame.line)
            .bind(5, frame.module)
            .bind(6, frameKindName(frame.kind))
            .run();
    }
    m_framesWritten = m_interner.frameCount();
    for (std::size_t id = m_stacksWritten; id < m_interner.stackCount(); ++id) {
        const std::vector<std::byte> blob = encodeFrameIds(m_interner.stack(StackId(id)));
        m_insertStack.bind(1, std::int64_t(id))
            .bindBlob(2, blob)
            .bind(3, static_cast<std::int64_t>(m_interner.stackHash(StackId(id))))
            .run();
    }
    m_stacksWritten = m_interner.stackCount();
}

std::int64_t StackCacheWriter::writeStackFile(const StackFileRecord &record)
{
    m_insertFile.bindNoCopy(1, record.path)
        .bind(2, record.size)
        .bind(3, record.mtimeNs)
        .bind(4, "stacks")
        .bind(5, record.format.empty() ? std::optional<std::string_view>()
                                       : std::optional<std::string_view>(record.format))
        .bind(6, record.rank)
        .bind(7, record.timeNs)
        .bind(8, record.ok ? "ok" : "failed")
        .bind(11, record.changeStamp);
    std::int64_t samples = 0;
    if (record.encoded) {
        samples = record.encoded->count;
    } else if (record.ok) {
        for (const ParsedProcess &process : record.parsed.processes)
            samples += std::int64_t(process.threads.size());
    }
    m_insertFile.bind(9, samples).bind(10, record.ranksFromContent ? 1 : 0).run();
    const std::int64_t fileId = m_db.lastInsertRowId();
    m_lastFileId = fileId;
    for (const ParseProblem &problem : record.problems)
        insertProblem(fileId, record.path, problem.line, problem.message);
    if (samples == 0)
        return 0;

    const bool internHere = !record.encoded && record.stackIds.empty();
    EncodedStackSamples encodedHere;
    if (!record.encoded) {
        encodedHere = encodeStackFileSamples(record, [&](std::size_t p, std::size_t t) {
            const ParsedThread &thread = record.parsed.processes[p].threads[t];
            return internHere ? m_interner.intern(thread.frames, hashFrames(thread.frames)).stack
                              : record.stackIds.at(p).at(t);
        });
    }
    const EncodedStackSamples &encoded = record.encoded ? *record.encoded : encodedHere;
    m_insertSamples.bind(1, fileId).bind(2, encoded.count).bindBlob(3, encoded.blob).run();
    if (internHere)
        flushInterned();
    return encoded.count;
}

void StackCacheWriter::writeManifest(const ManifestRecord *manifest)
{
    m_db.exec("DELETE FROM problems WHERE file_id IN (SELECT id FROM files WHERE kind = "
              "'manifest'); DELETE FROM files WHERE kind = 'manifest'; DELETE FROM job; "
              "DELETE FROM ranks; DELETE FROM manifest_clock_offsets; DELETE FROM manifest_pids;");
    if (!manifest)
        return;
    m_insertFile.bind(1, manifest->path)
        .bind(2, manifest->size)
        .bind(3, manifest->mtimeNs)
        .bind(4, "manifest")
        .bind(5, "job.json")
        .bindNull(6)
        .bindNull(7)
        .bind(8, manifest->ok ? "ok" : "failed")
        .bind(9, 0)
        .bind(10, 0)
        .bind(11, manifest->changeStamp)
        .run();
    const std::int64_t fileId = m_db.lastInsertRowId();
    for (const ParseProblem &problem : manifest->problems)
        insertProblem(fileId, manifest->path, problem.line, problem.message);
    if (!manifest->ok)
        return;

    const JobInfo &job = manifest->job;
    SqliteStatement insertJob = m_db.prepare(
        "INSERT INTO job(job_id, world_size, from_manifest, baseline) VALUES(?,?,1,?)");
    insertJob.bind(1, job.jobId);
    if (job.worldSize > 0)
        insertJob.bind(2, job.worldSize);
    else
        insertJob.bindNull(2);
    insertJob.bind(3, job.baseline);
    insertJob.run();

    SqliteStatement insertRank = m_db.prepare(
        "INSERT INTO ranks(rank, node, local_rank, role, groups_json) VALUES(?,?,?,?,?)");
    for (const RankInfo &info : job.ranks) {
        if (info.rank < 0)
            continue;
        insertRank.bind(1, info.rank)
            .bind(2, info.node)
            .bind(3, info.localRank)
            .bind(4, info.role)
            .bind(5, nlohmann::json(info.groups).dump())
            .run();
    }
    SqliteStatement insertOffset =
        m_db.prepare("INSERT INTO manifest_clock_offsets(rank, offset_ns) VALUES(?,?)");
    for (const auto &[rank, offsetNs] : manifest->clockOffsetsNs)
        insertOffset.bind(1, rank).bind(2, offsetNs).run();
    SqliteStatement insertPid = m_db.prepare("INSERT INTO manifest_pids(pid, rank) VALUES(?,?)");
    for (const auto &[pid, rank] : manifest->pidRanks)
        insertPid.bind(1, pid).bind(2, rank).run();
}

void StackCacheWriter::replaceBundleProblems(const std::vector<ImportProblem> &problems)
{
    m_db.exec("DELETE FROM problems WHERE file_id IS NULL");
    for (const ImportProblem &problem : problems)
        insertProblem(std::nullopt, problem.file, problem.line, problem.message);
}

void StackCacheWriter::setMeta(std::string_view key, std::string_view value)
{
    m_setMeta.bind(1, key).bind(2, value).run();
}

} // namespace rankscope
