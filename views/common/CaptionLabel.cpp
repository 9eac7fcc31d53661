#include "views/common/CaptionLabel.h"

#include <QLabel>

namespace rankscope {

QLabel *captionLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setContentsMargins(6, 0, 0, 0);
    return label;
}

} // namespace rankscope
