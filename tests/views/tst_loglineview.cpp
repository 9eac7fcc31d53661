// The virtualized log line view: 5,000,000 generated rows render and scroll to the end while
// reading only the rows in view; multi-line events, selection, copy, keys and links.
#include "LogViewFixtures.h"
#include "views/logs/LogLineView.h"
#include "views/logs/MemoryLogLineSource.h"

#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

// Rows made up from their number, counting how many rows the view asked for.
class GeneratedLogSource : public LogLineSource
{
public:
    explicit GeneratedLogSource(qint64 rows) : m_rows(rows) {}

    qint64 lineCount() const override { return m_rows; }
    LogLine line(qint64 row) const override
    {
        ++m_rowsRead;
        LogLine l;
        l.rank = int(row % 128);
        l.timeNs = logJobStartNs() + row * 4'000'000;
        l.severity = row % 97 == 0   ? LogSeverity::Error
                     : row % 13 == 0 ? LogSeverity::Warning
                                     : LogSeverity::Info;
        l.templateId = TemplateId(row % 140);
        l.fileLabel = logFileOf(l.rank);
        l.lineNumber = row / 128 + 1;
        l.text = QStringLiteral("row %1: iteration %2 | elapsed time per iteration (ms): 14290.5")
                     .arg(row)
                     .arg(row / 128);
        if (row % 97 == 0)
            l.text += QStringLiteral("\nTraceback (most recent call last):\n  File \"train.py\", "
                                     "line 12\nRuntimeError: boom");
        return l;
    }
    std::vector<LogLine> lines(qint64 first, qint64 count) const override
    {
        ++m_calls;
        return LogLineSource::lines(first, count);
    }
    qint64 rowAtTime(qint64 timeNs) const override
    {
        return std::clamp<qint64>((timeNs - logJobStartNs() + 3'999'999) / 4'000'000, 0, m_rows);
    }
    qint64 rowsRead() const { return m_rowsRead; }
    qint64 calls() const { return m_calls; }

private:
    qint64 m_rows;
    mutable qint64 m_rowsRead = 0;
    mutable qint64 m_calls = 0;
};

} // namespace

class LogLineViewTest : public QObject
{
    Q_OBJECT

private slots:
    void fiveMillionRowsRenderAndScrollToTheEnd();
    void multiLineEventsShowAMarkerAndTheirLinesInTheTooltip();
    void selectionAndCopy();
    void keysMoveTheCurrentRow();
    void doubleClicksLinkToRankTimeAndTemplate();
    void scrollsToATime();
    void emptyAndReplacedSources();
    void copiesNameTheLineThatCounts();
};

void LogLineViewTest::fiveMillionRowsRenderAndScrollToTheEnd()
{
    constexpr qint64 kRows = 5'000'000;
    auto source = std::make_shared<GeneratedLogSource>(kRows);
    LogLineView view;
    view.resize(1200, 700);
    view.setSource(source);
    QCOMPARE(view.rowCount(), kRows);

    QElapsedTimer timer;
    timer.start();
    QImage top = view.grab().toImage();
    qInfo("first paint of %lld rows: %.2f ms", kRows, double(timer.nsecsElapsed()) / 1e6);
    QVERIFY(!top.isNull());
    QCOMPARE(view.lastPaintedRows().first, 0);
    const qint64 shown = view.lastPaintedRows().second + 1;
    QVERIFY2(shown > 20 && shown < 60, qPrintable(QString::number(shown)));

    view.scrollToEnd();
    timer.restart();
    QImage bottom = view.grab().toImage();
    qInfo("paint at the end: %.2f ms", double(timer.nsecsElapsed()) / 1e6);
    QCOMPARE(view.lastPaintedRows().second, kRows - 1);
    QVERIFY(bottom != top);

    // Scrolling page by page through the middle repaints from the cache or one query.
    timer.restart();
    view.verticalScrollBar()->setValue(int(kRows / 2));
    for (int i = 0; i < 50; ++i) {
        view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderPageStepAdd);
        view.grab();
    }
    qInfo("50 page scrolls and paints: %.2f ms", double(timer.nsecsElapsed()) / 1e6);
    QCOMPARE(view.lastPaintedRows().first, kRows / 2 + 50 * view.verticalScrollBar()->pageStep());

    // Only the rows in view (and a small margin) were ever read.
    qInfo("rows read: %lld in %lld calls", source->rowsRead(), source->calls());
    QVERIFY2(source->rowsRead() < 60 * 200, qPrintable(QString::number(source->rowsRead())));
}

void LogLineViewTest::multiLineEventsShowAMarkerAndTheirLinesInTheTooltip()
{
    auto source = std::make_shared<GeneratedLogSource>(1000);
    LogLineView view;
    view.resize(1000, 400);
    view.setSource(source);
    view.grab();
    const QPoint row0(view.viewport()->width() / 2, view.rowHeight() * 3 / 2 + 2);
    QCOMPARE(view.rowAt(row0), 0);
    const QString tip = view.toolTipAt(row0);
    QVERIFY(tip.contains(QStringLiteral("Traceback (most recent call last):")));
    QVERIFY(tip.contains(QStringLiteral("RuntimeError: boom")));
    QVERIFY(tip.contains(QStringLiteral("logs/node-00.log, line 1")));
    QVERIFY(tip.contains(QStringLiteral("2024-05-01 06:25:00.000 UTC")));
    QVERIFY(tip.contains(QStringLiteral("error")));

    // A 40-line cut for very long events.
    LogLine big;
    big.rank = 3;
    big.timeNs = logJobStartNs();
    QStringList frames;
    for (int i = 0; i < 100; ++i)
        frames << QStringLiteral("frame #%1: <unknown function>").arg(i);
    big.text = frames.join(QLatin1Char('\n'));
    view.setSource(std::make_shared<VectorLogLineSource>(std::vector<LogLine>{big}));
    const QString bigTip = view.toolTipAt(row0);
    QVERIFY(bigTip.contains(QStringLiteral("frame #39:")));
    QVERIFY(!bigTip.contains(QStringLiteral("frame #40:")));
    QVERIFY(bigTip.contains(QStringLiteral("60 more lines")));
    QVERIFY(bigTip.contains(QStringLiteral("&lt;unknown function&gt;"))); // escaped, not HTML
    QVERIFY(view.toolTipAt(QPoint(10, 2)).isEmpty());                     // the header
}

void LogLineViewTest::selectionAndCopy()
{
    auto source = std::make_shared<VectorLogLineSource>(makeLogLines());
    LogLineView view;
    view.resize(1000, 500);
    view.setSource(source);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int h = view.rowHeight();
    const int headerBottom = h + 2;
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, QPoint(300, headerBottom + h / 2));
    QCOMPARE(view.currentRow(), 0);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::ShiftModifier,
                      QPoint(300, headerBottom + 2 * h + h / 2));
    QCOMPARE(view.selectionFirst(), 0);
    QCOMPARE(view.selectionLast(), 2);
    QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
    const QString copied = QApplication::clipboard()->text();
    const QStringList lines = copied.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0], QStringLiteral("2024-05-01 06:26:01.000 [rank0] INFO NCCL INFO comm "
                                      "0x55d4a0b0 rank 0 nranks 128 cudaDev 0 busId 10000 "
                                      "commId 0x7d1e0c5f9a21b3e4 - Init COMPLETE"));
    QVERIFY(lines[2].contains(QStringLiteral("[rank2]")));

    // Select all: the copy stops at kMaxCopyRows and says so (here far fewer rows).
    QTest::keyClick(&view, Qt::Key_A, Qt::ControlModifier);
    QCOMPARE(view.selectionFirst(), 0);
    QCOMPARE(view.selectionLast(), source->lineCount() - 1);
    const QString all = view.selectedText();
    // Multi-line events copy whole: more text lines than rows.
    QVERIFY(all.count(QLatin1Char('\n')) + 1 > source->lineCount());
    QVERIFY(!all.contains(QStringLiteral("not copied")));
}

void LogLineViewTest::keysMoveTheCurrentRow()
{
    auto source = std::make_shared<GeneratedLogSource>(10'000);
    LogLineView view;
    view.resize(800, 400);
    view.setSource(source);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy current(&view, &LogLineView::currentRowChanged);
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.currentRow(), 0);
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.currentRow(), 1);
    QTest::keyClick(&view, Qt::Key_End);
    QCOMPARE(view.currentRow(), 9'999);
    view.grab();
    QCOMPARE(view.lastPaintedRows().second, 9'999);
    QTest::keyClick(&view, Qt::Key_PageUp, Qt::ShiftModifier);
    QCOMPARE(view.selectionLast(), 9'999);
    QVERIFY(view.selectionFirst() < 9'999 - 5);
    QTest::keyClick(&view, Qt::Key_Home);
    QCOMPARE(view.currentRow(), 0);
    QCOMPARE(view.selectionLast(), 0);
    QCOMPARE(view.firstVisibleRow(), 0);
    QCOMPARE(current.last().at(0).toLongLong(), 0);
}

void LogLineViewTest::doubleClicksLinkToRankTimeAndTemplate()
{
    auto source = std::make_shared<GeneratedLogSource>(100);
    LogLineView view;
    view.resize(1000, 400);
    view.setSource(source);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy rank(&view, &LogLineView::rankActivated);
    QSignalSpy time(&view, &LogLineView::timeActivated);
    QSignalSpy templ(&view, &LogLineView::filterToTemplateRequested);
    const int y = view.rowHeight() + 2 + view.rowHeight() * 5 + view.rowHeight() / 2; // row 5
    const int charWidth = view.fontMetrics().horizontalAdvance(QLatin1Char('0'));
    QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, QPoint(3 * charWidth, y));
    QCOMPARE(rank.count(), 1);
    QCOMPARE(rank.at(0).at(0).toInt(), 5);
    QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, QPoint(12 * charWidth, y));
    QCOMPARE(time.count(), 1);
    QCOMPARE(time.at(0).at(0).toLongLong(), logJobStartNs() + 5 * 4'000'000);
    QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, QPoint(600, y));
    QCOMPARE(templ.count(), 1);
    QCOMPARE(templ.at(0).at(0).toUInt(), 5u);
}

void LogLineViewTest::scrollsToATime()
{
    auto source = std::make_shared<VectorLogLineSource>(makeLogLines());
    LogLineView view;
    view.resize(1000, 400);
    view.setSource(source);
    QVERIFY(view.scrollToTime(watchdogNs()));
    const LogLine line = source->line(view.currentRow());
    QCOMPARE(line.templateId, LogFixtureId::Watchdog);
    QVERIFY(line.timeNs >= watchdogNs());
    QCOMPARE(view.firstVisibleRow(), view.currentRow());
}

void LogLineViewTest::emptyAndReplacedSources()
{
    LogLineView view;
    view.resize(600, 300);
    QVERIFY(!view.grab().isNull()); // no source
    QCOMPARE(view.lastPaintedRows().first, -1);
    view.setSource(std::make_shared<VectorLogLineSource>(std::vector<LogLine>{}));
    view.setEmptyMessage(QStringLiteral("No lines match the filter."));
    QVERIFY(!view.grab().isNull());
    QCOMPARE(view.rowCount(), 0);
    QVERIFY(view.selectedText().isEmpty());
    QVERIFY(!view.scrollToTime(watchdogNs()));
    // A new source starts at its top with nothing selected.
    auto source = std::make_shared<GeneratedLogSource>(1000);
    view.setSource(source);
    view.scrollToEnd();
    view.selectRows(990, 999);
    view.setSource(std::make_shared<GeneratedLogSource>(50));
    QCOMPARE(view.firstVisibleRow(), 0);
    QCOMPARE(view.currentRow(), -1);
}

void LogLineViewTest::copiesNameTheLineThatCounts()
{
    LogLine primary;
    primary.rank = 1;
    primary.timeNs = watchdogNs();
    primary.severity = LogSeverity::Fatal;
    primary.fileLabel = QStringLiteral("logs/rank1.log");
    primary.lineNumber = 8;
    primary.text = QStringLiteral("[Rank 1] Watchdog caught collective operation timeout");
    primary.copies = 1;
    primary.otherFile = QStringLiteral("logs/launcher.out");
    primary.otherLine = 27;
    LogLine copy = primary;
    copy.fileLabel = QStringLiteral("logs/launcher.out");
    copy.lineNumber = 27;
    copy.copies = 0;
    copy.duplicate = true;
    copy.otherFile = QStringLiteral("logs/rank1.log");
    copy.otherLine = 8;
    LogLineView view;
    view.resize(1000, 400);
    view.setSource(std::make_shared<VectorLogLineSource>(std::vector<LogLine>{primary, copy}));
    view.grab();
    const int x = view.viewport()->width() / 2;
    const QPoint row0(x, view.rowHeight() * 3 / 2 + 2);
    const QPoint row1(x, row0.y() + view.rowHeight());
    const QString primaryTip = view.toolTipAt(row0);
    QVERIFY2(primaryTip.contains(QStringLiteral("Also in logs/launcher.out, line 27")),
             qPrintable(primaryTip));
    const QString copyTip = view.toolTipAt(row1);
    QVERIFY2(copyTip.contains(QStringLiteral("A copy of logs/rank1.log, line 8")),
             qPrintable(copyTip));
    QVERIFY(copyTip.contains(QStringLiteral("logs/launcher.out, line 27")));
    QCOMPARE(view.lastPaintedRows(), std::make_pair(qint64(0), qint64(1)));
}

QTEST_MAIN(LogLineViewTest)
#include "tst_loglineview.moc"
