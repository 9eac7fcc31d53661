#include "core/diff/WindowTableOverlap.h"

#include <algorithm>
#include <vector>

namespace rankscope {

namespace {

struct TableKeys
{
    std::vector<int> ranks;
    std::vector<std::int64_t> windows;
};

// Rows are by (rank, window): ranks come out sorted, windows need a sort.
TableKeys keysOf(const TraceWindowTable &table)
{
    TableKeys keys;
    for (const TraceWindowRow &row : table.rows) {
        if (keys.ranks.empty() || keys.ranks.back() != row.rank)
            keys.ranks.push_back(row.rank);
        keys.windows.push_back(row.window);
    }
    std::sort(keys.ranks.begin(), keys.ranks.end());
    keys.ranks.erase(std::unique(keys.ranks.begin(), keys.ranks.end()), keys.ranks.end());
    std::sort(keys.windows.begin(), keys.windows.end());
    keys.windows.erase(std::unique(keys.windows.begin(), keys.windows.end()), keys.windows.end());
    return keys;
}

template <typename T> int sharedCount(const std::vector<T> &a, const std::vector<T> &b)
{
    int shared = 0;
    auto i = a.begin();
    auto j = b.begin();
    while (i != a.end() && j != b.end()) {
        if (*i == *j) {
            ++shared;
            ++i;
            ++j;
        } else if (*i < *j) {
            ++i;
        } else {
            ++j;
        }
    }
    return shared;
}

} // namespace

WindowTableOverlap windowTableOverlap(const TraceWindowTable &baseline,
                                      const TraceWindowTable &target)
{
    const TableKeys b = keysOf(baseline);
    const TableKeys t = keysOf(target);
    WindowTableOverlap overlap;
    overlap.baselineRanks = RankSet::fromVector(b.ranks);
    overlap.targetRanks = RankSet::fromVector(t.ranks);
    overlap.sharedRanks = sharedCount(b.ranks, t.ranks);
    overlap.sharedWindows = sharedCount(b.windows, t.windows);
    overlap.baselineHasWindows = !b.windows.empty();
    overlap.targetHasWindows = !t.windows.empty();
    if (overlap.baselineHasWindows) {
        overlap.baselineFirstWindow = b.windows.front();
        overlap.baselineLastWindow = b.windows.back();
    }
    if (overlap.targetHasWindows) {
        overlap.targetFirstWindow = t.windows.front();
        overlap.targetLastWindow = t.windows.back();
    }
    return overlap;
}

} // namespace rankscope
