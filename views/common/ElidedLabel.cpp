#include "views/common/ElidedLabel.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace rankscope {

namespace {
constexpr int kElidedLabelMargin = 2; // pixels left and right of the text
} // namespace

ElidedLabel::ElidedLabel(QWidget *parent) : QWidget(parent)
{
    // Any width the layout gives, however long the text: a long status is cut, never widens.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ElidedLabel::setText(const QString &text)
{
    assign(text, false, QString());
}

void ElidedLabel::setClickableText(const QString &text, const QString &hint)
{
    assign(text, true, hint);
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode)
{
    m_elideMode = mode;
    elide();
}

void ElidedLabel::setAlignment(Qt::Alignment alignment)
{
    m_alignment = alignment & Qt::AlignHorizontal_Mask;
    update();
}

void ElidedLabel::assign(const QString &text, bool clickable, const QString &hint)
{
    // One line: a sentence with a line break would be cut at the break otherwise.
    QString line = text;
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    m_text = line;
    m_clickable = clickable && !line.isEmpty();
    m_hint = hint;
    setCursor(m_clickable ? Qt::PointingHandCursor : Qt::ArrowCursor);
    // Rich text, so that a long sentence wraps in the tooltip instead of running off the screen.
    QString tip;
    if (!m_text.isEmpty())
        tip = QStringLiteral("<p>%1</p>").arg(m_text.toHtmlEscaped());
    if (m_clickable && !m_hint.isEmpty())
        tip += QStringLiteral("<p><i>%1</i></p>").arg(m_hint.toHtmlEscaped());
    setToolTip(tip);
    setAccessibleName(m_text);
    updateGeometry(); // the size hint is the whole text's width
    elide();
}

void ElidedLabel::elide()
{
    QFont font = this->font();
    font.setUnderline(m_clickable);
    const int room = std::max(0, contentsRect().width() - 2 * kElidedLabelMargin);
    m_shown = QFontMetrics(font).elidedText(m_text, m_elideMode, room);
    update();
}

QSize ElidedLabel::sizeHint() const
{
    return {fontMetrics().horizontalAdvance(m_text) + 2 * kElidedLabelMargin,
            fontMetrics().height() + 2};
}

QSize ElidedLabel::minimumSizeHint() const
{
    return {1, fontMetrics().height() + 2};
}

void ElidedLabel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    QFont font = this->font();
    font.setUnderline(m_clickable);
    painter.setFont(font);
    painter.setPen(palette().color(m_clickable ? QPalette::Link : foregroundRole()));
    painter.drawText(contentsRect().adjusted(kElidedLabelMargin, 0, -kElidedLabelMargin, 0),
                     m_alignment | Qt::AlignVCenter | Qt::TextSingleLine, m_shown);
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    elide();
}

void ElidedLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        elide();
    QWidget::changeEvent(event);
}

void ElidedLabel::mousePressEvent(QMouseEvent *event)
{
    if (m_clickable && event->button() == Qt::LeftButton) {
        event->accept(); // the release comes here
        return;
    }
    QWidget::mousePressEvent(event);
}

void ElidedLabel::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_clickable && event->button() == Qt::LeftButton && rect().contains(event->pos())) {
        emit clicked();
        event->accept();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

} // namespace rankscope
