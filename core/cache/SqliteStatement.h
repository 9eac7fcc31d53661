#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

struct sqlite3_stmt;

namespace rankscope {

class SqliteDatabase;

// One prepared statement, finalized on destruction. Parameters and columns are 1-based and
// 0-based as in the SQLite C API. Text and blobs bound here are copied only when the statement
// outlives them (SQLITE_TRANSIENT), so callers may pass temporaries.
class SqliteStatement
{
public:
    SqliteStatement(SqliteDatabase &db, std::string_view sql);
    ~SqliteStatement();
    SqliteStatement(SqliteStatement &&other) noexcept;
    SqliteStatement &operator=(SqliteStatement &&other) noexcept;
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    SqliteStatement &bind(int index, std::int64_t value);
    SqliteStatement &bind(int index, int value) { return bind(index, std::int64_t(value)); }
    SqliteStatement &bind(int index, double value);
    SqliteStatement &bind(int index, std::string_view text);
    // Binds text without copying it: it must stay valid until the statement has run. For the
    // hot insert loops, where the copy would be one allocation per column and row.
    SqliteStatement &bindNoCopy(int index, std::string_view text);
    SqliteStatement &bind(int index, const char *text)
    {
        return bind(index, std::string_view(text));
    }
    SqliteStatement &bindBlob(int index, std::span<const std::byte> bytes);
    SqliteStatement &bindBlob(int index, const std::string &bytes)
    {
        return bindBlob(index, std::as_bytes(std::span(bytes.data(), bytes.size())));
    }
    SqliteStatement &bindNull(int index);
    template <typename T> SqliteStatement &bind(int index, const std::optional<T> &value)
    {
        return value ? bind(index, *value) : bindNull(index);
    }

    // Advances to the next row: true while a row is available, false when done. Throws on error.
    bool step();
    // Runs a statement that returns no rows and resets it for the next use.
    void run();
    // Resets the statement so it can run again; bindings stay unless cleared.
    void reset();

    bool columnIsNull(int column) const;
    std::int64_t columnInt64(int column) const;
    int columnInt(int column) const;
    double columnDouble(int column) const;
    std::string_view columnText(int column) const;           // valid until the next step/reset
    std::span<const std::byte> columnBlob(int column) const; // valid until the next step/reset

private:
    SqliteDatabase *m_db = nullptr;
    sqlite3_stmt *m_statement = nullptr;
};

} // namespace rankscope
