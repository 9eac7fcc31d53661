#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/cache/StackInterner.h"
#include "core/model/StackDataset.h"

#include <atomic>
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
    std::int64_t changeStamp = 0; // files.change_stamp
    std::string kind;             // "stacks" or "manifest"
    bool ok = false;
    bool manifestDependent = false; // its ranks came from its content (files.manifest_dependent)
};

// True when the last update of the cache ran to its end (meta complete=1).
bool stackCacheIsComplete(SqliteDatabase &db);
std::string stackCacheMeta(SqliteDatabase &db, const std::string &key);
// The ranks a merge left out with their shard (meta missing_ranks, --allow-missing): never
// brought into this cache. Empty for every other cache.
RankSet uncollectedRanks(SqliteDatabase &db);

std::vector<StoredFile> readStoredFiles(SqliteDatabase &db);
// Problems that belong to no single file (archive extraction, bundle layout), in stored order.
std::vector<ImportProblem> readBundleProblems(SqliteDatabase &db);

// Fills `interner` with the stored frames and stacks (ids in the cache are dense from 0).
void loadStoredStacks(SqliteDatabase &db, StackInterner &interner);

// Everything the analysis needs: job (manifest plus ranks seen in file paths), frames, stacks,
// samples sorted by (rank, sample index), source files and problems. When *stop becomes true it
// gives up early and returns an empty dataset (a speculative load that is no longer wanted).
StackDataset loadStackDataset(SqliteDatabase &db, const std::atomic<bool> *stop = nullptr);

} // namespace rankscope
