#include "views/flamegraph/FlameGraphBreadcrumb.h"

#include "views/common/FlowLayout.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QToolButton>

namespace rankscope {

namespace {
constexpr int kMaxCrumbChars = 36;
constexpr int kLeadingCrumbs = 2;  // root and first frame
constexpr int kTrailingCrumbs = 4; // the frames just above and at the zoom root
} // namespace

FlameGraphBreadcrumb::FlameGraphBreadcrumb(QWidget *parent)
    : QWidget(parent), m_layout(new FlowLayout(this))
{
    m_layout->setContentsMargins(4, 2, 4, 2);
    m_layout->setSpacing(2);
    setAccessibleName(tr("Zoom path"));
    rebuild();
}

void FlameGraphBreadcrumb::setTree(std::shared_ptr<const StackTree> tree)
{
    m_tree = std::move(tree);
    m_zoomRoot = StackTree::kRoot;
    rebuild();
}

void FlameGraphBreadcrumb::setZoomRoot(int node)
{
    if (!m_tree || node < 0 || node >= m_tree->size())
        node = StackTree::kRoot;
    m_zoomRoot = node;
    rebuild();
}

void FlameGraphBreadcrumb::rebuild()
{
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_nodes.clear();
    m_texts.clear();

    std::vector<int> path;
    if (m_tree && m_tree->size() > 0)
        path = m_tree->pathTo(m_zoomRoot);
    else
        path = {StackTree::kRoot};

    auto textOf = [this](int node) {
        if (node == StackTree::kRoot || !m_tree)
            return tr("All ranks");
        return QString::fromStdString(m_tree->node(node).label);
    };
    // A step of the path: the "›" and the crumb after it, which wrap together.
    auto addStep = [this](QWidget *crumb, bool separated) {
        auto *step = new QWidget(this);
        auto *row = new QHBoxLayout(step);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(2);
        if (separated) {
            auto *separator = new QLabel(QStringLiteral("›"), step);
            separator->setForegroundRole(QPalette::PlaceholderText);
            row->addWidget(separator);
        }
        crumb->setParent(step);
        row->addWidget(crumb);
        m_layout->addWidget(step);
    };
    auto addCrumb = [&](int node, bool separated) {
        const QString full = textOf(node);
        QString shown = full;
        if (shown.size() > kMaxCrumbChars)
            shown = shown.left(kMaxCrumbChars - 1) + QStringLiteral("…");
        auto *button = new QToolButton(this);
        button->setAutoRaise(true);
        button->setText(shown);
        button->setToolTip(full);
        const bool current = node == m_zoomRoot;
        if (current) {
            QFont bold = button->font();
            bold.setBold(true);
            button->setFont(bold);
        }
        connect(button, &QToolButton::clicked, this, [this, node] { emit crumbClicked(node); });
        addStep(button, separated);
        m_nodes.append(node);
        m_texts.append(full);
    };

    const int count = int(path.size());
    const bool fold = count > kLeadingCrumbs + kTrailingCrumbs + 1;
    for (int i = 0; i < count; ++i) {
        if (fold && i == kLeadingCrumbs) {
            auto *more = new QToolButton(this);
            more->setAutoRaise(true);
            more->setText(QStringLiteral("…"));
            more->setToolTip(
                ((count - kLeadingCrumbs - kTrailingCrumbs) == 1
                     ? tr("%n more frame", nullptr, count - kLeadingCrumbs - kTrailingCrumbs)
                     : tr("%n more frames", nullptr, count - kLeadingCrumbs - kTrailingCrumbs)));
            more->setPopupMode(QToolButton::InstantPopup);
            more->setStyleSheet(QStringLiteral("QToolButton::menu-indicator { image: none; }"));
            auto *menu = new QMenu(more);
            for (int j = kLeadingCrumbs; j < count - kTrailingCrumbs; ++j) {
                const int node = path[std::size_t(j)];
                menu->addAction(textOf(node), this, [this, node] { emit crumbClicked(node); });
            }
            more->setMenu(menu);
            addStep(more, true);
            i = count - kTrailingCrumbs - 1;
            continue;
        }
        addCrumb(path[std::size_t(i)], i > 0);
    }
}

} // namespace rankscope
