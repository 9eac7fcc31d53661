#include "core/notes/NoteStore.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/SqliteTransaction.h"
#include "core/notes/NoteJson.h"

#include <array>
#include <system_error>
#include <unordered_map>

namespace rankscope {

using nlohmann::json;

// Named (not anonymous): the unity build puts this file beside others.
namespace note_store {

constexpr const char *kNotesSchemaSql = R"sql(
CREATE TABLE notes_meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE notes(
    id TEXT PRIMARY KEY,            -- 32 hex digits, the same in every copy of the note
    view TEXT NOT NULL,             -- noteViewKey(): 'flamegraph', 'heatmap', ...
    kind TEXT NOT NULL,             -- noteKindKey(): 'pin', 'highlight', 'arrow', 'ranks'
    anchor TEXT NOT NULL,           -- noteAnchorJson(): content keys, never cache row ids
    anchor_key TEXT NOT NULL,       -- noteAnchorKey(), to find the notes of one item
    text TEXT NOT NULL,
    shape TEXT,                     -- JSON [x0, y0, x1, y1] in the view's data coordinates
    ranks TEXT NOT NULL,            -- RankSet ranges ("37,40-41"); '' when none
    label TEXT NOT NULL,            -- what the anchor showed when the note was made
    author TEXT NOT NULL,
    created_ms INTEGER NOT NULL,    -- ms since the Unix epoch
    modified_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX notes_by_anchor ON notes(view, anchor_key);
-- Notes removed here, so that merging an older copy (a sidecar) does not bring them back.
CREATE TABLE notes_deleted(id TEXT PRIMARY KEY, deleted_ms INTEGER NOT NULL) WITHOUT ROWID;
)sql";

// migrations[v - 1] turns a version v database into version v + 1, inside the transaction that
// sets the new version. Append one per kNotesSchemaVersion bump (ALTER TABLE ... ADD COLUMN
// with a default, a new table, a rewrite of a column's JSON), never edit an old one.
constexpr std::array<const char *, kNotesSchemaVersion - 1> kMigrations{};

bool hasTables(SqliteDatabase &db)
{
    SqliteStatement statement = db.prepare("SELECT count(*) FROM sqlite_schema");
    return statement.step() && statement.columnInt64(0) > 0;
}

// Creates or migrates; throws SqliteError for a file that is not a database, NoteStoreError
// for one of a newer rankscope.
void prepare(SqliteDatabase &db)
{
    // Notes are the user's work, not a cache: FULL makes each commit durable on power loss.
    db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL");
    const int version = db.userVersion();
    if (version == kNotesSchemaVersion)
        return;
    if (version > kNotesSchemaVersion)
        throw NoteStoreError("the notes database " + db.file().string() +
                             " was written by a newer version of rankscope (notes schema " +
                             std::to_string(version) + "; this one knows up to " +
                             std::to_string(kNotesSchemaVersion) + ")");
    SqliteTransaction transaction(db);
    if (version == 0) {
        if (hasTables(db))
            throw SqliteError("the notes database " + db.file().string() +
                              " holds tables but no notes schema version");
        db.exec(kNotesSchemaSql);
    } else {
        for (int from = version; from < kNotesSchemaVersion; ++from)
            db.exec(kMigrations[std::size_t(from - 1)]);
    }
    db.setUserVersion(kNotesSchemaVersion);
    transaction.commit();
}

std::string shapeText(const std::optional<NoteShape> &shape)
{
    if (!shape)
        return {};
    return json::array({shape->from.x, shape->from.y, shape->to.x, shape->to.y}).dump();
}

std::string dumped(const json &value)
{
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

constexpr const char *kColumns = "id, view, kind, anchor, text, shape, ranks, label, author, "
                                 "created_ms, modified_ms";

// One row back into a note. A row this version cannot read (written by hand, or damaged) is
// skipped rather than failing every other note.
std::optional<Note> noteOfRow(SqliteStatement &row)
{
    json object = json::object();
    object["id"] = std::string(row.columnText(0));
    object["view"] = std::string(row.columnText(1));
    object["kind"] = std::string(row.columnText(2));
    object["anchor"] = json::parse(row.columnText(3), nullptr, false);
    object["text"] = std::string(row.columnText(4));
    if (!row.columnIsNull(5) && !row.columnText(5).empty())
        object["shape"] = json::parse(row.columnText(5), nullptr, false);
    object["ranks"] = std::string(row.columnText(6));
    object["label"] = std::string(row.columnText(7));
    object["author"] = std::string(row.columnText(8));
    object["created"] = row.columnInt64(9);
    object["modified"] = row.columnInt64(10);
    Message problem;
    return noteFromJson(object, &problem);
}

} // namespace note_store

std::filesystem::path NoteStore::fileFor(const std::filesystem::path &cacheFile)
{
    std::filesystem::path file = cacheFile;
    file.replace_extension(".notes.sqlite");
    return file;
}

NoteStore::NoteStore(const std::filesystem::path &file) : m_file(file)
{
    const auto open = [&] {
        const bool readOnly = cacheIsReadOnly(file);
        std::error_code error;
        if (readOnly && !std::filesystem::exists(file, error))
            return; // nothing to read, and nowhere to write: an empty, read-only store
        m_db = std::make_unique<SqliteDatabase>(file, readOnly ? SqliteDatabase::Mode::ReadOnly
                                                               : SqliteDatabase::Mode::ReadWrite);
        if (readOnly) {
            if (m_db->userVersion() > kNotesSchemaVersion)
                throw NoteStoreError("the notes database " + file.string() +
                                     " was written by a newer version of rankscope");
            return; // an older schema is read as it is: only its rows are needed
        }
        note_store::prepare(*m_db);
    };
    try {
        open();
    } catch (const NoteStoreError &) {
        throw;
    } catch (const SqliteError &) {
        // Not a database (or damaged beyond SQLite's reading): keep it for whoever wants to look,
        // and start a new one.
        m_db.reset();
        if (cacheIsReadOnly(file))
            throw NoteStoreError("the notes database " + file.string() +
                                 " cannot be read, and its folder is read-only");
        std::error_code error;
        m_movedAside = file.string() + ".damaged";
        std::filesystem::rename(file, m_movedAside, error);
        for (const char *suffix : {"-wal", "-shm"})
            std::filesystem::remove(file.string() + suffix, error);
        try {
            open();
        } catch (const SqliteError &again) {
            throw NoteStoreError(std::string("cannot open the notes database: ") + again.what());
        }
    }
}

NoteStore::~NoteStore() = default;

bool NoteStore::readOnly() const
{
    return !m_db || m_db->readOnly();
}

std::vector<Note> NoteStore::all()
{
    std::vector<Note> notes;
    if (!m_db)
        return notes;
    try {
        SqliteStatement rows = m_db->prepare(std::string("SELECT ") + note_store::kColumns +
                                             " FROM notes ORDER BY created_ms, id");
        while (rows.step())
            if (auto note = note_store::noteOfRow(rows))
                notes.push_back(std::move(*note));
    } catch (const SqliteError &error) {
        throw NoteStoreError(error.what());
    }
    return notes;
}

std::optional<Note> NoteStore::find(const std::string &id)
{
    if (!m_db)
        return std::nullopt;
    try {
        SqliteStatement row = m_db->prepare(std::string("SELECT ") + note_store::kColumns +
                                            " FROM notes WHERE id = ?");
        row.bind(1, id);
        if (row.step())
            return note_store::noteOfRow(row);
    } catch (const SqliteError &error) {
        throw NoteStoreError(error.what());
    }
    return std::nullopt;
}

void NoteStore::write(const Note &note)
{
    SqliteStatement insert = m_db->prepare(
        "INSERT OR REPLACE INTO notes(id, view, kind, anchor, anchor_key, text, shape, ranks, "
        "label, author, created_ms, modified_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const std::string anchor = note_store::dumped(noteAnchorJson(note.anchor));
    const std::string shape = note_store::shapeText(note.shape);
    insert.bind(1, note.id)
        .bind(2, noteViewKey(note.view))
        .bind(3, noteKindKey(note.kind))
        .bind(4, anchor)
        .bind(5, anchor) // the canonical JSON is the key
        .bind(6, note.text);
    if (shape.empty())
        insert.bindNull(7);
    else
        insert.bind(7, shape);
    insert.bind(8, note.ranks.toString())
        .bind(9, note.label)
        .bind(10, note.author)
        .bind(11, note.createdMs)
        .bind(12, note.modifiedMs);
    insert.run();
    SqliteStatement undelete = m_db->prepare("DELETE FROM notes_deleted WHERE id = ?");
    undelete.bind(1, note.id);
    undelete.run();
}

namespace note_store {
NoteStoreError readOnlyError(const std::filesystem::path &file)
{
    return NoteStoreError("the notes database " + file.string() +
                          " is in a read-only folder: notes can be read but not saved");
}
} // namespace note_store

void NoteStore::put(const Note &note)
{
    if (readOnly())
        throw note_store::readOnlyError(m_file);
    try {
        SqliteTransaction transaction(*m_db);
        write(note);
        transaction.commit();
    } catch (const SqliteError &error) {
        throw NoteStoreError(error.what());
    }
}

bool NoteStore::remove(const std::string &id)
{
    if (readOnly())
        throw note_store::readOnlyError(m_file);
    try {
        SqliteTransaction transaction(*m_db);
        SqliteStatement statement = m_db->prepare("DELETE FROM notes WHERE id = ?");
        statement.bind(1, id);
        statement.run();
        const bool removed = m_db->changes() > 0;
        if (removed) {
            SqliteStatement tombstone =
                m_db->prepare("INSERT OR REPLACE INTO notes_deleted(id, deleted_ms) VALUES (?, ?)");
            tombstone.bind(1, id).bind(2, noteClockMs());
            tombstone.run();
        }
        transaction.commit();
        return removed;
    } catch (const SqliteError &error) {
        throw NoteStoreError(error.what());
    }
}

NoteMergePlan NoteStore::merge(const std::vector<Note> &incoming)
{
    if (readOnly())
        throw note_store::readOnlyError(m_file);
    try {
        SqliteTransaction transaction(*m_db);
        std::unordered_map<std::string, std::int64_t> deleted;
        SqliteStatement gone = m_db->prepare("SELECT id, deleted_ms FROM notes_deleted");
        while (gone.step())
            deleted.emplace(std::string(gone.columnText(0)), gone.columnInt64(1));
        NoteMergePlan plan = planNoteMerge(all(), incoming, deleted);
        for (const Note &note : plan.added)
            write(note);
        for (const Note &note : plan.updated)
            write(note);
        transaction.commit();
        return plan;
    } catch (const SqliteError &error) {
        throw NoteStoreError(error.what());
    }
}

std::string NoteStore::meta(const std::string &key)
{
    if (!m_db)
        return {};
    try {
        SqliteStatement row = m_db->prepare("SELECT value FROM notes_meta WHERE key = ?");
        row.bind(1, key);
        return row.step() ? std::string(row.columnText(0)) : std::string();
    } catch (const SqliteError &error) {
        throw NoteStoreError(error.what());
    }
}

void NoteStore::setMeta(const std::string &key, const std::string &value)
{
    if (readOnly())
        throw note_store::readOnlyError(m_file);
    try {
        SqliteStatement row =
            m_db->prepare("INSERT OR REPLACE INTO notes_meta(key, value) VALUES (?, ?)");
        row.bind(1, key).bind(2, value);
        row.run();
    } catch (const SqliteError &error) {
        throw NoteStoreError(error.what());
    }
}

} // namespace rankscope
