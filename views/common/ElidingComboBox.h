#pragma once

#include <QComboBox>

namespace rankscope {

// A combo box that may be narrower than its longest entry without cutting the shown one
// mid-letter (QComboBox clips it): it asks for the longest entry's width, a layout may give it
// down to `minimumChars` characters, the shown entry then ends with "…", and the popup lists
// every entry whole.
class ElidingComboBox : public QComboBox
{
    Q_OBJECT

public:
    explicit ElidingComboBox(int minimumChars, QWidget *parent = nullptr);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
};

} // namespace rankscope
