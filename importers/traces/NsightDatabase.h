#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/traces/TraceProblemLog.h"

#include <sqlite3.h>

#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>

namespace rankscope {

// globalTid / globalPid: the VM in the high bits, then pid and tid in 24 bits each.
inline std::int64_t nsightPidOf(std::int64_t globalId)
{
    return (globalId >> 24) & 0xFFFFFF;
}

inline std::int64_t nsightTidOf(std::int64_t globalId)
{
    return globalId & 0xFFFFFF;
}

// The globalPid of a globalTid (PROCESSES.globalPid): the VM and pid bits, the tid's cleared.
inline std::int64_t nsightProcessOf(std::int64_t globalTid)
{
    return globalTid & ~std::int64_t(0xFFFFFF);
}

// An Nsight Systems export opened for NsightSqliteImport: read-only and immutable, defensive,
// untrusted schema, no triggers or views, 16 MiB per value; which tables and columns it has (a
// query names only what is there); every SQLite failure becomes a problem of the file.
// (Header only, with its template: a new source would reshuffle the importers' unity batches.)
class NsightDatabase
{
public:
    NsightDatabase(const std::string &path, TraceProblemLog &problems) : m_problems(problems)
    {
        const int rc =
            sqlite3_open_v2((sqliteFileUri(path) + "?immutable=1").c_str(), &m_db,
                            SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
        if (rc != SQLITE_OK) {
            problems.add("open", {},
                         std::string("cannot open it as SQLite: ") +
                             (m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc)));
            sqlite3_close(m_db);
            m_db = nullptr;
            return;
        }
        // A file from another machine: no schema-defined functions run, no writes anywhere.
        sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
        sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
        sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
        sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
        sqlite3_limit(m_db, SQLITE_LIMIT_LENGTH, 1 << 24); // a 16 MiB name is not a name
        // The tables, and their columns: a query names only what is there.
        forEachRow("SELECT name FROM sqlite_master WHERE type = 'table'", [&](sqlite3_stmt *row) {
            m_tables.insert(text(row, 0));
            return true;
        });
    }
    ~NsightDatabase() { sqlite3_close_v2(m_db); }
    NsightDatabase(const NsightDatabase &) = delete;
    NsightDatabase &operator=(const NsightDatabase &) = delete;

    bool open() const { return m_db != nullptr && !m_failed; }
    bool hasTable(const std::string &table) const { return m_tables.count(table) > 0; }

    bool hasColumn(const std::string &table, const std::string &column)
    {
        if (!hasTable(table))
            return false;
        auto found = m_columns.find(table);
        if (found == m_columns.end()) {
            std::set<std::string> columns;
            // The name came from sqlite_master of this file: quoted, never trusted as SQL.
            std::string quoted = "\"";
            for (char c : table)
                quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
            quoted += '"';
            forEachRow("PRAGMA table_info(" + quoted + ")", [&](sqlite3_stmt *row) {
                columns.insert(text(row, 1));
                return true;
            });
            found = m_columns.emplace(table, std::move(columns)).first;
        }
        return found->second.count(column) > 0;
    }

    // Runs `sql`, calling `onRow` per row; false (with a problem) when SQLite fails.
    template <typename OnRow> bool forEachRow(const std::string &sql, OnRow &&onRow)
    {
        if (!m_db)
            return false;
        sqlite3_stmt *statement = nullptr;
        int rc = sqlite3_prepare_v2(m_db, sql.c_str(), int(sql.size()), &statement, nullptr);
        if (rc != SQLITE_OK) {
            fail(sql, rc);
            sqlite3_finalize(statement);
            return false;
        }
        while ((rc = sqlite3_step(statement)) == SQLITE_ROW)
            if (!onRow(statement)) {
                rc = SQLITE_DONE;
                break;
            }
        const bool ok = rc == SQLITE_DONE;
        if (!ok)
            fail(sql, rc);
        sqlite3_finalize(statement);
        return ok;
    }

    static std::string text(sqlite3_stmt *row, int column)
    {
        const unsigned char *value = sqlite3_column_text(row, column);
        return value ? std::string(reinterpret_cast<const char *>(value),
                                   std::size_t(sqlite3_column_bytes(row, column)))
                     : std::string();
    }
    static bool isNull(sqlite3_stmt *row, int column)
    {
        return sqlite3_column_type(row, column) == SQLITE_NULL;
    }

private:
    void fail(const std::string &sql, int rc)
    {
        // "file is not a database", "database disk image is malformed": the file, not the query.
        const std::string what = sql.substr(0, sql.find(" FROM "));
        m_problems.report("sqlite:" + std::to_string(rc & 0xFF), {}, [&] {
            return std::string("SQLite could not read it (") + sqlite3_errmsg(m_db) + ", in " +
                   what + ")";
        });
        if ((rc & 0xFF) == SQLITE_NOTADB || (rc & 0xFF) == SQLITE_CORRUPT)
            m_failed = true;
    }

    sqlite3 *m_db = nullptr;
    TraceProblemLog &m_problems;
    std::set<std::string> m_tables;
    std::unordered_map<std::string, std::set<std::string>> m_columns;
    bool m_failed = false;
};

} // namespace rankscope
