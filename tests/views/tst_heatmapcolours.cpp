// Issue 12, point 5: heatmap colours that do not mislead. The straggler outline leaves a hot
// cell hot, deviation metrics are coloured around the peer median, tiny matrices are drawn as
// lines, and the difference mode says why it cannot pair two runs.
#include "TraceViewFixtures.h"
#include "core/diff/WindowTableOverlap.h"
#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapText.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"

#include <QChartView>
#include <QComboBox>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

QImage grabImage(QWidget &widget)
{
    return widget.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

// A 12 x 16 step-time matrix whose hottest cell (rank 7, window 1011) is flagged slow.
HeatmapFixture hotCellFixture()
{
    HeatmapFixture f = makeStepTimeFixture(12, 16, 4, 7, 20);
    const int column = 11;
    const std::size_t index = std::size_t(7) * 16 + column;
    f.matrix->values[index] = 190e6;
    f.outliers->cellFlags[index] = OutlierFlag::Slow;
    return f;
}

TraceWindowTable windowTable(std::vector<int> ranks, std::int64_t first, std::int64_t last)
{
    TraceWindowTable table;
    for (const int rank : ranks) {
        for (std::int64_t w = first; w <= last; ++w) {
            TraceWindowRow row;
            row.rank = rank;
            row.window = w;
            table.rows.push_back(row);
        }
    }
    return table;
}

} // namespace

class HeatmapColoursTest : public QObject
{
    Q_OBJECT

private slots:
    void slowOutlineKeepsTheHottestCellHot();
    void thinSlowRowKeepsItsColour();
    void deviationMetricsDefaultToThePeerMedianScale();
    void peerMedianIsNeutralAndBothSidesDiffer();
    void ratioAndDifferenceLegends();
    void fewRanksAreDrawnAsLines();
    void lineChartClickSelectsTheRank();
    void differenceModeIsBlockedWithAReason();
};

void HeatmapColoursTest::slowOutlineKeepsTheHottestCellHot()
{
    HeatmapFixture f = hotCellFixture();
    HeatmapWidget widget;
    widget.setData(f.matrix, f.outliers, f.job);
    widget.resize(1000, 700);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage image = grabImage(widget);
    const QRect cell = widget.cellRect(7, 1011);
    QVERIFY(cell.width() >= 20 && cell.height() >= 20);
    const QColor hot = QColor::fromRgb(widget.scene().colorScale().colour(190e6));
    QCOMPARE(hot, HeatmapColorScale::stopColour(1.0)); // the top of the scale
    // The ring is the border's two pixels: blue outside, white inside ...
    QCOMPARE(image.pixelColor(cell.center().x(), cell.top()), HeatmapPainter::slowOutlineColour());
    QCOMPARE(image.pixelColor(cell.center().x(), cell.top() + 1),
             HeatmapPainter::slowOutlineInnerColour());
    QCOMPARE(image.pixelColor(cell.left(), cell.center().y()), HeatmapPainter::slowOutlineColour());
    // ... and every pixel inside it keeps the hottest colour (the grid gap is the last pixel).
    for (int y = cell.top() + 2; y <= cell.bottom() - 3; ++y)
        for (int x = cell.left() + 2; x <= cell.right() - 3; ++x)
            QVERIFY2(image.pixelColor(x, y) == hot,
                     qPrintable(QStringLiteral("%1,%2").arg(x).arg(y)));
}

void HeatmapColoursTest::thinSlowRowKeepsItsColour()
{
    // 1,024 ranks on a few hundred pixels: rank 700's slow run is a line of a pixel or two.
    HeatmapFixture f = makeStepTimeFixture(1024, 40, 8, 700, 10);
    HeatmapWidget widget;
    widget.setData(f.matrix, f.outliers, f.job);
    widget.resize(1000, 700);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage image = grabImage(widget);
    const QRect cell = widget.cellRect(700, 1025);
    QVERIFY(cell.height() <= 2);
    const QColor hot = QColor::fromRgb(widget.scene().colorScale().colour(138e6 + 2e6));
    const QColor shown = image.pixelColor(cell.center());
    // Still the hot end of the scale (max per pixel), not the outline's blue.
    QVERIFY2(shown.red() > 0x70 && shown.blue() < 0x50, qPrintable(shown.name()));
    QVERIFY2(std::abs(shown.red() - hot.red()) < 40, qPrintable(shown.name() + hot.name()));
    // The run is marked by blue caps just before its first cell.
    const QRect first = widget.cellRect(700, 1010);
    QCOMPARE(image.pixelColor(first.left() - 1, first.center().y()),
             HeatmapPainter::slowOutlineColour());
}

void HeatmapColoursTest::deviationMetricsDefaultToThePeerMedianScale()
{
    QVERIFY(isPeerRelativeMetric(TraceMetric::CollectiveWait));
    QVERIFY(isPeerRelativeMetric(TraceMetric::CausedWait));
    QVERIFY(isPeerRelativeMetric(TraceMetric::LateArrivals));
    QVERIFY(!isPeerRelativeMetric(TraceMetric::StepTime));
    QVERIFY(!isPeerRelativeMetric(TraceMetric::ComputeTime));

    HeatmapView view;
    HeatmapFixture f = makeStepTimeFixture();
    view.setData(f.matrix, f.outliers, f.job);
    QCOMPARE(HeatmapColorMode(view.colorModeCombo()->currentData().toInt()),
             HeatmapColorMode::Automatic);
    QVERIFY(!view.heatmap()->scene().isPeerMedianMode()); // step time: the value
    QVERIFY(!view.heatmap()->scene().colorScale().isDiverging());

    auto wait = std::make_shared<MetricMatrix>(*f.matrix);
    wait->metric = TraceMetric::CollectiveWait;
    view.setData(wait, f.outliers, f.job);
    QVERIFY(view.heatmap()->scene().isPeerMedianMode());
    QVERIFY(view.heatmap()->scene().colorScale().isDiverging());
    // The user's choice wins over the metric's default, both ways.
    view.colorModeCombo()->setCurrentIndex(
        view.colorModeCombo()->findData(int(HeatmapColorMode::Value)));
    QVERIFY(!view.heatmap()->scene().isPeerMedianMode());
    view.colorModeCombo()->setCurrentIndex(
        view.colorModeCombo()->findData(int(HeatmapColorMode::PeerMedian)));
    view.setData(f.matrix, f.outliers, f.job);
    QVERIFY(view.heatmap()->scene().isPeerMedianMode());
    QVERIFY(!view.colorModeCombo()->toolTip().isEmpty());
}

void HeatmapColoursTest::peerMedianIsNeutralAndBothSidesDiffer()
{
    HeatmapFixture f = makeStepTimeFixture(64, 40);
    f.matrix->metric = TraceMetric::CollectiveWait;
    const std::size_t columns = f.matrix->windows.size();
    f.matrix->values[std::size_t(10) * columns + 5] = 100e6; // exactly the peer median
    f.matrix->values[std::size_t(11) * columns + 5] = 50e6;  // half of it
    f.matrix->values[std::size_t(12) * columns + 5] = 200e6; // twice
    HeatmapWidget widget;
    widget.setData(f.matrix, f.outliers, f.job);
    widget.resize(1000, 800);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const PeerDeviation *deviation = widget.scene().peerDeviation();
    QVERIFY(deviation);
    QCOMPARE(deviation->kind, PeerDeviationKind::Ratio);
    const QImage image = grabImage(widget);
    auto colourOf = [&](int rank) {
        return image.pixelColor(widget.cellRect(rank, f.matrix->windows[5]).center());
    };
    const QColor neutral = colourOf(10);
    QVERIFY2(neutral.red() >= 0xf0 && neutral.green() >= 0xf0 && neutral.blue() >= 0xf0,
             qPrintable(neutral.name()));
    const QColor faster = colourOf(11);
    const QColor slower = colourOf(12);
    QVERIFY2(faster.blue() > faster.red() + 60, qPrintable(faster.name()));
    QVERIFY2(slower.red() > slower.blue() + 60, qPrintable(slower.name()));
    // Symmetric in ratio: ×0.5 and ×2 are equally far from the middle.
    const HeatmapColorScale &scale = widget.scene().colorScale();
    QCOMPARE(scale.position(deviation->values[std::size_t(11) * columns + 5]),
             1 - scale.position(deviation->values[std::size_t(12) * columns + 5]));
}

void HeatmapColoursTest::ratioAndDifferenceLegends()
{
    QCOMPARE(HeatmapText::peerScaleText(TraceMetric::CollectiveWait, PeerDeviationKind::Ratio,
                                        std::log2(1.25)),
             QStringLiteral("\u00d71.25"));
    QCOMPARE(
        HeatmapText::peerScaleText(TraceMetric::CollectiveWait, PeerDeviationKind::Ratio, -1.0),
        QStringLiteral("\u00d70.50"));
    QVERIFY(
        HeatmapText::peerScaleText(TraceMetric::CausedWait, PeerDeviationKind::Difference, 3.2e6)
            .endsWith(QStringLiteral(" ms")));
    // Caused wait is 0 on most ranks: no ratio to a zero median, the difference instead.
    HeatmapFixture f = makeStepTimeFixture(16, 10);
    f.matrix->metric = TraceMetric::CausedWait;
    for (double &v : f.matrix->values)
        v = 0;
    f.matrix->values[3] = 40e6;
    const PeerDeviation deviation = peerDeviation(*f.matrix, nullptr);
    QCOMPARE(deviation.kind, PeerDeviationKind::Difference);
    QCOMPARE(deviation.values[3], 40e6);
    QCOMPARE(deviation.values[4], 0.0);
    // The legend names the centre and both ends (pixels: the bar's middle is near-white).
    HeatmapWidget widget;
    HeatmapFixture wait = makeStepTimeFixture(32, 20);
    wait.matrix->metric = TraceMetric::CollectiveWait;
    widget.setData(wait.matrix, wait.outliers, wait.job);
    widget.resize(1100, 600);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QRect legend = widget.scene().layout(widget.size()).legend;
    QVERIFY(widget.tooltipAt(legend.center()).contains(HeatmapText::tr("median")));
}

void HeatmapColoursTest::fewRanksAreDrawnAsLines()
{
    QVERIFY(showsAsLines(HeatmapPresentation::Automatic, 4, 100));
    QVERIFY(showsAsLines(HeatmapPresentation::Automatic, 2048, 3));
    QVERIFY(!showsAsLines(HeatmapPresentation::Automatic, 64, 100));
    QVERIFY(!showsAsLines(HeatmapPresentation::Grid, 4, 100));
    QVERIFY(showsAsLines(HeatmapPresentation::Lines, 64, 100));

    HeatmapView view;
    view.resize(1100, 700);
    HeatmapFixture four = makeStepTimeFixture(4, 30, 4, 2, 10);
    view.setData(four.matrix, four.outliers, four.job);
    QVERIFY(view.isLineChartShown());
    QVERIFY(view.lineChart()->linesPerRank());
    QCOMPARE(view.lineChart()->dataLineCount(), 4);
    QVERIFY(!view.reductionCombo()->isEnabled());

    HeatmapFixture many = makeStepTimeFixture(64, 100);
    view.setData(many.matrix, many.outliers, many.job);
    QVERIFY(!view.isLineChartShown());
    QCOMPARE(view.lineChart()->dataLineCount(), 0);

    // Few windows of many ranks: a line per window over the ranks.
    HeatmapFixture wide = makeStepTimeFixture(256, 2);
    view.setData(wide.matrix, wide.outliers, wide.job);
    QVERIFY(view.isLineChartShown());
    QVERIFY(!view.lineChart()->linesPerRank());
    QCOMPARE(view.lineChart()->dataLineCount(), 2);

    // The user can always ask for the grid.
    view.presentationCombo()->setCurrentIndex(
        view.presentationCombo()->findData(int(HeatmapPresentation::Grid)));
    QVERIFY(!view.isLineChartShown());
}

void HeatmapColoursTest::lineChartClickSelectsTheRank()
{
    HeatmapView view;
    view.resize(1100, 700);
    HeatmapFixture four = makeStepTimeFixture(4, 30, 4, 2, 10);
    view.setData(four.matrix, four.outliers, four.job);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy selected(&view, &HeatmapView::selectionChanged);
    QSignalSpy activated(&view, &HeatmapView::cellActivated);
    const QPoint at = view.lineChart()->pointPosition(2, 1020);
    QVERIFY(at.x() >= 0);
    QCOMPARE(view.lineChart()->cellAt(at), std::make_pair(2, std::int64_t(1020)));
    QTest::mouseClick(view.lineChart()->chartView()->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.at(0).at(0).toInt(), 2);
    QCOMPARE(selected.at(0).at(1).toLongLong(), 1020);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(view.lineChart()->selectedRank(), 2);
    QCOMPARE(view.heatmap()->selectedRank(), 2); // the grid follows
    // Far from every point: nothing.
    QCOMPARE(view.lineChart()->cellAt(QPoint(2, 2)).first, -1);
}

void HeatmapColoursTest::differenceModeIsBlockedWithAReason()
{
    HeatmapView view;
    HeatmapFixture f = makeStepTimeFixture();
    view.setData(f.matrix, f.outliers, f.job);
    view.setDifferenceAvailable(true);
    QToolButton *button = view.differenceButton();
    QVERIFY(button->isEnabled());

    // Iterations 1-20 against 400-420: nothing pairs by number.
    const WindowTableOverlap iterations =
        windowTableOverlap(windowTable({0, 1, 2, 3}, 1, 20), windowTable({0, 1, 2, 3}, 400, 420));
    QCOMPARE(iterations.sharedRanks, 4);
    QCOMPARE(iterations.sharedWindows, 0);
    view.setDifferenceOverlap(WindowAxis::Iteration, iterations);
    view.setDifferenceOverlap(
        WindowAxis::TimeBin,
        windowTableOverlap(windowTable({0, 1, 2, 3}, 0, 30), windowTable({0, 1, 2, 3}, 0, 40)));
    view.setAxis(WindowAxis::Iteration);
    QVERIFY(!button->isEnabled());
    QVERIFY2(button->toolTip().contains(QStringLiteral("no iterations in common")) &&
                 button->toolTip().contains(QStringLiteral("1–20")) &&
                 button->toolTip().contains(QStringLiteral("400–420")),
             qPrintable(button->toolTip()));
    QSignalSpy toggled(&view, &HeatmapView::differenceModeChanged);
    button->setChecked(true); // from code, as the Diff tab's link does
    QVERIFY(!view.isDifferenceRequested());
    QCOMPARE(toggled.count(), 0);
    // Time bins count from each run's start: they pair.
    view.axisCombo()->setCurrentIndex(view.axisCombo()->findData(int(WindowAxis::TimeBin)));
    QVERIFY(button->isEnabled());

    // No rank in common: blocked on every axis, with both rank sets named.
    const WindowTableOverlap ranks =
        windowTableOverlap(windowTable({0, 1, 2, 3}, 1, 20), windowTable({8, 9, 10, 11}, 1, 20));
    QCOMPARE(ranks.sharedRanks, 0);
    view.setDifferenceOverlap(WindowAxis::TimeBin, ranks);
    QVERIFY(!button->isEnabled());
    QVERIFY2(button->toolTip().contains(QStringLiteral("0-3")) &&
                 button->toolTip().contains(QStringLiteral("8-11")),
             qPrintable(button->toolTip()));
    // A new baseline clears the reasons until its overlap is known.
    view.setDifferenceAvailable(true);
    QVERIFY(button->isEnabled());
}

QTEST_MAIN(HeatmapColoursTest)
#include "tst_heatmapcolours.moc"
