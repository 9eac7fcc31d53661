#include "core/cache/SqliteDatabase.h"

#include "core/cache/SqliteStatement.h"

#include <sqlite3.h>

namespace rankscope {

std::string sqliteFileUri(const std::filesystem::path &file)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string uri = "file:";
    for (const unsigned char c : file.string()) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7F) {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 0xF];
        } else {
            uri += char(c);
        }
    }
    return uri;
}

SqliteDatabase::SqliteDatabase(const std::filesystem::path &file, Mode mode)
    : m_file(file), m_readOnly(mode == Mode::ReadOnly)
{
    const int rc =
        m_readOnly
            ? sqlite3_open_v2((sqliteFileUri(file) + "?immutable=1").c_str(), &m_db,
                              SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr)
            : sqlite3_open_v2(file.c_str(), &m_db,
                              SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                              nullptr);
    if (rc != SQLITE_OK) {
        std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        sqlite3_close(m_db);
        m_db = nullptr;
        throw SqliteError("cannot open the cache database " + file.string() + ": " + message);
    }
    // Another rankscope importing the same bundle holds the write lock for a few seconds at most.
    sqlite3_busy_timeout(m_db, 10000);
    sqlite3_extended_result_codes(m_db, 1);
}

SqliteDatabase::~SqliteDatabase()
{
    sqlite3_close_v2(m_db);
}

namespace {

// SQLite says "database or disk is full" for both; in a cache it is the disk.
std::string diskFullNote(int rc)
{
    return (rc & 0xFF) == SQLITE_FULL ? "the disk holding the cache is full: " : "";
}

} // namespace

void SqliteDatabase::check(int rc, std::string_view what) const
{
    if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE)
        return;
    throw SqliteError("cache database " + m_file.string() + ": " + diskFullNote(rc) +
                      std::string(what) + " failed: " + sqlite3_errmsg(m_db));
}

void SqliteDatabase::exec(std::string_view sql)
{
    const std::string text(sql);
    char *error = nullptr;
    const int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw SqliteError("cache database " + m_file.string() + ": " + diskFullNote(rc) + message +
                          " (in: " + text.substr(0, 80) + ")");
    }
}

SqliteStatement SqliteDatabase::prepare(std::string_view sql)
{
    return SqliteStatement(*this, sql);
}

int SqliteDatabase::userVersion()
{
    SqliteStatement statement = prepare("PRAGMA user_version");
    return statement.step() ? statement.columnInt(0) : 0;
}

void SqliteDatabase::setUserVersion(int version)
{
    exec("PRAGMA user_version = " + std::to_string(version));
}

std::int64_t SqliteDatabase::lastInsertRowId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

int SqliteDatabase::changes() const
{
    return sqlite3_changes(m_db);
}

} // namespace rankscope
