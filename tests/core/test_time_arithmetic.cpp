// Checked and saturating nanosecond arithmetic (core/model/TimeArithmetic.h), civil dates
// (CivilTime.h) and the medians the clock alignment takes of extreme values (issue 13, class 3).
// Built with -fsanitize=undefined these also prove that no signed overflow happens on the way.
#include "core/model/CivilTime.h"
#include "core/model/TimeArithmetic.h"
#include "core/traces/RobustStatistics.h"

#include <QtTest>

#include <limits>

using namespace rankscope;

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

} // namespace

class TimeArithmeticTest : public QObject
{
    Q_OBJECT

private slots:
    void checkedOperationsRefuseOverflow()
    {
        QCOMPARE(checkedAdd(1, 2).value(), std::int64_t(3));
        QVERIFY(!checkedAdd(kMax, 1));
        QVERIFY(!checkedAdd(kMin, -1));
        QVERIFY(!checkedSub(kMin, 1));
        QVERIFY(!checkedSub(0, kMin));
        QCOMPARE(checkedSub(kMax, kMax).value(), std::int64_t(0));
        QVERIFY(!checkedMul(std::int64_t(1) << 32, std::int64_t(1) << 31));
        QVERIFY(!checkedMul(kMin, -1));
        QCOMPARE(checkedMul(-3, 4).value(), std::int64_t(-12));
    }

    void saturatingOperationsClampToTheRange()
    {
        QCOMPARE(saturatingAdd(kMax, 1), kMax);
        QCOMPARE(saturatingAdd(kMin, -1), kMin);
        QCOMPARE(saturatingAdd(kMax, kMin), std::int64_t(-1));
        QCOMPARE(saturatingSub(kMin, 1), kMin);
        QCOMPARE(saturatingSub(kMax, -1), kMax);
        QCOMPARE(saturatingSub(0, kMin), kMax);
        QCOMPARE(saturatingMul(kMax, 2), kMax);
        QCOMPARE(saturatingMul(kMax, -2), kMin);
        QCOMPARE(saturatingMul(kMin, -1), kMax);
        QCOMPARE(saturatingDistance(kMin, kMax), kMax);
        QCOMPARE(saturatingDistance(kMax, kMin), kMax);
        QCOMPARE(saturatingDistance(-5, 7), std::int64_t(12));
    }

    // Any two plausible times add and subtract without overflow: the invariant the analysis
    // relies on when it subtracts two kept times plainly.
    void twoPlausibleTimesAlwaysCombine()
    {
        const std::int64_t edge = kTimeLimitNs - 1;
        QVERIFY(isPlausibleTimeNs(edge));
        QVERIFY(isPlausibleTimeNs(-edge));
        QVERIFY(!isPlausibleTimeNs(kTimeLimitNs));
        QVERIFY(!isPlausibleTimeNs(-kTimeLimitNs));
        QVERIFY(checkedAdd(edge, edge));
        QVERIFY(checkedSub(edge, -edge));
        QVERIFY(checkedSub(-edge, edge));
        QVERIFY(!plausibleTimeSum(edge, 1));
        QCOMPARE(plausibleTimeSum(edge - 1, 1).value(), edge);
        QVERIFY(isPlausibleDurationNs(0));
        QVERIFY(!isPlausibleDurationNs(-1));
        QCOMPARE(clampToPlausibleTime(kMax), edge);
        QCOMPARE(clampToPlausibleTime(kMin), -edge);
        QCOMPARE(clampToPlausibleTime(42), std::int64_t(42));
    }

    void doublesConvertOnlyWhenInRange()
    {
        QCOMPARE(plausibleNanosFromUnits(2711.1, 1e6).value(), std::int64_t(2'711'100'000));
        QVERIFY(!plausibleNanosFromUnits(1e25, 1e6)); // "elapsed time per iteration (ms): 1e25"
        QVERIFY(!plausibleNanosFromUnits(std::numeric_limits<double>::infinity(), 1e6));
        QVERIFY(!plausibleNanosFromUnits(std::numeric_limits<double>::quiet_NaN(), 1.0));
        QVERIFY(!plausibleNanosFromUnits(-1e25, 1e6));
        QCOMPARE(plausibleNanosFromUnits(-2.5, 1e6).value(), std::int64_t(-2'500'000));
        QVERIFY(!plausibleDurationFromUnits(-2.5, 1e6));
        QCOMPARE(plausibleDurationFromUnits(0.0, 1e6).value(), std::int64_t(0));
    }

    void civilDatesBeyondTheRangeAreRefused()
    {
        QCOMPARE(civilTimeNs(1970, 1, 1, 0).value(), std::int64_t(0));
        QCOMPARE(civilTimeNs(2026, 11, 29, 0).value(),
                 std::int64_t(1'795'910'400) * kNanosPerSecond);
        // An offset east of UTC moves the instant earlier.
        QCOMPARE(civilTimeNs(1970, 1, 1, 0, 3600).value(), -3600 * kNanosPerSecond);
        // 2^62 ns after the epoch is 2116-02-20T23:53:38.427387904Z.
        QVERIFY(civilTimeNs(2116, 2, 20, (23 * 3600 + 53 * 60 + 38) * kNanosPerSecond));
        QVERIFY(!civilTimeNs(2116, 2, 20, (23 * 3600 + 53 * 60 + 39) * kNanosPerSecond));
        QVERIFY(!civilTimeNs(2300, 1, 1, 0)); // wrapped before: past 2262
        QVERIFY(!civilTimeNs(9999, 12, 31, 86'399 * kNanosPerSecond));
        QVERIFY(!civilTimeNs(1600, 1, 1, 0));
        QVERIFY(!civilTimeNs(std::numeric_limits<int>::max(), 12, 31, 0));
        QVERIFY(!civilTimeNs(std::numeric_limits<int>::min(), 1, 1, 0));
        QCOMPARE(daysFromCivil(2000, 3, 1), std::int64_t(11'017));
    }

    // The clock alignment takes medians of differences between ranks' clocks: the mean of the
    // middle two must not overflow when they are far apart.
    void mediansOfExtremeValuesDoNotOverflow()
    {
        std::vector<std::int64_t> values{kMin, kMax};
        QCOMPARE(medianInPlace(values), std::int64_t(-1));
        values = {kMax - 1, kMax};
        QCOMPARE(medianInPlace(values), kMax - 1);
        values = {kMin, kMin + 1, kMax, kMax};
        QCOMPARE(medianAbsoluteDeviationInPlace(values, 0), kMax);
        values = {1, 2, 3, 4};
        QCOMPARE(medianInPlace(values), std::int64_t(2)); // rounds toward the lower
        std::vector<double> reals{1.0, 2.0};
        QCOMPARE(medianInPlace(reals), 1.5);
    }
};

QTEST_APPLESS_MAIN(TimeArithmeticTest)
#include "test_time_arithmetic.moc"
