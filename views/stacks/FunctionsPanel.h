#pragma once

#include "core/stacks/FunctionTable.h"

#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace rankscope {

class FunctionTableModel;

// The Functions table of the Stacks view (hotspot's Caller/Callee view, speedscope's Sandwich):
// every frame identity of the merged tree once, filtered by name and sortable by every column;
// the current function's callers and callees below it, aggregated over all its occurrences.
// Activating a function, a caller or a callee (double-click, Enter) emits functionActivated
// with the occurrence that has the most ranks, for the flame graph to zoom to and highlight.
class FunctionsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit FunctionsPanel(QWidget *parent = nullptr);

    // `ranksWithData`: the share column's denominator. Null clears the panel.
    void setTable(std::shared_ptr<const FunctionTable> table, int ranksWithData);
    const FunctionTable *table() const { return m_table.get(); }

    QLineEdit *filterField() const { return m_filter; }
    QTreeView *functionsView() const { return m_functions; }
    QTreeView *callersView() const { return m_callers; }
    QTreeView *calleesView() const { return m_callees; }

    int currentFunction() const; // index into table()->functions(), -1 when none
    // Makes a function the current row (clearing a filter that hides it); -1 clears.
    void setCurrentFunction(int function);
    // Makes it current and emits functionActivated, as Enter on its row does.
    void activate(int function);

signals:
    // The function (index into the table) and its occurrence with the most ranks.
    void functionActivated(int function, int node);

private:
    void showNeighbours(int function);
    void fillEdges(QStandardItemModel *model, const std::vector<FunctionEdge> &edges, bool callers);
    void activateFunction(int function);
    void updateCount();

    std::shared_ptr<const FunctionTable> m_table;
    int m_ranksWithData = 0;
    QLineEdit *m_filter = nullptr;
    QLabel *m_count = nullptr;
    QTreeView *m_functions = nullptr;
    FunctionTableModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLabel *m_callersTitle = nullptr;
    QLabel *m_calleesTitle = nullptr;
    QTreeView *m_callers = nullptr;
    QTreeView *m_callees = nullptr;
    QStandardItemModel *m_callerModel = nullptr;
    QStandardItemModel *m_calleeModel = nullptr;
};

} // namespace rankscope
