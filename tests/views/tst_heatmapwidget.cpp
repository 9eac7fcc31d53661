// The heatmap widget on the offscreen platform, with a hand-built 64-rank x 100-iteration step
// time matrix: rank 37 (node-04) is 38% slower from iteration 1060 and flagged.
#include "ScreenshotSupport.h"
#include "TraceViewFixtures.h"
#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapText.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

constexpr int kStraggler = 37;

QImage grab(QWidget &widget)
{
    return widget.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

void sendWheel(QWidget &widget, QPoint pos, int delta, Qt::KeyboardModifiers modifiers = {})
{
    QWheelEvent event(QPointF(pos), QPointF(widget.mapToGlobal(pos)), QPoint(), QPoint(0, delta),
                      Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&widget, &event);
}

bool hasColourAlong(const QImage &image, int y, int x0, int x1, const QColor &colour)
{
    for (int x = x0; x <= x1; ++x) {
        if (image.pixelColor(x, y) == colour)
            return true;
    }
    return false;
}

} // namespace

class HeatmapWidgetTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void rendersToPng();
    void reductionMaxAndMeanDifferOnATinyWidget();
    void clickEmitsRankAndWindow();
    void clickInRowHeaderSelectsTheRank();
    void tooltipNamesRankNodeValueAndPeers();
    void wheelZoomsAroundTheCursor();
    void dragAndKeysPanAndHomeResets();
    void outlierCellsAreOutlinedWhereFlagged();
    void stuckRanksAreMarkedInTheRowHeader();
    void followsASharedSelectionWithoutEmitting();
    void marksEveryRankOfAMultiRankSelection();
    void groupingChangesTheBands();
    void emptyAndMismatchedDataDoNotCrash();
    void timeBinsAreLabelledInSecondsFromTheStart();
    void viewToolbarEmitsRequestsAndFollowsData();

private:
    void showWidget(HeatmapWidget &widget, QSize size);
    HeatmapFixture m_data;
    QTemporaryDir m_dir;
};

void HeatmapWidgetTest::init()
{
    m_data = makeStepTimeFixture();
}

void HeatmapWidgetTest::showWidget(HeatmapWidget &widget, QSize size)
{
    widget.setMinimumSize(0, 0);
    widget.resize(size);
    widget.setData(m_data.matrix, m_data.outliers, m_data.job);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
}

void HeatmapWidgetTest::rendersToPng()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    const QImage image = grab(widget);
    const QString path = saveScreenshot(image, m_dir.path(), QStringLiteral("heatmap-64x100.png"));
    QVERIFY(!path.isEmpty());
    QImage reread(path);
    QCOMPARE(reread.size(), QSize(1100, 760));

    // The straggler's late cells are dark red; its early cells and a healthy peer are pale.
    const QPoint slow = widget.cellRect(kStraggler, 1080).center();
    const QPoint early = widget.cellRect(kStraggler, 1020).center();
    const QPoint peer = widget.cellRect(kStraggler - 1, 1080).center();
    const QColor slowColour = image.pixelColor(slow);
    QVERIFY2(slowColour.red() > 100 && slowColour.green() < 60, qPrintable(slowColour.name()));
    QVERIFY(image.pixelColor(early).lightnessF() > slowColour.lightnessF() + 0.3);
    QVERIFY(image.pixelColor(peer).lightnessF() > slowColour.lightnessF() + 0.3);
    // Missing data is grey, not a colour of the scale.
    const QColor missing = image.pixelColor(widget.cellRect(5, 1012).center());
    QCOMPARE(missing.red(), missing.blue());
}

void HeatmapWidgetTest::reductionMaxAndMeanDifferOnATinyWidget()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(200, 90));
    const HeatmapRaster &raster = widget.scene().raster(widget.size());
    QVERIFY2(raster.reduced(), "64 x 100 cells must not fit this widget");
    QVERIFY(raster.maxRowsPerPixel >= 2);

    // A pixel row that holds the straggler together with a neighbour.
    const HeatmapLayout layout = widget.scene().layout(widget.size());
    const int row = widget.scene().displayRowOfRank(kStraggler);
    int y = -1;
    for (std::size_t p = 0; p < raster.rowsOfY.size(); ++p) {
        if (raster.rowsOfY[p].first <= row && raster.rowsOfY[p].last >= row &&
            raster.rowsOfY[p].count() >= 2)
            y = layout.cells.top() + int(p);
    }
    QVERIFY(y >= 0);
    const QPoint at(widget.cellRect(kStraggler, 1080).center().x(), y);
    widget.setReduction(HeatmapReduction::Max);
    const QColor max = grab(widget).pixelColor(at);
    widget.setReduction(HeatmapReduction::Mean);
    const QColor mean = grab(widget).pixelColor(at);
    QVERIFY2(max != mean, qPrintable(max.name() + QLatin1Char(' ') + mean.name()));
    // Max keeps the slow rank's value; mean blends it with its pixel neighbour.
    QVERIFY(max.lightnessF() < mean.lightnessF());
    // The legend names the reduction when cells share pixels.
    QVERIFY(HeatmapText::legendTitle(TraceMetric::StepTime, true, HeatmapReduction::Mean)
                .contains(QStringLiteral("mean")));
}

void HeatmapWidgetTest::clickEmitsRankAndWindow()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    QSignalSpy activated(&widget, &HeatmapWidget::cellActivated);
    QSignalSpy selected(&widget, &HeatmapWidget::selectionChanged);
    const QPoint at = widget.cellRect(21, 1042).center();
    QTest::mouseClick(&widget, Qt::LeftButton, {}, at);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).toInt(), 21);
    QCOMPARE(activated.at(0).at(1).toLongLong(), 1042);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(widget.selectedRank(), 21);
    QVERIFY(widget.hasSelectedWindow());
    QCOMPARE(widget.selectedWindow(), 1042);
    // The selected cell is boxed in the selection colour.
    const QImage image = grab(widget);
    const QRect cell = widget.cellRect(21, 1042);
    QVERIFY(hasColourAlong(image, cell.top() - 4, cell.left() - 6, cell.right() + 6,
                           HeatmapPainter::selectionColour()) ||
            hasColourAlong(image, cell.top() - 3, cell.left() - 6, cell.right() + 6,
                           HeatmapPainter::selectionColour()) ||
            hasColourAlong(image, cell.top() - 2, cell.left() - 6, cell.right() + 6,
                           HeatmapPainter::selectionColour()));
    // Escape clears it and says so.
    QTest::keyClick(&widget, Qt::Key_Escape);
    QCOMPARE(widget.selectedRank(), -1);
    QCOMPARE(selected.count(), 2);
    QCOMPARE(selected.at(1).at(0).toInt(), -1);
}

void HeatmapWidgetTest::clickInRowHeaderSelectsTheRank()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    QSignalSpy activated(&widget, &HeatmapWidget::cellActivated);
    QSignalSpy selected(&widget, &HeatmapWidget::selectionChanged);
    const QRect cell = widget.cellRect(50, 1000);
    QTest::mouseClick(&widget, Qt::LeftButton, {}, QPoint(cell.left() - 20, cell.center().y()));
    QCOMPARE(activated.count(), 0);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.at(0).at(0).toInt(), 50);
    QCOMPARE(selected.at(0).at(1).toLongLong(), -1);
    QVERIFY(!widget.hasSelectedWindow());
}

void HeatmapWidgetTest::tooltipNamesRankNodeValueAndPeers()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    const QString text = widget.tooltipAt(widget.cellRect(kStraggler, 1070).center());
    QVERIFY2(text.contains(QStringLiteral("rank 37")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("node-04")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("iteration 1070")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Step time")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral(" ms")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("peer median: 100 ms")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("deviation: +3")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("slower than its peers")), qPrintable(text));
    // A missing cell says so instead of inventing a value.
    const QString missing = widget.tooltipAt(widget.cellRect(5, 1012).center());
    QVERIFY2(missing.contains(QStringLiteral("no data")), qPrintable(missing));
    // A healthy cell has no flag.
    const QString healthy = widget.tooltipAt(widget.cellRect(3, 1050).center());
    QVERIFY(!healthy.contains(QStringLiteral("slower")));
}

void HeatmapWidgetTest::wheelZoomsAroundTheCursor()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    QSignalSpy changed(&widget, &HeatmapWidget::viewportChanged);
    const QPoint at = widget.cellRect(kStraggler, 1075).center();
    sendWheel(widget, at, 360); // three notches in
    QVERIFY(widget.viewport().columnSpan() < 60);
    QCOMPARE(widget.viewport().rowSpan(), 64.0); // plain wheel zooms the windows only
    QVERIFY(changed.count() >= 1);
    // The cell under the cursor is still under it.
    const HeatmapHit hit = widget.hitTest(at);
    QCOMPARE(hit.rank, kStraggler);
    QCOMPARE(hit.window, 1075);
    // Ctrl+wheel zooms the ranks, and the column header follows the zoom.
    sendWheel(widget, at, 480, Qt::ControlModifier);
    QVERIFY(widget.viewport().rowSpan() < 32);
    QCOMPARE(widget.hitTest(at).rank, kStraggler);
    const QRect far = widget.cellRect(0, 1000);
    QVERIFY2(far.isEmpty(), "rank 0, iteration 1000 must be scrolled away");
    // Zooming out past everything shows everything again.
    sendWheel(widget, at, -3000);
    sendWheel(widget, at, -3000, Qt::ControlModifier);
    QVERIFY(!widget.viewport().isZoomed());
}

void HeatmapWidgetTest::dragAndKeysPanAndHomeResets()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    widget.zoomColumns(4);
    widget.zoomRows(4);
    const double column = widget.viewport().columnStart();
    const double row = widget.viewport().rowStart();
    const QPoint from = widget.cellRect(kStraggler, 1050).center();
    QTest::mousePress(&widget, Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(from + QPoint(-200, -100)),
                     QPointF(widget.mapToGlobal(from + QPoint(-200, -100))), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&widget, &move);
    QSignalSpy activated(&widget, &HeatmapWidget::cellActivated);
    QTest::mouseRelease(&widget, Qt::LeftButton, {}, from + QPoint(-200, -100));
    QVERIFY(widget.viewport().columnStart() > column); // dragged left: later windows come in
    QVERIFY(widget.viewport().rowStart() > row);
    QCOMPARE(activated.count(), 0); // a drag is not a click
    const double afterDrag = widget.viewport().columnStart();
    QTest::keyClick(&widget, Qt::Key_Left);
    QVERIFY(widget.viewport().columnStart() < afterDrag);
    const double span = widget.viewport().columnSpan();
    QTest::keyClick(&widget, Qt::Key_Plus);
    QVERIFY(widget.viewport().columnSpan() < span);
    QTest::keyClick(&widget, Qt::Key_Home);
    QVERIFY(!widget.viewport().isZoomed());
    // W/S zoom and A/D pan as in Perfetto and Nsight; Shift+W zooms the ranks; Ctrl+W is not ours.
    QTest::keyClick(&widget, Qt::Key_W);
    const double wSpan = widget.viewport().columnSpan();
    QVERIFY(widget.viewport().isZoomed());
    QTest::keyClick(&widget, Qt::Key_D);
    const double dStart = widget.viewport().columnStart();
    QVERIFY(dStart > 0);
    QTest::keyClick(&widget, Qt::Key_A);
    QVERIFY(widget.viewport().columnStart() < dStart);
    const double rowSpan = widget.viewport().rowSpan();
    QTest::keyClick(&widget, Qt::Key_W, Qt::ShiftModifier);
    QVERIFY(widget.viewport().rowSpan() < rowSpan);
    QCOMPARE(widget.viewport().columnSpan(), wSpan);
    QTest::keyClick(&widget, Qt::Key_W, Qt::ControlModifier);
    QCOMPARE(widget.viewport().columnSpan(), wSpan);
    QTest::keyClick(&widget, Qt::Key_S);
    QVERIFY(widget.viewport().columnSpan() > wSpan);
}

void HeatmapWidgetTest::outlierCellsAreOutlinedWhereFlagged()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    const QImage image = grab(widget);
    saveScreenshot(image, m_dir.path(), QStringLiteral("heatmap-outlines.png"));
    const QColor slow = HeatmapPainter::slowOutlineColour();
    // Every flagged cell of rank 37 has the strong outline on its top edge ...
    for (const qint64 window : {1060, 1075, 1099}) {
        const QRect cell = widget.cellRect(kStraggler, window);
        QVERIFY2(hasColourAlong(image, cell.top(), cell.left(), cell.right(), slow) ||
                     hasColourAlong(image, cell.top() + 1, cell.left(), cell.right(), slow),
                 qPrintable(QString::number(window)));
    }
    // ... and the cells before the change, and the peers', have none.
    for (const auto &[rank, window] : {std::pair{kStraggler, 1059}, std::pair{36, 1070},
                                       std::pair{38, 1080}, std::pair{kStraggler, 1010}}) {
        const QRect cell = widget.cellRect(rank, window);
        for (int y = cell.top() + 2; y < cell.bottom() - 1; ++y)
            QVERIFY2(!hasColourAlong(image, y, cell.left() + 2, cell.right() - 2, slow),
                     qPrintable(QStringLiteral("%1/%2").arg(rank).arg(window)));
    }
    // The inconclusive cell (rank 12, iteration 1030) gets the subtle dashed outline.
    const QRect unsure = widget.cellRect(12, 1030);
    bool dashed = false;
    for (int y = unsure.top(); y <= unsure.top() + 1 && !dashed; ++y)
        dashed = hasColourAlong(image, y, unsure.left(), unsure.right(),
                                HeatmapPainter::inconclusiveOutlineColour());
    QVERIFY(dashed);
}

void HeatmapWidgetTest::stuckRanksAreMarkedInTheRowHeader()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    const int y = widget.cellRect(kStraggler, 1000).center().y();
    const HeatmapLayout layout = widget.scene().layout(widget.size());
    const int x = layout.markerColumn.center().x();
    QVERIFY(grab(widget).pixelColor(x, y) != HeatmapPainter::stuckMarkColour());
    widget.setStuckRanks({kStraggler});
    QCOMPARE(grab(widget).pixelColor(x, y), HeatmapPainter::stuckMarkColour());
    QVERIFY(widget.tooltipAt(QPoint(x, y)).contains(QStringLiteral("stuck")));
}

void HeatmapWidgetTest::followsASharedSelectionWithoutEmitting()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    QSignalSpy selected(&widget, &HeatmapWidget::selectionChanged);
    QSignalSpy activated(&widget, &HeatmapWidget::cellActivated);
    widget.setSelectedRank(kStraggler);
    QCOMPARE(widget.selectedRank(), kStraggler);
    QVERIFY(!widget.hasSelectedWindow());
    QCOMPARE(selected.count(), 0);
    QCOMPARE(activated.count(), 0);
    // Zoomed into the last ranks, selecting rank 0 scrolls it into view.
    widget.zoomRows(8);
    widget.setSelectedRank(63);
    widget.setSelectedRank(0);
    QVERIFY(widget.viewport().rowStart() <= 0.0 + 1e-9);
    QVERIFY(!widget.cellRect(0, 1000).isEmpty());
    widget.setSelectedCell(63, 1099);
    QVERIFY(!widget.cellRect(63, 1099).isEmpty());
    QCOMPARE(selected.count(), 0);
}

// A finding naming several ranks: each of their rows gets the selection mark in the header, the
// rows between them do not; a click narrows the selection to the clicked rank.
void HeatmapWidgetTest::marksEveryRankOfAMultiRankSelection()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    QSignalSpy selected(&widget, &HeatmapWidget::selectionChanged);
    const RankSet ranks = RankSet::fromVector({5, kStraggler, 60});
    widget.setSelectedRanks(ranks);
    QCOMPARE(widget.selectedRanks(), ranks);
    QCOMPARE(widget.selectedRank(), 5);
    QCOMPARE(selected.count(), 0);
    const HeatmapLayout layout = widget.scene().layout(widget.size());
    const QImage image = grab(widget);
    const int x = layout.markerColumn.left();
    for (int rank : {5, kStraggler, 60, 20}) {
        const int y = widget.cellRect(rank, 1000).center().y();
        const bool marked = image.pixelColor(x, y) == HeatmapPainter::selectionColour();
        QVERIFY2(marked == ranks.contains(rank), qPrintable(QString::number(rank)));
    }
    widget.setSelectedRank(kStraggler);
    QCOMPARE(widget.selectedRanks(), RankSet::fromVector({kStraggler}));
}

void HeatmapWidgetTest::groupingChangesTheBands()
{
    HeatmapWidget widget;
    showWidget(widget, QSize(1100, 760));
    QCOMPARE(int(widget.scene().rowOrder().groups.size()), 8);
    widget.setGrouping({HeatmapGroupingMode::Role, {}});
    QCOMPARE(int(widget.scene().rowOrder().groups.size()), 2); // trainer-0 and trainer
    widget.setGrouping({HeatmapGroupingMode::ParallelGroup, "dp"});
    QCOMPARE(int(widget.scene().rowOrder().groups.size()), 8);
    // dp=5 holds ranks 5, 13, ..., 61: rank 37 is its 5th row.
    const QPoint at = widget.cellRect(kStraggler, 1080).center();
    QCOMPARE(widget.hitTest(at).rank, kStraggler);
    QCOMPARE(widget.scene().displayRowOfRank(kStraggler), 5 * 8 + 4);
    widget.setGrouping({HeatmapGroupingMode::None, {}});
    QCOMPARE(widget.scene().displayRowOfRank(kStraggler), kStraggler);
    saveScreenshot(grab(widget), m_dir.path(), QStringLiteral("heatmap-nogroups.png"));
}

void HeatmapWidgetTest::emptyAndMismatchedDataDoNotCrash()
{
    HeatmapWidget widget;
    widget.resize(400, 300);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    widget.clear(QStringLiteral("Loading…"));
    grab(widget);
    QVERIFY(widget.tooltipAt(QPoint(200, 150)).isEmpty());
    QTest::mouseClick(&widget, Qt::LeftButton, {}, QPoint(200, 150));
    // Outlier flags of another shape are ignored rather than outlining the wrong cells.
    auto wrong = std::make_shared<SpatialOutliers>();
    wrong->cellFlags.assign(10, OutlierFlag::Slow);
    widget.setData(m_data.matrix, wrong, nullptr);
    QVERIFY(widget.scene().outliers() == nullptr);
    grab(widget);
    // One rank, one window.
    auto single = std::make_shared<MetricMatrix>();
    single->ranks = {3};
    single->windows = {7};
    single->values = {5e6f};
    widget.setData(single);
    const QImage image = grab(widget);
    QCOMPARE(widget.hitTest(widget.cellRect(3, 7).center()).rank, 3);
    Q_UNUSED(image);
}

void HeatmapWidgetTest::timeBinsAreLabelledInSecondsFromTheStart()
{
    auto bins = std::make_shared<MetricMatrix>(*m_data.matrix);
    bins->axis = WindowAxis::TimeBin;
    for (std::size_t c = 0; c < bins->windows.size(); ++c)
        bins->windows[c] = std::int64_t(c); // bin index from the job's start
    QCOMPARE(HeatmapText::tickLabel(*bins, 25), QStringLiteral("2.5 s"));
    QCOMPARE(HeatmapText::windowLabel(*bins, 25),
             QStringLiteral("time 2.500 s – 2.600 s (bin 25)"));
    HeatmapWidget widget;
    widget.setMinimumSize(0, 0);
    widget.resize(900, 600);
    widget.setData(bins, m_data.outliers, m_data.job);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QString text = widget.tooltipAt(widget.cellRect(kStraggler, 70).center());
    QVERIFY2(text.contains(QStringLiteral("time 7.000 s")), qPrintable(text));
    saveScreenshot(grab(widget), m_dir.path(), QStringLiteral("heatmap-timebins.png"));
}

void HeatmapWidgetTest::viewToolbarEmitsRequestsAndFollowsData()
{
    HeatmapView view;
    view.resize(1200, 700);
    QSignalSpy metric(&view, &HeatmapView::metricChanged);
    QSignalSpy axis(&view, &HeatmapView::axisChanged);
    view.setData(m_data.matrix, m_data.outliers, m_data.job);
    QCOMPARE(metric.count(), 0); // following the data is not a request
    QCOMPARE(view.metric(), TraceMetric::StepTime);
    QCOMPARE(view.metricCombo()->count(), kTraceMetricCount);
    view.metricCombo()->setCurrentIndex(int(TraceMetric::CollectiveWait));
    QCOMPARE(metric.count(), 1);
    QCOMPARE(metric.at(0).at(0).value<TraceMetric>(), TraceMetric::CollectiveWait);
    view.axisCombo()->setCurrentIndex(1);
    QCOMPARE(axis.count(), 1);
    QCOMPARE(axis.at(0).at(0).value<WindowAxis>(), WindowAxis::TimeBin);
    // Reduction and grouping apply without a reload; the job's group keys are offered.
    view.reductionCombo()->setCurrentIndex(2);
    QCOMPARE(view.heatmap()->reduction(), HeatmapReduction::P95);
    QVERIFY(view.groupingCombo()->findText(QStringLiteral("pp group")) >= 0);
    view.groupingCombo()->setCurrentIndex(view.groupingCombo()->findText(QStringLiteral("role")));
    QCOMPARE(view.heatmap()->grouping().mode, HeatmapGroupingMode::Role);
    QSignalSpy activated(&view, &HeatmapView::cellActivated);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::mouseClick(view.heatmap(), Qt::LeftButton, {},
                      view.heatmap()->cellRect(kStraggler, 1090).center());
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).toInt(), kStraggler);
}

QTEST_MAIN(HeatmapWidgetTest)
#include "tst_heatmapwidget.moc"
