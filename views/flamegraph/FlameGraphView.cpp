#include "views/flamegraph/FlameGraphView.h"

#include "views/common/ElidedLabel.h"
#include "views/common/FlowLayout.h"
#include "views/flamegraph/FlameGraphText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QTimer>
#include <QVBoxLayout>

namespace rankscope {

FlameGraphView::FlameGraphView(QWidget *parent)
    : QWidget(parent), m_graph(new FlameGraphWidget(this)),
      m_breadcrumb(new FlameGraphBreadcrumb(this)), m_search(new QLineEdit(this)),
      m_regex(new QCheckBox(tr("Regex"), this)), m_matches(new ElidedLabel(this)),
      m_orientation(new QComboBox(this)), m_width(new QComboBox(this)),
      m_colour(new QComboBox(this)), m_searchDelay(new QTimer(this))
{
    m_search->setPlaceholderText(tr("Search frames…"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Highlights frames whose name contains the text (case-insensitive), "
                            "or matches the regular expression when Regex is on."));
    m_orientation->addItem(tr("Icicle (root on top)"));
    m_orientation->addItem(tr("Flame (root at bottom)"));
    m_width->addItem(tr("Width: ranks"));
    m_width->addItem(tr("Width: samples"));
    m_width->setToolTip(tr("Frame width by the number of ranks through it, or by samples."));
    m_colour->addItem(tr("Colour: rank coverage"));
    m_colour->addItem(tr("Colour: stack class"));
    m_colour->setToolTip(tr("Coverage: share of the ranks with data that have the frame. "
                            "Stack class: ranks whose latest stacks are identical."));
    // The match count takes the rest of its row or a row of its own, cut with "…" only when a
    // row is too short (its tooltip has every rank).
    m_matches->setObjectName(QStringLiteral("searchMatches"));
    m_matches->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_matches->setMinimumWidth(120);
    m_search->setMinimumWidth(160);

    // In a narrow window the choices wrap under the search field instead of widening it.
    auto *controls = new FlowLayout;
    controls->setContentsMargins(4, 4, 4, 0);
    controls->addWidget(m_search);
    controls->addWidget(m_regex);
    controls->addWidget(m_matches);
    controls->addWidget(m_orientation);
    controls->addWidget(m_width);
    controls->addWidget(m_colour);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(controls);
    layout->addWidget(m_breadcrumb);
    layout->addWidget(m_graph, 1);

    // Searching 100k labels per keystroke is wasted work while the user is still typing.
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(200);
    connect(m_searchDelay, &QTimer::timeout, this, &FlameGraphView::applySearch);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_regex, &QCheckBox::toggled, this, &FlameGraphView::applySearch);
    // Ctrl+F is the main window's Find action, which calls focusSearch(): a second binding here
    // made the two ambiguous, and neither fired while the graph had focus.
    // Enter in the search field searches at once instead of waiting for the pause.
    connect(m_search, &QLineEdit::returnPressed, this, &FlameGraphView::applySearch);
    connect(m_graph, &FlameGraphWidget::searchMatched, this, &FlameGraphView::showSearchResult);
    connect(m_graph, &FlameGraphWidget::searchInvalid, this, [this](const QString &message) {
        m_matches->setText(tr("invalid pattern"));
        m_matches->setToolTip(message); // after setText, which sets the text as the tooltip
    });
    connect(m_graph, &FlameGraphWidget::zoomChanged, m_breadcrumb,
            &FlameGraphBreadcrumb::setZoomRoot);
    connect(m_breadcrumb, &FlameGraphBreadcrumb::crumbClicked, m_graph, &FlameGraphWidget::zoomTo);
    connect(m_orientation, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_graph->setOrientation(index == 0 ? FlameOrientation::Icicle : FlameOrientation::Flame);
    });
    connect(m_width, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_graph->setWidthMode(index == 0 ? WidthMode::Ranks : WidthMode::Samples);
    });
    connect(m_colour, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_graph->setColourMode(index == 0 ? FlameColourMode::Coverage
                                          : FlameColourMode::EquivalenceClass);
    });
}

void FlameGraphView::setTree(std::shared_ptr<const StackTree> tree,
                             std::shared_ptr<const StackDataset> data)
{
    m_breadcrumb->setTree(tree);
    m_graph->setTree(std::move(tree), std::move(data));
}

void FlameGraphView::setEquivalenceClasses(std::vector<EquivalenceClass> classes)
{
    m_graph->setEquivalenceClasses(std::move(classes));
}

void FlameGraphView::setEmphasisedNodes(std::vector<int> nodes)
{
    m_graph->setEmphasisedNodes(std::move(nodes));
}

void FlameGraphView::showFrame(const QString &label, int node)
{
    // An anchored, escaped expression: "step" must not also light up "step_optimizer".
    {
        const QSignalBlocker blockRegex(m_regex);
        m_regex->setChecked(true);
    }
    m_search->setText(QLatin1Char('^') + QRegularExpression::escape(label) + QLatin1Char('$'));
    applySearch();
    if (node >= 0) {
        m_graph->zoomTo(node);
        m_graph->selectNode(node);
    }
}

void FlameGraphView::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void FlameGraphView::applySearch()
{
    m_searchDelay->stop();
    m_graph->setSearch(m_search->text(), m_regex->isChecked());
    if (m_search->text().isEmpty()) {
        m_matches->clear();
    }
}

void FlameGraphView::showSearchResult(int matches, const RankSet &ranks)
{
    if (m_search->text().isEmpty())
        return;
    m_matches->setText(
        ((matches) == 1 ? tr("%n frame", nullptr, matches) : tr("%n frames", nullptr, matches)) +
        (ranks.empty()
             ? QString()
             : QStringLiteral(" · ") + tr("ranks %1").arg(FlameGraphText::rankRanges(ranks, 30))));
    m_matches->setToolTip(
        tr("Ranks through the matching frames: %1").arg(FlameGraphText::rankRanges(ranks)));
}

} // namespace rankscope
