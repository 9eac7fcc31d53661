#pragma once

#include "core/stacks/StackTree.h"

#include <QList>
#include <QStringList>
#include <QWidget>

#include <memory>

namespace rankscope {

class FlowLayout;

// The path from the root to the flame graph's zoom root as clickable crumbs
// ("All ranks › train › step › all_reduce"); clicking one zooms back out to it. Long paths keep
// the first and the last crumbs and fold the middle into a "…" menu; in a narrow view the path
// wraps onto another row rather than widening the window.
class FlameGraphBreadcrumb : public QWidget
{
    Q_OBJECT

public:
    explicit FlameGraphBreadcrumb(QWidget *parent = nullptr);

    void setTree(std::shared_ptr<const StackTree> tree);

    // What is shown, for tests and accessibility: the node of each crumb, and its text.
    QList<int> crumbNodes() const { return m_nodes; }
    QStringList crumbTexts() const { return m_texts; }

public slots:
    void setZoomRoot(int node);

signals:
    void crumbClicked(int node);

private:
    void rebuild();

    std::shared_ptr<const StackTree> m_tree;
    int m_zoomRoot = StackTree::kRoot;
    FlowLayout *m_layout = nullptr;
    QList<int> m_nodes;
    QStringList m_texts;
};

} // namespace rankscope
