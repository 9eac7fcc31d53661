#pragma once

#include <filesystem>

namespace rankscope {

// What the user opened: a bundle folder, a tar archive of one, or a single file that is a bundle
// of one (a profiler trace, a py-spy dump, a log), as Perfetto and speedscope open a trace.
enum class BundleInputKind
{
    Folder,
    Archive,        // a tar archive (plain, gzip, zstd; xz and others are left to libarchive)
    Trace,          // Chrome trace-event JSON, plain, gzip or zstd
    StackDump,      // py-spy text or JSON, pystack or folded stacks (plain text)
    Log,            // any other text (JSON lines too), plain, gzip or zstd
    CollectiveDump, // a PyTorch Flight Recorder dump (pickle or JSON, not compressed)
};

// Decides from the first bytes (a Flight Recorder dump's pickle or JSON first) (decompressed when
// gzip or zstd), never from the name: a tar header with a valid checksum, or binary, is an archive
// (libarchive has the last word); text with a stack dump's landmarks (detectStackFormat) is a stack
// dump; a JSON document is a trace; any other text is a log.
BundleInputKind classifyBundleInput(const std::filesystem::path &path);

const char *bundleInputKindName(BundleInputKind kind); // "folder", "archive", "trace", ...

} // namespace rankscope
