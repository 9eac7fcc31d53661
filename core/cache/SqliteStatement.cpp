#include "core/cache/SqliteStatement.h"

#include "core/cache/SqliteDatabase.h"

#include <sqlite3.h>

#include <utility>

namespace rankscope {

SqliteStatement::SqliteStatement(SqliteDatabase &db, std::string_view sql) : m_db(&db)
{
    const int rc = sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &m_statement, nullptr);
    db.check(rc, "preparing \"" + std::string(sql.substr(0, 60)) + "\"");
}

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_statement);
}

SqliteStatement::SqliteStatement(SqliteStatement &&other) noexcept
    : m_db(other.m_db), m_statement(std::exchange(other.m_statement, nullptr))
{}

SqliteStatement &SqliteStatement::operator=(SqliteStatement &&other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_statement);
        m_db = other.m_db;
        m_statement = std::exchange(other.m_statement, nullptr);
    }
    return *this;
}

SqliteStatement &SqliteStatement::bind(int index, std::int64_t value)
{
    m_db->check(sqlite3_bind_int64(m_statement, index, value), "binding an integer");
    return *this;
}

SqliteStatement &SqliteStatement::bind(int index, double value)
{
    m_db->check(sqlite3_bind_double(m_statement, index, value), "binding a number");
    return *this;
}

SqliteStatement &SqliteStatement::bind(int index, std::string_view text)
{
    m_db->check(sqlite3_bind_text64(m_statement, index, text.data(), text.size(), SQLITE_TRANSIENT,
                                    SQLITE_UTF8),
                "binding text");
    return *this;
}

SqliteStatement &SqliteStatement::bindNoCopy(int index, std::string_view text)
{
    m_db->check(sqlite3_bind_text64(m_statement, index, text.data(), text.size(), SQLITE_STATIC,
                                    SQLITE_UTF8),
                "binding text");
    return *this;
}

SqliteStatement &SqliteStatement::bindBlob(int index, std::span<const std::byte> bytes)
{
    // A zero-length blob must still be a blob, not NULL: SQLite needs a non-null pointer.
    static const std::byte empty{};
    m_db->check(sqlite3_bind_blob64(m_statement, index, bytes.empty() ? &empty : bytes.data(),
                                    bytes.size(), SQLITE_TRANSIENT),
                "binding a blob");
    return *this;
}

SqliteStatement &SqliteStatement::bindNull(int index)
{
    m_db->check(sqlite3_bind_null(m_statement, index), "binding NULL");
    return *this;
}

bool SqliteStatement::step()
{
    const int rc = sqlite3_step(m_statement);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    const std::string sql = sqlite3_sql(m_statement) ? sqlite3_sql(m_statement) : "";
    sqlite3_reset(m_statement);
    m_db->check(rc, "running \"" + sql.substr(0, 60) + "\"");
    return false;
}

void SqliteStatement::run()
{
    while (step()) {
    }
    reset();
}

void SqliteStatement::reset()
{
    sqlite3_reset(m_statement);
}

bool SqliteStatement::columnIsNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

std::int64_t SqliteStatement::columnInt64(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

int SqliteStatement::columnInt(int column) const
{
    return sqlite3_column_int(m_statement, column);
}

double SqliteStatement::columnDouble(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

std::string_view SqliteStatement::columnText(int column) const
{
    const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(m_statement, column));
    if (!text)
        return {};
    return {text, static_cast<std::size_t>(sqlite3_column_bytes(m_statement, column))};
}

std::span<const std::byte> SqliteStatement::columnBlob(int column) const
{
    const auto *data = static_cast<const std::byte *>(sqlite3_column_blob(m_statement, column));
    if (!data)
        return {};
    return {data, static_cast<std::size_t>(sqlite3_column_bytes(m_statement, column))};
}

} // namespace rankscope
