#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/cache/StackInterner.h"
#include "core/model/StackDataset.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// A file row of the cache: what the bundle file looked like when it was imported.
struct StoredFile
{
    std::int64_t id = 0;
    std::string path;
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::string kind; // "stacks" or "manifest"
    bool ok = false;
};

// True when the last update of the cache ran to its end (meta complete=1).
bool stackCacheIsComplete(SqliteDatabase &db);
std::string stackCacheMeta(SqliteDatabase &db, const std::string &key);

std::vector<StoredFile> readStoredFiles(SqliteDatabase &db);

// Fills `interner` with the stored frames and stacks (ids in the cache are dense from 0).
void loadStoredStacks(SqliteDatabase &db, StackInterner &interner);

// Everything the analysis needs: job (manifest plus ranks seen in file paths), frames, stacks,
// samples sorted by (rank, sample index), source files and problems.
StackDataset loadStackDataset(SqliteDatabase &db);

} // namespace rankscope
