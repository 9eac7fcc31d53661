// The suspects list and the rank list next to the flame graph.
#include "StackTreeFixture.h"
#include "views/stacks/RankListPanel.h"
#include "views/stacks/SuspectsPanel.h"

#include <QAbstractItemModel>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class StackPanelsTest : public QObject
{
    Q_OBJECT

private slots:
    void suspectsAreListedInOrderAndActivate();
    void suspectsPanelWithoutAnalysis();
    void rankListShowsDataNoDataAndProgress();
    void rankListFiltersByRanksOrText();
    void choosingARankEmitsIt();

private:
    static std::shared_ptr<const StackAnalysis> handMadeAnalysis(const StackTree &tree);
};

std::shared_ptr<const StackAnalysis> StackPanelsTest::handMadeAnalysis(const StackTree &tree)
{
    auto analysis = std::make_shared<StackAnalysis>();
    analysis->verdict.kind = StackVerdictKind::BlockersFound;
    analysis->verdict.summary = "6 of 7 ranks wait in all_reduce; rank 2 is elsewhere.";
    Suspect blocker;
    blocker.kind = SuspectKind::Blocker;
    blocker.ranks = RankSet::fromVector({2});
    blocker.node = nodeOf(tree, "main;train;step;next_batch");
    blocker.frame = "next_batch";
    blocker.reason = "rank 2: not in a collective while 6 ranks wait in all_reduce";
    blocker.score = 10;
    Suspect noData;
    noData.kind = SuspectKind::NoData;
    noData.ranks = RankSet::fromVector({5});
    noData.reason = "rank 5 sent no stacks";
    noData.score = 5;
    analysis->suspects = {blocker, noData};
    for (int r : {0, 1, 2, 3, 4, 6, 7}) {
        RankStackSummary summary;
        summary.rank = r;
        summary.progress = r == 2 ? RankProgress::Stuck : RankProgress::Progressing;
        summary.latest.cls = r == 2 ? StackClass::DataLoader : StackClass::CollectiveWait;
        summary.latest.operation = r == 2 ? "" : "all_reduce";
        analysis->ranks.push_back(summary);
    }
    return analysis;
}

namespace {
// Rank 5 sent nothing; rank 2 sits in its data loader.
StackDataset eightRanks()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 8; ++r) {
        if (r == 5)
            continue;
        stacks.push_back({r, r == 2 ? "main;train;step;next_batch;queue.get"
                                    : "main;train;step;backward;all_reduce"});
    }
    return makeDataset(8, stacks);
}
} // namespace

void StackPanelsTest::suspectsAreListedInOrderAndActivate()
{
    const auto data = eightRanks();
    const auto tree = makeTree(data);
    const auto analysis = handMadeAnalysis(*tree);
    SuspectsPanel panel;
    panel.resize(700, 300);
    panel.setAnalysis(analysis);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));

    QCOMPARE(panel.suspectCount(), 2);
    QAbstractItemModel *model = panel.view()->model();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("2"));
    QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("Blocker"));
    QCOMPARE(model->index(0, 2).data().toString(), QStringLiteral("next_batch"));
    QVERIFY(model->index(0, 3).data().toString().contains(QStringLiteral("all_reduce")));
    QCOMPARE(model->index(1, 1).data().toString(), QStringLiteral("No data"));

    QSignalSpy spy(&panel, &SuspectsPanel::suspectActivated);
    const QRect second = panel.view()->visualRect(model->index(1, 3));
    QTest::mouseClick(panel.view()->viewport(), Qt::LeftButton, {}, second.center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), -1);
    QCOMPARE(spy.at(0).at(1).value<RankSet>(), RankSet::fromVector({5}));

    const QRect first = panel.view()->visualRect(model->index(0, 0));
    QTest::mouseClick(panel.view()->viewport(), Qt::LeftButton, {}, first.center());
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).toInt(), nodeOf(*tree, "main;train;step;next_batch"));
    QCOMPARE(spy.at(1).at(1).value<RankSet>(), RankSet::fromVector({2}));

    // In a narrow dock the reason wraps inside the panel instead of being cut at its edge.
    panel.resize(380, 300);
    QTest::qWait(20);
    QCoreApplication::processEvents();
    const QRect reason = panel.view()->visualRect(model->index(0, 3));
    QVERIFY2(reason.right() <= panel.view()->viewport()->width(),
             qPrintable(QStringLiteral("reason ends at %1 of %2")
                            .arg(reason.right())
                            .arg(panel.view()->viewport()->width())));
    QVERIFY2(reason.height() >= 2 * panel.view()->fontMetrics().height(),
             qPrintable(QStringLiteral("reason row %1 px high").arg(reason.height())));
}

void StackPanelsTest::suspectsPanelWithoutAnalysis()
{
    SuspectsPanel panel;
    QCOMPARE(panel.suspectCount(), 0);
    QCOMPARE(panel.view()->model()->rowCount(), 0);
    auto empty = std::make_shared<StackAnalysis>();
    panel.setAnalysis(empty);
    // One explanatory row that does not activate anything.
    QCOMPARE(panel.view()->model()->rowCount(), 1);
    QSignalSpy spy(&panel, &SuspectsPanel::suspectActivated);
    emit panel.view()->clicked(panel.view()->model()->index(0, 0));
    QCOMPARE(spy.count(), 0);
}

void StackPanelsTest::rankListShowsDataNoDataAndProgress()
{
    const auto data = eightRanks();
    const auto tree = makeTree(data);
    RankListPanel panel;
    panel.setRanks(data.job, tree, handMadeAnalysis(*tree));
    QCOMPARE(panel.visibleRankCount(), 8);
    QAbstractItemModel *model = panel.view()->model();
    auto cell = [&](int rank, int column) {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (panel.visibleRank(row) == rank)
                return model->index(row, column).data().toString();
        }
        return QString();
    };
    QCOMPARE(cell(5, RankListPanel::StatusColumn), QStringLiteral("no data"));
    QCOMPARE(cell(4, RankListPanel::StatusColumn), QStringLiteral("yes"));
    QCOMPARE(cell(2, RankListPanel::ProgressColumn), QStringLiteral("stuck"));
    QCOMPARE(cell(3, RankListPanel::ProgressColumn), QStringLiteral("progressing"));
    QCOMPARE(cell(3, RankListPanel::ClassColumn), QStringLiteral("collective-wait (all_reduce)"));
    QCOMPARE(cell(7, RankListPanel::NodeColumn), QStringLiteral("node-0"));
    QCOMPARE(cell(7, RankListPanel::RoleColumn), QStringLiteral("trainer"));
    // Sorted numerically by rank.
    QCOMPARE(panel.visibleRank(0), 0);
    QCOMPARE(panel.visibleRank(7), 7);
}

void StackPanelsTest::rankListFiltersByRanksOrText()
{
    const auto data = eightRanks();
    const auto tree = makeTree(data);
    RankListPanel panel;
    panel.setRanks(data.job, tree, handMadeAnalysis(*tree));

    panel.setFilterText(QStringLiteral("0-2,6"));
    QCOMPARE(panel.visibleRankCount(), 4);
    QCOMPARE(panel.visibleRank(3), 6);
    panel.setFilterText(QStringLiteral("no data"));
    QCOMPARE(panel.visibleRankCount(), 1);
    QCOMPARE(panel.visibleRank(0), 5);
    panel.setFilterText(QStringLiteral("STUCK"));
    QCOMPARE(panel.visibleRankCount(), 1);
    QCOMPARE(panel.visibleRank(0), 2);
    panel.setFilterText(QStringLiteral("nothing like this"));
    QCOMPARE(panel.visibleRankCount(), 0);
    panel.setFilterText(QString());
    QCOMPARE(panel.visibleRankCount(), 8);
}

void StackPanelsTest::choosingARankEmitsIt()
{
    const auto data = eightRanks();
    const auto tree = makeTree(data);
    RankListPanel panel;
    panel.resize(600, 400);
    panel.setRanks(data.job, tree);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setFilterText(QStringLiteral("5-7"));
    QSignalSpy spy(&panel, &RankListPanel::rankChosen);
    const QModelIndex index = panel.view()->model()->index(1, 0);
    QTest::mouseClick(panel.view()->viewport(), Qt::LeftButton, {},
                      panel.view()->visualRect(index).center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 6);
}

QTEST_MAIN(StackPanelsTest)
#include "tst_stackpanels.moc"
