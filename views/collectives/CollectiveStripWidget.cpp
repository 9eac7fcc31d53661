#include "views/collectives/CollectiveStripWidget.h"
#include "views/common/NavigationKeys.h"

#include "views/collectives/CollectiveStripPainter.h"
#include "views/collectives/CollectiveText.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace rankscope {

CollectiveStripWidget::CollectiveStripWidget(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::WheelFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(320, 200);
    m_scene.setFont(font());
    m_scene.setBackground(palette().color(QPalette::Base));
    setAccessibleName(tr("Ranks by collective sequence"));
}

void CollectiveStripWidget::setData(std::shared_ptr<const CollectiveViewData> data, int strip)
{
    m_scene.setData(std::move(data), strip);
    m_scene.setPlaceholder(QString());
    update();
}

void CollectiveStripWidget::clear(const QString &message)
{
    m_scene.setData({}, -1);
    m_scene.setPlaceholder(message);
    m_scene.setSelection({}, -1);
    update();
}

void CollectiveStripWidget::setSelection(const RankSet &ranks, std::int64_t seq)
{
    m_scene.setSelection(ranks, seq);
    update();
}

QRect CollectiveStripWidget::cellRect(int rank, std::int64_t seq) const
{
    const CollectiveStrip *s = m_scene.strip();
    if (!s)
        return {};
    const int row = s->rowOf(rank);
    const int column = s->columnOf(seq);
    if (row < 0 || column < 0)
        return {};
    const CollectiveStripLayout &l = m_scene.layout(size());
    if (!l.showsColumn(column))
        return {};
    const int y = l.yOfRow(row);
    if (y < 0)
        return {};
    int height = 1;
    while (y + height < l.cells.top() + int(l.rowsOfY.size()) &&
           l.rowsOfY[std::size_t(y + height - l.cells.top())].first <= row &&
           row <= l.rowsOfY[std::size_t(y + height - l.cells.top())].last)
        ++height;
    // A column cut by the cells' edge (zoomed in): its visible part.
    const QRect cell(l.xOfColumn(column), y, l.xOfColumn(column + 1) - l.xOfColumn(column), height);
    return cell.intersected(l.cells);
}

void CollectiveStripWidget::zoomColumns(double factor)
{
    const CollectiveStripLayout &l = m_scene.layout(size());
    m_scene.zoomColumns(factor, m_scene.columnCoordinate(l.cells.center().x(), size()));
    update();
}

void CollectiveStripWidget::zoomRows(double factor)
{
    m_scene.zoomRows(factor, middleRow());
    update();
}

void CollectiveStripWidget::resetZoom()
{
    m_scene.resetZoom();
    update();
}

int CollectiveStripWidget::middleRow() const
{
    const CollectiveStrip *s = m_scene.strip();
    if (!s)
        return 0;
    const int leading = s->leadingRows > 0 && s->leadingRows < s->rows() ? s->leadingRows : 0;
    return leading + m_scene.firstRow() + m_scene.rowSpan() / 2;
}

void CollectiveStripWidget::wheelEvent(QWheelEvent *event)
{
    const int delta =
        event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    const CollectiveStrip *s = m_scene.strip();
    if (delta == 0 || !s || s->empty())
        return QWidget::wheelEvent(event);
    const QPoint pos = event->position().toPoint();
    const CollectiveStripLayout &l = m_scene.layout(size());
    // One notch (120) zooms by 1.25, as the heatmap; touchpads send many small deltas.
    const double factor = std::pow(1.25, delta / 120.0);
    if (event->modifiers() & Qt::ShiftModifier) {
        m_scene.scrollRows(-delta / 120 * std::max(3, m_scene.rowSpan() / 10));
    } else if ((event->modifiers() & Qt::ControlModifier) || l.rowHeader.contains(pos)) {
        const int p = l.rowRangeAt(std::clamp(pos.y(), l.cells.top(), l.cells.bottom()));
        const int row = p >= 0 ? l.rowsOfY[std::size_t(p)].first : middleRow();
        m_scene.zoomRows(factor, row);
    } else {
        m_scene.zoomColumns(factor, m_scene.columnCoordinate(pos.x(), size()));
    }
    update();
    event->accept();
}

void CollectiveStripWidget::keyPressEvent(QKeyEvent *event)
{
    const bool rows = event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier);
    const NavigationKey key = navigationKey(event);
    switch (key) {
    case NavigationKey::ZoomIn:
        return rows ? zoomRows(1.25) : zoomColumns(1.25);
    case NavigationKey::ZoomOut:
        return rows ? zoomRows(1 / 1.25) : zoomColumns(1 / 1.25);
    case NavigationKey::Reset:
        return resetZoom();
    case NavigationKey::PanLeft:
    case NavigationKey::PanRight:
        m_scene.panColumns(key == NavigationKey::PanLeft ? -0.1 : 0.1);
        update();
        return;
    case NavigationKey::PanUp:
    case NavigationKey::PanDown:
        m_scene.scrollRows((key == NavigationKey::PanUp ? -1 : 1) *
                           std::max(1, m_scene.rowSpan() / 10));
        update();
        return;
    default:
        return QWidget::keyPressEvent(event);
    }
}

QString CollectiveStripWidget::tooltipAt(QPoint pos) const
{
    const CollectiveStripHit hit = hitTest(pos);
    if (hit.area == CollectiveStripHit::Area::Legend)
        return CollectiveText::legendText() + CollectiveStripPainter::legendNote(m_scene, size());
    return CollectiveText::tooltip(m_scene, hit);
}

void CollectiveStripWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    CollectiveStripPainter::paint(painter, m_scene, size());
}

void CollectiveStripWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    const CollectiveStripHit hit = hitTest(event->position().toPoint());
    if (hit.isCell()) {
        RankSet ranks;
        ranks.insert(hit.rank);
        setSelection(ranks, hit.seq);
        emit cellActivated(hit.rank, hit.seq, hit.entry);
    } else if (hit.area == CollectiveStripHit::Area::RowHeader && hit.rank >= 0) {
        RankSet ranks;
        ranks.insert(hit.rank);
        setSelection(ranks, -1);
        emit rankActivated(hit.rank);
    }
}

bool CollectiveStripWidget::event(QEvent *event)
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

void CollectiveStripWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        m_scene.setFont(font());
    else if (event->type() == QEvent::PaletteChange)
        m_scene.setBackground(palette().color(QPalette::Base));
    QWidget::changeEvent(event);
}

} // namespace rankscope
