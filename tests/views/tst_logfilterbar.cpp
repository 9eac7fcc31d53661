// The log filter bar emits the filter the fields describe (debounced typing, invalid fields
// held back), the filter matches lines as documented, and log times print and parse.
#include "LogViewFixtures.h"
#include "views/logs/LogFilterBar.h"
#include "views/logs/LogLineFilter.h"
#include "views/logs/LogTimeText.h"
#include "views/logs/MemoryLogLineSource.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class LogFilterBarTest : public QObject
{
    Q_OBJECT

private slots:
    void ranksAreReadAsRanges();
    void badRanksAreMarkedAndNotEmitted();
    void typingIsDebounced();
    void levelAndTemplateApplyAtOnce();
    void regexMustCompile();
    void timeWindowFromTheFields();
    void theHeatmapWindowKeepsItsExactEnds();
    void setFilterShowsWithoutEmittingAndClearEmitsOnce();
    void matcherAppliesEveryPart();
    void copiesAreShownOnlyOnRequest();
    void filteredSourceKeepsTheMatchingRows();
    void timesPrintAndParse();
};

namespace {

LogLineFilter lastFilter(const QSignalSpy &spy)
{
    return spy.last().at(0).value<LogLineFilter>();
}

void typeAndReturn(QLineEdit *edit, const QString &text)
{
    edit->clear();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

} // namespace

void LogFilterBarTest::ranksAreReadAsRanges()
{
    LogFilterBar bar;
    QSignalSpy spy(&bar, &LogFilterBar::filterChanged);
    typeAndReturn(bar.ranksEdit(), QStringLiteral("0-7,12"));
    QCOMPARE(spy.count(), 1);
    const LogLineFilter f = lastFilter(spy);
    QCOMPARE(f.ranks.toVector(), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 12}));
    QCOMPARE(f.templ, kNoTemplate);
    QCOMPARE(f.minSeverity, LogSeverity::Unknown);
    QVERIFY(!f.hasWindow());
    // The debounce timer that typing started does not emit the same filter again.
    QTest::qWait(LogFilterBar::kDebounceMs + 100);
    QCOMPARE(spy.count(), 1);
}

void LogFilterBarTest::badRanksAreMarkedAndNotEmitted()
{
    LogFilterBar bar;
    QSignalSpy spy(&bar, &LogFilterBar::filterChanged);
    typeAndReturn(bar.ranksEdit(), QStringLiteral("0-,x"));
    QVERIFY(!bar.isValid());
    QVERIFY(bar.ranksEdit()->toolTip().startsWith(QStringLiteral("Not a rank list.")));
    QVERIFY(!bar.ranksEdit()->styleSheet().isEmpty());
    QTest::qWait(LogFilterBar::kDebounceMs + 100);
    QCOMPARE(spy.count(), 0);
    typeAndReturn(bar.ranksEdit(), QStringLiteral("37"));
    QVERIFY(bar.isValid());
    QVERIFY(bar.ranksEdit()->styleSheet().isEmpty());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(lastFilter(spy).ranks.toVector(), std::vector<int>{37});
}

void LogFilterBarTest::typingIsDebounced()
{
    LogFilterBar bar;
    QSignalSpy spy(&bar, &LogFilterBar::filterChanged);
    QTest::keyClicks(bar.textEdit(), QStringLiteral("Watchdog"));
    QCOMPARE(spy.count(), 0); // not one query per key
    QTRY_COMPARE(spy.count(), 1);
    QCOMPARE(lastFilter(spy).text, QStringLiteral("Watchdog"));
    QVERIFY(!lastFilter(spy).regex);
}

void LogFilterBarTest::levelAndTemplateApplyAtOnce()
{
    LogFilterBar bar;
    bar.setTemplates({{LogFixtureId::Watchdog, QStringLiteral("[Rank <RANK>] Watchdog caught")},
                      {LogFixtureId::PortError, QStringLiteral("NCCL WARN NET/IB : port error")}});
    QSignalSpy spy(&bar, &LogFilterBar::filterChanged);
    bar.severityCombo()->setCurrentIndex(bar.severityCombo()->findData(int(LogSeverity::Warning)));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(lastFilter(spy).minSeverity, LogSeverity::Warning);
    QCOMPARE(bar.templateCombo()->count(), 3); // "All templates" and the two
    bar.templateCombo()->setCurrentIndex(2);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(lastFilter(spy).templ, LogFixtureId::PortError);
    QCOMPARE(lastFilter(spy).minSeverity, LogSeverity::Warning);
}

void LogFilterBarTest::regexMustCompile()
{
    LogFilterBar bar;
    QSignalSpy spy(&bar, &LogFilterBar::filterChanged);
    bar.regexButton()->setChecked(true);
    QCOMPARE(spy.count(), 0); // regex on an empty text: the same filter
    typeAndReturn(bar.textEdit(), QStringLiteral("time(d"));
    QVERIFY(!bar.isValid());
    QVERIFY(bar.textEdit()->toolTip().startsWith(QStringLiteral("Not a regular expression")));
    QCOMPARE(spy.count(), 0);
    typeAndReturn(bar.textEdit(), QStringLiteral("time.?d out"));
    QCOMPARE(spy.count(), 1);
    QVERIFY(lastFilter(spy).regex);
    QCOMPARE(lastFilter(spy).text, QStringLiteral("time.?d out"));
}

void LogFilterBarTest::timeWindowFromTheFields()
{
    LogFilterBar bar;
    bar.setReferenceTime(watchdogNs());
    QSignalSpy spy(&bar, &LogFilterBar::filterChanged);
    typeAndReturn(bar.fromEdit(), QStringLiteral("12:31"));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(lastFilter(spy).fromNs, watchdogNs() - 4'000'000'000);
    QCOMPARE(lastFilter(spy).toNs, LogLineFilter::kOpen);
    // An end before the start is refused.
    typeAndReturn(bar.toEdit(), QStringLiteral("12:30:59.5"));
    QVERIFY(!bar.isValid());
    QCOMPARE(spy.count(), 1);
    typeAndReturn(bar.toEdit(), QStringLiteral("2024-05-01 12:32:00.250"));
    QCOMPARE(spy.count(), 2);
    QCOMPARE(lastFilter(spy).toNs, watchdogNs() + 56'250'000'000);
    QVERIFY(lastFilter(spy).windowLabel.isEmpty());
}

void LogFilterBarTest::theHeatmapWindowKeepsItsExactEnds()
{
    LogFilterBar bar;
    bar.setReferenceTime(watchdogNs());
    QVERIFY(!bar.windowButton()->isEnabled());
    const qint64 from = iterationNs(1498) + 123; // ns the field text cannot show
    const qint64 to = iterationNs(1499) + 456;
    bar.setSelectedWindow(from, to, QStringLiteral("iteration 1498"));
    QVERIFY(bar.windowButton()->isEnabled());
    QSignalSpy spy(&bar, &LogFilterBar::filterChanged);
    QTest::mouseClick(bar.windowButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(lastFilter(spy).fromNs, from);
    QCOMPARE(lastFilter(spy).toNs, to);
    QCOMPARE(lastFilter(spy).windowLabel, QStringLiteral("iteration 1498"));
    QCOMPARE(bar.filter(), lastFilter(spy));
    // Editing an end by hand makes it the typed time, no longer the heatmap's window.
    typeAndReturn(bar.toEdit(), QStringLiteral("12:40"));
    QCOMPARE(spy.count(), 2);
    QCOMPARE(lastFilter(spy).fromNs, from);
    QVERIFY(lastFilter(spy).windowLabel.isEmpty());
}

void LogFilterBarTest::setFilterShowsWithoutEmittingAndClearEmitsOnce()
{
    LogFilterBar bar;
    bar.setReferenceTime(watchdogNs());
    QSignalSpy spy(&bar, &LogFilterBar::filterChanged);
    LogLineFilter f;
    f.ranks = RankSet::range(40, 47);
    f.minSeverity = LogSeverity::Error;
    f.text = QStringLiteral("port");
    f.templ = LogFixtureId::PortError; // not in the list: added as "template 2"
    f.fromNs = watchdogNs();
    bar.setFilter(f);
    QCOMPARE(bar.ranksEdit()->text(), QStringLiteral("40-47"));
    QCOMPARE(bar.fromEdit()->text(), QStringLiteral("12:31:04.000"));
    QCOMPARE(bar.templateCombo()->currentText(), QStringLiteral("template 2"));
    QCOMPARE(bar.filter(), f);
    QTest::qWait(LogFilterBar::kDebounceMs + 100);
    QCOMPARE(spy.count(), 0);
    QTest::mouseClick(bar.clearButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    QVERIFY(lastFilter(spy).isEmpty());
    QVERIFY(bar.ranksEdit()->text().isEmpty());
    QTest::mouseClick(bar.clearButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
}

void LogFilterBarTest::matcherAppliesEveryPart()
{
    LogLine line;
    line.rank = 12;
    line.timeNs = 1000;
    line.severity = LogSeverity::Error;
    line.templateId = 7;
    line.text = QStringLiteral("Watchdog caught collective operation timeout\nframe #0");
    auto matches = [&](const LogLineFilter &f) { return LogLineMatcher(f).matches(line); };
    LogLineFilter f;
    QVERIFY(f.isEmpty());
    QVERIFY(matches(f));
    f.ranks = RankSet::range(10, 12);
    QVERIFY(matches(f));
    f.ranks = RankSet::range(13, 20);
    QVERIFY(!matches(f));
    f = {};
    f.fromNs = 1000;
    f.toNs = 1001;
    QVERIFY(matches(f));
    f.toNs = 1000; // the end is exclusive
    QVERIFY(!matches(f));
    f = {};
    f.minSeverity = LogSeverity::Error;
    QVERIFY(matches(f));
    f.minSeverity = LogSeverity::Fatal;
    QVERIFY(!matches(f));
    f = {};
    f.templ = 7;
    QVERIFY(matches(f));
    f.templ = 8;
    QVERIFY(!matches(f));
    f = {};
    f.text = QStringLiteral("COLLECTIVE");
    QVERIFY(matches(f));
    f.text = QStringLiteral("frame #0"); // merged lines are searched too
    QVERIFY(matches(f));
    f.regex = true;
    f.text = QStringLiteral("^watchdog.*time?out");
    QVERIFY(matches(f));
    f.text = QStringLiteral("(");
    QVERIFY(!LogLineMatcher(f).isValid());
    QVERIFY(!matches(f));
    // A line of no rank is shown only without a rank filter.
    line.rank = -1;
    f = {};
    QVERIFY(matches(f));
    f.ranks = RankSet::range(0, 127);
    QVERIFY(!matches(f));
}

void LogFilterBarTest::filteredSourceKeepsTheMatchingRows()
{
    auto all = std::make_shared<VectorLogLineSource>(makeLogLines());
    LogLineFilter f;
    f.templ = LogFixtureId::Watchdog;
    const FilteredLogLineSource watchdog(all, f);
    QCOMPARE(watchdog.lineCount(), 127);
    for (qint64 row = 0; row < watchdog.lineCount(); ++row) {
        QCOMPARE(watchdog.line(row).templateId, LogFixtureId::Watchdog);
        QVERIFY(watchdog.line(row).rank != kSilentRank);
    }
    QCOMPARE(watchdog.rowAtTime(watchdogNs()), 0);
    QCOMPARE(watchdog.rowAtTime(watchdogNs() + 3'600'000'000'000), 127);
    f = {};
    f.ranks = RankSet::range(kSilentRank, kSilentRank);
    QCOMPARE(FilteredLogLineSource(all, f).lineCount(), 1); // its NCCL init line only
}

void LogFilterBarTest::timesPrintAndParse()
{
    const qint64 wd = watchdogNs();
    QCOMPARE(LogTimeText::clock(wd + 123'456'789), QStringLiteral("12:31:04.123"));
    QCOMPARE(LogTimeText::clock(0), QStringLiteral("–"));
    QCOMPARE(LogTimeText::dateTime(wd), QStringLiteral("2024-05-01 12:31:04.000 UTC"));
    QCOMPARE(LogTimeText::editText(wd, wd - 3'600'000'000'000), QStringLiteral("12:31:04.000"));
    QCOMPARE(LogTimeText::editText(wd, 0), QStringLiteral("2024-05-01 12:31:04.000"));
    QCOMPARE(LogTimeText::parse(QStringLiteral("12:31:04"), wd + 5), std::optional<qint64>(wd));
    QCOMPARE(LogTimeText::parse(QStringLiteral(" 2024-05-01T12:31:04.5Z "), 0),
             std::optional<qint64>(wd + 500'000'000));
    QCOMPARE(LogTimeText::parse(QStringLiteral("2024-05-01 12:31:04,250"), 0),
             std::optional<qint64>(wd + 250'000'000));
    QCOMPARE(LogTimeText::parse(QString::number(wd / 1'000'000'000) + QStringLiteral(".25"), 0),
             std::optional<qint64>(wd + 250'000'000));
    QCOMPARE(LogTimeText::parse(QStringLiteral("25:00"), wd), std::nullopt);
    QCOMPARE(LogTimeText::parse(QStringLiteral("2024-02-30 10:00"), wd), std::nullopt);
    QCOMPARE(LogTimeText::parse(QStringLiteral("soon"), wd), std::nullopt);
    QCOMPARE(LogTimeText::parse(QString(), wd), std::nullopt);
}

void LogFilterBarTest::copiesAreShownOnlyOnRequest()
{
    // A copy of another file's line (the same event in the launcher's output) is hidden by
    // default, and every count leaves it out; the "Copies" switch shows it.
    LogLine copy;
    copy.rank = 3;
    copy.text = QStringLiteral("Loaded 128 shards");
    copy.duplicate = true;
    LogLineFilter f;
    QVERIFY(!LogLineMatcher(f).matches(copy));
    f.copies = true;
    QVERIFY(LogLineMatcher(f).matches(copy));

    LogFilterBar bar;
    QVERIFY(!bar.copiesButton()->isEnabled()); // no copies in this job
    bar.setCopyCount(20);
    QVERIFY(bar.copiesButton()->isEnabled());
    QVERIFY(bar.copiesButton()->text().contains(QStringLiteral("20")));
    QSignalSpy emitted(&bar, &LogFilterBar::filterChanged);
    bar.copiesButton()->click();
    QCOMPARE(emitted.size(), 1);
    QVERIFY(emitted.front().front().value<LogLineFilter>().copies);
    // Clearing the filters keeps the view's choice to show copies.
    bar.ranksEdit()->setText(QStringLiteral("3"));
    bar.emitIfChanged();
    bar.clearFilters();
    QVERIFY(bar.filter().copies);
    QVERIFY(bar.filter().ranks.empty());
}

QTEST_MAIN(LogFilterBarTest)
#include "tst_logfilterbar.moc"
