#pragma once

#include <QComboBox>

namespace rankscope {

// A combo box that may be narrower than its longest entry without cutting the shown one
// mid-letter (QComboBox clips it): the shown entry ends with "…" when it does not fit, and
// the popup lists every entry whole. At least `minimumChars` characters wide.
class ElidingComboBox : public QComboBox
{
    Q_OBJECT

public:
    explicit ElidingComboBox(int minimumChars, QWidget *parent = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;
};

} // namespace rankscope
