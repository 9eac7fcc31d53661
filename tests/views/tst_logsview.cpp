// The Logs view as a whole: clicking a template filters the lines to it (through the owner, as
// the application does it), links set the filter once, and line-view links come out as the
// view's signals.
#include "LogViewFixtures.h"
#include "ScreenshotSupport.h"
#include "views/logs/LogFilterBar.h"
#include "views/logs/LogLineView.h"
#include "views/logs/LogTemplateModel.h"
#include "views/logs/LogTemplateTable.h"
#include "views/logs/LogsView.h"
#include "views/logs/MemoryLogLineSource.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class LogsViewTest : public QObject
{
    Q_OBJECT

private slots:
    void clickingATemplateFiltersTheLines();
    void setFilterEmitsOnceAndSelectsTheTemplate();
    void templateSearchAndSuspiciousOnly();
    void lineViewLinksBecomeViewSignals();
    void rendersTheStory();

private:
    struct Fixture
    {
        LogsView view;
        std::shared_ptr<VectorLogLineSource> all;
        explicit Fixture() : all(std::make_shared<VectorLogLineSource>(makeLogLines()))
        {
            view.resize(1400, 900);
            view.setAnalysis(makeLogAnalysis(), makeLogJob());
            view.setLineSource(all);
            // What the application does: apply the emitted filter to the source.
            QObject::connect(
                &view, &LogsView::filterChanged, &view, [this](const LogLineFilter &f) {
                    view.setLineSource(std::make_shared<FilteredLogLineSource>(all, f));
                });
        }
    };
};

void LogsViewTest::clickingATemplateFiltersTheLines()
{
    Fixture fx;
    fx.view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fx.view));
    QCOMPARE(fx.view.lineView()->rowCount(), fx.all->lineCount());
    QSignalSpy spy(&fx.view, &LogsView::filterChanged);
    LogTemplateTable *table = fx.view.templateTable();
    const QRect rect =
        table->visualRect(table->model()->index(0, LogTemplateModel::CountColumn)); // watchdog
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(spy.count(), 1);
    const auto filter = spy.at(0).at(0).value<LogLineFilter>();
    QCOMPARE(filter.templ, LogFixtureId::Watchdog);
    QCOMPARE(fx.view.filter(), filter);
    QCOMPARE(fx.view.lineView()->rowCount(), 127);
    QCOMPARE(fx.view.filterBar()->templateCombo()->currentData().toUInt(),
             uint(LogFixtureId::Watchdog));
    // Then narrowing by rank in the bar keeps the template.
    QLineEdit *ranks = fx.view.filterBar()->ranksEdit();
    QTest::keyClicks(ranks, QStringLiteral("0-7"));
    QTest::keyClick(ranks, Qt::Key_Return);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(fx.view.lineView()->rowCount(), 8);
    // Clicking the same template again changes nothing.
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(spy.count(), 2);
}

void LogsViewTest::setFilterEmitsOnceAndSelectsTheTemplate()
{
    Fixture fx;
    QSignalSpy spy(&fx.view, &LogsView::filterChanged);
    LogLineFilter f;
    f.ranks = RankSet::range(40, 47);
    f.templ = LogFixtureId::PortError;
    f.fromNs = iterationNs(600);
    f.toNs = iterationNs(700);
    f.windowLabel = QStringLiteral("iterations 600-699");
    fx.view.setFilter(f);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(fx.view.templateTable()->selectedTemplate(), LogFixtureId::PortError);
    QCOMPARE(fx.view.filterBar()->filter(), f);
    // Port errors every third iteration from 321, on ranks 40, 43 and 46.
    QCOMPARE(fx.view.lineView()->rowCount(), 34 * 3);
    fx.view.setFilter(f);
    QCOMPARE(spy.count(), 1);
    // The bar's debounce does not echo the filter that was set.
    QTest::qWait(LogFilterBar::kDebounceMs + 100);
    QCOMPARE(spy.count(), 1);
    fx.view.setFilter({});
    QCOMPARE(spy.count(), 2);
    QCOMPARE(fx.view.templateTable()->selectedTemplate(), kNoTemplate);
    QCOMPARE(fx.view.lineView()->rowCount(), fx.all->lineCount());
}

void LogsViewTest::templateSearchAndSuspiciousOnly()
{
    Fixture fx;
    const int all = fx.view.templateTable()->visibleTemplateCount();
    QVERIFY(all >= 130);
    fx.view.suspiciousOnlyBox()->setChecked(true);
    QCOMPARE(fx.view.templateTable()->visibleTemplateCount(), 6);
    fx.view.templateSearch()->setText(QStringLiteral("NCCL WARN"));
    QCOMPARE(fx.view.templateTable()->visibleTemplateCount(), 1);
    fx.view.suspiciousOnlyBox()->setChecked(false);
    fx.view.templateSearch()->clear();
    QCOMPARE(fx.view.templateTable()->visibleTemplateCount(), all);
}

void LogsViewTest::lineViewLinksBecomeViewSignals()
{
    Fixture fx;
    QSignalSpy rank(&fx.view, &LogsView::rankActivated);
    QSignalSpy time(&fx.view, &LogsView::timeActivated);
    QSignalSpy filter(&fx.view, &LogsView::filterChanged);
    emit fx.view.lineView()->rankActivated(37);
    emit fx.view.lineView()->timeActivated(watchdogNs());
    QCOMPARE(rank.count(), 1);
    QCOMPARE(rank.at(0).at(0).toInt(), 37);
    QCOMPARE(time.at(0).at(0).toLongLong(), watchdogNs());
    // The context menu's "Only lines of rank 37" and "Only lines of this template".
    emit fx.view.lineView()->filterToRankRequested(37);
    QCOMPARE(filter.count(), 1);
    QCOMPARE(fx.view.filter().ranks.toVector(), std::vector<int>{37});
    QCOMPARE(fx.view.filterBar()->ranksEdit()->text(), QStringLiteral("37"));
    QCOMPARE(fx.view.lineView()->rowCount(), 1);
    emit fx.view.lineView()->filterToTemplateRequested(LogFixtureId::InitComplete);
    QCOMPARE(filter.count(), 2);
    QCOMPARE(fx.view.filter().templ, LogFixtureId::InitComplete);
    QCOMPARE(fx.view.lineView()->rowCount(), 1);
}

void LogsViewTest::rendersTheStory()
{
    Fixture fx;
    LogsView empty;
    empty.resize(800, 500);
    QVERIFY(!empty.grab().isNull()); // before any analysis
    fx.view.setSelectedWindow(iterationNs(1520), iterationNs(1521),
                              QStringLiteral("iteration 1520"));
    LogLineFilter f;
    f.templ = LogFixtureId::Watchdog;
    fx.view.setFilter(f);
    const QImage image = fx.view.grab().toImage();
    QCOMPARE(image.size(), QSize(1400, 900));
    QTemporaryDir dir;
    QVERIFY(!rankscope_test::saveScreenshot(image, dir.path(), QStringLiteral("logs-view.png"))
                 .isEmpty());
}

QTEST_MAIN(LogsViewTest)
#include "tst_logsview.moc"
