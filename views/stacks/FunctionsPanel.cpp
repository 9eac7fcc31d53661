#include "views/stacks/FunctionsPanel.h"

#include "views/flamegraph/FlameGraphText.h"
#include "views/stacks/FunctionTableModel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace rankscope {

namespace {

constexpr int kEdgeFunctionRole = Qt::UserRole + 1;
constexpr int kEdgeSortRole = Qt::UserRole + 2;

void setUpTable(QTreeView *view)
{
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAllColumnsShowFocus(true);
    view->setSortingEnabled(true);
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(0, QHeaderView::Stretch);
}

} // namespace

FunctionsPanel::FunctionsPanel(QWidget *parent)
    : QWidget(parent), m_filter(new QLineEdit(this)), m_count(new QLabel(this)),
      m_functions(new QTreeView(this)), m_model(new FunctionTableModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_callersTitle(new QLabel(this)),
      m_calleesTitle(new QLabel(this)), m_callers(new QTreeView(this)),
      m_callees(new QTreeView(this)), m_callerModel(new QStandardItemModel(0, 3, this)),
      m_calleeModel(new QStandardItemModel(0, 3, this))
{
    m_filter->setPlaceholderText(tr("Filter functions…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Shows the functions whose name contains the text "
                            "(case-insensitive). Enter opens the first one in the flame graph."));
    m_filter->setAccessibleName(tr("Filter functions"));

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(FunctionTableModel::kSortRole);
    m_proxy->setFilterKeyColumn(FunctionTableModel::NameColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_functions->setModel(m_proxy);
    setUpTable(m_functions);
    for (int column = 1; column < FunctionTableModel::ColumnCount; ++column)
        m_functions->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_functions->sortByColumn(FunctionTableModel::RanksColumn, Qt::DescendingOrder);
    m_functions->setAccessibleName(tr("Functions"));

    for (QStandardItemModel *model : {m_callerModel, m_calleeModel}) {
        model->setHorizontalHeaderLabels({tr("Function"), tr("Ranks"), tr("Samples")});
        model->setSortRole(kEdgeSortRole);
    }
    m_callers->setModel(m_callerModel);
    m_callees->setModel(m_calleeModel);
    for (QTreeView *view : {m_callers, m_callees}) {
        setUpTable(view);
        view->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
        view->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
        view->sortByColumn(1, Qt::DescendingOrder);
    }
    m_callers->setAccessibleName(tr("Callers"));
    m_callees->setAccessibleName(tr("Callees"));
    m_callersTitle->setText(tr("Callers"));
    m_calleesTitle->setText(tr("Callees"));
    m_callersTitle->setToolTip(tr("The frames that call the selected function, over every place "
                                  "it occurs, with the ranks through each call."));
    m_calleesTitle->setToolTip(tr("The frames the selected function calls, over every place it "
                                  "occurs, with the ranks through each call."));

    auto *filterRow = new QHBoxLayout;
    filterRow->setContentsMargins(4, 4, 4, 0);
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_count);

    const auto titled = [this](QLabel *title, QTreeView *view) {
        auto *box = new QWidget(this);
        auto *layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(1);
        title->setContentsMargins(4, 2, 4, 0);
        layout->addWidget(title);
        layout->addWidget(view, 1);
        return box;
    };
    auto *neighbours = new QSplitter(Qt::Horizontal, this);
    neighbours->addWidget(titled(m_callersTitle, m_callers));
    neighbours->addWidget(titled(m_calleesTitle, m_callees));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_functions);
    split->addWidget(neighbours);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(filterRow);
    layout->addWidget(split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text);
        updateCount();
    });
    // Enter in the filter opens the current match, or the first one.
    connect(m_filter, &QLineEdit::returnPressed, this, [this] {
        int function = currentFunction();
        if (function < 0 && m_proxy->rowCount() > 0)
            function = m_proxy->index(0, 0).data(FunctionTableModel::kFunctionRole).toInt();
        if (function >= 0) {
            setCurrentFunction(function);
            activateFunction(function);
        }
    });
    connect(m_functions->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                showNeighbours(current.isValid()
                                   ? current.data(FunctionTableModel::kFunctionRole).toInt()
                                   : -1);
            });
    connect(m_functions, &QTreeView::activated, this, [this](const QModelIndex &index) {
        activateFunction(index.data(FunctionTableModel::kFunctionRole).toInt());
    });
    // A caller or callee opens as the function itself: it becomes the current row (hotspot's
    // navigation through the call graph) and is shown in the flame graph.
    for (QTreeView *view : {m_callers, m_callees}) {
        connect(view, &QTreeView::activated, this, [this, view](const QModelIndex &index) {
            const QModelIndex first = index.siblingAtColumn(0);
            const int function = view->model()->data(first, kEdgeFunctionRole).toInt();
            setCurrentFunction(function);
            activateFunction(function);
        });
    }
    updateCount();
}

void FunctionsPanel::setTable(std::shared_ptr<const FunctionTable> table, int ranksWithData)
{
    const QString current = currentFunction() >= 0
                                ? QString::fromStdString(m_table->function(currentFunction()).label)
                                : QString();
    m_table = std::move(table);
    m_ranksWithData = ranksWithData;
    m_model->setTable(m_table, ranksWithData);
    updateCount();
    // The same function stays current across a change of options, when it still exists.
    const int again = m_table && !current.isEmpty() ? m_table->find(current.toStdString()) : -1;
    setCurrentFunction(again);
    if (again < 0)
        showNeighbours(-1);
}

int FunctionsPanel::currentFunction() const
{
    const QModelIndex index = m_functions->currentIndex();
    return index.isValid() && m_table ? index.data(FunctionTableModel::kFunctionRole).toInt() : -1;
}

void FunctionsPanel::setCurrentFunction(int function)
{
    if (!m_table || function < 0 || function >= m_table->size()) {
        m_functions->setCurrentIndex(QModelIndex());
        return;
    }
    QModelIndex index = m_proxy->mapFromSource(m_model->index(function, 0));
    if (!index.isValid()) {
        m_filter->clear(); // the filter hid it
        index = m_proxy->mapFromSource(m_model->index(function, 0));
    }
    m_functions->setCurrentIndex(index);
    m_functions->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect |
                                                     QItemSelectionModel::Rows);
    m_functions->scrollTo(index);
}

void FunctionsPanel::activate(int function)
{
    setCurrentFunction(function);
    activateFunction(function);
}

void FunctionsPanel::activateFunction(int function)
{
    if (!m_table || function < 0 || function >= m_table->size())
        return;
    emit functionActivated(function, m_table->function(function).widestNode);
}

void FunctionsPanel::showNeighbours(int function)
{
    const bool valid = m_table && function >= 0 && function < m_table->size();
    fillEdges(m_callerModel, valid ? m_table->callers(function) : std::vector<FunctionEdge>{},
              true);
    fillEdges(m_calleeModel, valid ? m_table->callees(function) : std::vector<FunctionEdge>{},
              false);
    // Rows appended to a sorted view keep their order until sorted again.
    for (QTreeView *view : {m_callers, m_callees})
        view->sortByColumn(view->header()->sortIndicatorSection(),
                           view->header()->sortIndicatorOrder());
    if (!valid) {
        m_callersTitle->setText(tr("Callers"));
        m_calleesTitle->setText(tr("Callees"));
        return;
    }
    const QString name = QString::fromStdString(m_table->function(function).label);
    const QString shown = m_callersTitle->fontMetrics().elidedText(name, Qt::ElideMiddle, 220);
    m_callersTitle->setText(tr("Callers of %1").arg(shown));
    m_calleesTitle->setText(tr("Callees of %1").arg(shown));
}

void FunctionsPanel::fillEdges(QStandardItemModel *model, const std::vector<FunctionEdge> &edges,
                               bool callers)
{
    model->removeRows(0, model->rowCount());
    const QLocale locale;
    for (const FunctionEdge &edge : edges) {
        const int other = callers ? edge.caller : edge.callee;
        const QString name = QString::fromStdString(m_table->function(other).label);
        auto *nameItem = new QStandardItem(name);
        nameItem->setData(other, kEdgeFunctionRole);
        nameItem->setData(name, kEdgeSortRole);
        nameItem->setToolTip(name);
        auto *ranksItem = new QStandardItem(QString::number(edge.ranks.count()));
        ranksItem->setData(edge.ranks.count(), kEdgeSortRole);
        ranksItem->setToolTip(
            tr("Ranks through this call: %1").arg(FlameGraphText::rankRanges(edge.ranks)));
        ranksItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto *samplesItem = new QStandardItem(locale.toString(qulonglong(edge.samples)));
        samplesItem->setData(qulonglong(edge.samples), kEdgeSortRole);
        samplesItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        model->appendRow({nameItem, ranksItem, samplesItem});
    }
}

void FunctionsPanel::updateCount()
{
    const int all = m_table ? m_table->size() : 0;
    const int shown = m_proxy->rowCount();
    m_count->setText(shown == all ? tr("%n function(s)", nullptr, all)
                                  : tr("%1 of %2").arg(shown).arg(all));
}

} // namespace rankscope
