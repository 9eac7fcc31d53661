#pragma once

#include "core/model/RankSet.h"
#include "views/collectives/CollectiveStrip.h"

#include <QColor>
#include <QFont>
#include <QImage>
#include <QRect>
#include <QSize>
#include <QString>

#include <memory>
#include <vector>

namespace rankscope {

// Rows [first, last] of the strip that one pixel row shows.
struct CollectiveRowRange
{
    int first = 0;
    int last = -1;
    int count() const { return last - first + 1; }
};

// Where the parts of the strip go in a given size:
//
//   +-------------+----------------------------+
//   |   corner    | sequence numbers, ops       |
//   +-------------+----------------------------+
//   | ranks     |*| cells (rows x sequences)    |
//   +-------------+----------------------------+
//   | legend                                   |
//   +------------------------------------------+
struct CollectiveStripLayout
{
    QRect columnHeader;
    QRect rowHeader;    // rank labels
    QRect markerColumn; // inside the row header: selected ranks
    QRect cells;        // the rows actually drawn (may be shorter than the space left)
    QRect legend;
    double columnWidth = 0;
    double columnStart = 0; // the (fractional) column at the cells' left edge: the zoom
    int firstColumn = 0;    // the columns drawn, wholly or in part: [firstColumn, endColumn)
    int endColumn = 0;
    std::vector<CollectiveRowRange> rowsOfY; // per pixel row of `cells`
    int ruleY = -1; // cells-relative y of the rule below the findings' ranks, -1: none
    bool reduced = false;
    int maxRowsPerPixel = 1;

    int xOfColumn(int column) const; // widget x of a column's left edge (may lie outside)
    int columnAt(int x) const;       // -1 outside
    bool showsColumn(int column) const { return column >= firstColumn && column < endColumn; }
    int rowRangeAt(int y) const; // index into rowsOfY, -1 outside
    int yOfRow(int row) const;   // widget y of the first pixel row showing `row`, -1
};

struct CollectiveStripHit
{
    enum class Area
    {
        None,
        Cells,
        RowHeader,
        ColumnHeader,
        Legend
    };
    Area area = Area::None;
    int column = -1;         // Cells, ColumnHeader
    CollectiveRowRange rows; // Cells, RowHeader: the rows of the pixel row
    int row = -1;            // the row shown (a reduced pixel: the first of its worst cells)
    int rank = -1;
    std::int64_t seq = -1;
    std::int64_t entry = -1; // dataset entry of (row, column), -1
    bool isCell() const { return area == Area::Cells && row >= 0 && column >= 0; }
};

// The state of one strip as drawn: the data, the selection, the font, and the cell image cached
// per size, so repaints, hover and tooltips never recompute colours. The widget and the headless
// export each own one and paint it with CollectiveStripPainter.
class CollectiveStripScene
{
public:
    void setData(std::shared_ptr<const CollectiveViewData> data, int strip);
    const CollectiveViewData *data() const { return m_data.get(); }
    const CollectiveStrip *strip() const;
    int stripIndex() const { return m_strip; }
    void setPlaceholder(const QString &text) { m_placeholder = text; }
    const QString &placeholder() const { return m_placeholder; }

    void setFont(const QFont &font);
    const QFont &font() const { return m_font; }
    void setBackground(const QColor &colour) { m_background = colour; }
    const QColor &background() const { return m_background; }

    // The finding's ranks (or the clicked one) and its sequence (-1: a whole rank).
    void setSelection(const RankSet &ranks, std::int64_t seq);
    const RankSet &selectedRanks() const { return m_selectedRanks; }
    std::int64_t selectedSeq() const { return m_selectedSeq; }

    // Zoom, as the heatmap's: the sequences shown (fractional, so the column under the mouse
    // stays under it) and the ranks shown below the findings' band (whole rows; the band always
    // stays). factor > 1 zooms in; `anchor` is the column (fractional) or row kept in place.
    void zoomColumns(double factor, double anchor);
    void zoomRows(double factor, int anchorRow);
    void scrollRows(int rows);
    // Moves the shown sequences by `fraction` of their span (negative: earlier), when zoomed.
    void panColumns(double fraction);
    void resetZoom();
    bool isZoomed() const;
    double columnStart() const { return m_columnStart; }
    double columnSpan() const;                  // the whole strip when not zoomed
    int firstRow() const { return m_firstRow; } // the first row shown below the band
    int rowSpan() const;                        // rows shown below the band
    // The fractional column under a widget x, for anchoring a zoom (clamped to the strip).
    double columnCoordinate(int x, QSize size) const;

    const CollectiveStripLayout &layout(QSize size) const;
    const QImage &cellImage(QSize size) const;
    CollectiveStripHit hitTest(QPoint pos, QSize size) const;
    // The worst state of `column` over `rows` and the first row that has it.
    CollectiveCellState worstState(const CollectiveRowRange &rows, int column,
                                   int *row = nullptr) const;

private:
    void invalidate() { m_cachedSize = QSize(); }
    void rebuild(QSize size) const;

    std::shared_ptr<const CollectiveViewData> m_data;
    int m_strip = -1;
    QString m_placeholder;
    QFont m_font;
    QColor m_background = Qt::white;
    RankSet m_selectedRanks;
    std::int64_t m_selectedSeq = -1;
    double m_columnStart = 0;
    double m_columnSpan = 0; // 0: every column
    int m_firstRow = 0;      // rows below the findings' band, from the band's end
    int m_rowSpan = 0;       // 0: every row

    mutable QSize m_cachedSize;
    mutable CollectiveStripLayout m_layout;
    mutable QImage m_image;
};

} // namespace rankscope
