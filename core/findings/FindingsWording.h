#pragma once

#include "core/findings/Finding.h"

#include <string>
#include <vector>

namespace rankscope {

// How the findings name things in sentences (the join's verdict, the adapters' own phrases).

// "rank 37 (node-4)", "ranks 3,9 (node-0)", "node-3 (ranks 24-31)", "node-2, node-3 (ranks
// 16-31)"; `start`: at the start of a sentence ("Rank 37 (node-4)"). `nodes` are the nodes of
// the ranks, `wholeNodes` those all of whose ranks they are.
Message findingsSubject(const RankSet &ranks, const std::vector<std::string> &nodes,
                        const std::vector<std::string> &wholeNodes, bool start);

// "rank 5" / "ranks 3,7" (start: "Rank 5" / "Ranks 3,7").
Message findingsRanks(const RankSet &ranks, bool start = false);

// "a", "a and b", "a, b and c".
Message findingsAndList(const std::vector<Message> &items);

// "the stacks, the collective records and the logs".
Message findingsLayerList(const std::vector<FindingLayer> &layers);

// "2025-11-29T12:40:42.540Z"; "" for a time that is not wall-clock time.
std::string findingsIsoTime(std::int64_t ns);

// The window in a few words: "first seen at 12:40:42 (iteration 1520), still so at 12:41:06",
// "from profiler step 30"; "" when unknown. English only (the reports' own wording).
std::string findingsWindowText(const FindingWindow &window);

} // namespace rankscope
