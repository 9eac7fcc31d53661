// The Functions table of the Stacks view, driven offscreen on the built-in demo: typing a frame's
// name filters the table, activating the row selects and zooms to that frame in the flame graph
// and highlights every place it occurs; the callers and callees follow the current row.
#include "DemoBundle.h"
#include "MainWindow.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/stacks/FunctionTableModel.h"
#include "views/stacks/FunctionsPanel.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

using namespace rankscope;

class TestFunctionsWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        QString error;
        m_demo = DemoBundle::ensure(QString(), &error);
        QVERIFY2(!m_demo.isEmpty(), qPrintable(error));
    }

    void filterAndActivateSelectsTheFrameInTheFlameGraph()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy ready(window.session(), &BundleSession::resultsReady);
        window.openBundle(m_demo);
        QVERIFY(ready.wait(120000));
        const StackResults &results = window.session()->results();
        QVERIFY(results.functions);
        FunctionsPanel *panel = window.functionsPanel();
        QCOMPARE(panel->table(), results.functions.get());

        // The blocker's frame: the demo's rank stuck in its data loader.
        const Suspect &top = results.analysis->suspects.front();
        const std::string label = results.tree->node(top.node).label;
        const int function = results.functions->find(label);
        QVERIFY(function >= 0);
        const FunctionEntry &entry = results.functions->function(function);
        QCOMPARE(entry.suspect, 0);

        QTest::keyClicks(panel->filterField(), QString::fromStdString(label));
        QTreeView *table = panel->functionsView();
        QVERIFY(table->model()->rowCount() >= 1);
        for (int row = 0; row < table->model()->rowCount(); ++row)
            QVERIFY(table->model()
                        ->index(row, FunctionTableModel::NameColumn)
                        .data()
                        .toString()
                        .contains(QString::fromStdString(label), Qt::CaseInsensitive));
        // The exact name first (sorted by ranks, it may not be row 0): make it current, Enter.
        int row = 0;
        while (table->model()->index(row, 0).data(FunctionTableModel::kFunctionRole).toInt() !=
               function)
            ++row;
        table->setCurrentIndex(table->model()->index(row, 0));
        QCOMPARE(panel->currentFunction(), function);
        QSignalSpy activated(panel, &FunctionsPanel::functionActivated);
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Return);
        QCOMPARE(activated.count(), 1);

        FlameGraphWidget *graph = window.flameGraph();
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Stacks);
        QCOMPARE(graph->selectedNode(), entry.widestNode);
        QCOMPARE(graph->zoomRoot(), entry.widestNode);
        QCOMPARE(results.tree->node(graph->selectedNode()).label, label);
        // Every occurrence is highlighted by the graph's search, and only those.
        QCOMPARE(graph->scene().search().matches, int(entry.nodes.size()));
        for (const int node : entry.nodes)
            QVERIFY(graph->scene().isSearchMatch(node));

        // The callers and callees of the current function are listed with their ranks.
        QCOMPARE(panel->callersView()->model()->rowCount(),
                 int(results.functions->callers(function).size()));
        QCOMPARE(panel->calleesView()->model()->rowCount(),
                 int(results.functions->callees(function).size()));
        QVERIFY(panel->callersView()->model()->rowCount() > 0);

        // A caller opens the same way: it becomes the current function and is shown.
        const FunctionEdge caller = results.functions->callers(function).front();
        QTreeView *callers = panel->callersView();
        callers->setCurrentIndex(callers->model()->index(0, 0));
        emit callers->activated(callers->model()->index(0, 0));
        QCOMPARE(panel->currentFunction(), caller.caller);
        QCOMPARE(graph->selectedNode(), results.functions->function(caller.caller).widestNode);

        // Enter in the filter opens the first match.
        panel->filterField()->setFocus();
        panel->filterField()->selectAll();
        QTest::keyClicks(panel->filterField(), QString::fromStdString(label));
        QTest::keyClick(panel->filterField(), Qt::Key_Return);
        QCOMPARE(activated.count(), 3);
    }

private:
    QString m_demo;
};

QTEST_MAIN(TestFunctionsWindow)
#include "test_functions_window.moc"
