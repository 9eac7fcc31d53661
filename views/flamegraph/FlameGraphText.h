#pragma once

#include "core/model/RankSet.h"
#include "core/stacks/StackTree.h"
#include "views/flamegraph/FlameDifference.h"

#include <QCoreApplication>
#include <QString>

namespace rankscope {

// The words of the flame graph: frame labels, tooltips and the header summary. Shared by the
// widget and the exports so a picture says the same as the screen.
class FlameGraphText
{
    Q_DECLARE_TR_FUNCTIONS(FlameGraphText)

public:
    // "0-6,8-15", cut with an ellipsis past maxChars so a fragmented 16k-rank set stays readable.
    static QString rankRanges(const RankSet &ranks, int maxChars = 240);
    // The rank part of a frame's label: "has: 37 | missing: 0-36,38-63", or "all 64 ranks".
    static QString rankPart(const StackTree &tree, int node);
    // Rich-text tooltip of a frame: the full frame (when the dataset is given), has / missing /
    // no-data ranks with counts, samples and self samples.
    // With a difference (differential flame graph), the tooltip starts with the frame's share of
    // ranks in both runs and the change.
    static QString frameTooltip(const StackTree &tree, const StackDataset *data, int node,
                                const FlameDifference *difference = nullptr);
    // Tooltip of a grey box that stands for `merged` frames too narrow to draw.
    static QString mergedTooltip(const StackTree &tree, int widestNode, int merged);
    // "64 ranks with data · no data: 5, 9 · width: ranks" for the header band. With the job of
    // a bundle that has no stacks at all: "no stacks in this bundle · ranks 0-7: traces".
    static QString summary(const StackTree &tree, WidthMode mode, const JobInfo *job = nullptr);
    static QString mergedLabel(int merged); // "12 frames"

    // Differential flame graph. The rank part of a label: "+18.8 pts · 12 of 64 ranks".
    static QString differencePart(const StackTree &tree, int node,
                                  const FlameDifference &difference);
    // One line: "tonight: 12 of 64 ranks (18.8%); last-week: 0 of 32 (0%); +18.8 points; only in
    // tonight". Points are always target minus baseline (> 0: the target gained ranks).
    static QString differenceDescription(const StackTree &tree, int node,
                                         const FlameDifference &difference);
    // Header summary: what the widths and the colours are, and what full colour stands for.
    static QString differenceSummary(const StackTree &tree, const FlameDifference &difference,
                                     double scale);
    static QString points(double share);  // "+18.8 points", "−6.3 points", "±0 points"
    static QString percent(double share); // "18.8%", "0%"
    static QString shownRunName(const FlameDifference &difference);
    static QString otherRunName(const FlameDifference &difference);
    static QString targetName(const FlameDifference &difference);     // whichever is drawn
    static QString baselineName(const FlameDifference &difference);   // whichever is drawn
    static QString onlyHereText(const FlameDifference &difference);   // "only in tonight (new)"
    static QString onlyHereLegend(const FlameDifference &difference); // shorter, for the legend
};

} // namespace rankscope
