#include "DemoBundle.h"
#include "MainWindow.h"
#include "ShortcutsDialog.h"
#include "UserGuideDialog.h"
#include "views/flamegraph/FlameGraphView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogsView.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMap>
#include <QShortcut>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTextBrowser>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace rankscope;

// The window's keys, driven as a user presses them (offscreen, on the built-in 64-rank demo):
// one owner per key, Ctrl+F from the graph, Escape, Ctrl+1..5 and the shortcuts sheet.
class TestShortcuts : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        QString error;
        m_demo = DemoBundle::ensure(QString(), &error);
        QVERIFY2(!m_demo.isEmpty(), qPrintable(error));
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy ready(m_window->session(), &BundleSession::resultsReady);
        m_window->openBundle(m_demo);
        QVERIFY(ready.wait(120000));
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }

    // Two bindings of one key in overlapping contexts make Qt call it ambiguous and fire neither
    // (Ctrl+F did nothing while the flame graph had focus). Every window-wide key has one owner.
    void everyWindowKeyHasOneOwner()
    {
        QMap<QString, QStringList> owners;
        for (const QAction *action : m_window->findChildren<QAction *>()) {
            if (action->shortcutContext() != Qt::WindowShortcut &&
                action->shortcutContext() != Qt::ApplicationShortcut)
                continue;
            for (const QKeySequence &key : action->shortcuts())
                owners[key.toString()] << action->text();
        }
        for (const QShortcut *shortcut : m_window->findChildren<QShortcut *>()) {
            for (const QKeySequence &key : shortcut->keys())
                owners[key.toString()]
                    << QStringLiteral("QShortcut of %1")
                           .arg(QLatin1String(shortcut->parent()->metaObject()->className()));
        }
        QVERIFY(owners.contains(QKeySequence(QKeySequence::Find).toString()));
        for (auto it = owners.cbegin(); it != owners.cend(); ++it)
            QVERIFY2(it.value().size() == 1, qPrintable(it.key() + QStringLiteral(": ") +
                                                        it.value().join(QStringLiteral(", "))));
    }

    void ctrlFFocusesTheSearchFromTheGraph()
    {
        m_window->showCentralView(MainWindow::CentralView::Stacks);
        FlameGraphWidget *graph = m_window->flameGraph();
        graph->setFocus();
        QTRY_VERIFY(graph->hasFocus());
        auto *view = m_window->findChild<FlameGraphView *>();
        QVERIFY(view);
        QTest::keyClick(graph, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(view->searchField()->hasFocus());
        // In the Logs tab the same key finds in the logs.
        m_window->showCentralView(MainWindow::CentralView::Logs);
        QTest::keyClick(m_window->logsView(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(QApplication::focusWidget() &&
                    m_window->logsView()->isAncestorOf(QApplication::focusWidget()) &&
                    qobject_cast<QLineEdit *>(QApplication::focusWidget()));
        m_window->showCentralView(MainWindow::CentralView::Stacks);
    }

    void escapeClearsTheHighlightAndSelection()
    {
        m_window->showCentralView(MainWindow::CentralView::Stacks);
        FlameGraphWidget *graph = m_window->flameGraph();
        const int node = m_window->session()->results().analysis->suspects.front().node;
        graph->selectNode(node);
        graph->highlightRank(3);
        m_window->heatmapView()->heatmap()->setSelectedRanks(RankSet::range(3, 4));
        QCOMPARE(graph->selectedNode(), node);
        QCOMPARE(graph->highlightedRank(), 3);
        graph->setFocus();
        QTest::keyClick(graph, Qt::Key_Escape);
        QCOMPARE(graph->highlightedRank(), -1);
        QCOMPARE(graph->selectedNode(), -1);
        QCOMPARE(m_window->heatmapView()->heatmap()->selectedRank(), -1);
        QVERIFY(m_window->heatmapView()->heatmap()->selectedRanks().empty());
    }

    void ctrlDigitsSwitchViews()
    {
        m_window->flameGraph()->setFocus();
        // In the order of the tabs: Overview, Stacks, Heatmap, Logs, Diff, Collectives.
        QTest::keyClick(m_window->flameGraph(), Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(m_window->currentCentralView(), MainWindow::CentralView::Heatmap);
        QTest::keyClick(m_window.get(), Qt::Key_6, Qt::ControlModifier);
        QCOMPARE(m_window->currentCentralView(), MainWindow::CentralView::Collectives);
        QTest::keyClick(m_window.get(), Qt::Key_4, Qt::ControlModifier);
        QCOMPARE(m_window->currentCentralView(), MainWindow::CentralView::Logs);
        QTest::keyClick(m_window.get(), Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(m_window->currentCentralView(), MainWindow::CentralView::Stacks);
        QTest::keyClick(m_window.get(), Qt::Key_1, Qt::ControlModifier);
        QCOMPARE(m_window->currentCentralView(), MainWindow::CentralView::Overview);
    }

    // "?" (and F1) opens the sheet; it lists the window's actions from the actions themselves.
    void questionMarkOpensTheShortcutsSheet()
    {
        m_window->flameGraph()->setFocus();
        QTest::keyClick(m_window->flameGraph(), Qt::Key_Question);
        ShortcutsDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_window->findChild<ShortcutsDialog *>()) != nullptr);
        const QList<ShortcutRow> rows = ShortcutsDialog::rows(m_window.get());
        const auto has = [&rows](const QString &keys, const QString &action) {
            return std::any_of(rows.begin(), rows.end(), [&](const ShortcutRow &row) {
                return row.keys.contains(keys) && row.action.contains(action);
            });
        };
        QVERIFY(has(QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText),
                    QStringLiteral("Find")));
        QVERIFY(has(QKeySequence(Qt::Key_Escape).toString(QKeySequence::NativeText),
                    QStringLiteral("Clear Selection")));
        QVERIFY(has(QStringLiteral("W / S"), QStringLiteral("Zoom")));
        QVERIFY(!has(QString(), QStringLiteral("&"))); // mnemonics are stripped
        dialog->close();
        // Typing "?" into a search field types it: the field owns printable keys.
        auto *view = m_window->findChild<FlameGraphView *>();
        view->searchField()->setFocus();
        view->searchField()->clear();
        QTest::keyClicks(view->searchField(), QStringLiteral("?"));
        QVERIFY(view->searchField()->text().contains(QLatin1Char('?')));
    }

    // Help > User Guide shows the docs/ pages, rendered, with links between them.
    void helpOpensTheUserGuide()
    {
        QAction *guide = nullptr;
        for (QAction *action : m_window->findChildren<QAction *>()) {
            if (action->text() == QStringLiteral("&User Guide"))
                guide = action;
        }
        QVERIFY(guide);
        guide->trigger();
        UserGuideDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_window->findChild<UserGuideDialog *>()) != nullptr);
        QVERIFY2(!UserGuideDialog::guideDirectory().isEmpty(), "docs/ is found");
        QVERIFY(dialog->pageCount() >= 10);
        dialog->showPage(QStringLiteral("cli.md"));
        QTRY_VERIFY(dialog->browser()->toPlainText().contains(QStringLiteral("rankscope-cli")));
        QVERIFY(!dialog->browser()->toPlainText().contains(QStringLiteral("# rankscope-cli")));
        dialog->close();
    }

private:
    QString m_demo;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestShortcuts)
#include "test_shortcuts.moc"
