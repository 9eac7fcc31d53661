#include "views/common/NavigationKeys.h"

#include <QKeyEvent>

namespace rankscope {

NavigationKey navigationKey(const QKeyEvent *event)
{
    const bool letterAllowed =
        !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        return NavigationKey::ZoomIn;
    case Qt::Key_Minus:
    case Qt::Key_Underscore:
        return NavigationKey::ZoomOut;
    case Qt::Key_Left:
        return NavigationKey::PanLeft;
    case Qt::Key_Right:
        return NavigationKey::PanRight;
    case Qt::Key_Up:
        return NavigationKey::PanUp;
    case Qt::Key_Down:
        return NavigationKey::PanDown;
    case Qt::Key_Home:
        return NavigationKey::Reset;
    case Qt::Key_W:
        return letterAllowed ? NavigationKey::ZoomIn : NavigationKey::None;
    case Qt::Key_S:
        return letterAllowed ? NavigationKey::ZoomOut : NavigationKey::None;
    case Qt::Key_A:
        return letterAllowed ? NavigationKey::PanLeft : NavigationKey::None;
    case Qt::Key_D:
        return letterAllowed ? NavigationKey::PanRight : NavigationKey::None;
    default:
        return NavigationKey::None;
    }
}

} // namespace rankscope
