#include "core/cache/FileRanks.h"

#include "core/cache/SqliteStatement.h"

namespace rankscope {

namespace {

FileRankSource sourceFromKey(std::string_view key)
{
    if (key == "content")
        return FileRankSource::Content;
    if (key == "assumed")
        return FileRankSource::Assumed;
    return FileRankSource::Path;
}

} // namespace

const char *fileRankSourceKey(FileRankSource source)
{
    switch (source) {
    case FileRankSource::Content:
        return "content";
    case FileRankSource::Assumed:
        return "assumed";
    case FileRankSource::Path:
        break;
    }
    return "path";
}

FileRanksWriter::FileRanksWriter(SqliteDatabase &db)
    : m_select(db.prepare("SELECT id FROM files WHERE path = ?")),
      m_insert(db.prepare("INSERT OR REPLACE INTO file_ranks(file_id, ranks, rank_source, "
                          "world_size) VALUES(?,?,?,?)"))
{}

void FileRanksWriter::write(std::int64_t fileId, const FileRanks &facts)
{
    m_insert.reset();
    m_insert.bind(1, fileId)
        .bind(2, facts.ranks.toString())
        .bind(3, fileRankSourceKey(facts.source));
    if (facts.statedWorldSize > 0)
        m_insert.bind(4, facts.statedWorldSize);
    else
        m_insert.bindNull(4);
    m_insert.run();
}

void FileRanksWriter::write(std::string_view path, const FileRanks &facts)
{
    m_select.reset();
    m_select.bind(1, path);
    if (m_select.step()) {
        const std::int64_t id = m_select.columnInt64(0);
        m_select.reset();
        write(id, facts);
    }
}

void writeFileRanks(SqliteDatabase &db, std::int64_t fileId, const FileRanks &facts)
{
    FileRanksWriter(db).write(fileId, facts);
}

void writeFileRanks(SqliteDatabase &db, std::string_view path, const FileRanks &facts)
{
    FileRanksWriter(db).write(path, facts);
}

void forEachStoredFileRanks(SqliteDatabase &db,
                            const std::function<void(const StoredFileRanks &)> &visit)
{
    StoredFileRanks row;
    // A trace file counts for its ranks only when it speaks for one of them (a multi-process
    // Nsight export holds several ranks' traces).
    SqliteStatement select = db.prepare(
        "SELECT f.kind, f.status = 'ok' AND (f.kind <> 'trace' OR EXISTS (SELECT 1 FROM "
        "trace_files t WHERE t.file_id = r.file_id AND t.active = 1)), "
        "r.ranks, r.rank_source, r.world_size FROM file_ranks r JOIN files f ON f.id = r.file_id");
    while (select.step()) {
        row.kind = select.columnText(0);
        row.usable = select.columnInt(1) != 0;
        row.facts.ranks = RankSet::parse(select.columnText(2)).value_or(RankSet());
        row.facts.source = sourceFromKey(select.columnText(3));
        row.facts.statedWorldSize = select.columnIsNull(4) ? 0 : select.columnInt(4);
        visit(row);
    }
}

} // namespace rankscope
