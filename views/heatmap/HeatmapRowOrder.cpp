#include "views/heatmap/HeatmapRowOrder.h"

#include <algorithm>
#include <map>
#include <set>

namespace rankscope {

namespace {

std::string groupLabel(const JobInfo *job, int rank, const HeatmapGrouping &grouping)
{
    const RankInfo *info = job ? job->rankInfo(rank) : nullptr;
    if (!info)
        return {};
    switch (grouping.mode) {
    case HeatmapGroupingMode::Node:
        return info->node;
    case HeatmapGroupingMode::Role:
        return info->role;
    case HeatmapGroupingMode::ParallelGroup: {
        const auto it = info->groups.find(grouping.key);
        return it == info->groups.end() ? std::string()
                                        : grouping.key + "=" + std::to_string(it->second);
    }
    case HeatmapGroupingMode::None:
        return {};
    }
    return {};
}

} // namespace

HeatmapRowOrder HeatmapRowOrder::build(const MetricMatrix &matrix, const JobInfo *job,
                                       const HeatmapGrouping &grouping)
{
    HeatmapRowOrder order;
    const int rows = matrix.rowCount();
    // Group index by label, in order of first appearance: the matrix's ranks are ascending, so
    // that is the order of each group's lowest rank.
    std::map<std::string, int> indexOf;
    std::vector<std::vector<int>> members;
    std::vector<std::string> labels;
    for (int row = 0; row < rows; ++row) {
        const std::string label = grouping.mode == HeatmapGroupingMode::None
                                      ? std::string()
                                      : groupLabel(job, matrix.ranks[std::size_t(row)], grouping);
        const auto [it, inserted] = indexOf.emplace(label, int(members.size()));
        if (inserted) {
            members.emplace_back();
            labels.push_back(label);
        }
        members[std::size_t(it->second)].push_back(row);
    }
    order.displayRowOf.assign(std::size_t(rows), -1);
    for (std::size_t g = 0; g < members.size(); ++g) {
        HeatmapRowGroup group;
        group.label = labels[g];
        group.firstRow = order.rowCount();
        group.rowCount = int(members[g].size());
        for (const int row : members[g]) {
            order.displayRowOf[std::size_t(row)] = order.rowCount();
            order.matrixRowOf.push_back(row);
            order.groupOfRow.push_back(int(g));
        }
        order.groups.push_back(std::move(group));
    }
    return order;
}

std::vector<std::string> parallelGroupKeys(const JobInfo &job)
{
    std::set<std::string> keys;
    for (const RankInfo &info : job.ranks) {
        for (const auto &[key, value] : info.groups)
            keys.insert(key);
    }
    return {keys.begin(), keys.end()};
}

} // namespace rankscope
