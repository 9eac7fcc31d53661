#include "views/common/ElidingComboBox.h"

#include <QStyleOptionComboBox>
#include <QStylePainter>

#include <algorithm>

namespace rankscope {

ElidingComboBox::ElidingComboBox(int minimumChars, QWidget *parent) : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(minimumChars);
    // QComboBox tells its layout only under AdjustToContents; the size hint here follows the
    // entries under every policy.
    const auto changed = [this] { updateGeometry(); };
    connect(model(), &QAbstractItemModel::rowsInserted, this, changed);
    connect(model(), &QAbstractItemModel::rowsRemoved, this, changed);
    connect(model(), &QAbstractItemModel::modelReset, this, changed);
    connect(model(), &QAbstractItemModel::dataChanged, this, changed);
}

QSize ElidingComboBox::sizeHint() const
{
    int widest = 0;
    for (int i = 0; i < count(); ++i)
        widest = std::max(widest, fontMetrics().horizontalAdvance(itemText(i)));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    const QSize whole = style()->sizeFromContents(QStyle::CT_ComboBox, &option,
                                                  QSize(widest + 4, fontMetrics().height()), this);
    return QComboBox::sizeHint().expandedTo(QSize(whole.width(), 0));
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
