#pragma once

#include "core/model/JobInfo.h"
#include "core/model/ParsedStacks.h"

#include <cstdint>
#include <map>
#include <string_view>
#include <vector>

namespace rankscope {

// The largest clock offset job.json may set, a year: an offset beyond it is a unit mix-up or a
// typo (offsets are in nanoseconds), and would move a rank's trace into another decade.
inline constexpr std::int64_t kMaxManifestClockOffsetNs = 365LL * 86'400 * 1'000'000'000;

// A manifest is a few MB even for 100k ranks; anything far larger is not one.
inline constexpr std::uint64_t kMaxManifestBytes = 256ull << 20;

// The most problems listed for one job.json; the rest are counted in one more problem. A
// manifest of a million bad entries listed 1.5 million problems (and 700 MB while importing).
inline constexpr std::size_t kMaxListedManifestProblems = 100;

struct JobManifest
{
    bool ok = false; // false: not JSON or not an object; import as if there were no manifest
    JobInfo job;     // worldSize 0 when not given; ranks indexed by rank (gaps have rank -1)
    // "clock_offsets_ns": {"<rank>": ns}: the offset of each listed rank's trace clock (local =
    // aligned + offset), overriding the offsets estimated from the traces.
    std::map<int, std::int64_t> clockOffsetsNs;
    // "pids": {"12345": 3} and ranks[].pid: the rank of each listed process, for dumps whose
    // file names carry a pid instead of a rank (stacks/py-spy-12345.txt) or that hold several
    // ranks' processes.
    std::map<std::int64_t, int> pidRanks;
    std::vector<ParseProblem> problems; // at most kMaxListedManifestProblems + 1
    std::size_t unlistedProblems = 0;   // beyond those, counted in the last problem
};

// Reads a job.json manifest:
//   {"job_id": "run-42", "world_size": 64,
//    "ranks": [{"rank": 0, "node": "node-0", "local_rank": 0, "role": "trainer",
//               "groups": {"dp": 0, "tp": 0, "pp": 0}}, ...]}
// "ranks" may also be an object keyed by the rank ("0": {...}). Optional "clock_offsets_ns":
// {"3": 1500000} sets the trace clock offset of rank 3 (see docs/bundle-format.md). Optional
// "pids": {"12345": 3} (or "pid": 12345 in a ranks entry) maps process ids to ranks. Optional
// "baseline": "../last-week" names the healthy run to compare with (JobInfo::baseline, as
// written; a value that is not text is a problem and ignored). Every field is optional except
// "rank" in list entries. Entries that cannot be used are skipped with a problem; a file that
// is not JSON at all gives one problem with the position of the error. Beyond
// kMaxListedManifestProblems, problems are counted, not listed.
JobManifest parseJobManifest(std::string_view text);

} // namespace rankscope
