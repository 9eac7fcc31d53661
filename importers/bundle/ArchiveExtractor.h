#pragma once

#include "core/model/StackDataset.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace rankscope {

struct ExtractionLimits
{
    std::uint64_t maxTotalBytes = 32ull << 30; // exceeded: BundleError, nothing kept
    std::uint64_t maxFileBytes = 1ull << 30;   // exceeded: that entry is skipped with a problem
    // Entries read (extracted or refused): 16,384 ranks with 8 files each. Beyond it the rest
    // of the archive is not read, as if it were cut there (one problem): a million tiny members
    // would take minutes to write and import, and a million refused ones minutes to list.
    std::uint64_t maxEntries = 131'072;
};

struct ExtractionResult
{
    std::filesystem::path dir;           // where the archive's content is
    std::vector<ImportProblem> problems; // skipped entries, truncation (kept across reuse)
    bool reused = false;                 // the archive was unchanged: nothing extracted
    bool truncated = false; // the archive is cut or damaged: later members may be missing
    bool cancelled = false; // stopped on request; nothing usable was kept
    // Each extracted file's content hash by its '/'-separated path inside `dir`: members keep
    // the archive's modification times, which tools that write archives often fix, so these
    // tell an edited member of the same size from the old one.
    std::unordered_map<std::string, std::uint64_t> memberHashes;
};

// (fraction of the archive read, current entry name)
using ExtractionProgress = std::function<void(double, const std::string &)>;

// Unpacks a .tar, .tar.gz/.tgz or .tar.zst archive into `targetDir` (a private folder in the
// cache directory), refusing everything that could write elsewhere or surprise a reader: absolute
// paths, ".." components, symbolic and hard links, devices, FIFOs and sockets are skipped with
// a problem each. Files keep the archive's modification times. A truncated or damaged archive
// (gzip and zstd are decoded as a stream, so a cut anywhere keeps every byte before it) keeps
// the members before the damage, keeps the member it cuts as a truncated file with a problem,
// and adds one problem on the archive that says at which byte and in which member it stops.
//
// A record beside the folder (targetDir + ".json") remembers which archive (path, size, mtime;
// for a cut one also inode and ctime) was extracted; when it still matches, nothing is
// extracted again, and any other file at that path (the completed archive) is extracted anew.
//
// Throws BundleError when the file is not a readable archive, or when the archive unpacks to
// more than limits.maxTotalBytes (the partial folder is removed).
ExtractionResult extractArchive(const std::filesystem::path &archive,
                                const std::filesystem::path &targetDir,
                                const ExtractionLimits &limits,
                                const ExtractionProgress &progress = {},
                                const std::atomic<bool> *cancel = nullptr);

} // namespace rankscope
