#include "views/diff/StackComparisonView.h"

#include "views/common/ElidedLabel.h"
#include "views/common/FlowLayout.h"
#include "views/diff/StackChangeList.h"
#include "views/flamegraph/FlameGraphText.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QStackedWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// The node of `tree` on the path of these labels, or its deepest ancestor the tree has (the root
// when not even the first frame is there).
int deepestNodeOnPath(const StackTree &tree, const std::vector<std::string> &labels)
{
    int at = StackTree::kRoot;
    for (const std::string &label : labels) {
        const int child = tree.findChild(at, label);
        if (child < 0)
            break;
        at = child;
    }
    return at;
}

std::vector<std::string> labelsOf(const FlameGraphWidget *graph, int node)
{
    const auto tree = graph->tree();
    if (!tree || node < 0 || node >= tree->size())
        return {};
    return tree->pathLabels(node);
}

int ranksWithData(const std::shared_ptr<const StackTree> &tree)
{
    return tree ? tree->ranksWithData().count() : 0;
}

} // namespace

StackComparisonView::StackComparisonView(QWidget *parent) : QWidget(parent)
{
    m_baseline = makePane(tr("Baseline flame graph"));
    m_target = makePane(tr("Target flame graph"));
    m_differential = makePane(tr("Differential flame graph"));
    m_differential.graph->setColourMode(FlameColourMode::Difference);

    auto *sideBySide = new QSplitter(Qt::Horizontal);
    sideBySide->setChildrenCollapsible(false);
    sideBySide->addWidget(m_baseline.widget);
    sideBySide->addWidget(m_target.widget);
    m_modes = new QStackedWidget;
    m_modes->addWidget(sideBySide);
    m_modes->addWidget(m_differential.widget);

    m_changeList = new StackChangeList;
    auto *split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(m_modes);
    split->addWidget(buildChangeListPane());
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    m_header = new QLabel;
    m_header->setTextFormat(Qt::PlainText);
    // Wrapped, as the captions: both runs' names in one line would set the window's width.
    m_header->setWordWrap(true);
    m_header->setContentsMargins(4, 4, 4, 0);
    QFont headerFont = m_header->font();
    headerFont.setBold(true);
    m_header->setFont(headerFont);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_header);
    QWidget *controls = buildControls();
    controls->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(controls);
    layout->addWidget(split, 1);

    for (FlameGraphWidget *graph : {m_baseline.graph, m_target.graph, m_differential.graph})
        connectGraph(graph);
    connect(m_changeList, &StackChangeList::changeActivated, this, [this](int change) {
        if (m_diff && change >= 0 && change < int(m_diff->changes.size()))
            showPath(m_diff->changes[std::size_t(change)].frames);
    });

    setMode(Mode::SideBySide);
    clear();
}

StackComparisonView::Pane StackComparisonView::makePane(const QString &accessibleName)
{
    Pane pane;
    pane.widget = new QWidget;
    pane.caption = new QLabel;
    pane.caption->setTextFormat(Qt::PlainText);
    pane.caption->setWordWrap(true);
    pane.caption->setContentsMargins(4, 2, 4, 0);
    pane.graph = new FlameGraphWidget;
    pane.graph->setAccessibleName(accessibleName);
    pane.message = new QLabel;
    pane.message->setAlignment(Qt::AlignCenter);
    pane.message->setWordWrap(true);
    pane.message->setTextFormat(Qt::PlainText);
    pane.stack = new QStackedWidget;
    pane.stack->addWidget(pane.graph);
    pane.stack->addWidget(pane.message);
    auto *layout = new QVBoxLayout(pane.widget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(pane.caption);
    layout->addWidget(pane.stack, 1);
    return pane;
}

// The changed paths with their order chooser above them: by suspicion (default) or by size.
QWidget *StackComparisonView::buildChangeListPane()
{
    auto *pane = new QWidget;
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(4, 0, 4, 0);
    auto *title = new QLabel(tr("Changed paths"));
    m_changeOrder = new QComboBox;
    m_changeOrder->setObjectName(QStringLiteral("changeOrder"));
    m_changeOrder->addItem(tr("Most suspicious first"));
    m_changeOrder->addItem(tr("Largest change first"));
    m_changeOrder->setToolTip(StackChangeList::orderToolTip());
    m_changeOrder->setAccessibleName(tr("Order of the changed paths"));
    row->addWidget(title);
    row->addStretch(1);
    row->addWidget(m_changeOrder);
    layout->addLayout(row);
    layout->addWidget(m_changeList, 1);
    connect(m_changeOrder, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_changeList->setOrder(index == 0 ? StackChangeList::Order::BySuspicion
                                          : StackChangeList::Order::BySize);
    });
    return pane;
}

QWidget *StackComparisonView::buildControls()
{
    auto *bar = new QWidget;
    // The modes, Reverse and the search wrap onto another row in a narrow window instead of
    // widening it (in one row they asked for 697 px).
    auto *row = new FlowLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(8);

    m_sideBySideButton = new QToolButton;
    m_sideBySideButton->setText(tr("Side by side"));
    m_sideBySideButton->setToolTip(tr("Baseline and target flame graphs next to each other, with "
                                      "zoom, search, selection and rank highlight coupled."));
    m_differentialButton = new QToolButton;
    m_differentialButton->setText(tr("Differential"));
    m_differentialButton->setToolTip(
        tr("One flame graph with the target's widths, red where a path gained share of ranks, "
           "blue where it lost; frames only in the shown run are hatched."));
    auto *modes = new QButtonGroup(bar);
    modes->setExclusive(true);
    auto *modeButtons = new QHBoxLayout;
    modeButtons->setSpacing(0);
    for (QToolButton *button : {m_sideBySideButton, m_differentialButton}) {
        button->setCheckable(true);
        button->setAutoRaise(false);
        modes->addButton(button);
        modeButtons->addWidget(button);
    }
    row->addLayout(modeButtons);
    connect(m_sideBySideButton, &QToolButton::clicked, this, [this] { setMode(Mode::SideBySide); });
    connect(m_differentialButton, &QToolButton::clicked, this,
            [this] { setMode(Mode::Differential); });

    m_reverseButton = new QToolButton;
    m_reverseButton->setText(tr("Reverse"));
    m_reverseButton->setCheckable(true);
    m_reverseButton->setToolTip(
        tr("Show the baseline's widths instead, coloured by what the target lost, so paths that "
           "vanished in the target are visible."));
    connect(m_reverseButton, &QToolButton::toggled, this, &StackComparisonView::setReversed);
    row->addWidget(m_reverseButton);

    m_search = new QLineEdit;
    m_search->setPlaceholderText(tr("Search frames in both runs"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(200);
    row->addWidget(m_search);
    // The shares take the rest of the row (or a row of their own), cut with "…" when it is short.
    m_matched = new ElidedLabel;
    m_matched->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_matched->setObjectName(QStringLiteral("searchMatched"));
    m_matched->setMinimumWidth(120);
    row->addWidget(m_matched);

    // Searching three trees on every keystroke is wasted work while typing.
    m_searchDelay = new QTimer(this);
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(150);
    connect(m_searchDelay, &QTimer::timeout, this, &StackComparisonView::applySearch);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_search, &QLineEdit::returnPressed, this, &StackComparisonView::applySearch);
    return bar;
}

void StackComparisonView::connectGraph(FlameGraphWidget *graph)
{
    connect(graph, &FlameGraphWidget::zoomChanged, this,
            [this, graph](int node) { followZoom(graph, node); });
    connect(graph, &FlameGraphWidget::frameSelected, this,
            [this, graph](int node) { followSelection(graph, node); });
    connect(graph, &FlameGraphWidget::highlightedRankChanged, this,
            [this, graph](int rank) { followRank(graph, rank); });
}

void StackComparisonView::setData(std::shared_ptr<const StackTree> baselineTree,
                                  std::shared_ptr<const StackDataset> baselineData,
                                  std::shared_ptr<const StackTree> targetTree,
                                  std::shared_ptr<const StackDataset> targetData,
                                  std::shared_ptr<const StackDiff> diff,
                                  const QString &baselineName, const QString &targetName)
{
    setData(std::move(baselineTree), std::move(baselineData), std::move(targetTree),
            std::move(targetData), std::move(diff), baselineName, targetName, {}, {});
}

void StackComparisonView::setData(
    std::shared_ptr<const StackTree> baselineTree, std::shared_ptr<const StackDataset> baselineData,
    std::shared_ptr<const StackTree> targetTree, std::shared_ptr<const StackDataset> targetData,
    std::shared_ptr<const StackDiff> diff, const QString &baselineName, const QString &targetName,
    std::vector<StackNodeChange> targetChanges, std::vector<StackNodeChange> baselineChanges)
{
    m_baselineTree = std::move(baselineTree);
    m_baselineData = std::move(baselineData);
    m_targetTree = std::move(targetTree);
    m_targetData = std::move(targetData);
    m_diff = std::move(diff);
    m_baselineName = baselineName.isEmpty() ? tr("baseline") : baselineName;
    m_targetName = targetName.isEmpty() ? tr("target") : targetName;

    m_targetChanges.clear();
    m_baselineChanges.clear();
    m_differenceScale = 0;
    if (m_baselineTree && m_targetTree) {
        const auto fits = [](const std::vector<StackNodeChange> &changes, const StackTree &tree) {
            return changes.size() == std::size_t(tree.size());
        };
        m_targetChanges = fits(targetChanges, *m_targetTree)
                              ? std::move(targetChanges)
                              : stackNodeChanges(*m_targetTree, *m_baselineTree);
        m_baselineChanges = fits(baselineChanges, *m_baselineTree)
                                ? std::move(baselineChanges)
                                : stackNodeChanges(*m_baselineTree, *m_targetTree);
        // Node 0 is the root ("all ranks" against "all ranks"): no change worth a colour.
        for (const auto *changes : {&m_targetChanges, &m_baselineChanges}) {
            for (std::size_t i = 1; i < changes->size(); ++i)
                m_differenceScale =
                    std::max(m_differenceScale, std::abs(double((*changes)[i].change)));
        }
    }

    m_following = true;
    if (m_baselineTree)
        showGraph(m_baseline, m_baselineTree, m_baselineData);
    else
        showMessage(m_baseline, noStacksMessage(m_baselineName));
    if (m_targetTree)
        showGraph(m_target, m_targetTree, m_targetData);
    else
        showMessage(m_target, noStacksMessage(m_targetName));
    updateDifferential();
    m_following = false;

    m_changeList->setDiff(m_diff, ranksWithData(m_baselineTree), ranksWithData(m_targetTree));
    if (!m_baselineTree || !m_targetTree)
        m_changeList->setEmptyMessage(tr("No paths to compare: %1 has no stacks.")
                                          .arg(!m_baselineTree ? m_baselineName : m_targetName));
    else
        m_changeList->setEmptyMessage(
            tr("No path changed its share of ranks by 5 points or more between %1 and %2.")
                .arg(m_baselineName, m_targetName));
    updateHeader();
    updateCaptions();
    applySearch();
}

void StackComparisonView::clear(const QString &message)
{
    m_baselineTree.reset();
    m_baselineData.reset();
    m_targetTree.reset();
    m_targetData.reset();
    m_diff.reset();
    m_baselineName.clear();
    m_targetName.clear();
    m_targetChanges.clear();
    m_baselineChanges.clear();
    m_differenceScale = 0;
    const QString text = message.isEmpty() ? tr("No runs compared.") : message;
    m_following = true;
    for (Pane *pane : {&m_baseline, &m_target, &m_differential}) {
        pane->graph->setTree(nullptr);
        showMessage(*pane, text);
        pane->caption->clear();
    }
    m_following = false;
    m_changeList->setDiff(nullptr, 0, 0);
    m_changeList->setEmptyMessage(text);
    m_header->setText(text);
    updateMatched();
}

void StackComparisonView::showGraph(Pane &pane, std::shared_ptr<const StackTree> tree,
                                    std::shared_ptr<const StackDataset> data)
{
    pane.graph->setTree(std::move(tree), std::move(data));
    pane.stack->setCurrentWidget(pane.graph);
}

void StackComparisonView::showMessage(Pane &pane, const QString &message)
{
    pane.graph->setTree(nullptr);
    pane.message->setText(message);
    pane.stack->setCurrentWidget(pane.message);
}

QString StackComparisonView::noStacksMessage(const QString &run) const
{
    return tr("%1 has no stacks (no py-spy dumps in its bundle, or none for the chosen threads).")
        .arg(run);
}

void StackComparisonView::updateHeader()
{
    auto describe = [this](const QString &role, const QString &name,
                           const std::shared_ptr<const StackTree> &tree) {
        const int count = tree ? tree->ranksWithData().count() : 0;
        const QString ranks = !tree        ? tr("no stacks")
                              : count == 1 ? tr("1 rank")
                                           : tr("%n ranks", nullptr, count);
        return tr("%1: %2 (%3)").arg(role, name, ranks);
    };
    m_header->setText(describe(tr("baseline"), m_baselineName, m_baselineTree) +
                      QStringLiteral("  \u00b7  ") +
                      describe(tr("target"), m_targetName, m_targetTree));
}

void StackComparisonView::updateCaptions()
{
    m_baseline.caption->setText(tr("Baseline: %1").arg(m_baselineName));
    m_target.caption->setText(tr("Target: %1").arg(m_targetName));
    m_differential.caption->setText(
        m_reversed ? tr("Widths of the baseline %1, coloured by what %2 lost: blue paths lost "
                        "ranks, hatched blue paths vanished from %2.")
                         .arg(m_baselineName, m_targetName)
                   : tr("Widths of the target %1, coloured by the change against %2: red paths "
                        "gained ranks, hatched red paths are new.")
                         .arg(m_targetName, m_baselineName));
}

// The differential graph draws one run's tree coloured by stackNodeChanges against the other:
// the target with the baseline as reference, or reversed, the baseline with the target.
void StackComparisonView::updateDifferential()
{
    FlameGraphWidget *graph = m_differential.graph;
    if (!m_baselineTree || !m_targetTree) {
        const QString missing = !m_baselineTree ? m_baselineName : m_targetName;
        showMessage(m_differential,
                    m_baselineTree || m_targetTree
                        ? tr("The differential flame graph needs stacks from both runs: %1 has "
                             "none.")
                              .arg(missing)
                        : tr("Neither %1 nor %2 has stacks.").arg(m_baselineName, m_targetName));
        return;
    }
    // Keep the zoom and selection across the switch, by path.
    const std::vector<std::string> zoomPath = labelsOf(graph, graph->zoomRoot());
    const std::vector<std::string> selectedPath = labelsOf(graph, graph->selectedNode());
    const bool hadSelection = graph->selectedNode() >= 0;

    const auto &shown = m_reversed ? m_baselineTree : m_targetTree;
    const auto &other = m_reversed ? m_targetTree : m_baselineTree;
    const bool wasFollowing = m_following;
    m_following = true;
    showGraph(m_differential, shown, m_reversed ? m_baselineData : m_targetData);
    FlameDifference difference;
    difference.changes = m_reversed ? m_baselineChanges : m_targetChanges;
    difference.scale = m_differenceScale;
    difference.otherRanksWithData = other->ranksWithData().count();
    difference.shownName = m_reversed ? m_baselineName : m_targetName;
    difference.otherName = m_reversed ? m_targetName : m_baselineName;
    difference.reversed = m_reversed;
    graph->setDifference(std::move(difference));
    graph->zoomTo(deepestNodeOnPath(*shown, zoomPath));
    if (hadSelection) {
        const int node = shown->findPath(selectedPath);
        if (node >= 0)
            graph->selectNode(node);
    }
    graph->setSearch(m_search->text(), false);
    m_following = wasFollowing;
}

void StackComparisonView::setMode(Mode mode)
{
    m_mode = mode;
    m_modes->setCurrentIndex(mode == Mode::SideBySide ? 0 : 1);
    m_sideBySideButton->setChecked(mode == Mode::SideBySide);
    m_differentialButton->setChecked(mode == Mode::Differential);
    m_reverseButton->setEnabled(mode == Mode::Differential);
}

StackComparisonView::Mode StackComparisonView::mode() const
{
    return m_mode;
}

void StackComparisonView::setReversed(bool reversed)
{
    if (reversed == m_reversed)
        return;
    m_reversed = reversed;
    m_reverseButton->setChecked(reversed);
    updateDifferential();
    updateCaptions();
}

bool StackComparisonView::isReversed() const
{
    return m_reversed;
}

std::vector<FlameGraphWidget *> StackComparisonView::graphsWithTrees() const
{
    std::vector<FlameGraphWidget *> graphs;
    for (FlameGraphWidget *graph : {m_baseline.graph, m_target.graph, m_differential.graph}) {
        if (graph->tree())
            graphs.push_back(graph);
    }
    return graphs;
}

bool StackComparisonView::showPath(const std::vector<std::string> &frames)
{
    // A gone path is not in the target's differential graph: reveal it in the reversed one.
    if (m_mode == Mode::Differential && m_baselineTree && m_targetTree) {
        const auto &shown = m_reversed ? m_baselineTree : m_targetTree;
        const auto &other = m_reversed ? m_targetTree : m_baselineTree;
        if (shown->findPath(frames) < 0 && other->findPath(frames) >= 0)
            setReversed(!m_reversed);
    }
    bool found = false;
    m_following = true;
    for (FlameGraphWidget *graph : graphsWithTrees()) {
        const int node = graph->tree()->findPath(frames);
        graph->selectNode(node);
        found = found || node >= 0;
    }
    m_following = false;
    m_changeList->setCurrentChange(m_changeList->findChange(frames));
    return found;
}

int StackComparisonView::currentChange() const
{
    return m_changeList->currentChange();
}

void StackComparisonView::followZoom(FlameGraphWidget *from, int node)
{
    if (m_following)
        return;
    const std::vector<std::string> path = labelsOf(from, node);
    m_following = true;
    for (FlameGraphWidget *graph : graphsWithTrees()) {
        if (graph != from)
            graph->zoomTo(deepestNodeOnPath(*graph->tree(), path));
    }
    m_following = false;
}

void StackComparisonView::followSelection(FlameGraphWidget *from, int node)
{
    if (m_following)
        return;
    const std::vector<std::string> path = labelsOf(from, node);
    m_following = true;
    for (FlameGraphWidget *graph : graphsWithTrees()) {
        if (graph != from)
            graph->selectNode(node < 0 ? -1 : graph->tree()->findPath(path));
    }
    m_following = false;
    m_changeList->setCurrentChange(node < 0 ? -1 : m_changeList->findChange(path));
}

void StackComparisonView::followRank(FlameGraphWidget *from, int rank)
{
    if (m_following)
        return;
    m_following = true;
    for (FlameGraphWidget *graph : graphsWithTrees()) {
        if (graph != from)
            graph->highlightRank(rank);
    }
    m_following = false;
    emit rankHighlighted(rank);
}

void StackComparisonView::applySearch()
{
    m_searchDelay->stop();
    const QString pattern = m_search->text();
    for (FlameGraphWidget *graph : graphsWithTrees())
        graph->setSearch(pattern, false);
    updateMatched();
}

// "Matched: 0% / 25% of ranks": the share of each run's ranks with data whose stacks hold a
// matching frame (flamegraph.pl's "Matched: x %" in ranks, per side).
void StackComparisonView::updateMatched()
{
    if (m_search->text().isEmpty() || (!m_baselineTree && !m_targetTree)) {
        m_matched->clear();
        return;
    }
    auto share = [](FlameGraphWidget *graph, const std::shared_ptr<const StackTree> &tree) {
        if (!tree)
            return tr("no stacks");
        const int total = tree->ranksWithData().count();
        const int matched = graph->scene().search().ranks.count();
        return FlameGraphText::percent(total > 0 ? double(matched) / total : 0.0);
    };
    m_matched->setText(
        tr("Matched: %1 / %2")
            .arg(share(m_baseline.graph, m_baselineTree), share(m_target.graph, m_targetTree)));
    m_matched->setToolTip(tr("Share of the ranks with data whose stacks hold a matching frame: "
                             "baseline %1 / target %2.")
                              .arg(m_baselineName, m_targetName));
}

FlameGraphWidget *StackComparisonView::baselineGraph() const
{
    return m_baseline.graph;
}

FlameGraphWidget *StackComparisonView::targetGraph() const
{
    return m_target.graph;
}

FlameGraphWidget *StackComparisonView::differentialGraph() const
{
    return m_differential.graph;
}

StackChangeList *StackComparisonView::changeList() const
{
    return m_changeList;
}

QLineEdit *StackComparisonView::searchField() const
{
    return m_search;
}

} // namespace rankscope
