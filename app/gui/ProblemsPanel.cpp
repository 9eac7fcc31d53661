#include "ProblemsPanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

ProblemsPanel::ProblemsPanel(QWidget *parent)
    : QWidget(parent), m_header(new QLabel(this)), m_list(new QTreeWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_header);
    layout->addWidget(m_list);
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("File"), tr("Line"), tr("Problem")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    setProblems({});
}

void ProblemsPanel::setProblems(const std::vector<rankscope::ImportProblem> &problems)
{
    m_list->clear();
    // Thousands of identical complaints help nobody: the first 5000 are listed, the count is exact.
    constexpr std::size_t kShown = 5000;
    QList<QTreeWidgetItem *> items;
    for (std::size_t i = 0; i < problems.size() && i < kShown; ++i) {
        const rankscope::ImportProblem &p = problems[i];
        auto *item = new QTreeWidgetItem;
        item->setText(0, QString::fromStdString(p.file.empty() ? std::string("(bundle)") : p.file));
        item->setText(1, p.line > 0 ? QString::number(p.line) : QString());
        item->setText(2, QString::fromStdString(p.message));
        item->setToolTip(2, item->text(2));
        items.append(item);
    }
    m_list->addTopLevelItems(items);
    m_header->setText(problems.empty()
                          ? tr("No import problems.")
                          : tr("%n problem(s) while importing; the other files imported normally.",
                               nullptr, static_cast<int>(problems.size())));
}

int ProblemsPanel::count() const
{
    return m_list->topLevelItemCount();
}
