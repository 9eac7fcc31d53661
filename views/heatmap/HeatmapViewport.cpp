#include "views/heatmap/HeatmapViewport.h"

#include <algorithm>

namespace rankscope {

namespace {

// Narrowest view: one cell, or the whole axis when it has fewer.
double minimumSpan(int count)
{
    return std::min(1.0, double(count));
}

void zoomAxis(double &start, double &span, int count, double factor, double anchor)
{
    if (factor <= 0 || count <= 0)
        return;
    const double newSpan = std::clamp(span / factor, minimumSpan(count), double(count));
    const double fraction = span > 0 ? (anchor - start) / span : 0.5;
    start = anchor - fraction * newSpan;
    span = newSpan;
}

} // namespace

void HeatmapViewport::reset(int rows, int columns)
{
    m_rows = std::max(0, rows);
    m_columns = std::max(0, columns);
    m_rowStart = 0;
    m_columnStart = 0;
    m_rowSpan = m_rows;
    m_columnSpan = m_columns;
}

void HeatmapViewport::zoomColumns(double factor, double anchor)
{
    zoomAxis(m_columnStart, m_columnSpan, m_columns, factor, anchor);
    clamp();
}

void HeatmapViewport::zoomRows(double factor, double anchor)
{
    zoomAxis(m_rowStart, m_rowSpan, m_rows, factor, anchor);
    clamp();
}

void HeatmapViewport::pan(double rows, double columns)
{
    m_rowStart += rows;
    m_columnStart += columns;
    clamp();
}

void HeatmapViewport::setColumns(double start, double span)
{
    m_columnStart = start;
    m_columnSpan = span;
    clamp();
}

void HeatmapViewport::setRows(double start, double span)
{
    m_rowStart = start;
    m_rowSpan = span;
    clamp();
}

void HeatmapViewport::clamp()
{
    m_rowSpan = std::clamp(m_rowSpan, minimumSpan(m_rows), double(m_rows));
    m_columnSpan = std::clamp(m_columnSpan, minimumSpan(m_columns), double(m_columns));
    m_rowStart = std::clamp(m_rowStart, 0.0, double(m_rows) - m_rowSpan);
    m_columnStart = std::clamp(m_columnStart, 0.0, double(m_columns) - m_columnSpan);
}

} // namespace rankscope
