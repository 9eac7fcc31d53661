// The heatmap's difference mode (issue 5): target minus baseline per rank and window, with
// iteration axes aligned by number when the runs share one, else by position.

#include "core/diff/MetricMatrixDiff.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace rankscope;

namespace {

const double kNaN = std::nan("");

// A step-time matrix whose cell (rank r, window w) is `value(r, w)`.
template <typename Value>
MetricMatrix matrix(WindowAxis axis, std::vector<int> ranks, std::vector<std::int64_t> windows,
                    Value value)
{
    MetricMatrix m;
    m.metric = TraceMetric::StepTime;
    m.axis = axis;
    m.ranks = std::move(ranks);
    m.windows = std::move(windows);
    for (std::int64_t w : m.windows) {
        m.windowStartNs.push_back(w * 1000);
        m.windowEndNs.push_back(w * 1000 + 1000);
    }
    for (int r : m.ranks)
        for (std::int64_t w : m.windows)
            m.values.push_back(value(r, w));
    return m;
}

} // namespace

class MetricMatrixDiffTest : public QObject
{
    Q_OBJECT

private slots:
    void alignedByIterationNumber();
    void alignedByPositionWithoutSharedNumbers();
    void timeBinsByPosition();
    void missingValuesStayNaN();
    void unlikeMatricesPairNothing();
};

void MetricMatrixDiffTest::alignedByIterationNumber()
{
    // The baseline has ranks 0-2 and iterations 5-7; the target ranks 0, 1 and 3 and
    // iterations 6-8.
    const MetricMatrix baseline = matrix(WindowAxis::Iteration, {0, 1, 2}, {5, 6, 7},
                                         [](int r, std::int64_t w) { return double(100 * r + w); });
    const MetricMatrix target =
        matrix(WindowAxis::Iteration, {0, 1, 3}, {6, 7, 8},
               [](int r, std::int64_t w) { return double(100 * r + w) + double(r + 1) * 10; });
    const MetricMatrixDifference d = differenceMatrix(baseline, target);

    QCOMPARE(d.alignment, WindowAlignment::ByNumber);
    QCOMPARE(d.windowShift, 0);
    QCOMPARE(d.matrix.ranks, target.ranks);
    QCOMPARE(d.matrix.windows, target.windows);
    QCOMPARE(d.matrix.windowStartNs, target.windowStartNs);
    QCOMPARE(d.matrix.metric, TraceMetric::StepTime);
    QCOMPARE(d.pairedCells, 4); // ranks 0 and 1 in iterations 6 and 7
    for (int column : {0, 1}) {
        QCOMPARE(d.matrix.at(0, column), 10.0);
        QCOMPARE(d.matrix.at(1, column), 20.0);
    }
    QVERIFY(std::isnan(d.matrix.at(0, 2))); // iteration 8: not in the baseline
    QVERIFY(std::isnan(d.matrix.at(1, 2)));
    for (int column = 0; column < 3; ++column)
        QVERIFY(std::isnan(d.matrix.at(2, column))); // rank 3: not in the baseline
    QCOMPARE(windowAlignmentKey(d.alignment), "number");
}

void MetricMatrixDiffTest::alignedByPositionWithoutSharedNumbers()
{
    // Profiling started at step 1009 in the baseline and at step 0 in the target.
    const MetricMatrix baseline =
        matrix(WindowAxis::Iteration, {0, 1}, {1009, 1010, 1011},
               [](int r, std::int64_t w) { return double(r * 1000 + (w - 1009) * 10); });
    const MetricMatrix target =
        matrix(WindowAxis::Iteration, {0, 1}, {0, 1, 2, 3},
               [](int r, std::int64_t w) { return double(r * 1000 + w * 10 + 5); });
    const MetricMatrixDifference d = differenceMatrix(baseline, target);

    QCOMPARE(d.alignment, WindowAlignment::ByPosition);
    QCOMPARE(d.windowShift, -1009); // baseline window = target window + 1009
    QCOMPARE(d.pairedCells, 6);
    for (int row = 0; row < 2; ++row) {
        for (int column = 0; column < 3; ++column)
            QCOMPARE(d.matrix.at(row, column), 5.0);
        QVERIFY(std::isnan(d.matrix.at(row, 3))); // the baseline has only 3 iterations
    }
    QCOMPARE(windowAlignmentKey(d.alignment), "position");
}

void MetricMatrixDiffTest::timeBinsByPosition()
{
    const MetricMatrix baseline = matrix(WindowAxis::TimeBin, {0, 1}, {0, 1, 2},
                                         [](int, std::int64_t w) { return double(w); });
    const MetricMatrix target = matrix(WindowAxis::TimeBin, {0, 1}, {1, 2, 3},
                                       [](int, std::int64_t w) { return double(3 * w); });
    const MetricMatrixDifference d = differenceMatrix(baseline, target);
    QCOMPARE(d.alignment, WindowAlignment::ByPosition);
    QCOMPARE(d.windowShift, 0); // bin k from each job's start
    QCOMPARE(d.pairedCells, 4);
    QCOMPARE(d.matrix.at(0, 0), 2.0); // bin 1: 3 - 1
    QCOMPARE(d.matrix.at(1, 1), 4.0); // bin 2: 6 - 2
    QVERIFY(std::isnan(d.matrix.at(0, 2)));
}

void MetricMatrixDiffTest::missingValuesStayNaN()
{
    MetricMatrix baseline =
        matrix(WindowAxis::Iteration, {0, 1}, {0, 1}, [](int, std::int64_t) { return 10.0; });
    MetricMatrix target =
        matrix(WindowAxis::Iteration, {0, 1}, {0, 1}, [](int, std::int64_t) { return 12.0; });
    baseline.at(0, 1) = kNaN;
    target.at(1, 0) = kNaN;
    const MetricMatrixDifference d = differenceMatrix(baseline, target);
    QCOMPARE(d.pairedCells, 2);
    QCOMPARE(d.matrix.at(0, 0), 2.0);
    QVERIFY(std::isnan(d.matrix.at(0, 1)));
    QVERIFY(std::isnan(d.matrix.at(1, 0)));
    QCOMPARE(d.matrix.at(1, 1), 2.0);

    // A baseline without any rank of the target: every cell NaN, nothing paired.
    const MetricMatrix others =
        matrix(WindowAxis::Iteration, {7, 8}, {0, 1}, [](int, std::int64_t) { return 1.0; });
    const MetricMatrixDifference none = differenceMatrix(others, target);
    QCOMPARE(none.pairedCells, 0);
    for (double value : none.matrix.values)
        QVERIFY(std::isnan(value));
}

void MetricMatrixDiffTest::unlikeMatricesPairNothing()
{
    const MetricMatrix iterations =
        matrix(WindowAxis::Iteration, {0}, {0, 1}, [](int, std::int64_t) { return 1.0; });
    const MetricMatrix bins =
        matrix(WindowAxis::TimeBin, {0}, {0, 1}, [](int, std::int64_t) { return 2.0; });
    const MetricMatrixDifference d = differenceMatrix(iterations, bins);
    QCOMPARE(d.pairedCells, 0);
    QCOMPARE(d.matrix.axis, WindowAxis::TimeBin);
    QVERIFY(std::isnan(d.matrix.at(0, 0)));

    MetricMatrix compute = bins;
    compute.metric = TraceMetric::ComputeTime;
    QCOMPARE(differenceMatrix(compute, bins).pairedCells, 0);
    QCOMPARE(differenceMatrix(bins, bins).pairedCells, 2);
}

QTEST_GUILESS_MAIN(MetricMatrixDiffTest)
#include "tst_metric_matrix_diff.moc"
