#pragma once

#include "core/model/StackDataset.h"
#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rankscope {

struct StackReportOptions
{
    // Text rendering limits, so that 16k fragmented ranks still give a readable page.
    int maxDepth = 64;      // frames below the root
    int maxChildren = 8;    // branches shown per node, widest first
    int maxLines = 400;     // tree lines in all
    int maxSuspects = 20;   // suspects listed (the JSON lists them all)
    int maxRangeChars = 48; // longer rank ranges are cut with "..." in text (never in JSON)
    bool color = false;     // ANSI colours, for a terminal
    // Folded output: append FLAME/xpu-timer style "@has|missing" to every frame. Off by default
    // so that the output stays plain folded stacks for flamegraph.pl and speedscope.
    bool annotateFolded = false;
};

// Turns a merged stack tree and its analysis into the three outputs shared by the CLI and the
// GUI's export: JSON (documented in docs/cli.md), terminal text and folded stacks. The referenced
// dataset, tree and analysis must outlive the report.
class StackReport
{
public:
    StackReport(const StackDataset &data, const StackTree &tree, const StackAnalysis &analysis,
                StackReportOptions options = {});

    nlohmann::ordered_json toJson() const;
    std::string toText() const;
    // One line per path that ends with samples: "root;...;leaf count", count = samples.
    std::string toFolded() const;

    // The JSON of one tree node and all of its descendants.
    nlohmann::ordered_json nodeJson(int node) const;

private:
    const StackDataset &m_data;
    const StackTree &m_tree;
    const StackAnalysis &m_analysis;
    StackReportOptions m_options;
};

} // namespace rankscope
