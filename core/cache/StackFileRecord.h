#pragma once

#include "core/model/JobInfo.h"
#include "core/model/ParsedStacks.h"
#include "core/model/StackDataset.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rankscope {

// A stack file's samples encoded for the cache (StackSampleCodec.h).
struct EncodedStackSamples
{
    std::int64_t count = 0;
    std::string blob;
};

// One stack file of the bundle as the importer read it, ready to be stored in the cache.
struct StackFileRecord
{
    std::string path; // relative to the bundle root, '/' separated
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t changeStamp = 0; // files.change_stamp: BundleFile::changeStamp
    std::string format;           // stackFormatName(), empty when not recognized
    std::optional<int> rank;      // from the path; none when the path names no rank
    std::int64_t timeNs = 0;      // sampling time (from the path, else mtimeNs)
    bool ok = false;              // false: nothing usable, the problems say why

    ParsedStacks parsed;
    // Per parsed process: its role, or empty for "the rank's own role" (the main process; the
    // rank's role comes from the manifest when the cache is loaded, so a manifest edit needs no
    // re-parse).
    std::vector<std::string> processRoles;
    int mainProcess = -1; // index into parsed.processes of the rank's main process
    int mainThread = -1;  // index into that process's threads of its main thread
    // Files whose content says the ranks (several ranks in one file, or a path without one):
    // per process its rank; empty when every process is `rank`'s.
    std::vector<int> processRanks;
    // Per process: the index of its main thread when it is a rank's main process, else -1.
    // Empty: mainProcess/mainThread say.
    std::vector<int> processMainThread;
    bool ranksFromContent = false; // the ranks depend on job.json: re-read when it changes
    // Per process, per thread: the thread's stack, interned by the parsing thread (which then
    // releases the frames of parsed threads). Empty: the cache writer interns the frames.
    std::vector<std::vector<StackId>> stackIds;
    // Set by the parsing thread once interned (encodeInternedSamples()): the samples as stored,
    // `parsed.processes` and `stackIds` being released then.
    std::optional<EncodedStackSamples> encoded;
    std::vector<ParseProblem> problems; // everything wrong with the file, parse problems included
};

// The job.json manifest as read, with the problems found in it.
struct ManifestRecord
{
    std::string path;
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t changeStamp = 0; // files.change_stamp: BundleFile::changeStamp
    bool ok = false; // false: unusable, the bundle is imported as if it had no manifest
    JobInfo job;     // worldSize 0 when the manifest does not say; ranks indexed by rank
    std::map<int, std::int64_t> clockOffsetsNs; // "clock_offsets_ns": rank -> trace clock offset
    std::map<std::int64_t, int> pidRanks;       // "pids" and ranks[].pid: process id -> rank
    std::vector<ParseProblem> problems;
};

} // namespace rankscope
