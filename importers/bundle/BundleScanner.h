#pragma once

#include "core/model/StackDataset.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace rankscope {

enum class BundleFileKind
{
    Stacks, // under stacks/: a stack dump to import
    Trace,  // under traces/ (or at the top of a traces-only folder): a profiler trace
            // (.json, .json.gz, .json.zst) to import
    Log,    // under logs/: a text log (.log, .txt, .out, .err, each also .gz or .zst) to import;
            // at the root: .log, .out, .err (train.log, slurm-1234.out), also compressed
    CollectiveDump, // a PyTorch Flight Recorder dump: under fr/ or flight_recorder/ (any depth)
                    // named as PyTorch writes them (nccl_trace_rank_3, <prefix>3, _dump_3), or
                    // any other file whose content is one (promoteFlightRecorderDumps)
    Manifest,       // job.json at the root
    Quiet,   // known companion (ground_truth.json, README*, *.md, hidden files): not reported
    Ignored, // anything else: counted as ignored
};

struct BundleFile
{
    std::string path; // relative to the bundle root, '/' separated
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
    BundleFileKind kind = BundleFileKind::Ignored;
    // A file opened on its own (a trace, a dump): its rank when neither its content nor its
    // path names one; -1 in a bundle, where such a file has no rank.
    int assumedRank = -1;
    // What else tells a rewrite apart when size and mtime are the same (a same-second rewrite,
    // a copy that kept the mtime): the status-change time and inode in a folder, the content
    // hash for an extracted archive member (files.change_stamp).
    std::int64_t changeStamp = 0;
};

struct BundleListing
{
    std::vector<BundleFile> files; // regular files (symbolic links to files included), by path
    std::vector<ImportProblem> problems; // special files, broken links, unreadable folders
    bool hasStacksFolder = false;
    bool hasTracesFolder = false; // traces/, or the root itself in a traces-only folder
    bool hasLogsFolder = false;
    bool hasCollectiveDumps = false; // a Flight Recorder dump anywhere in the bundle
    // The root has no job.json, stacks/, traces/ or logs/ but profiler traces directly inside
    // (as HTA and TraceLens keep them): those are the bundle's traces.
    bool tracesOnlyFolder = false;
    bool hasRootLogs = false; // logs at the root (train.log, slurm-1234.out), outside logs/
    bool singleFile = false;  // one trace, dump or log opened on its own (listSingleFile)
};

// The folder that holds the bundle: `dir` itself when it has job.json, stacks/, traces/ or logs/,
// else the one sub-folder that has them (archives often wrap the bundle in a folder named after
// it), else `dir` when it holds profiler traces or logs directly (a traces-only folder, a folder
// of what a job wrote), else the one sub-folder that does, else `dir`.
std::filesystem::path findBundleRoot(const std::filesystem::path &dir);

// A bundle of one file (`file` itself, opened on its own): its listing, rooted at its folder,
// holds that file only, of the given kind.
BundleListing listSingleFile(const std::filesystem::path &file, BundleFileKind kind);

// Opens the bundle's otherwise ignored files (up to a few thousand, first bytes only) and makes
// those whose content is a Flight Recorder dump CollectiveDump files: dumps written under a
// TORCH_NCCL_DEBUG_INFO_TEMP_FILE prefix land wherever the job pointed it.
void promoteFlightRecorderDumps(const std::filesystem::path &root, BundleListing &listing);

// Lists every file of the bundle with its size and modification time. Does not open files, so
// FIFOs and devices are reported, never read; symbolic links to folders are not followed. In a
// traces-only folder the *.json, *.json.gz and *.json.zst files at the top are traces.
BundleListing scanBundle(const std::filesystem::path &root);

} // namespace rankscope
