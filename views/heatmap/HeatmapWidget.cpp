#include "views/heatmap/HeatmapWidget.h"
#include "views/common/NavigationKeys.h"

#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapText.h"

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace rankscope {

namespace {
constexpr int kDragThreshold = 4;
constexpr double kKeyZoom = 1.5;
constexpr double kKeyPanFraction = 0.1;
} // namespace

HeatmapWidget::HeatmapWidget(QWidget *parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(240, 160);
    m_scene.setFont(font());
    m_scene.setBackground(palette().color(QPalette::Base));
    setAccessibleName(tr("Rank by window heatmap"));
}

void HeatmapWidget::setData(std::shared_ptr<const MetricMatrix> matrix,
                            std::shared_ptr<const SpatialOutliers> outliers,
                            std::shared_ptr<const JobInfo> job)
{
    const HeatmapViewport before = m_scene.viewport();
    m_scene.setData(std::move(matrix), std::move(outliers), std::move(job));
    if (!(before == m_scene.viewport()))
        emit viewportChanged();
    update();
}

void HeatmapWidget::clear(const QString &message)
{
    m_scene.setPlaceholder(message);
    setData({});
}

void HeatmapWidget::setDifferenceMode(bool on, double typicalValue)
{
    m_scene.setDifferenceMode(on, typicalValue);
    update();
}

void HeatmapWidget::setColorMode(HeatmapColorMode mode)
{
    m_scene.setColorMode(mode);
    update();
}

void HeatmapWidget::setStuckRanks(const std::vector<int> &ranks)
{
    m_scene.setStuckRanks(ranks);
    update();
}

void HeatmapWidget::setReduction(HeatmapReduction reduction)
{
    m_scene.setReduction(reduction);
    update();
}

void HeatmapWidget::setGrouping(const HeatmapGrouping &grouping)
{
    m_scene.setGrouping(grouping);
    update();
}

void HeatmapWidget::setShowFrameTime(bool show)
{
    m_showFrameTime = show;
    m_worstPaintMs = 0;
    update();
}

QRect HeatmapWidget::cellRect(int rank, qint64 window) const
{
    return m_scene.cellRect(rank, window, size()).toAlignedRect();
}

HeatmapHit HeatmapWidget::hitTest(QPoint pos)
{
    return m_scene.hitTest(pos, size());
}

QString HeatmapWidget::tooltipAt(QPoint pos)
{
    const HeatmapHit hit = hitTest(pos);
    if (hit.area == HeatmapHit::Area::Cells || hit.area == HeatmapHit::Area::RowHeader)
        return HeatmapText::tooltip(m_scene, hit);
    if (hit.area == HeatmapHit::Area::ColumnHeader && hit.column >= 0)
        return HeatmapText::windowLabel(*m_scene.matrix(), hit.column);
    if (hit.area == HeatmapHit::Area::Legend && m_scene.matrix() && m_scene.isDifferenceMode())
        return HeatmapText::metricDescription(m_scene.matrix()->metric) + QLatin1Char(' ') +
               tr("Shown: the target run minus the baseline, cell by cell (same rank, aligned "
                  "window); white is no change.");
    if (hit.area == HeatmapHit::Area::Legend && m_scene.matrix() && m_scene.isPeerMedianMode())
        return HeatmapText::metricDescription(m_scene.matrix()->metric) + QLatin1Char(' ') +
               HeatmapText::colorModeDescription(HeatmapColorMode::PeerMedian);
    if (hit.area == HeatmapHit::Area::Legend && m_scene.matrix())
        return HeatmapText::metricDescription(m_scene.matrix()->metric);
    return {};
}

void HeatmapWidget::setSelectedRank(int rank)
{
    if (rank == m_scene.selectedRank() && !m_scene.hasSelectedWindow() &&
        m_scene.selectedRanks().count() <= 1)
        return;
    m_scene.setSelection(rank, 0, false);
    ensureRankVisible(rank);
    update();
}

void HeatmapWidget::setSelectedRanks(const RankSet &ranks)
{
    if (ranks.count() <= 1)
        return setSelectedRank(ranks.first());
    if (ranks == m_scene.selectedRanks() && !m_scene.hasSelectedWindow())
        return;
    m_scene.setSelectedRanks(ranks);
    ensureRankVisible(ranks.first());
    update();
}

void HeatmapWidget::setSelectedCell(int rank, qint64 window)
{
    m_scene.setSelection(rank, window, true);
    ensureRankVisible(rank);
    update();
}

void HeatmapWidget::clearSelection()
{
    m_scene.setSelection(-1, 0, false);
    update();
}

void HeatmapWidget::ensureRankVisible(int rank)
{
    const int row = m_scene.displayRowOfRank(rank);
    if (row < 0)
        return;
    const HeatmapViewport before = m_scene.viewport();
    if (row >= before.rowStart() && row + 1 <= before.rowStart() + before.rowSpan())
        return;
    HeatmapViewport viewport = before;
    viewport.setRows(row + 0.5 - before.rowSpan() / 2, before.rowSpan());
    m_scene.setViewport(viewport);
    applyViewport(before);
}

void HeatmapWidget::resetZoom()
{
    const HeatmapViewport before = m_scene.viewport();
    m_scene.resetView();
    applyViewport(before);
}

void HeatmapWidget::zoomColumns(double factor)
{
    const HeatmapViewport before = m_scene.viewport();
    const QRect cells = m_scene.layout(size()).cells;
    m_scene.zoomColumnsAt(factor, cells.center().x(), size());
    applyViewport(before);
}

void HeatmapWidget::zoomRows(double factor)
{
    const HeatmapViewport before = m_scene.viewport();
    const QRect cells = m_scene.layout(size()).cells;
    m_scene.zoomRowsAt(factor, cells.center().y(), size());
    applyViewport(before);
}

void HeatmapWidget::applyViewport(const HeatmapViewport &before)
{
    if (before == m_scene.viewport())
        return;
    update();
    emit viewportChanged();
}

void HeatmapWidget::paintEvent(QPaintEvent *)
{
    QElapsedTimer timer;
    timer.start();
    QPainter painter(this);
    HeatmapPainter::paint(painter, m_scene, size());
    m_lastPaintMs = timer.nsecsElapsed() / 1e6;
    m_worstPaintMs = std::max(m_worstPaintMs, m_lastPaintMs);
    if (m_showFrameTime) {
        const QString text = tr("paint %1 ms · worst %2 ms")
                                 .arg(m_lastPaintMs, 0, 'f', 1)
                                 .arg(m_worstPaintMs, 0, 'f', 1);
        const QRect box = painter.fontMetrics().boundingRect(text).adjusted(-6, -3, 6, 3);
        const QRect cells = m_scene.layout(size()).cells;
        const QRect at(cells.right() - box.width() - 6, cells.bottom() - box.height() - 6,
                       box.width(), box.height());
        painter.fillRect(at, QColor(0, 0, 0, 170));
        painter.setPen(Qt::white);
        painter.drawText(at, Qt::AlignCenter, text);
    }
}

void HeatmapWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_pressed = true;
    m_dragging = false;
    m_pressPos = m_lastDragPos = event->position().toPoint();
    setFocus(Qt::MouseFocusReason);
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_pressed || !(event->buttons() & Qt::LeftButton))
        return;
    const QPoint pos = event->position().toPoint();
    if (!m_dragging && (pos - m_pressPos).manhattanLength() < kDragThreshold)
        return;
    if (!m_dragging) {
        m_dragging = true;
        setCursor(Qt::ClosedHandCursor);
    }
    const HeatmapViewport before = m_scene.viewport();
    const QPoint delta = pos - m_lastDragPos;
    m_scene.panPixels(-delta.x(), -delta.y(), size());
    m_lastDragPos = pos;
    applyViewport(before);
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QWidget::mouseReleaseEvent(event);
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        unsetCursor();
        return;
    }
    const HeatmapHit hit = hitTest(event->position().toPoint());
    if (hit.isCell()) {
        m_scene.setSelection(hit.rank, hit.window, true);
        update();
        emit selectionChanged(hit.rank, hit.window);
        emit cellActivated(hit.rank, hit.window);
    } else if (hit.area == HeatmapHit::Area::RowHeader && hit.rank >= 0) {
        m_scene.setSelection(hit.rank, 0, false);
        update();
        emit selectionChanged(hit.rank, -1);
    }
}

void HeatmapWidget::wheelEvent(QWheelEvent *event)
{
    const int delta =
        event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (delta == 0 || !m_scene.hasData())
        return;
    const HeatmapViewport before = m_scene.viewport();
    const QPointF pos = event->position();
    const HeatmapLayout layout = m_scene.layout(size());
    // One notch (120) zooms by 1.25; touchpads send many small deltas that add up the same.
    const double factor = std::pow(1.25, delta / 120.0);
    if (event->modifiers() & Qt::ShiftModifier) {
        m_scene.panPixels(0, -delta / 120.0 * 3 * std::max(1.0, layout.pixelsPerRow()), size());
    } else if ((event->modifiers() & Qt::ControlModifier) ||
               layout.rowHeader.contains(pos.toPoint())) {
        m_scene.zoomRowsAt(factor, pos.y(), size());
    } else {
        m_scene.zoomColumnsAt(factor, pos.x(), size());
    }
    applyViewport(before);
    event->accept();
}

void HeatmapWidget::keyPressEvent(QKeyEvent *event)
{
    const HeatmapViewport before = m_scene.viewport();
    const bool rows = event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier);
    HeatmapViewport viewport = before;
    switch (navigationKey(event)) {
    case NavigationKey::PanLeft:
        viewport.pan(0, -kKeyPanFraction * viewport.columnSpan());
        break;
    case NavigationKey::PanRight:
        viewport.pan(0, kKeyPanFraction * viewport.columnSpan());
        break;
    case NavigationKey::PanUp:
        viewport.pan(-kKeyPanFraction * viewport.rowSpan(), 0);
        break;
    case NavigationKey::PanDown:
        viewport.pan(kKeyPanFraction * viewport.rowSpan(), 0);
        break;
    case NavigationKey::ZoomIn:
        return rows ? zoomRows(kKeyZoom) : zoomColumns(kKeyZoom);
    case NavigationKey::ZoomOut:
        return rows ? zoomRows(1 / kKeyZoom) : zoomColumns(1 / kKeyZoom);
    case NavigationKey::Reset:
        return resetZoom();
    case NavigationKey::None:
        // Escape, when no window shortcut owns it (the heatmap on its own: tests, exports).
        if (event->key() == Qt::Key_Escape && m_scene.selectedRank() >= 0) {
            clearSelection();
            emit selectionChanged(-1, -1);
            return;
        }
        return QWidget::keyPressEvent(event);
    }
    m_scene.setViewport(viewport);
    applyViewport(before);
}

bool HeatmapWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void HeatmapWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        m_scene.setFont(font());
    else if (event->type() == QEvent::PaletteChange)
        m_scene.setBackground(palette().color(QPalette::Base));
    QWidget::changeEvent(event);
}

} // namespace rankscope
