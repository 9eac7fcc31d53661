#pragma once

#include <string>
#include <vector>

namespace rankscope {

// Grouping accuracy (GA) as logparser's evaluator.get_accuracy computes it (algorithms.md
// 1.10): a parsed group counts when all its messages share one ground-truth event and it holds
// every message of that event; GA = messages in such groups / messages. Both vectors hold one
// id per message, in the same order; messages with an empty ground-truth id are left out, as
// the evaluator drops null EventIds. Also the pairwise F1 (logparser's F1_measure).
struct GroupingScores
{
    double groupingAccuracy = 0.0;
    double pairwiseF1 = 0.0;
    std::size_t messages = 0;
    std::size_t parsedGroups = 0;
    std::size_t truthGroups = 0;
};

GroupingScores groupingAccuracy(const std::vector<std::string> &truth,
                                const std::vector<std::string> &parsed);

} // namespace rankscope
