#pragma once

#include "core/diff/StackDiff.h"
#include "core/model/RankSet.h"
#include "core/stacks/StackTree.h"

#include <string>
#include <string_view>

namespace rankscope {

// How the baseline comparison names things in sentences, shared by the summary and the text
// report so both say the same thing the same way.

// A frame label as a function name: "get (multiprocessing/queues.py:113)" -> "get".
std::string functionOfLabel(std::string_view label);

// A changed path in a few words: its last two frames as function names and, when every rank on
// it goes on along one path, the last two frames where that ends:
// "_next_data → _get_data → … → get → wait". `tree` is
// the run that has the path (the baseline's for a gone path); null keeps to the reported frames.
std::string readableStackPath(const StackPathChange &change, const StackTree *tree);

// "rank 7", "ranks 24-31"; "" when empty.
std::string rankPhrase(const RankSet &ranks);
// "1 rank", "64 ranks".
std::string rankCount(int ranks);
// "3 of 64 ranks (4.7%)", "1 of 16 ranks (6.3%)".
std::string rankShare(int ranks, int of);

// A duration for people: "850 µs", "41 ms", "1.02 s", "2.5 min".
std::string durationText(double ns);
// A signed percentage of change: "+28%", "-4.5%".
std::string percentChange(double from, double to);
// "2.3×", "12×".
std::string ratioText(double ratio);
// A number with at most `digits` significant digits and no trailing zeros: "0.045", "120".
std::string shortNumber(double value, int digits = 3);

// The first line of a template or op name, cut to `maxChars` ("..." when cut).
std::string shortText(std::string_view text, int maxChars = 100);

} // namespace rankscope
