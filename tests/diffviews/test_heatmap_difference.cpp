// The heatmap's difference mode (issue 5) on the offscreen platform: a hand-built
// target − baseline step-time matrix, coloured on a diverging scale around zero.
#include "views/ScreenshotSupport.h"
#include "views/TraceViewFixtures.h"

#include "views/heatmap/HeatmapColorScale.h"
#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapReduction.h"
#include "views/heatmap/HeatmapText.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace rankscope;
using namespace rankscope_test;

namespace {

constexpr int kSlowRank = 37;
constexpr int kFastRank = 12;
constexpr int kMissingRank = 5;
constexpr double kTypicalStepNs = 100e6; // the runs' usual step time

// Target minus baseline step time of 64 ranks x 100 iterations: noise of a few hundred
// microseconds around +1 ms, rank 37 38 ms slower from iteration 1060, rank 12 20 ms faster in
// iterations 1020-1029, and rank 5 missing from the baseline in iterations 1010-1014.
std::shared_ptr<MetricMatrix> differenceFixture()
{
    HeatmapFixture f = makeStepTimeFixture(64, 100, 8, kSlowRank, 60, 1000);
    MetricMatrix &m = *f.matrix;
    for (int r = 0; r < m.rowCount(); ++r) {
        for (int c = 0; c < m.columnCount(); ++c) {
            double value = 1e6 + jitterNs(r, c) * 0.5;
            if (r == kSlowRank && c >= 60)
                value += 38e6;
            if (r == kFastRank && c >= 20 && c < 30)
                value -= 20e6;
            if (r == kMissingRank && c >= 10 && c < 15)
                value = std::numeric_limits<double>::quiet_NaN();
            m.at(r, c) = value;
        }
    }
    return f.matrix;
}

QColor pixelAt(QWidget &widget, const QRect &cell)
{
    return widget.grab().toImage().pixelColor(cell.center());
}

bool isRed(const QColor &c)
{
    return c.red() > c.blue() + 40 && c.red() > c.green() + 40;
}

bool isBlue(const QColor &c)
{
    return c.blue() > c.red() + 40;
}

} // namespace

class HeatmapDifferenceTest : public QObject
{
    Q_OBJECT

private slots:
    void divergingScaleIsSymmetricAndRobust();
    void differenceReductionKeepsTheLargestChange();
    void positiveCellsAreRedAndNegativeBlue();
    void legendAndTooltipSpeakOfSignedDifferences();
    void toggleIsHiddenWithoutABaseline();
    void setDataReturnsToTheNormalScale();
    void rendersToPng();
};

void HeatmapDifferenceTest::divergingScaleIsSymmetricAndRobust()
{
    // 200 cells of ±1 ms noise and one hung cell at +2 s: the scale is symmetric, and the noise
    // stays pale instead of spanning the palette (the radius is at least a tenth of the largest).
    std::vector<double> values;
    for (int i = 0; i < 200; ++i)
        values.push_back((i % 2 == 0 ? 1.0 : -1.0) * 1e6);
    values.push_back(2e9);
    values.push_back(std::numeric_limits<double>::quiet_NaN());
    const HeatmapColorScale scale = HeatmapColorScale::diverging(values);
    QVERIFY(scale.isDiverging());
    QCOMPARE(scale.low(), -scale.high());
    QCOMPARE(scale.high(), 2e8);
    QCOMPARE(scale.dataMin(), -1e6);
    QCOMPARE(scale.dataMax(), 2e9);
    const QColor zero = QColor::fromRgb(scale.colour(0));
    QVERIFY(zero.red() > 240 && zero.green() > 240 && zero.blue() > 240);
    const QColor noise = QColor::fromRgb(scale.colour(1e6));
    QVERIFY(noise.red() > 230 && noise.green() > 220 && noise.blue() > 210);
    // A uniform shift: p98 sets the range, the one larger cell saturates.
    std::vector<double> shifted(100, 50e6);
    shifted[0] = 60e6;
    QCOMPARE(HeatmapColorScale::diverging(shifted).high(), 50e6);
    // A healthy pair: only ±1 ms noise on 100 ms steps. Knowing the usual step, the scale spans
    // at least ±10 ms, so the noise stays pale instead of filling the palette.
    std::vector<double> healthy;
    for (int i = 0; i < 100; ++i)
        healthy.push_back((i % 2 == 0 ? 1.0 : -1.0) * 1e6);
    QCOMPARE(HeatmapColorScale::diverging(healthy).high(), 1e6);
    QCOMPARE(HeatmapColorScale::diverging(healthy, 100e6).high(), 10e6);
    std::vector<double> steps{90e6, 100e6, 110e6, std::numeric_limits<double>::quiet_NaN()};
    QCOMPARE(HeatmapColorScale::typicalValue(steps), 100e6);
    // All zero: a valid range, everything white.
    const HeatmapColorScale flat = HeatmapColorScale::diverging(std::vector<double>(10, 0.0));
    QVERIFY(flat.high() > flat.low());
    QCOMPARE(flat.colour(0), scale.colour(0));
    // The sequential scale is untouched.
    QVERIFY(!HeatmapColorScale::fitted(shifted).isDiverging());
}

void HeatmapDifferenceTest::differenceReductionKeepsTheLargestChange()
{
    std::vector<double> values{1, -5, 2, std::numeric_limits<double>::quiet_NaN()};
    QCOMPARE(reduceHeatmapDifferences(HeatmapReduction::Max, values), -5.0);
    values = {1, -5, 2, 4};
    QCOMPARE(reduceHeatmapDifferences(HeatmapReduction::Mean, values), 0.5);
    std::vector<double> many(100, 1.0);
    many[3] = -50;
    QCOMPARE(reduceHeatmapDifferences(HeatmapReduction::P95, many), 1.0);
    QCOMPARE(reduceHeatmapDifferences(HeatmapReduction::Max, many), -50.0);
    // The normal reduction still takes the largest value.
    QCOMPARE(reduceHeatmapValues(HeatmapReduction::Max, many), 1.0);
}

void HeatmapDifferenceTest::positiveCellsAreRedAndNegativeBlue()
{
    HeatmapView view;
    view.resize(1000, 700);
    view.setDifferenceData(differenceFixture(), makeJob(64, 8), {}, kTypicalStepNs);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    HeatmapWidget &heatmap = *view.heatmap();
    QVERIFY(view.isDifferenceMode());
    QVERIFY(heatmap.scene().colorScale().isDiverging());

    const QColor slower = pixelAt(heatmap, heatmap.cellRect(kSlowRank, 1080));
    QVERIFY2(isRed(slower), qPrintable(slower.name()));
    const QColor faster = pixelAt(heatmap, heatmap.cellRect(kFastRank, 1025));
    QVERIFY2(isBlue(faster), qPrintable(faster.name()));
    const QColor unchanged = pixelAt(heatmap, heatmap.cellRect(20, 1050));
    QVERIFY2(unchanged.red() > 215 && unchanged.green() > 215 && unchanged.blue() > 215,
             qPrintable(unchanged.name()));

    // Squeezed so several ranks share a pixel row, the faster rank stays blue: the pixel shows
    // the largest change either way, not the largest value (which would be the +1 ms noise).
    heatmap.setReduction(HeatmapReduction::Max);
    view.resize(1000, 240);
    QTest::qWait(10);
    const QRect squeezed = heatmap.cellRect(kFastRank, 1025);
    QVERIFY(!squeezed.isEmpty());
    const QColor stillFaster = pixelAt(heatmap, squeezed);
    QVERIFY2(isBlue(stillFaster), qPrintable(stillFaster.name()));
}

void HeatmapDifferenceTest::legendAndTooltipSpeakOfSignedDifferences()
{
    QCOMPARE(HeatmapText::differenceText(TraceMetric::StepTime, 38e6), QStringLiteral("+38.0 ms"));
    QCOMPARE(HeatmapText::differenceText(TraceMetric::StepTime, -20e6),
             QStringLiteral("\u221220.0 ms"));
    QCOMPARE(HeatmapText::signedScaleText(TraceMetric::StepTime, -12.5e6),
             QStringLiteral("\u221212.50"));
    QCOMPARE(HeatmapText::signedScaleText(TraceMetric::StepTime, 0), QStringLiteral("0"));
    QVERIFY(HeatmapText::differenceLegendTitle(TraceMetric::StepTime, false, HeatmapReduction::Max)
                .contains(QStringLiteral("target − baseline")));

    HeatmapView view;
    view.resize(1000, 700);
    view.setDifferenceData(differenceFixture(), makeJob(64, 8), {}, kTypicalStepNs);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    HeatmapWidget &heatmap = *view.heatmap();
    const QString slow = heatmap.tooltipAt(heatmap.cellRect(kSlowRank, 1080).center());
    QVERIFY2(slow.contains(QStringLiteral("target − baseline")), qPrintable(slow));
    QVERIFY2(slow.contains(QStringLiteral("+39.")), qPrintable(slow));
    const QString fast = heatmap.tooltipAt(heatmap.cellRect(kFastRank, 1025).center());
    QVERIFY2(fast.contains(QStringLiteral("\u2212")), qPrintable(fast));
    const QString missing = heatmap.tooltipAt(heatmap.cellRect(kMissingRank, 1012).center());
    QVERIFY2(missing.contains(QStringLiteral("missing in one of the runs")), qPrintable(missing));
}

void HeatmapDifferenceTest::toggleIsHiddenWithoutABaseline()
{
    HeatmapView view;
    view.resize(1000, 700);
    HeatmapFixture f = makeStepTimeFixture();
    view.setData(f.matrix, f.outliers, f.job);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QToolButton *toggle = view.differenceButton();
    QVERIFY(!toggle->isVisible());
    QVERIFY(!view.isDifferenceRequested());

    QSignalSpy changed(&view, &HeatmapView::differenceModeChanged);
    view.setDifferenceAvailable(true);
    QVERIFY(toggle->isVisible());
    QTest::mouseClick(toggle, Qt::LeftButton);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toBool(), true);
    QVERIFY(view.isDifferenceRequested());
    // Until the owner hands over the difference, the plain matrix stays on its own scale.
    QVERIFY(!view.isDifferenceMode());
    view.setDifferenceData(differenceFixture(), f.job);
    QVERIFY(view.isDifferenceMode());
    QVERIFY(toggle->isChecked());
    QCOMPARE(changed.count(), 1); // handing data over does not emit

    // Closing the baseline hides the toggle and unchecks it without emitting.
    view.setDifferenceAvailable(false);
    QVERIFY(!toggle->isVisible());
    QVERIFY(!toggle->isChecked());
    QCOMPARE(changed.count(), 1);
}

void HeatmapDifferenceTest::setDataReturnsToTheNormalScale()
{
    HeatmapView view;
    view.resize(1000, 700);
    view.setDifferenceAvailable(true);
    view.setDifferenceData(differenceFixture(), makeJob(64, 8), {}, kTypicalStepNs);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.differenceButton()->isChecked());
    HeatmapFixture f = makeStepTimeFixture();
    view.setData(f.matrix, f.outliers, f.job);
    QVERIFY(!view.isDifferenceMode());
    QVERIFY(!view.differenceButton()->isChecked());
    QVERIFY(!view.heatmap()->scene().colorScale().isDiverging());
    // The straggler is dark red and a healthy cell pale yellow, never blue, on YlOrRd.
    HeatmapWidget &heatmap = *view.heatmap();
    const QColor healthy = pixelAt(heatmap, heatmap.cellRect(20, 1050));
    QVERIFY2(healthy.red() > healthy.blue() + 40, qPrintable(healthy.name()));
}

void HeatmapDifferenceTest::rendersToPng()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    HeatmapView view;
    view.resize(1400, 900);
    view.setDifferenceAvailable(true);
    view.setDifferenceData(differenceFixture(), makeJob(64, 8),
                           QStringLiteral("aligned by iteration number"), kTypicalStepNs);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.heatmap()->setSelectedCell(kSlowRank, 1080);
    const QImage image = view.grab().toImage();
    QCOMPARE(image.size(), QSize(1400, 900));
    QVERIFY(!saveScreenshot(image, dir.path(), QStringLiteral("heatmap-diff.png")).isEmpty());
}

QTEST_MAIN(HeatmapDifferenceTest)
#include "test_heatmap_difference.moc"
