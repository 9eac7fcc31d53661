#pragma once

#include <optional>
#include <string_view>

namespace rankscope {

// The largest rank rankscope accepts (from paths or job.json). Larger numbers are almost surely
// not ranks, and a rank table that large would waste memory on "no data" entries.
inline constexpr int kMaxSupportedRank = 262143;

// The global rank a stack file belongs to, read from its path relative to the bundle root
// ("stacks/rank7/dump.txt", "stacks/node3/worker-0012.txt"). Only numbers after a known word
// count, so that pids, dates and step numbers are never taken for ranks:
//   1. "rank" (not "local_rank"/"localrank") anywhere in the path, innermost component first;
//   2. else "worker", "process", "proc", "default", innermost first;
//   3. else a component that is just "r<digits>" ("r7", "r0007.txt").
// The word is matched case-insensitively at the start of a component or after a non-letter,
// followed by an optional '-', '_' or '.' and 1 to 7 digits that end the number.
std::optional<int> rankFromPath(std::string_view relativePath);

} // namespace rankscope
