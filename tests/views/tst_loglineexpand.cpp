// Issue 12, point 6: multi-line log events expand in place, their lines can be selected and
// copied, and the line view takes its share of a taller window.
#include "LogViewFixtures.h"
#include "views/logs/LogLineView.h"
#include "views/logs/LogTemplateTable.h"
#include "views/logs/LogsView.h"
#include "views/logs/MemoryLogLineSource.h"

#include <QApplication>
#include <QClipboard>
#include <QScrollBar>
#include <QSplitter>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

LogLine oneLine(int rank, qint64 timeNs, const QString &text)
{
    LogLine line;
    line.rank = rank;
    line.timeNs = timeNs;
    line.severity = LogSeverity::Info;
    line.fileLabel = QStringLiteral("logs/rank%1.log").arg(rank);
    line.lineNumber = 1;
    line.text = text;
    return line;
}

const QString kTraceback = QStringLiteral("Traceback (most recent call last):\n"
                                          "  File \"train.py\", line 88, in <module>\n"
                                          "    loss.backward()\n"
                                          "RuntimeError: CUDA error: an illegal memory access");

// Row 2 is a four-line traceback between one-line events.
std::shared_ptr<VectorLogLineSource> tracebackSource()
{
    std::vector<LogLine> lines;
    for (int i = 0; i < 40; ++i)
        lines.push_back(oneLine(i % 4, 1'700'000'000'000'000'000 + i * 1'000'000,
                                i == 2 ? kTraceback : QStringLiteral("iteration %1").arg(i)));
    lines[2].severity = LogSeverity::Error;
    return std::make_shared<VectorLogLineSource>(std::move(lines));
}

} // namespace

class LogLineExpandTest : public QObject
{
    Q_OBJECT

private slots:
    void disclosureClickExpandsAndCollapses();
    void keysExpandAndCollapse();
    void continuationLinesAreSelectableAndCopied();
    void wholeRowsStillCopyWholeEvents();
    void lineViewGrowsWithTheWindow();
};

void LogLineExpandTest::disclosureClickExpandsAndCollapses()
{
    LogLineView view;
    view.resize(900, 400);
    view.setSource(tracebackSource());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.isExpandable(2));
    QVERIFY(!view.isExpandable(1));
    QVERIFY(view.disclosureRect(1).isEmpty());
    const QRect before = view.visualRect(3);
    const QRect triangle = view.disclosureRect(2);
    QVERIFY(!triangle.isEmpty());
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, triangle.center());
    QVERIFY(view.isExpanded(2));
    // All four lines of the event take the room below its first; the next row moves down.
    QCOMPARE(view.visualRect(2).height(), 4 * view.rowHeight());
    QCOMPARE(view.visualRect(3).top(), before.top() + 3 * view.rowHeight());
    QCOMPARE(view.rowAt(view.visualRect(3).center()), 3);
    // A point on the event's third line is row 2, line 2.
    const QPoint third(view.visualRect(2).center().x(),
                       view.visualRect(2).top() + 2 * view.rowHeight() + view.rowHeight() / 2);
    QCOMPARE(view.positionAt(third), std::make_pair(qint64(2), 2));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.disclosureRect(2).center());
    QVERIFY(!view.isExpanded(2));
    QCOMPARE(view.visualRect(3), before);
}

void LogLineExpandTest::keysExpandAndCollapse()
{
    LogLineView view;
    view.resize(900, 400);
    view.setSource(tracebackSource());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setFocus();
    view.selectRows(2, 2);
    QTest::keyClick(&view, Qt::Key_Right);
    QVERIFY(view.isExpanded(2));
    QTest::keyClick(&view, Qt::Key_Left);
    QVERIFY(!view.isExpanded(2));
    QTest::keyClick(&view, Qt::Key_Return);
    QVERIFY(view.isExpanded(2));
    QTest::keyClick(&view, Qt::Key_Left);
    QTest::keyClick(&view, Qt::Key_Space);
    QVERIFY(view.isExpanded(2));
    // The scroll range counts the shown lines, and a new source folds everything.
    const int range = view.verticalScrollBar()->maximum();
    view.setExpanded(2, false);
    QCOMPARE(view.verticalScrollBar()->maximum(), range - 3);
    view.setExpanded(2, true);
    view.setSource(tracebackSource());
    QCOMPARE(view.expandedRowCount(), 0);
}

void LogLineExpandTest::continuationLinesAreSelectableAndCopied()
{
    LogLineView view;
    view.resize(900, 400);
    view.setSource(tracebackSource());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setExpanded(2, true);
    const QRect event = view.visualRect(2);
    auto lineCentre = [&](int line) {
        return QPoint(event.center().x(), event.top() + line * view.rowHeight() + 2);
    };
    // A click on the "loss.backward()" line selects just it; Shift+click extends within the
    // event.
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, lineCentre(2));
    QVERIFY(view.isLineSelection());
    QCOMPARE(view.selectedText(), QStringLiteral("    loss.backward()"));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::ShiftModifier, lineCentre(3));
    QCOMPARE(view.selectedText(),
             QStringLiteral("    loss.backward()\n"
                            "RuntimeError: CUDA error: an illegal memory access"));
    QApplication::clipboard()->clear();
    QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QApplication::clipboard()->text(), view.selectedText());
    // A drag from the first line over the second selects both, raw, without the row's prefix.
    QTest::mousePress(view.viewport(), Qt::LeftButton, {}, lineCentre(0));
    QVERIFY(!view.isLineSelection()); // the first line alone: the event as a row
    QMouseEvent move(QEvent::MouseMove, QPointF(lineCentre(1)),
                     view.viewport()->mapToGlobal(QPointF(lineCentre(1))), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view.viewport(), &move);
    QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, lineCentre(1));
    QVERIFY(view.isLineSelection());
    QCOMPARE(view.selectedText(), kTraceback.section(QLatin1Char('\n'), 0, 1));
}

void LogLineExpandTest::wholeRowsStillCopyWholeEvents()
{
    LogLineView view;
    view.resize(900, 400);
    view.setSource(tracebackSource());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setExpanded(2, true);
    view.selectRows(1, 3);
    QVERIFY(!view.isLineSelection());
    const QString text = view.selectedText();
    QVERIFY(text.contains(QStringLiteral("iteration 1")));
    QVERIFY(text.contains(kTraceback)); // every line of the event, folded or not
    QVERIFY(text.contains(QStringLiteral("iteration 3")));
    QApplication::clipboard()->clear();
    view.copySelection();
    QCOMPARE(QApplication::clipboard()->text(), text);
}

void LogLineExpandTest::lineViewGrowsWithTheWindow()
{
    LogsView view;
    view.setAnalysis(makeLogAnalysis(), makeLogJob());
    view.setLineSource(std::make_shared<VectorLogLineSource>(makeLogLines()));
    view.resize(1300, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int shortLines = view.lineView()->height();
    const int shortTable = view.templateTable()->height();
    view.resize(1300, 1400);
    QTRY_VERIFY(view.lineView()->height() > shortLines);
    const int grownLines = view.lineView()->height() - shortLines;
    const int grownTable = view.templateTable()->height() - shortTable;
    // The lines take at least half of the extra height: they are what one reads.
    QVERIFY2(grownLines >= 350, qPrintable(QString::number(grownLines)));
    QVERIFY2(grownLines >= grownTable,
             qPrintable(QStringLiteral("%1 vs %2").arg(grownLines).arg(grownTable)));
    QVERIFY(view.lineView()->visibleRowCount() > 20);
    // Until the user moves the handle: the lines below get the larger part of the height.
    QVERIFY2(view.lineView()->height() > view.templateTable()->height(),
             qPrintable(QStringLiteral("%1 vs %2")
                            .arg(view.lineView()->height())
                            .arg(view.templateTable()->height())));
    // A split the user chose stays.
    view.splitter()->setSizes({900, 500});
    emit view.splitter()->splitterMoved(900, 1);
    const int chosen = view.splitter()->sizes().at(0);
    view.resize(1300, 1300);
    QTRY_COMPARE(view.splitter()->height() < 1400 && view.splitter()->sizes().at(0) >= chosen - 100,
                 true);
}

QTEST_MAIN(LogLineExpandTest)
#include "tst_loglineexpand.moc"
