#pragma once

#include "core/analysis/RankSet.h"
#include "core/analysis/StackTree.h"

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
    static QString frameTooltip(const StackTree &tree, const StackDataset *data, int node);
    // Tooltip of a grey box that stands for `merged` frames too narrow to draw.
    static QString mergedTooltip(const StackTree &tree, int widestNode, int merged);
    // "64 ranks with data · no data: 5, 9 · width: ranks" for the header band.
    static QString summary(const StackTree &tree, WidthMode mode);
    static QString mergedLabel(int merged); // "12 frames"
};

} // namespace rankscope
