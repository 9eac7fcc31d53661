#pragma once

#include "views/flamegraph/FlameGraphBreadcrumb.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QTimer;

namespace rankscope {

class ElidedLabel;

// The flame graph with its controls: a search field (substring or regex, debounced), the match
// count, orientation / width / colour choices, and the zoom breadcrumb above the graph.
class FlameGraphView : public QWidget
{
    Q_OBJECT

public:
    explicit FlameGraphView(QWidget *parent = nullptr);

    void setTree(std::shared_ptr<const StackTree> tree,
                 std::shared_ptr<const StackDataset> data = {});
    void setEquivalenceClasses(std::vector<EquivalenceClass> classes);
    void setEmphasisedNodes(std::vector<int> nodes);

    FlameGraphWidget *flameGraph() const { return m_graph; }
    FlameGraphBreadcrumb *breadcrumb() const { return m_breadcrumb; }
    QLineEdit *searchField() const { return m_search; }

    // Shows every occurrence of one frame label: searches for exactly that label (so all its
    // places are highlighted and the others dimmed), then selects and zooms to `node`.
    void showFrame(const QString &label, int node);

public slots:
    void focusSearch();

private:
    void applySearch();
    void showSearchResult(int matches, const RankSet &ranks);

    FlameGraphWidget *m_graph = nullptr;
    FlameGraphBreadcrumb *m_breadcrumb = nullptr;
    QLineEdit *m_search = nullptr;
    QCheckBox *m_regex = nullptr;
    ElidedLabel *m_matches = nullptr;
    QComboBox *m_orientation = nullptr;
    QComboBox *m_width = nullptr;
    QComboBox *m_colour = nullptr;
    QTimer *m_searchDelay = nullptr;
};

} // namespace rankscope
