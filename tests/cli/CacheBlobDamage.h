#pragma once

// Damage done to a cache on purpose by the cache-fault tests.
#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"

#include <filesystem>
#include <span>
#include <string>

namespace cli_test {

using rankscope::SqliteDatabase;
using rankscope::SqliteStatement;

// Flips one bit in the middle of the first stored blob of table.column (the one the commands
// read first); false when there is none.
inline bool flipBitInBlob(const std::filesystem::path &file, const std::string &table,
                          const std::string &column)
{
    SqliteDatabase db(file);
    std::int64_t rowid = 0;
    std::string blob;
    {
        SqliteStatement select =
            db.prepare("SELECT rowid, " + column + " FROM " + table + " WHERE length(" + column +
                       ") > 16 ORDER BY rowid LIMIT 1");
        if (!select.step())
            return false;
        rowid = select.columnInt64(0);
        const std::span<const std::byte> stored = select.columnBlob(1);
        blob.assign(reinterpret_cast<const char *>(stored.data()), stored.size());
    }
    blob[blob.size() / 2] = char(blob[blob.size() / 2] ^ 0x10);
    SqliteStatement update =
        db.prepare("UPDATE " + table + " SET " + column + " = ? WHERE rowid = ?");
    update.bindBlob(1, blob);
    update.bind(2, rowid);
    update.step();
    return true;
}

} // namespace cli_test
