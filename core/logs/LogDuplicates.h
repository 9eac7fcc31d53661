#pragma once

#include "core/logs/LogModel.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace rankscope {

// The same event in two files: a rank's own log (`logs/rank3.log`, torchrun's
// `attempt_0/3/stdout.log`) and the launcher's combined output (`[rank3]: ...` in the Slurm
// `.out`, torchrun `--tee` on the console), or a node's log and the combined output. The event
// happened once, so every count, has/missing set and rate must see it once.
//
// Which copy counts (the *primary*): the per-rank file before the per-node file before the
// combined output. A rank's own file is its whole stream in its own order: the launcher's
// console loses lines when the agent is killed or a pipe fills at a crash, can be filtered to a
// few ranks (`--local-ranks-filter`), interleaves ranks (a line of one rank may be cut by
// another's) and carries other ranks' lines numbered in its own way. So the richer, narrower
// source is the one a user reads; the combined output's copy is marked as its duplicate.
//
// What "the same event" is:
//  - the same rank (-1 for lines of no rank), the same text (prefix, timestamp and level removed,
//    multi-line events merged) and, when both lines carry a timestamp of their own, the same time;
//  - when a line carries no time of its own (print() output inherits the previous line's, and
//    the previous line differs between the two files), the k-th copy of a text on a rank in one
//    file is the k-th in the other (ordered matching per rank and text: stdout and stderr
//    interleave differently in each file, so the order of different texts is not relied on);
//  - only across files of different kinds (per-rank, per-node, combined): two lines of one
//    file, or of two per-rank files (stdout and stderr, rotated logs), are never folded together,
//    however alike;
//  - a line with no copy in the primary file stays counted: a rank absent from one file, or a
//    combined output that holds more than the rank's own file, loses nothing.

// One event as the matching sees it, in job order (files by path, then line).
struct LogCopyCandidate
{
    int rank = -1;
    // Index into the job's file list, and whether the line had a timestamp of its own (not
    // inherited): one word, so that a candidate is 24 bytes (a job has millions of them).
    std::uint32_t file : 31 = 0;
    std::uint32_t ownTime : 1 = 0;
    std::int64_t timeNs = 0;
    std::uint64_t textHash = 0; // logCopyTextHash(text)
};

std::uint64_t logCopyTextHash(std::string_view text);

// The order in which a file's copy is preferred: 0 per-rank, 1 per-node, 2 combined.
int logFileCopyTier(LogFileKind kind);

// True when the files can hold copies of each other at all (files of at least two kinds), so
// that a bundle of per-rank logs only (or of combined output only) pays nothing.
bool logFilesMayHoldCopies(const std::vector<LogFileKind> &fileKinds);

// For every event, the index (into `events`) of the primary event it duplicates, -1 when it is
// no copy. A primary never duplicates anything itself. `fileKinds[file]` is each file's kind.
std::vector<std::int64_t> findDuplicateLogEvents(const std::vector<LogCopyCandidate> &events,
                                                 const std::vector<LogFileKind> &fileKinds);

} // namespace rankscope
