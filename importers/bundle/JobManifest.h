#pragma once

#include "core/model/JobInfo.h"
#include "core/model/ParsedStacks.h"

#include <string_view>
#include <vector>

namespace rankscope {

struct JobManifest
{
    bool ok = false; // false: not JSON or not an object; import as if there were no manifest
    JobInfo job;     // worldSize 0 when not given; ranks indexed by rank (gaps have rank -1)
    std::vector<ParseProblem> problems;
};

// Reads a job.json manifest:
//   {"job_id": "run-42", "world_size": 64,
//    "ranks": [{"rank": 0, "node": "node-0", "local_rank": 0, "role": "trainer",
//               "groups": {"dp": 0, "tp": 0, "pp": 0}}, ...]}
// "ranks" may also be an object keyed by the rank ("0": {...}). Every field is optional except
// "rank" in list entries. Entries that cannot be used are skipped with a problem; a file that is
// not JSON at all gives one problem with the position of the error.
JobManifest parseJobManifest(std::string_view text);

} // namespace rankscope
