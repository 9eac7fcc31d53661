#pragma once

#include "core/cache/SqliteDatabase.h"

#include <filesystem>
#include <memory>

namespace rankscope {

// Bumped whenever a table changes shape or meaning. A cache written with another version is
// deleted and rebuilt from the bundle: the bundle is the truth, the cache only saves time.
// 4: profiler trace tables, 5: logs, 6: per-op totals and the manifest's baseline,
// 7 (issue 10, real captures): samples.rank and samples.cut, files.manifest_dependent,
//   manifest_pids; log lines re-read (stacked prefixes, worker tags, mid-header levels; mined
//   templates' severity from their lines); built-in templates for the echoes of a fault
//   (torchrun's reports and SIGTERMs, NCCL's teardown, "terminate called"); log events that
//   copy another file's (log_event_index duplicateOf, log_files.duplicates);
//   file_ranks (which ranks each file covers, the world size it states);
//   exact (double) window values, caused wait and late arrivals, p2p records, clock quality and
//   arrival totals
// 8 (issue 11): collective progress (collective_files, collective_dumps); Flight Recorder dumps
//   are files of kind 'collective'; log templates keep collective sequence numbers
//   log_rank_nodes (the node each log names for its ranks)
// 9 (issue 11): collective_file_groups (a group lives while a file states it)
// 10 (issue 13): every blob's zstd frame carries its content checksum (older blobs have none)
// 11 (issue 13): files.change_stamp (rewrites that keep size and mtime)
// 12 (issue 16): traces from Nsight Systems exports and NCCL Inspector logs (new rank sources);
//   a trace of communication only has no compute, exposed-communication or GPU-idle values
// 13 (issue 16): log_rank_timings (Megatron-LM's straggler detector and all-ranks timers)
// 14 (issue 16): collective records keep their kernel-name key (Kineto beside Nsight ranks)
// 15 (issue 16): trace_files holds one row per rank's trace (a multi-process Nsight export has
//   several per file); event blocks and op totals are keyed by trace_id
// 16 (issue 16): collectives keep NCCL's bus bytes (NCCL Inspector); trace_windows.comm_per_gb
// 17 (issue 16): trace_rank_nodes (the hosts Inspector logs and Nsight exports name)
// 18 (issue 16): trace_files.rank_source (which of an export's rank sources was used)
// 19 (issue 15): a stack file's samples are one blob (samples.data), not one row per thread
inline constexpr int kStackCacheSchemaVersion = 19;

// Opens the per-bundle cache database, creating its tables when new. The file is deleted and
// created afresh when `discard` is set, when its schema version differs, or when it is not a
// readable SQLite database. Throws SqliteError when the file cannot be created at all.
std::unique_ptr<SqliteDatabase> openStackCache(const std::filesystem::path &file, bool discard);

// A cache that cannot be written where it is (a read-only folder or mount, or a file the user
// may not write). openStackCache() then opens it read-only: usable when it is current, an
// error when it would need rebuilding or updating (SqliteDatabase::readOnly() tells callers).
bool cacheIsReadOnly(const std::filesystem::path &file);

// A second connection to a cache that openStackCache() prepared, for reading on another thread.
std::unique_ptr<SqliteDatabase> openStackCacheReader(const std::filesystem::path &file);

// Deletes the database with its WAL and shared-memory companions.
void removeStackCacheFiles(const std::filesystem::path &file);

} // namespace rankscope
