#pragma once

#include "views/flamegraph/FlameGraphLayout.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace rankscope {

// One rectangle to paint in a row: a frame, or a run of frames too narrow to tell apart.
struct FlameBox
{
    float x0 = 0; // pixels
    float x1 = 0;
    int node = -1;  // the frame; for a merged run its widest member
    int merged = 1; // how many frames the box stands for; > 1 means a grey "narrow frames" box
    bool widened = false; // FlameExtent::widened: wider than its share, marked as such
    bool isMerged() const { return merged > 1; }
};

// The layout turned into pixel boxes for one drawing width (Qt Creator's timeline idea): built
// once per width and replayed on every paint. Consecutive frames narrower than minFramePx in a
// row collapse into one box, so a zoomed-out 100k-frame tree costs about one box per pixel
// column instead of one per frame.
class FlameGraphGeometry
{
public:
    FlameGraphGeometry() = default;
    FlameGraphGeometry(const FlameGraphLayout &layout, double pixelWidth, double minFramePx = 1.0,
                       const std::vector<std::uint8_t> *keepVisible = nullptr);

    // Frames flagged in `keepVisible` (per tree node, non-zero = keep; a differential graph flags
    // the paths only one run has) that are narrower than this get a marker box of this width as
    // well, centred where the frame is: a path new on 2 of 2,048 ranks stays a visible, hoverable
    // mark instead of a sub-pixel sliver inside a grey run.
    static constexpr double kMarkerMinPx = 7.0;

    double pixelWidth() const { return m_pixelWidth; }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    const std::vector<FlameBox> &row(int r) const { return m_rows[std::size_t(r)]; }
    std::size_t boxCount() const { return m_boxCount; }

    // Index of the box under pixel x in a row, or -1.
    int boxAt(int row, double x) const;
    // Index range [first, last) of the boxes of a row that overlap pixels [x0, x1).
    std::pair<std::size_t, std::size_t> rangeIn(int row, double x0, double x1) const;
    // The box that shows a node (its own, or the merged run that holds it); {-1, -1} if none.
    std::pair<int, int> boxOf(const FlameGraphLayout &layout, int node, int row) const;

    // The markers of a row, sorted by x and not overlapping (a marker that would overlap the one
    // before it is left out: the one before stands for both). Drawn over the boxes.
    const std::vector<FlameBox> &markers(int row) const;
    std::size_t markerCount() const { return m_markerCount; }
    int markerAt(int row, double x) const; // index into markers(row), or -1
    int markerOf(int row, int node) const; // the node's own marker, or -1

private:
    double m_pixelWidth = 0;
    std::size_t m_boxCount = 0;
    std::vector<std::vector<FlameBox>> m_rows;
    std::vector<std::vector<FlameBox>> m_markers; // per row; empty without keepVisible
    std::size_t m_markerCount = 0;
};

} // namespace rankscope
