#pragma once

#include <QStyledItemDelegate>

#include <vector>

namespace rankscope {

// Paints the template table's special cells: the template in a monospace font with its
// wildcards ("<*>", "<NUM>", …) set off, the severity as a coloured chip, the flags as chips
// (warm for anomalies, grey for the role notes). Other cells are painted as usual.
class LogTemplateDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    struct Segment
    {
        QString text;
        bool wildcard = false;
    };
    // "a <*> b" -> "a ", "<*>" (wildcard), " b". Line breaks become " ⏎ ".
    static std::vector<Segment> segments(const QString &templateText);
    static QColor wildcardColour();

    explicit LogTemplateDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    void paintTemplate(QPainter *painter, const QStyleOptionViewItem &option,
                       const QModelIndex &index) const;
    void paintSeverity(QPainter *painter, const QStyleOptionViewItem &option,
                       const QModelIndex &index) const;
    void paintFlags(QPainter *painter, const QStyleOptionViewItem &option,
                    const QModelIndex &index) const;
    void paintBackground(QPainter *painter, const QStyleOptionViewItem &option,
                         const QModelIndex &index) const;
};

} // namespace rankscope
