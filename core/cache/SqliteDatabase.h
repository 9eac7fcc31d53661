#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;

namespace rankscope {

class SqliteStatement;

// A failed SQLite call. The message names the database file and SQLite's own explanation.
class SqliteError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// A stored blob that does not decode (its checksum, its layout): the cache, not the bundle, is
// damaged. The CLI rebuilds the cache from the bundle once and says so.
class CacheDamagedError : public SqliteError
{
public:
    using SqliteError::SqliteError;
};

// One open SQLite connection, closed on destruction. Thin on purpose: the cache code speaks SQL
// through prepared statements and this class only adds error handling and ownership.
// The file: URI of a path, the characters a URI gives a meaning percent-encoded: how SQLite is
// given options such as "?immutable=1" (a read-only cache, a bundle's Nsight export).
std::string sqliteFileUri(const std::filesystem::path &file);

class SqliteDatabase
{
public:
    enum class Mode
    {
        ReadWrite, // creating the file when missing
        // A cache on a read-only folder or mount: opened as immutable (SQLite then needs no
        // -wal or -shm file beside it, which it could not create there) and never written.
        ReadOnly,
    };
    // Opens the database file. Throws SqliteError.
    explicit SqliteDatabase(const std::filesystem::path &file, Mode mode = Mode::ReadWrite);
    ~SqliteDatabase();
    SqliteDatabase(const SqliteDatabase &) = delete;
    SqliteDatabase &operator=(const SqliteDatabase &) = delete;

    // Runs one or more statements that return no rows of interest.
    void exec(std::string_view sql);
    SqliteStatement prepare(std::string_view sql);

    int userVersion();
    void setUserVersion(int version);
    std::int64_t lastInsertRowId() const;
    int changes() const;

    const std::filesystem::path &file() const { return m_file; }
    bool readOnly() const { return m_readOnly; }
    sqlite3 *handle() const { return m_db; }

    // Throws SqliteError with the connection's current error message when rc is not OK/ROW/DONE.
    void check(int rc, std::string_view what) const;

private:
    std::filesystem::path m_file;
    sqlite3 *m_db = nullptr;
    bool m_readOnly = false;
};

} // namespace rankscope
