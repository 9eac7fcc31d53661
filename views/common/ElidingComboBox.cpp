#include "views/common/ElidingComboBox.h"

#include <QStyleOptionComboBox>
#include <QStylePainter>

#include <algorithm>

namespace rankscope {

ElidingComboBox::ElidingComboBox(int minimumChars, QWidget *parent) : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(minimumChars);
}

// QComboBox::paintEvent, with the label's text elided to the edit field.
void ElidingComboBox::paintEvent(QPaintEvent *)
{
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    if (currentIndex() < 0 && !placeholderText().isEmpty()) {
        option.palette.setBrush(QPalette::ButtonText, option.palette.placeholderText());
        option.currentText = placeholderText();
    }
    QRect field =
        style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    if (!option.currentIcon.isNull())
        field.setLeft(field.left() + option.iconSize.width() + 4);
    option.currentText = fontMetrics().elidedText(option.currentText, Qt::ElideRight,
                                                  std::max(0, field.width() - 2));
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

} // namespace rankscope
