#pragma once

namespace rankscope {

// The part of the heatmap on screen, in cell units: display rows [rowStart, rowStart + rowSpan)
// and matrix columns [columnStart, columnStart + columnSpan). Fractional, so zooming around the
// cursor keeps the cell under it in place. Spans never exceed the data nor fall under one cell.
class HeatmapViewport
{
public:
    // Shows everything of a rows x columns matrix.
    void reset(int rows, int columns);

    int rowCount() const { return m_rows; }
    int columnCount() const { return m_columns; }
    double rowStart() const { return m_rowStart; }
    double rowSpan() const { return m_rowSpan; }
    double columnStart() const { return m_columnStart; }
    double columnSpan() const { return m_columnSpan; }
    bool isZoomed() const { return m_rowSpan < m_rows || m_columnSpan < m_columns; }

    // factor > 1 zooms in. `anchor` (a column or row coordinate) stays where it is on screen.
    void zoomColumns(double factor, double anchor);
    void zoomRows(double factor, double anchor);
    void pan(double rows, double columns);
    void setColumns(double start, double span);
    void setRows(double start, double span);

    bool operator==(const HeatmapViewport &) const = default;

private:
    void clamp();

    int m_rows = 0;
    int m_columns = 0;
    double m_rowStart = 0;
    double m_rowSpan = 0;
    double m_columnStart = 0;
    double m_columnSpan = 0;
};

} // namespace rankscope
