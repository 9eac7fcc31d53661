#include "core/traces/StragglerDetection.h"

#include <QtTest>

#include <random>

using namespace rankscope;

namespace {

// 8 equivalent ranks x 60 windows around 100 ns with 1% noise; `shape` scales single cells.
MetricMatrix matrixOf(const std::function<double(int row, int column)> &shape)
{
    MetricMatrix matrix;
    matrix.metric = TraceMetric::ComputeTime;
    for (int r = 0; r < 8; ++r)
        matrix.ranks.push_back(r);
    for (int c = 0; c < 60; ++c) {
        matrix.windows.push_back(500 + c);
        matrix.windowStartNs.push_back(c * 1000);
        matrix.windowEndNs.push_back(c * 1000 + 900);
    }
    std::mt19937 rng(3);
    std::normal_distribution<double> gauss(0.0, 0.01);
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 60; ++c)
            matrix.values.push_back(double(100 * (1 + gauss(rng)) * shape(r, c)));
    }
    return matrix;
}

std::vector<TemporalShift> shiftsOf(const MetricMatrix &matrix)
{
    PeerGroup group{"trainer", {0, 1, 2, 3, 4, 5, 6, 7}};
    const SpatialOutliers spatial = detectSpatialOutliers(matrix, {&group, 1});
    return detectTemporalShifts(matrix, spatial);
}

} // namespace

class TestTemporalShifts : public QObject
{
    Q_OBJECT
private slots:
    void persistentShiftIsFoundAtItsFirstWindow()
    {
        const auto shifts = shiftsOf(
            matrixOf([](int row, int column) { return row == 3 && column >= 30 ? 1.15 : 1.0; }));
        QCOMPARE(shifts.size(), std::size_t(1));
        QCOMPARE(shifts.front().rank, 3);
        QCOMPARE(shifts.front().firstWindow, std::int64_t(530));
        QVERIFY(std::abs(shifts.front().ratioAfter / shifts.front().ratioBefore - 1.15) < 0.03);
    }

    void aShiftDownIsReportedToo()
    {
        const auto shifts = shiftsOf(
            matrixOf([](int row, int column) { return row == 5 && column >= 45 ? 0.7 : 1.0; }));
        QCOMPARE(shifts.size(), std::size_t(1));
        QCOMPARE(shifts.front().firstWindow, std::int64_t(545));
        QVERIFY(shifts.front().ratioAfter < shifts.front().ratioBefore);
    }

    void spikesAndShortBlipsAreNotShifts()
    {
        const auto shifts = shiftsOf(matrixOf([](int row, int column) {
            if (row == 1 && column == 10)
                return 3.0; // one spike
            if (row == 2 && column == 57)
                return 2.0; // one spike near the end
            if (row == 4 && (column == 20 || column == 21))
                return 1.4; // two windows: shorter than minPersistentWindows
            if (row == 6 && column >= 30)
                return 1.05; // persistent but below the 10% effect size
            return 1.0;
        }));
        QVERIFY(shifts.empty());
    }

    void slowFromTheStartIsNoChange()
    {
        // Always slow: a spatial outlier, but its ratio to the peers never moves.
        const auto shifts = shiftsOf(matrixOf([](int row, int) { return row == 0 ? 1.5 : 1.0; }));
        QVERIFY(shifts.empty());
    }

    void inconclusiveWindowsAreSkipped()
    {
        // Half the ranks slow from window 30: no consensus there, so no shift for anyone.
        const auto shifts = shiftsOf(
            matrixOf([](int row, int column) { return row % 2 == 0 && column >= 30 ? 1.3 : 1.0; }));
        QVERIFY(shifts.empty());
    }
};

QTEST_APPLESS_MAIN(TestTemporalShifts)
#include "test_temporal_shifts.moc"
