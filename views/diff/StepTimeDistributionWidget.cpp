#include "views/diff/StepTimeDistributionWidget.h"

#include "views/common/DurationText.h"
#include "views/diff/DiffPalette.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

constexpr int kMargin = 8;
constexpr int kLabelWidth = 190;
constexpr int kValuesWidth = 380;
// In a narrow view the run names (elided in the middle) and the values (elided at the end)
// give way down to these, so the widget never asks for more than about 390 px.
constexpr int kMinLabelWidth = 100;
constexpr int kMinValuesWidth = 140;
constexpr int kMinBarsWidth = 120;
const QColor kText(0x33, 0x3a, 0x44);
const QColor kMuted(0x6a, 0x73, 0x80);
const QColor kAxis(0xc8, 0xcd, 0xd4);

} // namespace

StepTimeDistributionWidget::StepTimeDistributionWidget(QWidget *parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Step-time distributions of the baseline and the target"));
}

void StepTimeDistributionWidget::setDistributions(const StepTimeDistribution &baseline,
                                                  const StepTimeDistribution &target,
                                                  const QString &baselineName,
                                                  const QString &targetName)
{
    m_baseline = baseline;
    m_target = target;
    m_baselineName = baselineName;
    m_targetName = targetName;
    // The scale ends a little past the larger p99: maxima beyond it get an arrow instead.
    double top = 0;
    for (const StepTimeDistribution *steps : {&m_baseline, &m_target}) {
        if (steps->samples == 0)
            continue;
        top = std::max(top, std::min(steps->maxNs, steps->p99Ns * 1.5));
        top = std::max(top, steps->p99Ns);
    }
    m_scaleMaxNs = top > 0 ? top * 1.05 : 0;
    setCursor(hasData() ? Qt::PointingHandCursor : Qt::ArrowCursor);
    update();
}

void StepTimeDistributionWidget::clear()
{
    setDistributions({}, {}, {}, {});
}

bool StepTimeDistributionWidget::hasData() const
{
    return m_baseline.samples > 0 || m_target.samples > 0;
}

QSize StepTimeDistributionWidget::sizeHint() const
{
    const int line = fontMetrics().height();
    return {900, kMargin * 2 + line + 4 + 2 * (line + 12) + line + 6};
}

QSize StepTimeDistributionWidget::minimumSizeHint() const
{
    return {2 * kMargin + kMinLabelWidth + kMinBarsWidth + kMinValuesWidth, sizeHint().height()};
}

StepTimeDistributionWidget::Geometry StepTimeDistributionWidget::geometry() const
{
    const int line = fontMetrics().height();
    Geometry g;
    g.rowHeight = line + 12;
    g.title = QRect(kMargin, kMargin, width() - 2 * kMargin, line);
    const int top = g.title.bottom() + 5;
    // The values column shrinks first on narrow widths, then the names; the bars keep at least
    // 120 px.
    const int room = width() - 2 * kMargin;
    const int labels =
        std::clamp(room - kMinBarsWidth - kMinValuesWidth, kMinLabelWidth, kLabelWidth);
    const int values = std::clamp(room - labels - kMinBarsWidth, 0, kValuesWidth);
    g.labels = QRect(kMargin, top, labels, 2 * g.rowHeight);
    g.values = QRect(width() - kMargin - values, top, values, 2 * g.rowHeight);
    g.bars =
        QRect(g.labels.right() + 1, top, g.values.left() - g.labels.right() - 16, 2 * g.rowHeight);
    return g;
}

double StepTimeDistributionWidget::xOf(double ns, const QRect &bars) const
{
    if (m_scaleMaxNs <= 0)
        return bars.left();
    return bars.left() + std::clamp(ns / m_scaleMaxNs, 0.0, 1.0) * (bars.width() - 1);
}

QRect StepTimeDistributionWidget::boxRect(bool target) const
{
    const StepTimeDistribution &steps = target ? m_target : m_baseline;
    if (steps.samples == 0)
        return {};
    const Geometry g = geometry();
    const int cy = g.rowTop(target ? 1 : 0) + g.rowHeight / 2;
    const int x0 = int(std::floor(xOf(steps.p10Ns, g.bars)));
    const int x1 = int(std::ceil(xOf(steps.p90Ns, g.bars)));
    return QRect(x0, cy - 6, std::max(2, x1 - x0), 12);
}

QString StepTimeDistributionWidget::valuesText(const StepTimeDistribution &steps) const
{
    if (steps.samples == 0)
        return tr("no step times");
    return tr("median %1 · p90 %2 · p99 %3 · max %4")
        .arg(DurationText::duration(steps.p50Ns), DurationText::duration(steps.p90Ns),
             DurationText::duration(steps.p99Ns), DurationText::duration(steps.maxNs));
}

void StepTimeDistributionWidget::paintRun(QPainter &painter, const Geometry &g, int row,
                                          const StepTimeDistribution &steps, const QColor &colour,
                                          const QString &name)
{
    const QFontMetrics metrics = fontMetrics();
    const int top = g.rowTop(row);
    const int cy = top + g.rowHeight / 2;
    const QRect label(g.labels.left(), top, g.labels.width() - 8, g.rowHeight);
    painter.setPen(colour);
    painter.drawText(label, Qt::AlignLeft | Qt::AlignVCenter,
                     metrics.elidedText(name, Qt::ElideMiddle, label.width()));
    painter.setPen(steps.samples > 0 ? kText : kMuted);
    const QRect values(g.values.left(), top, g.values.width(), g.rowHeight);
    painter.drawText(values, Qt::AlignLeft | Qt::AlignVCenter,
                     metrics.elidedText(valuesText(steps), Qt::ElideRight, values.width()));
    if (steps.samples == 0)
        return;

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    const double p10 = xOf(steps.p10Ns, g.bars);
    const double p50 = xOf(steps.p50Ns, g.bars);
    const double p90 = xOf(steps.p90Ns, g.bars);
    const double p99 = xOf(steps.p99Ns, g.bars);
    const bool maxBeyond = steps.maxNs > m_scaleMaxNs;
    const double max = maxBeyond ? g.bars.right() : xOf(steps.maxNs, g.bars);
    // Whisker p10 .. max, box p10 .. p90, median bar, p99 tick, max mark.
    painter.setPen(QPen(colour, 1));
    painter.drawLine(QPointF(p10, cy), QPointF(max, cy));
    QColor fill = colour;
    fill.setAlpha(60);
    painter.setBrush(fill);
    painter.drawRect(QRectF(p10, cy - 6, std::max(2.0, p90 - p10), 12));
    painter.setPen(QPen(colour, 3));
    painter.drawLine(QPointF(p50, cy - 8), QPointF(p50, cy + 8));
    painter.setPen(QPen(colour, 1.5));
    painter.drawLine(QPointF(p99, cy - 5), QPointF(p99, cy + 5));
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    if (maxBeyond) {
        QPainterPath arrow;
        arrow.moveTo(max, cy);
        arrow.lineTo(max - 7, cy - 5);
        arrow.lineTo(max - 7, cy + 5);
        arrow.closeSubpath();
        painter.drawPath(arrow);
    } else {
        QPainterPath diamond;
        diamond.moveTo(max, cy - 4);
        diamond.lineTo(max + 4, cy);
        diamond.lineTo(max, cy + 4);
        diamond.lineTo(max - 4, cy);
        diamond.closeSubpath();
        painter.drawPath(diamond);
    }
    painter.restore();
}

void StepTimeDistributionWidget::paintAxis(QPainter &painter, const Geometry &g)
{
    const QFontMetrics metrics = fontMetrics();
    const int y = g.bars.bottom() + 2;
    painter.setPen(kAxis);
    painter.drawLine(g.bars.left(), y, g.bars.right(), y);
    const int labelWidth = metrics.horizontalAdvance(DurationText::duration(m_scaleMaxNs)) + 24;
    const double step =
        DurationText::niceStep(m_scaleMaxNs * labelWidth / std::max(1, g.bars.width()));
    for (double ns = 0; ns <= m_scaleMaxNs; ns += step) {
        const double x = xOf(ns, g.bars);
        painter.setPen(kAxis);
        painter.drawLine(QPointF(x, y), QPointF(x, y + 4));
        const QString text = ns == 0 ? QStringLiteral("0") : DurationText::duration(ns);
        const int w = metrics.horizontalAdvance(text);
        const double left =
            std::clamp(x - w / 2.0, double(g.bars.left()), double(g.bars.right() - w));
        painter.setPen(kMuted);
        painter.drawText(QRectF(left, y + 4, w + 2, metrics.height()), Qt::AlignCenter, text);
    }
}

void StepTimeDistributionWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const Geometry g = geometry();
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(kText);
    const QString title = tr("Step time, all ranks and iterations");
    painter.drawText(g.title, Qt::AlignLeft | Qt::AlignVCenter, title);
    painter.setFont(font());
    if (!hasData()) {
        painter.setPen(kMuted);
        painter.drawText(
            QRect(g.labels.left(), g.bars.top(), width() - 2 * kMargin, g.bars.height()),
            Qt::AlignLeft | Qt::AlignVCenter,
            tr("Neither run has step times (no ProfilerStep ranges in the traces)."));
        return;
    }
    // The hint takes what the title leaves, cut with "…" in a narrow view (the widget's tooltip
    // and the arrow still say what a click does).
    const QString hint = tr("Click to compare in the heatmap (difference mode) ▸");
    const int titleWidth = QFontMetrics(bold).horizontalAdvance(title);
    const int hintRoom = std::max(0, g.title.width() - titleWidth - 16);
    painter.setPen(palette().color(QPalette::Link));
    painter.drawText(g.title, Qt::AlignRight | Qt::AlignVCenter,
                     fontMetrics().elidedText(hint, Qt::ElideLeft, hintRoom));
    paintRun(painter, g, 0, m_baseline, DiffPalette::baseline(),
             tr("baseline · %1").arg(m_baselineName));
    paintRun(painter, g, 1, m_target, DiffPalette::target(), tr("target · %1").arg(m_targetName));
    paintAxis(painter, g);
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        painter.drawRect(rect().adjusted(1, 1, -2, -2));
    }
}

void StepTimeDistributionWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && hasData() &&
        rect().contains(event->position().toPoint()))
        emit activated();
}

void StepTimeDistributionWidget::keyPressEvent(QKeyEvent *event)
{
    if (hasData() && (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter ||
                      event->key() == Qt::Key_Space)) {
        emit activated();
        return;
    }
    QWidget::keyPressEvent(event);
}

QString StepTimeDistributionWidget::tooltipText() const
{
    if (!hasData())
        return {};
    auto side = [](const QString &name, const StepTimeDistribution &steps) {
        if (steps.samples == 0)
            return tr("%1: no step times").arg(name.toHtmlEscaped());
        return tr("%1: %2 steps · p10 %3 · median %4 · p90 %5 · p99 %6 · max %7")
            .arg(name.toHtmlEscaped())
            .arg(steps.samples)
            .arg(DurationText::duration(steps.p10Ns), DurationText::duration(steps.p50Ns),
                 DurationText::duration(steps.p90Ns), DurationText::duration(steps.p99Ns),
                 DurationText::duration(steps.maxNs));
    };
    return side(tr("baseline %1").arg(m_baselineName), m_baseline) + QStringLiteral("<br/>") +
           side(tr("target %1").arg(m_targetName), m_target) + QStringLiteral("<br/><i>") +
           tr("Click to open the heatmap in difference mode (step time).") + QStringLiteral("</i>");
}

bool StepTimeDistributionWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const QString text = tooltipText();
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace rankscope
