#pragma once

#include "core/notes/Note.h"
#include "core/notes/NoteMerge.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rankscope {

class SqliteDatabase;

// A notes database that cannot be opened or written. The message is one sentence for the user
// that names the file.
class NoteStoreError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Bumped when the notes table changes; unlike the cache's, an older notes database is migrated
// step by step (NoteStore.cpp), never deleted: the cache can be rebuilt from the bundle, the
// user's notes cannot.
// 1: notes(id, view, kind, anchor, anchor_key, text, shape, ranks, label, author, created_ms,
//    modified_ms), notes_deleted(id, deleted_ms), notes_meta(key, value)
inline constexpr int kNotesSchemaVersion = 1;

// The notes of one bundle, in a small SQLite database beside the bundle's cache
// (`<stem>.notes.sqlite` next to `<stem>.sqlite`, fileFor()). Kept out of the cache database on
// purpose: the cache is deleted and rebuilt whenever its schema changes, it is damaged or the
// user re-imports (File > Reimport), and the notes must survive all three. Anchors are content
// keys (NoteAnchor), so a re-import that renumbers every row keeps them attached.
//
// Every write is one transaction in WAL mode with synchronous=FULL: an edit is on disk when the
// call returns, and a crash mid-write leaves the notes as before it.
class NoteStore
{
public:
    // The notes file that belongs to a bundle's cache file.
    static std::filesystem::path fileFor(const std::filesystem::path &cacheFile);

    // Opens the file, creating it when missing and migrating an older one. A file that is not a
    // SQLite database is moved aside (`<file>.damaged`), not deleted, and a new one started. A
    // file in a read-only folder opens read-only (readOnly(); writes then throw). Throws
    // NoteStoreError when the file cannot be used at all, or was written by a newer rankscope.
    explicit NoteStore(const std::filesystem::path &file);
    ~NoteStore();
    NoteStore(const NoteStore &) = delete;
    NoteStore &operator=(const NoteStore &) = delete;

    const std::filesystem::path &file() const { return m_file; }
    bool readOnly() const;
    // A file that was not a database and was moved aside when this store opened ("" if none).
    const std::filesystem::path &movedAside() const { return m_movedAside; }

    // Every note, oldest first.
    std::vector<Note> all();
    std::optional<Note> find(const std::string &id);
    // Inserts the note or replaces the one with its id. Throws NoteStoreError.
    void put(const Note &note);
    // False when no note has the id. Throws NoteStoreError.
    bool remove(const std::string &id);
    // Merges notes from elsewhere (planNoteMerge) in one transaction and says what it did. A
    // note removed here is not brought back by an older copy of it.
    NoteMergePlan merge(const std::vector<Note> &incoming);

    // Small facts about the notes ("sidecar_hash": the last sidecar merged on opening), "" when
    // unset. setMeta throws NoteStoreError.
    std::string meta(const std::string &key);
    void setMeta(const std::string &key, const std::string &value);

private:
    void write(const Note &note);

    std::filesystem::path m_file;
    std::filesystem::path m_movedAside;
    std::unique_ptr<SqliteDatabase> m_db;
};

} // namespace rankscope
