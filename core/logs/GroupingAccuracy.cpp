#include "core/logs/GroupingAccuracy.h"

#include <map>
#include <stdexcept>
#include <unordered_map>

namespace rankscope {

namespace {

double pairs(double n)
{
    return n * (n - 1) / 2;
}

} // namespace

GroupingScores groupingAccuracy(const std::vector<std::string> &truth,
                                const std::vector<std::string> &parsed)
{
    if (truth.size() != parsed.size())
        throw std::invalid_argument(
            "grouping accuracy needs one parsed id per message: " + std::to_string(truth.size()) +
            " ground-truth ids but " + std::to_string(parsed.size()) + " parsed ids");
    std::unordered_map<std::string, std::size_t> truthSize;
    std::unordered_map<std::string, std::map<std::string, std::size_t>> truthInParsed;
    GroupingScores scores;
    for (std::size_t i = 0; i < truth.size(); ++i) {
        if (truth[i].empty())
            continue;
        ++scores.messages;
        ++truthSize[truth[i]];
        ++truthInParsed[parsed[i]][truth[i]];
    }
    std::size_t correct = 0;
    double parsedPairs = 0;
    double accuratePairs = 0;
    for (const auto &[parsedId, truths] : truthInParsed) {
        std::size_t size = 0;
        for (const auto &[truthId, count] : truths) {
            size += count;
            accuratePairs += pairs(static_cast<double>(count));
        }
        parsedPairs += pairs(static_cast<double>(size));
        if (truths.size() == 1 && truthSize[truths.begin()->first] == size)
            correct += size;
    }
    double realPairs = 0;
    for (const auto &[truthId, size] : truthSize)
        realPairs += pairs(static_cast<double>(size));
    scores.parsedGroups = truthInParsed.size();
    scores.truthGroups = truthSize.size();
    if (scores.messages > 0)
        scores.groupingAccuracy =
            static_cast<double>(correct) / static_cast<double>(scores.messages);
    const double precision = parsedPairs > 0 ? accuratePairs / parsedPairs : 0.0;
    const double recall = realPairs > 0 ? accuratePairs / realPairs : 0.0;
    if (precision + recall > 0)
        scores.pairwiseF1 = 2 * precision * recall / (precision + recall);
    return scores;
}

} // namespace rankscope
