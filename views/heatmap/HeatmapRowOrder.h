#pragma once

#include "core/model/JobInfo.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// How the heatmap bands its rows.
enum class HeatmapGroupingMode : std::uint8_t
{
    Node,          // ranks of one host together (the default: a sick host shows as a block)
    Role,          // RankInfo::role
    ParallelGroup, // RankInfo::groups[key], e.g. all ranks of pipeline stage 3
    None,          // rank order, no bands
};

struct HeatmapGrouping
{
    HeatmapGroupingMode mode = HeatmapGroupingMode::Node;
    std::string key; // ParallelGroup only: "dp", "tp", "pp", ...

    bool operator==(const HeatmapGrouping &) const = default;
};

// One band of consecutive display rows.
struct HeatmapRowGroup
{
    std::string label; // node name, role, "pp=3"; "" when the manifest does not say
    int firstRow = 0;  // display row
    int rowCount = 0;
};

// The order in which the matrix's rows are drawn: grouped, groups in the order of their lowest
// rank, ranks ascending inside a group.
struct HeatmapRowOrder
{
    std::vector<int> matrixRowOf;  // display row -> matrix row
    std::vector<int> displayRowOf; // matrix row -> display row
    std::vector<HeatmapRowGroup> groups;
    std::vector<int> groupOfRow; // display row -> index into groups

    int rowCount() const { return int(matrixRowOf.size()); }

    // `job` may be null (no manifest): then every rank falls into one unlabelled group.
    static HeatmapRowOrder build(const MetricMatrix &matrix, const JobInfo *job,
                                 const HeatmapGrouping &grouping);
};

// The parallel-group keys some rank of the job has, sorted ("dp", "pp", "tp").
std::vector<std::string> parallelGroupKeys(const JobInfo &job);

} // namespace rankscope
