#pragma once

class QLabel;
class QString;
class QWidget;

namespace rankscope {

// A small caption before a control in a tool bar ("Group:", "Ranks:"), indented from the
// previous control.
QLabel *captionLabel(const QString &text, QWidget *parent);

} // namespace rankscope
