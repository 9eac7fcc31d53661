#include "views/collectives/CollectiveStripWidget.h"

#include "views/collectives/CollectiveStripPainter.h"
#include "views/collectives/CollectiveText.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace rankscope {

CollectiveStripWidget::CollectiveStripWidget(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
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
    const int y = l.yOfRow(row);
    if (y < 0)
        return {};
    int height = 1;
    while (y + height < l.cells.top() + int(l.rowsOfY.size()) &&
           l.rowsOfY[std::size_t(y + height - l.cells.top())].first <= row &&
           row <= l.rowsOfY[std::size_t(y + height - l.cells.top())].last)
        ++height;
    return QRect(l.xOfColumn(column), y, l.xOfColumn(column + 1) - l.xOfColumn(column), height);
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
