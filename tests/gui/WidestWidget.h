#pragma once

#include <QLayout>
#include <QStackedLayout>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <algorithm>
#include <vector>

// Names the widget that makes a window too wide: a failure says "HeatmapView > QWidget > the
// row of controls (994 px): QComboBox 'metric' 180, ..." instead of only the window's number.
namespace widest_widget {

// The width a layout reserves for the widget, as Qt's layouts compute it (qSmartMinSize): the
// minimum size hint unless the policy cannot shrink or ignores the hint, and minimumSize wins.
inline int layoutMinimumWidth(const QWidget *widget)
{
    const QSizePolicy policy = widget->sizePolicy();
    int width = 0;
    if (policy.horizontalPolicy() != QSizePolicy::Ignored) {
        width = widget->minimumSizeHint().width();
        if (!(policy.horizontalPolicy() & QSizePolicy::ShrinkFlag))
            width = std::max(width, widget->sizeHint().width());
    }
    if (widget->minimumWidth() > 0)
        width = widget->minimumWidth();
    return std::min(width, widget->maximumWidth());
}

inline QString describe(const QWidget *widget)
{
    QString name = QString::fromLatin1(widget->metaObject()->className());
    if (!widget->objectName().isEmpty())
        name += QStringLiteral(" '%1'").arg(widget->objectName());
    return QStringLiteral("%1 %2 px").arg(name).arg(layoutMinimumWidth(widget));
}

// The children that take room in the parent's layout: the shown ones, and every page of a
// stack (a QStackedLayout reserves the widest page whichever one shows).
inline std::vector<const QWidget *> roomTakingChildren(const QWidget *parent)
{
    const bool stacked = qobject_cast<const QStackedLayout *>(parent->layout()) != nullptr;
    std::vector<const QWidget *> children;
    for (const QWidget *child : parent->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (child->isWindow())
            continue;
        if (stacked || !child->isHidden())
            children.push_back(child);
    }
    std::sort(children.begin(), children.end(), [](const QWidget *a, const QWidget *b) {
        return layoutMinimumWidth(a) > layoutMinimumWidth(b);
    });
    return children;
}

// From `root` down through the widest child while it alone is wider than `limit`; then the
// widest children of the last one (the row whose sum is too wide, or the widget itself).
inline QString widestChain(const QWidget *root, int limit)
{
    QStringList chain;
    const QWidget *widget = root;
    chain << describe(widget);
    for (;;) {
        const std::vector<const QWidget *> children = roomTakingChildren(widget);
        if (children.empty() || layoutMinimumWidth(children.front()) <= limit)
            break;
        widget = children.front();
        chain << describe(widget);
    }
    QStringList within;
    for (const QWidget *child : roomTakingChildren(widget)) {
        if (within.size() == 8)
            break;
        within << describe(child);
    }
    QString text = chain.join(QStringLiteral(" > "));
    if (!within.isEmpty())
        text += QStringLiteral("; its widest children: ") + within.join(QStringLiteral(", "));
    return text;
}

} // namespace widest_widget
