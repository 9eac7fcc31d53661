#pragma once

#include <QLayout>
#include <QList>

namespace rankscope {

// Controls that wrap onto another row when the view is narrow, instead of asking for the sum
// of their widths as the window's minimum (the heatmap's six labelled choices in one row made
// the window at least 1,326 px wide). An item keeps its preferred width (at least its minimum,
// at most the row); the expanding items of a row share what is left of it, so an expanding
// status (an ElidedLabel) takes the rest of its row, or a row of its own when it does not fit,
// and is cut only when a whole row is too short. A group added with addLayout (a caption and
// its control) wraps as one.
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr);
    ~FlowLayout() override;

    void addLayout(QLayout *layout);
    // Vertical space between rows; spacing() is the space between items of a row.
    void setRowSpacing(int spacing) { m_rowSpacing = spacing; }
    int rowSpacing() const { return m_rowSpacing; }

    void addItem(QLayoutItem *item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    // Lays the items out in `rect` (moves them only when `apply`); returns the height used.
    int arrange(const QRect &rect, bool apply) const;
    int itemSpacing() const;

    QList<QLayoutItem *> m_items;
    int m_rowSpacing = 2;
};

} // namespace rankscope
