// The Logs tab's step-time and loss chart (views/logs/StepSeriesChart): both series on their
// axes with units, the baseline's beside them, values under the mouse, the sentence above, the
// empty state and the export.
#include "core/logs/JobStepSeries.h"
#include "views/logs/LogsView.h"
#include "views/logs/StepSeriesChart.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QLineSeries>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace rankscope;

namespace {

// `n` Megatron iteration lines of no rank, about `stepMs` each, the first 20% slower.
std::shared_ptr<const JobStepSeries> megatronSeries(int n, double stepMs, unsigned seed)
{
    std::vector<LogIterationRecord> records;
    unsigned state = seed;
    for (int i = 1; i <= n; ++i) {
        state = state * 1103515245u + 12345u;
        const double jitter = (double((state >> 8) % 2001) / 1000.0 - 1.0) * 0.015;
        LogIterationRecord r;
        r.iteration = i;
        r.stepTimeMs = stepMs * (i == 1 ? 1.2 : 1.0 + jitter);
        r.loss = 11.0 * std::pow(0.97, i);
        r.framework = "megatron";
        records.push_back(r);
    }
    return std::make_shared<JobStepSeries>(jobStepSeries(records));
}

} // namespace

class StepSeriesChartTest : public QObject
{
    Q_OBJECT

private slots:
    void drawsStepTimeAndLossWithUnits()
    {
        StepSeriesChart chart;
        chart.resize(1000, 500);
        chart.setSeries(megatronSeries(40, 137500, 2), QStringLiteral("tonight"));
        QVERIFY(chart.hasData());
        QCOMPARE(chart.lineCount(), 2);
        QCOMPARE(chart.stepAxisTitle(), QStringLiteral("Step time (s)"));
        // The step time of iteration 1 in seconds, the loss on its own axis.
        auto *step = qobject_cast<QLineSeries *>(chart.chart()->series().at(0));
        QVERIFY(step);
        QCOMPARE(step->at(0).x(), 1.0);
        QCOMPARE(step->at(0).y(), 165.0);
        QVERIFY(chart.summaryText().contains(QStringLiteral("Megatron-LM")));
        QVERIFY(chart.summaryText().contains(QStringLiteral("iterations 5–40")));

        const QString hover = chart.hoverText(20.2);
        QVERIFY2(hover.contains(QStringLiteral("Iteration 20")), qPrintable(hover));
        QVERIFY(hover.contains(QStringLiteral("step time 13")));
        QVERIFY(hover.contains(QStringLiteral("loss ")));
        QVERIFY(chart.hoverText(400).isEmpty()); // beyond the run
    }

    void baselineBesideItAndTheSentence()
    {
        StepSeriesChart chart;
        chart.resize(1000, 500);
        chart.setSeries(megatronSeries(40, 137500, 2), QStringLiteral("tonight"));
        chart.setBaseline(megatronSeries(40, 125000, 1), QStringLiteral("last-week"));
        QCOMPARE(chart.lineCount(), 4);
        QVERIFY2(chart.summaryText().contains(QStringLiteral("% longer than the baseline's 12")),
                 qPrintable(chart.summaryText()));
        const QString hover = chart.hoverText(10);
        QVERIFY2(hover.contains(QStringLiteral("baseline last-week, iteration 10")),
                 qPrintable(hover));
        // A healthy baseline: no sentence about a change, the rule is said instead.
        chart.setBaseline(megatronSeries(40, 137000, 9), QStringLiteral("healthy"));
        QVERIFY2(chart.summaryText().contains(QStringLiteral("No significant change")),
                 qPrintable(chart.summaryText()));
        chart.setBaseline(nullptr, QString());
        QCOMPARE(chart.lineCount(), 2);
    }

    void withoutIterationLinesSaysWhy()
    {
        StepSeriesChart chart;
        chart.setSeries(std::make_shared<JobStepSeries>(), QStringLiteral("tonight"));
        QVERIFY(!chart.hasData());
        QCOMPARE(chart.lineCount(), 0);
        QVERIFY(!chart.chartView()->isVisibleTo(&chart));
    }

    void exportsPng()
    {
        QTemporaryDir dir;
        StepSeriesChart chart;
        chart.resize(1000, 500);
        chart.setSeries(megatronSeries(40, 137500, 2), QStringLiteral("tonight"));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QString file = dir.filePath(QStringLiteral("steps.png"));
        QString error;
        QVERIFY2(chart.exportImage(file, &error), qPrintable(error));
        QVERIFY(QFile(file).size() > 1000);
    }

    void logsViewHasTheChartPage()
    {
        LogsView view;
        view.setStepSeries(megatronSeries(40, 137500, 2), QStringLiteral("tonight"));
        QVERIFY(!view.isStepSeriesShown());
        view.showStepSeries();
        QVERIFY(view.isStepSeriesShown());
        QCOMPARE(view.pages()->tabText(view.pages()->currentIndex()),
                 QStringLiteral("Step time and loss"));
        view.setBaselineStepSeries(megatronSeries(40, 125000, 1), QStringLiteral("last-week"));
        QCOMPARE(view.stepChart()->lineCount(), 4);
    }
};

QTEST_MAIN(StepSeriesChartTest)
#include "tst_stepserieschart.moc"
