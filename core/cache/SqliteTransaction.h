#pragma once

#include "core/cache/SqliteDatabase.h"

namespace rankscope {

// BEGIN IMMEDIATE on construction; ROLLBACK on destruction unless commit() ran. Whatever
// interrupts an update (exception, cancel, crash) therefore leaves the database as before it.
class SqliteTransaction
{
public:
    explicit SqliteTransaction(SqliteDatabase &db) : m_db(db) { m_db.exec("BEGIN IMMEDIATE"); }
    ~SqliteTransaction()
    {
        if (!m_done) {
            try {
                m_db.exec("ROLLBACK");
            } catch (...) {
                // Nothing sensible to do in a destructor: SQLite rolls back on close anyway.
            }
        }
    }
    SqliteTransaction(const SqliteTransaction &) = delete;
    SqliteTransaction &operator=(const SqliteTransaction &) = delete;

    void commit()
    {
        m_db.exec("COMMIT");
        m_done = true;
    }

private:
    SqliteDatabase &m_db;
    bool m_done = false;
};

} // namespace rankscope
