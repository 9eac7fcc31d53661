#pragma once

#include "core/cache/StackFileRecord.h"
#include "core/cache/StackInterner.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/FileBuffer.h"
#include "importers/bundle/ProcessRanks.h"
#include "importers/bundle/StackTextMemo.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace rankscope {

// The largest stack dump read. Parsed stacks take about ten times their text in memory (a
// 99 MB dump of three million threads peaked at 740 MB), and real dumps are kilobytes to a few
// megabytes (py-spy, pystack) or below 2 MB (folded profiles), so the general per-file cap of
// 1 GiB would let one file take 10 GB.
inline constexpr std::uint64_t kMaxStackFileBytes = 64ull << 20;

// Reads one file of stacks/ into a record for the cache: time from its path, content decoded,
// format detected, stacks parsed, ranks (from the path, else from the content with `hints`, see
// assignProcessRanks), process roles and stack hashes filled in. With `interner`, a folded
// profile above kMaxStackFileBytes (up to maxFileBytes) is read a chunk of lines at a time and
// interned as it is read (record.stackIds filled), so that its memory is its distinct stacks,
// not its text. Never throws: whatever goes
// wrong becomes a problem in the record and record.ok is false. Safe to call from several
// threads at once.
// With `interner` and `memo` too, py-spy text threads whose frame lines the memo knows take the
// known stack, and the file's stacks are interned before its text is released (internStacks).
StackFileRecord readStackFile(const std::filesystem::path &bundleRoot, const BundleFile &file,
                              std::uint64_t maxFileBytes, const RankHints &hints = {},
                              SharedStackInterner *interner = nullptr,
                              StackTextMemo *memo = nullptr);

// Interns every thread's stack (filling record.stackIds) and releases the parsed frames, so
// that the thread storing the record has neither to compare nor to free them. With `memo`, the
// frame-line texts of threads interned here are remembered (they must still be valid).
void internStacks(StackFileRecord &record, SharedStackInterner &interner,
                  StackTextMemo *memo = nullptr);

// Reads a whole regular file (refusing anything else, and files above maxBytes). Returns false
// with `error` set to a sentence for the user.
bool readWholeFile(const std::filesystem::path &path, std::uint64_t maxBytes, std::string &content,
                   std::string &error);
// The same into a buffer the caller reuses from file to file.
bool readWholeFile(const std::filesystem::path &path, std::uint64_t maxBytes, FileBuffer &content,
                   std::string &error);

} // namespace rankscope
