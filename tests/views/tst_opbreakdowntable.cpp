// The op breakdown table: columns, sorting by the raw numbers, and the ratio tint.
#include "TraceViewFixtures.h"
#include "views/traces/OpBreakdownModel.h"
#include "views/traces/OpBreakdownTable.h"

#include <QSortFilterProxyModel>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class OpBreakdownTableTest : public QObject
{
    Q_OBJECT

private slots:
    void showsTheComparisonsInMilliseconds();
    void sortsByTheNumbersNotTheText();
    void ratiosBeyondTheBandsAreTinted();
    void opsWithoutPeersOrWithoutTheRankSayWhy();
};

namespace {

QString cell(QAbstractItemModel *model, int row, int column, int role = Qt::DisplayRole)
{
    return model->data(model->index(row, column), role).toString();
}

} // namespace

void OpBreakdownTableTest::showsTheComparisonsInMilliseconds()
{
    OpBreakdownTable table;
    table.setComparisons(makeOpComparisons());
    QAbstractItemModel *model = table.model();
    QCOMPARE(model->rowCount(), 7);
    QCOMPARE(model->columnCount(), int(OpBreakdownModel::ColumnCount));
    // The model's order (largest difference first) until the user sorts.
    QVERIFY(cell(model, 0, OpBreakdownModel::OpColumn).startsWith(QStringLiteral("ampere_bf16")));
    QCOMPARE(cell(model, 0, OpBreakdownModel::KindColumn), QStringLiteral("compute kernel"));
    QCOMPARE(cell(model, 0, OpBreakdownModel::RankTotalColumn), QStringLiteral("34.80"));
    QCOMPARE(cell(model, 0, OpBreakdownModel::CountColumn), QStringLiteral("6"));
    QCOMPARE(cell(model, 0, OpBreakdownModel::PeerMedianColumn), QStringLiteral("25.20"));
    QCOMPARE(cell(model, 0, OpBreakdownModel::RatioColumn), QStringLiteral("×1.38"));
    QCOMPARE(model->headerData(OpBreakdownModel::RankTotalColumn, Qt::Horizontal).toString(),
             QStringLiteral("Rank total (ms)"));
    QVERIFY(!cell(model, 0, OpBreakdownModel::RatioColumn, Qt::ToolTipRole).isEmpty());
}

void OpBreakdownTableTest::sortsByTheNumbersNotTheText()
{
    OpBreakdownTable table;
    table.setComparisons(makeOpComparisons());
    QAbstractItemModel *model = table.model();
    // Rank totals 34.8, 49.7, 21.0, 16.6, 1.0, 0.12, 0.4: as text "0.12" < "1.00" < "16.60" <
    // "21.00" < "34.80" < "49.70" < "0.40" would be wrong at the 0.4.
    table.sortByColumn(OpBreakdownModel::RankTotalColumn, Qt::DescendingOrder);
    QStringList totals;
    for (int r = 0; r < model->rowCount(); ++r)
        totals << cell(model, r, OpBreakdownModel::RankTotalColumn);
    QCOMPARE(totals,
             (QStringList{QStringLiteral("49.70"), QStringLiteral("34.80"), QStringLiteral("21.00"),
                          QStringLiteral("16.60"), QStringLiteral("1.00"), QStringLiteral("0.400"),
                          QStringLiteral("0.120")}));
    table.sortByColumn(OpBreakdownModel::RatioColumn, Qt::DescendingOrder);
    // An op only this rank ran is the most unusual; then the highest ratio.
    QCOMPARE(cell(model, 0, OpBreakdownModel::OpColumn), QStringLiteral("aten::dropout"));
    for (int r = 1; r < model->rowCount(); ++r)
        QVERIFY(model->index(r - 1, OpBreakdownModel::RatioColumn)
                    .data(OpBreakdownModel::SortRole)
                    .toDouble() >= model->index(r, OpBreakdownModel::RatioColumn)
                                       .data(OpBreakdownModel::SortRole)
                                       .toDouble());
    QVERIFY(cell(model, model->rowCount() - 1, OpBreakdownModel::OpColumn)
                .startsWith(QStringLiteral("ncclDevKernel")));
    table.sortByColumn(OpBreakdownModel::OpColumn, Qt::AscendingOrder);
    QCOMPARE(cell(model, 0, OpBreakdownModel::OpColumn),
             QStringLiteral("ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_64x3_tn"));
}

void OpBreakdownTableTest::ratiosBeyondTheBandsAreTinted()
{
    OpBreakdownTable table;
    table.setComparisons(makeOpComparisons());
    QAbstractItemModel *model = table.model();
    auto background = [&](const char *prefix) {
        for (int r = 0; r < model->rowCount(); ++r) {
            if (cell(model, r, OpBreakdownModel::OpColumn).startsWith(QLatin1String(prefix)))
                return model->data(model->index(r, OpBreakdownModel::RatioColumn),
                                   Qt::BackgroundRole);
        }
        return QVariant();
    };
    QCOMPARE(background("ampere").value<QColor>(), OpBreakdownModel::slowerColour());        // 1.38
    QCOMPARE(background("ncclDevKernel").value<QColor>(), OpBreakdownModel::fasterColour()); // 0.36
    QVERIFY(!background("Memcpy").isValid());                                                // 1.00
    QVERIFY(!background("cudaLaunchKernel").isValid()); // 1.017: inside the band
    // Only the ratio column is tinted.
    QVERIFY(!model->data(model->index(0, OpBreakdownModel::RankTotalColumn), Qt::BackgroundRole)
                 .isValid());
}

void OpBreakdownTableTest::opsWithoutPeersOrWithoutTheRankSayWhy()
{
    OpComparison missing;
    missing.name = "aten::index_put_";
    missing.kind = TraceEventKind::CpuOp;
    missing.peerMedianNs = 2e6;
    missing.peers = 3;
    missing.peersWithOp = 3;
    OpBreakdownModel model;
    model.setComparisons({makeOpComparisons().back(), missing});
    QCOMPARE(model.data(model.index(0, OpBreakdownModel::RatioColumn)).toString(),
             QStringLiteral("only this rank"));
    QCOMPARE(model.data(model.index(1, OpBreakdownModel::RatioColumn)).toString(),
             QStringLiteral("not run"));
}

QTEST_MAIN(OpBreakdownTableTest)
#include "tst_opbreakdowntable.moc"
