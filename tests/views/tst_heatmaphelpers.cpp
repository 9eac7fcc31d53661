// The heatmap's plain helpers: reductions, zoom arithmetic, pixel ranges, row order, colours.
#include "TraceViewFixtures.h"
#include "views/common/DurationText.h"
#include "views/heatmap/HeatmapColorScale.h"
#include "views/heatmap/HeatmapLayout.h"
#include "views/heatmap/HeatmapRaster.h"
#include "views/heatmap/HeatmapReduction.h"
#include "views/heatmap/HeatmapRowOrder.h"
#include "views/heatmap/HeatmapViewport.h"

#include <QtTest>

#include <limits>

using namespace rankscope;
using namespace rankscope_test;

class HeatmapHelpersTest : public QObject
{
    Q_OBJECT

private slots:
    void groupLabelsStayWholeAt512Ranks();
    void reductionsSkipNaN();
    void p95IsNearestRank();
    void viewportZoomKeepsAnchorAndClamps();
    void viewportPanStaysInside();
    void zoomedOutPixelsPartitionTheCells();
    void zoomedInPixelsRepeatOneCell();
    void rowOrderGroupsByNodeInOrderOfLowestRank();
    void rowOrderByParallelGroupAndWithoutJob();
    void colourScaleIsMonotonicAndNaNIsGrey();
    void colourScaleWidensANarrowRange();
    void rasterOutlinesMergeRunsOfFlaggedCells();
    void durationsReadWell();
};

void HeatmapHelpersTest::reductionsSkipNaN()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> values{1, nan, 3, 8, nan};
    QCOMPARE(reduceHeatmapValues(HeatmapReduction::Max, values), 8.0);
    values = {1, nan, 3, 8, nan};
    QCOMPARE(reduceHeatmapValues(HeatmapReduction::Mean, values), 4.0);
    std::vector<double> none{nan, nan};
    QVERIFY(std::isnan(reduceHeatmapValues(HeatmapReduction::Mean, none)));
    std::vector<double> empty;
    QVERIFY(std::isnan(reduceHeatmapValues(HeatmapReduction::Max, empty)));
}

void HeatmapHelpersTest::p95IsNearestRank()
{
    // 1..100: the 95th value is 95. One spike of 1000 among 100 does not move p95 but moves max.
    std::vector<double> values;
    for (int i = 1; i <= 100; ++i)
        values.push_back(double(i));
    QCOMPARE(reduceHeatmapValues(HeatmapReduction::P95, values), 95.0);
    std::vector<double> spike(99, 10.0);
    spike.push_back(1000.0);
    QCOMPARE(reduceHeatmapValues(HeatmapReduction::P95, spike), 10.0);
    QCOMPARE(reduceHeatmapValues(HeatmapReduction::Max, spike), 1000.0);
    std::vector<double> one{7.0};
    QCOMPARE(reduceHeatmapValues(HeatmapReduction::P95, one), 7.0);
}

void HeatmapHelpersTest::viewportZoomKeepsAnchorAndClamps()
{
    HeatmapViewport v;
    v.reset(64, 100);
    QVERIFY(!v.isZoomed());
    // Zoom 4x around column 30: column 30 stays at the same fraction (30%) of the view.
    v.zoomColumns(4, 30);
    QCOMPARE(v.columnSpan(), 25.0);
    QCOMPARE((30 - v.columnStart()) / v.columnSpan(), 0.3);
    QVERIFY(v.isZoomed());
    QCOMPARE(v.rowSpan(), 64.0); // rows untouched
    // Zooming in forever stops at one cell; out forever at the whole axis.
    for (int i = 0; i < 50; ++i)
        v.zoomColumns(2, 30.5);
    QCOMPARE(v.columnSpan(), 1.0);
    for (int i = 0; i < 50; ++i)
        v.zoomColumns(0.5, 30.5);
    QCOMPARE(v.columnSpan(), 100.0);
    QCOMPARE(v.columnStart(), 0.0);
    // Near the edge the view slides back inside instead of showing nothing.
    v.zoomRows(8, 63);
    QCOMPARE(v.rowSpan(), 8.0);
    QVERIFY(v.rowStart() + v.rowSpan() <= 64.0);
    QVERIFY(v.rowStart() >= 0.0);
}

void HeatmapHelpersTest::viewportPanStaysInside()
{
    HeatmapViewport v;
    v.reset(10, 10);
    v.pan(5, 5); // nothing to pan at full view
    QCOMPARE(v.rowStart(), 0.0);
    v.setColumns(2, 4);
    v.pan(0, 100);
    QCOMPARE(v.columnStart(), 6.0);
    v.pan(0, -100);
    QCOMPARE(v.columnStart(), 0.0);
}

void HeatmapHelpersTest::zoomedOutPixelsPartitionTheCells()
{
    // 1,024 ranks on 300 pixels: every rank in exactly one pixel, no pixel empty.
    const auto ranges = heatmapPixelRanges(1024, 0, 1024, 300);
    QCOMPARE(int(ranges.size()), 300);
    int expected = 0;
    for (const HeatmapCellRange &r : ranges) {
        QCOMPARE(r.first, expected);
        QVERIFY(r.count() >= 3 && r.count() <= 4);
        expected = r.last + 1;
    }
    QCOMPARE(expected, 1024);
}

void HeatmapHelpersTest::zoomedInPixelsRepeatOneCell()
{
    // 10 cells on 100 pixels: 10 pixels per cell, in order.
    const auto ranges = heatmapPixelRanges(10, 0, 10, 100);
    for (int p = 0; p < 100; ++p) {
        QCOMPARE(ranges[std::size_t(p)].first, p / 10);
        QCOMPARE(ranges[std::size_t(p)].count(), 1);
    }
    // A view starting half way through a cell shows that cell first.
    const auto shifted = heatmapPixelRanges(10, 2.5, 5, 50);
    QCOMPARE(shifted.front().first, 2);
    QCOMPARE(shifted.back().first, 7);
}

void HeatmapHelpersTest::rowOrderGroupsByNodeInOrderOfLowestRank()
{
    // Ranks 0..5 placed round-robin on nodes b, a, c: node b holds 0 and 3, a holds 1 and 4 ...
    MetricMatrix matrix;
    for (int r = 0; r < 6; ++r)
        matrix.ranks.push_back(r);
    matrix.windows = {0};
    matrix.values.assign(6, 1.0);
    JobInfo job;
    const char *nodes[] = {"b", "a", "c"};
    for (int r = 0; r < 6; ++r) {
        RankInfo info;
        info.rank = r;
        info.node = nodes[r % 3];
        job.ranks.push_back(info);
    }
    const HeatmapRowOrder order = HeatmapRowOrder::build(matrix, &job, {});
    QCOMPARE(order.matrixRowOf, (std::vector<int>{0, 3, 1, 4, 2, 5}));
    QCOMPARE(int(order.groups.size()), 3);
    QCOMPARE(order.groups[0].label, std::string("b"));
    QCOMPARE(order.groups[1].firstRow, 2);
    QCOMPARE(order.groups[2].rowCount, 2);
    for (int row = 0; row < 6; ++row)
        QCOMPARE(order.displayRowOf[std::size_t(order.matrixRowOf[std::size_t(row)])], row);
    QCOMPARE(order.groupOfRow, (std::vector<int>{0, 0, 1, 1, 2, 2}));
}

void HeatmapHelpersTest::rowOrderByParallelGroupAndWithoutJob()
{
    const HeatmapFixture f = makeStepTimeFixture(16, 4);
    const HeatmapRowOrder pp =
        HeatmapRowOrder::build(*f.matrix, f.job.get(), {HeatmapGroupingMode::ParallelGroup, "pp"});
    QCOMPARE(int(pp.groups.size()), 4);
    QCOMPARE(pp.groups[3].label, std::string("pp=3"));
    QCOMPARE(parallelGroupKeys(*f.job), (std::vector<std::string>{"dp", "pp"}));
    // dp groups interleave nodes: dp=0 holds ranks 0 and 8.
    const HeatmapRowOrder dp =
        HeatmapRowOrder::build(*f.matrix, f.job.get(), {HeatmapGroupingMode::ParallelGroup, "dp"});
    QCOMPARE(dp.matrixRowOf[0], 0);
    QCOMPARE(dp.matrixRowOf[1], 8);
    // No manifest: one unlabelled band in rank order.
    const HeatmapRowOrder none = HeatmapRowOrder::build(*f.matrix, nullptr, {});
    QCOMPARE(int(none.groups.size()), 1);
    QVERIFY(none.groups[0].label.empty());
    QCOMPARE(none.matrixRowOf[15], 15);
}

void HeatmapHelpersTest::colourScaleIsMonotonicAndNaNIsGrey()
{
    const std::vector<double> values{0.0, 50.0, 100.0, std::numeric_limits<double>::quiet_NaN()};
    const HeatmapColorScale scale = HeatmapColorScale::fitted(values);
    QCOMPARE(scale.low(), 0.0);
    QCOMPARE(scale.high(), 100.0);
    QCOMPARE(scale.dataMax(), 100.0);
    double previous = 2.0;
    for (int i = 0; i <= 10; ++i) {
        const double lightness = QColor::fromRgb(scale.colour(double(i * 10))).lightnessF();
        QVERIFY2(lightness < previous, qPrintable(QString::number(i)));
        previous = lightness;
    }
    QCOMPARE(scale.colour(std::numeric_limits<double>::quiet_NaN()),
             HeatmapColorScale::noDataColour());
    // Grey, and not a colour any value gets.
    const QColor grey = QColor::fromRgb(HeatmapColorScale::noDataColour());
    QCOMPARE(grey.red(), grey.blue());
    for (int i = 0; i <= 100; ++i)
        QVERIFY(scale.colour(double(i)) != HeatmapColorScale::noDataColour());
}

void HeatmapHelpersTest::colourScaleWidensANarrowRange()
{
    // Healthy noise of +-0.5% around 100 ms must not span the whole palette.
    const std::vector<double> values{99.5e6, 100e6, 100.5e6};
    const HeatmapColorScale scale = HeatmapColorScale::fitted(values);
    QVERIFY(scale.high() - scale.low() >= 9.9e6);
    QVERIFY(scale.position(99.5e6) > 0.3);
    QVERIFY(scale.position(100.5e6) < 0.7);
    QCOMPARE(scale.dataMin(), 99.5e6);
}

void HeatmapHelpersTest::rasterOutlinesMergeRunsOfFlaggedCells()
{
    const HeatmapFixture f = makeStepTimeFixture(64, 100);
    const HeatmapRowOrder order = HeatmapRowOrder::build(*f.matrix, f.job.get(), {});
    const HeatmapColorScale scale = HeatmapColorScale::fitted(f.matrix->values);
    HeatmapRasterInput input;
    input.matrix = f.matrix.get();
    input.order = &order;
    input.outliers = f.outliers.get();
    input.scale = &scale;
    HeatmapViewport viewport;
    viewport.reset(64, 100);
    const HeatmapRaster raster = buildHeatmapRaster(input, viewport, QSize(500, 320));
    // Rank 37 slow from column 60 to the end: one run; rank 12 column 30: one inconclusive.
    QCOMPARE(int(raster.outlines.size()), 2);
    const auto slow = std::find_if(raster.outlines.begin(), raster.outlines.end(),
                                   [](const HeatmapOutlineRun &r) { return r.slow; });
    QVERIFY(slow != raster.outlines.end());
    QCOMPARE(slow->rect, QRect(300, 37 * 5, 200, 5));
    QVERIFY(!raster.reduced());
    // The straggler's cells are darker than its own earlier cells.
    const QColor before = raster.image.pixelColor(100, 37 * 5 + 2);
    const QColor after = raster.image.pixelColor(400, 37 * 5 + 2);
    QVERIFY(after.lightnessF() < before.lightnessF() - 0.2);
    // Rank 5's missing cells are the grey hatch.
    const QRgb missing = raster.image.pixel(5 * 10 + 6, 5 * 5 + 2);
    QVERIFY(missing == HeatmapColorScale::noDataColour() ||
            missing == HeatmapColorScale::noDataHatchColour());
}

void HeatmapHelpersTest::durationsReadWell()
{
    QCOMPARE(DurationText::duration(850), QStringLiteral("850 ns"));
    QCOMPARE(DurationText::duration(12'400), QStringLiteral("12.4 µs"));
    QCOMPARE(DurationText::duration(3'270'000), QStringLiteral("3.27 ms"));
    QCOMPARE(DurationText::duration(138'200'000), QStringLiteral("138 ms"));
    QCOMPARE(DurationText::duration(1'250'000'000), QStringLiteral("1.250 s"));
    QCOMPARE(DurationText::offset(-500'000), QStringLiteral("\u2212500 µs"));
    QCOMPARE(DurationText::milliseconds(138.2e6), QStringLiteral("138.2"));
    QCOMPARE(DurationText::niceStep(3), 5.0);
    QCOMPARE(DurationText::niceStep(0.15), 0.2);
    QCOMPARE(DurationText::niceStep(10), 10.0);
}

// Issue 12 point 4: node labels never clip. 512 ranks in 64 nodes of 8 is a band of about six
// pixels per node: the labels thin out, but each one drawn is whole inside the cells and none
// overlaps the one above, the first included (it was cut by the top edge).
void HeatmapHelpersTest::groupLabelsStayWholeAt512Ranks()
{
    const QFont font;
    const QFontMetrics metrics(font);
    HeatmapViewport viewport;
    viewport.reset(512, 60);
    const HeatmapLayout layout = HeatmapLayout::compute(
        QSize(1000, 460), metrics, metrics.horizontalAdvance(QStringLiteral("node-63")), viewport);
    QVERIFY(!layout.groupColumn.isEmpty());
    QVERIFY(layout.pixelsPerRow() * 8 < metrics.height()); // a label is taller than its band
    std::vector<HeatmapRowGroup> nodes;
    for (int node = 0; node < 64; ++node)
        nodes.push_back({"node-" + std::to_string(node), node * 8, 8});
    const auto labels = placeGroupLabels(layout, nodes, metrics.height());
    QVERIFY(labels.size() >= 10);
    QCOMPARE(labels.front().group, std::size_t(0)); // node-0 is labelled
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const QRect &r = labels[i].rect;
        QVERIFY2(
            r.top() >= layout.cells.top() && r.bottom() <= layout.cells.bottom(),
            qPrintable(QStringLiteral("label %1 at %2..%3").arg(i).arg(r.top()).arg(r.bottom())));
        QVERIFY(layout.groupColumn.contains(r.topLeft()));
        if (i > 0)
            QVERIFY(r.top() > labels[i - 1].rect.bottom());
    }
}

QTEST_MAIN(HeatmapHelpersTest) // font metrics need a GUI application
#include "tst_heatmaphelpers.moc"
