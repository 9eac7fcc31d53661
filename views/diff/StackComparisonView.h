#pragma once

#include "core/diff/StackDiff.h"
#include "core/model/StackDataset.h"
#include "core/stacks/StackTree.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QStackedWidget;
class QTimer;
class QToolButton;

namespace rankscope {

class ElidedLabel;
class FlameGraphWidget;
class StackChangeList;

// The stacks part of the Diff view (issue 5, explorer_anchors.md section 6). Two modes:
//  - Side by side: the baseline's and the target's merged flame graphs, with zoom, search and
//    rank highlight coupled (zooming a frame in one zooms the same path, by frame labels, in the
//    other; a path the other lacks resets it to its deepest common ancestor).
//  - Differential: one flame graph with the target's widths, red where a path gained share of
//    ranks, blue where it lost, intensity by the size of the change (shares of each run's ranks
//    with data, so different rank counts compare), frames only in the shown run hatched; a
//    "Reverse" toggle shows the baseline's widths with the colours of what vanished.
// Beside either, the list of paths new, gone and changed (StackChangeList); activating one
// selects and reveals it in the graphs.
class StackComparisonView : public QWidget
{
    Q_OBJECT

public:
    enum class Mode
    {
        SideBySide,
        Differential,
    };

    explicit StackComparisonView(QWidget *parent = nullptr);

    // Either tree may be null (that run has no stacks): the view then says so. `diff` is
    // diffStackTrees(baseline, target).
    void setData(std::shared_ptr<const StackTree> baselineTree,
                 std::shared_ptr<const StackDataset> baselineData,
                 std::shared_ptr<const StackTree> targetTree,
                 std::shared_ptr<const StackDataset> targetData,
                 std::shared_ptr<const StackDiff> diff, const QString &baselineName,
                 const QString &targetName);
    // The same with the differential graph's per-frame changes computed elsewhere (off the UI
    // thread: stackNodeChanges of the target against the baseline and the reverse); empty
    // vectors are computed here.
    void setData(std::shared_ptr<const StackTree> baselineTree,
                 std::shared_ptr<const StackDataset> baselineData,
                 std::shared_ptr<const StackTree> targetTree,
                 std::shared_ptr<const StackDataset> targetData,
                 std::shared_ptr<const StackDiff> diff, const QString &baselineName,
                 const QString &targetName, std::vector<StackNodeChange> targetChanges,
                 std::vector<StackNodeChange> baselineChanges);
    void clear(const QString &message = QString());

    void setMode(Mode mode);
    Mode mode() const;
    void setReversed(bool reversed); // differential: baseline widths, colours of what vanished
    bool isReversed() const;

    // Selects the path (frame labels, root excluded) in every graph that has it and reveals it;
    // selects its row in the change list. False when no graph has it.
    bool showPath(const std::vector<std::string> &frames);
    // Index into diff->changes of the change list's current row, -1 when none.
    int currentChange() const;

    FlameGraphWidget *baselineGraph() const;     // side by side, left
    FlameGraphWidget *targetGraph() const;       // side by side, right
    FlameGraphWidget *differentialGraph() const; // differential mode
    StackChangeList *changeList() const;
    QComboBox *changeOrderChooser() const { return m_changeOrder; } // by suspicion / by size
    QLineEdit *searchField() const;

signals:
    // A rank chosen in any graph (highlight), for the owner to follow; -1 clears.
    void rankHighlighted(int rank);

private:
    // A flame graph, or a sentence in its place when its run has no stacks.
    struct Pane
    {
        QWidget *widget = nullptr; // caption above the stack of graph and message
        QLabel *caption = nullptr;
        QStackedWidget *stack = nullptr;
        FlameGraphWidget *graph = nullptr;
        QLabel *message = nullptr;
    };
    Pane makePane(const QString &accessibleName);
    static void showGraph(Pane &pane, std::shared_ptr<const StackTree> tree,
                          std::shared_ptr<const StackDataset> data);
    static void showMessage(Pane &pane, const QString &message);
    QWidget *buildChangeListPane();
    QWidget *buildControls();
    void connectGraph(FlameGraphWidget *graph);

    void updateHeader();
    void updateCaptions();
    void updateDifferential();
    void applySearch();
    void updateMatched();
    void followZoom(FlameGraphWidget *from, int node);
    void followSelection(FlameGraphWidget *from, int node);
    void followRank(FlameGraphWidget *from, int rank);
    std::vector<FlameGraphWidget *> graphsWithTrees() const;
    QString noStacksMessage(const QString &run) const;

    QLabel *m_header = nullptr;
    QToolButton *m_sideBySideButton = nullptr;
    QToolButton *m_differentialButton = nullptr;
    QToolButton *m_reverseButton = nullptr;
    QLineEdit *m_search = nullptr;
    ElidedLabel *m_matched = nullptr; // its tooltip names both runs
    QTimer *m_searchDelay = nullptr;
    QStackedWidget *m_modes = nullptr;
    Pane m_baseline;
    Pane m_target;
    Pane m_differential;
    StackChangeList *m_changeList = nullptr;
    QComboBox *m_changeOrder = nullptr;

    std::shared_ptr<const StackTree> m_baselineTree;
    std::shared_ptr<const StackDataset> m_baselineData;
    std::shared_ptr<const StackTree> m_targetTree;
    std::shared_ptr<const StackDataset> m_targetData;
    std::shared_ptr<const StackDiff> m_diff;
    QString m_baselineName;
    QString m_targetName;
    // stackNodeChanges in both directions (target vs baseline, baseline vs target), and the
    // largest |change| of both, so a change has the same colour whichever way it is drawn.
    std::vector<StackNodeChange> m_targetChanges;
    std::vector<StackNodeChange> m_baselineChanges;
    double m_differenceScale = 0;
    Mode m_mode = Mode::SideBySide;
    bool m_reversed = false;
    // Set while one graph's zoom, selection or rank is copied to the others, so their own
    // signals do not echo back.
    bool m_following = false;
};

} // namespace rankscope
