// The log template table: columns and their text, the flag words, sorting by the numbers,
// the text filter, "suspicious only" and activation by click.
#include "LogViewFixtures.h"
#include "views/logs/LogTemplateDelegate.h"
#include "views/logs/LogTemplateFilterProxy.h"
#include "views/logs/LogTemplateModel.h"
#include "views/logs/LogTemplateTable.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class LogTemplateTableTest : public QObject
{
    Q_OBJECT

private slots:
    void flagWordsAreShortAndOrdered();
    void showsTheWatchdogTemplateAsTheStoryTellsIt();
    void sortsEveryColumnByItsNumber();
    void textFilterAndSuspiciousOnlyNarrowTheRows();
    void clickingARowActivatesItsTemplate();
    void wildcardsAreSetOffInTheTemplateText();
    void rendersWithoutAnAnalysis();
};

namespace {

QString cell(const QAbstractItemModel *model, int row, int column, int role = Qt::DisplayRole)
{
    return model->data(model->index(row, column), role).toString();
}

int rowOfTemplate(const QAbstractItemModel *model, TemplateId id)
{
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->index(r, 0).data(LogTemplateModel::TemplateIdRole).toUInt() == id)
            return r;
    }
    return -1;
}

} // namespace

void LogTemplateTableTest::flagWordsAreShortAndOrdered()
{
    namespace F = LogTemplateFlag;
    QCOMPARE(LogTemplateModel::flagWords(F::MinorityHas | F::MinorityLacks | F::NewLate | F::Burst |
                                         F::RankZeroOnly | F::ControlPlane | F::ErrorSeverity),
             (QStringList{QStringLiteral("minority has"), QStringLiteral("minority lacks"),
                          QStringLiteral("new late"), QStringLiteral("burst"),
                          QStringLiteral("rank 0 only"), QStringLiteral("control plane")}));
    // The severity column shows errors; the flags column does not repeat it.
    QVERIFY(LogTemplateModel::flagWords(F::ErrorSeverity).isEmpty());
    QCOMPARE(LogTemplateModel::flagsText(F::NewLate | F::MinorityLacks),
             QStringLiteral("minority lacks, new late"));
    QCOMPARE(LogTemplateModel::flagsText(0), QString());
    for (const std::uint32_t flag :
         {F::MinorityHas, F::MinorityLacks, F::NewLate, F::Burst, F::RankZeroOnly, F::ControlPlane})
        QVERIFY(!LogTemplateModel::flagDescription(flag).isEmpty());
}

void LogTemplateTableTest::showsTheWatchdogTemplateAsTheStoryTellsIt()
{
    LogTemplateTable table;
    table.setAnalysis(makeLogAnalysis(), makeLogJob());
    const QAbstractItemModel *model = table.model();
    QVERIFY2(model->rowCount() >= 130, qPrintable(QString::number(model->rowCount())));
    QCOMPARE(model->columnCount(), int(LogTemplateModel::ColumnCount));
    // The analysis' order until the user sorts: the watchdog leads.
    QCOMPARE(model->index(0, 0).data(LogTemplateModel::TemplateIdRole).toUInt(),
             uint(LogFixtureId::Watchdog));
    QVERIFY(cell(model, 0, LogTemplateModel::TemplateColumn)
                .contains(QStringLiteral("Watchdog caught collective operation timeout")));
    QCOMPARE(cell(model, 0, LogTemplateModel::SeverityColumn), QStringLiteral("FATAL"));
    QCOMPARE(cell(model, 0, LogTemplateModel::CountColumn), QStringLiteral("127"));
    QCOMPARE(cell(model, 0, LogTemplateModel::HasColumn), QStringLiteral("0-36,38-127"));
    QCOMPARE(cell(model, 0, LogTemplateModel::MissingColumn), QStringLiteral("37"));
    QCOMPARE(cell(model, 0, LogTemplateModel::FirstSeenColumn),
             QStringLiteral("12:31:04.000 · iter 1521"));
    QCOMPARE(cell(model, 0, LogTemplateModel::FlagsColumn),
             QStringLiteral("minority lacks, new late"));
    // Tooltips name the missing rank's node and the built-in rule.
    QVERIFY(cell(model, 0, LogTemplateModel::MissingColumn, Qt::ToolTipRole)
                .contains(QStringLiteral("rank 37 on node-04")));
    QVERIFY(cell(model, 0, LogTemplateModel::TemplateColumn, Qt::ToolTipRole)
                .contains(QStringLiteral("nccl-watchdog-timeout")));
    QVERIFY(cell(model, 0, LogTemplateModel::FlagsColumn, Qt::ToolTipRole)
                .contains(QStringLiteral("suspects")));
    // A template without a rank (the launcher's) and one without an iteration.
    const int launcher = rowOfTemplate(model, 6);
    QCOMPARE(cell(model, launcher, LogTemplateModel::HasColumn), QStringLiteral("–"));
    const int download = rowOfTemplate(model, LogFixtureId::Download);
    QCOMPARE(cell(model, download, LogTemplateModel::FirstSeenColumn),
             QStringLiteral("06:25:05.000"));
    QCOMPARE(cell(model, download, LogTemplateModel::FlagsColumn),
             QStringLiteral("rank 0 only, control plane"));
    QCOMPARE(cell(model, download, LogTemplateModel::SeverityColumn), QStringLiteral("–"));
}

void LogTemplateTableTest::sortsEveryColumnByItsNumber()
{
    LogTemplateTable table;
    table.setAnalysis(makeLogAnalysis(), makeLogJob());
    const QAbstractItemModel *model = table.model();
    for (int column = 0; column < LogTemplateModel::ColumnCount; ++column) {
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            table.sortByColumn(column, order);
            for (int r = 1; r < model->rowCount(); ++r) {
                const QVariant a = model->index(r - 1, column).data(LogTemplateModel::SortRole);
                const QVariant b = model->index(r, column).data(LogTemplateModel::SortRole);
                const bool inOrder = order == Qt::AscendingOrder
                                         ? QVariant::compare(a, b) != QPartialOrdering::Greater
                                         : QVariant::compare(a, b) != QPartialOrdering::Less;
                if (a.typeId() == QMetaType::QString)
                    QVERIFY(QString::compare(a.toString(), b.toString(), Qt::CaseInsensitive) *
                                (order == Qt::AscendingOrder ? 1 : -1) <=
                            0);
                else
                    QVERIFY2(inOrder, qPrintable(QStringLiteral("column %1 row %2: %3 / %4")
                                                     .arg(column)
                                                     .arg(r)
                                                     .arg(a.toString(), b.toString())));
            }
        }
    }
    // Numbers, not text: as text "212" would sort above "1,536".
    table.sortByColumn(LogTemplateModel::CountColumn, Qt::DescendingOrder);
    QCOMPARE(cell(model, 0, LogTemplateModel::CountColumn), QLocale().toString(1536));
    QCOMPARE(model->index(0, 0).data(LogTemplateModel::TemplateIdRole).toUInt(),
             uint(LogFixtureId::InitComplete));
    QCOMPARE(cell(model, model->rowCount() - 1, LogTemplateModel::CountColumn),
             QStringLiteral("1"));
    // Severity: fatal templates first when descending.
    table.sortByColumn(LogTemplateModel::SeverityColumn, Qt::DescendingOrder);
    QCOMPARE(cell(model, 0, LogTemplateModel::SeverityColumn), QStringLiteral("FATAL"));
    // Missing ranks: the templates most ranks lack first.
    table.sortByColumn(LogTemplateModel::MissingColumn, Qt::DescendingOrder);
    QCOMPARE(cell(model, 0, LogTemplateModel::HasColumn), QStringLiteral("40-47"));
    QCOMPARE(cell(model, 0, LogTemplateModel::MissingColumn), QStringLiteral("0-39,48-127"));
    // First seen: the earliest first, the no-timestamp ones last.
    table.sortByColumn(LogTemplateModel::FirstSeenColumn, Qt::AscendingOrder);
    QVERIFY(cell(model, 0, LogTemplateModel::TemplateColumn).startsWith(QStringLiteral("HTTP")));
    QCOMPARE(cell(model, 1, LogTemplateModel::FirstSeenColumn), QStringLiteral("06:25:05.000"));
    // Flags: the most anomaly flags first (the port-error burst has two and the highest score
    // after the watchdog's).
    table.sortByColumn(LogTemplateModel::FlagsColumn, Qt::DescendingOrder);
    QCOMPARE(model->index(0, 0).data(LogTemplateModel::TemplateIdRole).toUInt(),
             uint(LogFixtureId::Watchdog));
    QCOMPARE(model->index(1, 0).data(LogTemplateModel::TemplateIdRole).toUInt(),
             uint(LogFixtureId::PortError));
}

void LogTemplateTableTest::textFilterAndSuspiciousOnlyNarrowTheRows()
{
    LogTemplateTable table;
    table.setAnalysis(makeLogAnalysis(), makeLogJob());
    const int all = table.visibleTemplateCount();
    table.setTextFilter(QStringLiteral("WATCHDOG"));
    QCOMPARE(table.visibleTemplateCount(), 1);
    // The built-in name is searched too.
    table.setTextFilter(QStringLiteral("checkpoint-save"));
    QCOMPARE(table.visibleTemplateCount(), 2);
    table.setTextFilter(QString());
    QCOMPARE(table.visibleTemplateCount(), all);

    table.setSuspiciousOnly(true);
    // The six templates the analysis marks as suspects (what its summary counts).
    QCOMPARE(table.visibleTemplateCount(), 6);
    QVERIFY(rowOfTemplate(table.model(), 6) >= 0);
    QCOMPARE(rowOfTemplate(table.model(), LogFixtureId::Iteration), -1);
    table.setTextFilter(QStringLiteral("ProcessGroupNCCL"));
    QCOMPARE(table.visibleTemplateCount(), 2);
    table.setSuspiciousOnly(false);
    QCOMPARE(table.visibleTemplateCount(), 3);
}

void LogTemplateTableTest::clickingARowActivatesItsTemplate()
{
    LogTemplateTable table;
    table.resize(1200, 400);
    table.setAnalysis(makeLogAnalysis(), makeLogJob());
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    QSignalSpy spy(&table, &LogTemplateTable::templateActivated);
    const int row = rowOfTemplate(table.model(), LogFixtureId::PortError);
    const QRect rect = table.visualRect(table.model()->index(row, LogTemplateModel::CountColumn));
    QTest::mouseClick(table.viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toUInt(), uint(LogFixtureId::PortError));
    QCOMPARE(table.selectedTemplate(), LogFixtureId::PortError);
    // Selecting from outside (a link) does not emit.
    table.selectTemplate(LogFixtureId::Watchdog);
    QCOMPARE(table.selectedTemplate(), LogFixtureId::Watchdog);
    table.selectTemplate(kNoTemplate);
    QCOMPARE(table.selectedTemplate(), kNoTemplate);
    QCOMPARE(spy.count(), 1);
}

void LogTemplateTableTest::wildcardsAreSetOffInTheTemplateText()
{
    const auto segments =
        LogTemplateDelegate::segments(QStringLiteral("SeqNum=<*>, took <NUM> ms on <IP>"));
    QStringList texts;
    QList<bool> wild;
    for (const auto &s : segments) {
        texts << s.text;
        wild << s.wildcard;
    }
    QCOMPARE(texts, (QStringList{QStringLiteral("SeqNum="), QStringLiteral("<*>"),
                                 QStringLiteral(", took "), QStringLiteral("<NUM>"),
                                 QStringLiteral(" ms on "), QStringLiteral("<IP>")}));
    QCOMPARE(wild, (QList<bool>{false, true, false, true, false, true}));
    // Angle brackets that are not masks stay text; line breaks do not break the row.
    const auto plain = LogTemplateDelegate::segments(QStringLiteral("a <b> c\nd"));
    QCOMPARE(plain.size(), std::size_t(1));
    QCOMPARE(plain[0].text, QStringLiteral("a <b> c ⏎ d"));
}

void LogTemplateTableTest::rendersWithoutAnAnalysis()
{
    LogTemplateTable table;
    table.resize(800, 300);
    table.setAnalysis(nullptr);
    QCOMPARE(table.model()->rowCount(), 0);
    QVERIFY(!table.grab().isNull());
    table.setAnalysis(makeLogAnalysis());
    QVERIFY(!table.grab().isNull());
}

QTEST_MAIN(LogTemplateTableTest)
#include "tst_logtemplatetable.moc"
