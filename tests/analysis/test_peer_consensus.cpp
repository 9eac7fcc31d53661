#include "core/traces/PeerConsensus.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace rankscope;

namespace {

PeerCenter centerOf(std::vector<double> values, bool sigma = false)
{
    std::vector<double> scratch;
    return robustPeerCenter(values, 3.0, sigma, scratch);
}

std::vector<std::uint8_t> flagsOf(const std::vector<double> &values,
                                  PeerClassification *out = nullptr, StragglerParams params = {})
{
    std::vector<std::uint8_t> flags(values.size(), 0xff);
    PeerScratch scratch;
    const PeerClassification result = classifyPeers(values, params, flags, scratch);
    if (out)
        *out = result;
    return flags;
}

} // namespace

// SCOUT's C3 STATISTICAL mode (detection/c3.py), case by case, plus the slow gate and the strict
// healthy majority of the issue.
class TestPeerConsensus : public QObject
{
    Q_OBJECT
private slots:
    void medianIsTheUpperOneForEvenCounts()
    {
        QCOMPARE(centerOf({4, 1, 3, 2}).median, 3.0);
        QCOMPARE(centerOf({5, 1, 3}).median, 3.0);
    }

    void scaleIsTheMadUnscaledOrAsSigma()
    {
        // deviations from 3: 2 1 0 1 97 -> sorted[2] = 1
        const PeerCenter raw = centerOf({1, 2, 3, 4, 100});
        QCOMPARE(raw.source, PeerScaleSource::Mad);
        QCOMPARE(raw.scale, 1.0);
        const PeerCenter sigma = centerOf({1, 2, 3, 4, 100}, true);
        QCOMPARE(sigma.scale, 1.4826);
    }

    void zeroMadFallsBackToTheInterquartileRange()
    {
        // 4 of 7 equal the median: MAD 0. Linear quartiles: q1 at 1.5 -> 5, q3 at 4.5 -> 6.5.
        const PeerCenter center = centerOf({5, 9, 5, 7, 5, 6, 5});
        QCOMPARE(center.median, 5.0);
        QCOMPARE(center.source, PeerScaleSource::Iqr);
        QCOMPARE(center.scale, 1.5);
    }

    void zeroIqrFallsBackToTheRange()
    {
        const PeerCenter center = centerOf({5, 5, 5, 9, 5, 5, 5});
        QCOMPARE(center.source, PeerScaleSource::Range);
        QCOMPARE(center.scale, 4.0 / 6.0);
        // |9 - 5| = 4 > 3 * 0.667: the lone value is an outlier, and 9 > 1.1 * 5 makes it slow.
        PeerClassification result;
        const auto flags = flagsOf({5, 5, 5, 9, 5, 5, 5}, &result);
        QCOMPARE(result.verdict, PeerVerdict::Attributed);
        QCOMPARE(flags[3], OutlierFlag::Slow);
        QCOMPARE(result.slow, 1);
    }

    void identicalValuesAgree()
    {
        const PeerCenter center = centerOf({7, 7, 7, 7});
        QCOMPARE(center.source, PeerScaleSource::Flat);
        PeerClassification result;
        const auto flags = flagsOf({7, 7, 7, 7}, &result);
        QCOMPARE(result.verdict, PeerVerdict::Agree);
        QVERIFY(std::all_of(flags.begin(), flags.end(), [](std::uint8_t f) { return f == 0; }));
    }

    void slowOutlierNeedsBothTheStatisticAndTheGate()
    {
        PeerClassification result;
        auto flags = flagsOf({100, 101, 99, 100, 102, 98, 100, 150}, &result);
        QCOMPARE(result.verdict, PeerVerdict::Attributed);
        QCOMPARE(flags[7], OutlierFlag::Slow);
        QCOMPARE(result.center.median, 100.0);

        // 104 is a statistical outlier against identical peers, but only 4% slower.
        flags = flagsOf({100, 100, 100, 104}, &result);
        QCOMPARE(result.verdict, PeerVerdict::Agree);
        QCOMPARE(flags[3], std::uint8_t(0));

        // The absolute gate: 15 ns over a 100 ns median is below minSlowdownNs = 20.
        StragglerParams params;
        params.minSlowdownNs = 20;
        flags = flagsOf({100, 100, 100, 100, 100, 100, 115}, &result, params);
        QCOMPARE(flags[6], std::uint8_t(0));
        flags = flagsOf({100, 100, 100, 100, 100, 100, 125}, &result, params);
        QCOMPARE(flags[6], OutlierFlag::Slow);
    }

    void muchFasterValuesAreFlaggedFast()
    {
        PeerClassification result;
        const auto flags = flagsOf({100, 101, 99, 100, 102, 98, 100, 10}, &result);
        QCOMPARE(flags[7], OutlierFlag::Fast);
        QCOMPARE(result.fast, 1);
        QCOMPARE(result.slow, 0);
    }

    void halfTheGroupSlowIsInconclusive()
    {
        // Two clusters inflate the MAD so nothing is a statistical outlier; the slow gate still
        // sees half the peers off the median, so there is no strict healthy majority.
        PeerClassification result;
        const auto flags = flagsOf({100, 130, 101, 131, 99, 129, 100, 130}, &result);
        QCOMPARE(result.verdict, PeerVerdict::Inconclusive);
        for (std::uint8_t flag : flags)
            QCOMPARE(flag, OutlierFlag::Inconclusive);
        QCOMPARE(result.slow, 0);
    }

    void aStrictMinorityIsStillAttributed()
    {
        // 3 of 8 slow: 5 healthy > 4.
        PeerClassification result;
        const auto flags = flagsOf({100, 101, 99, 100, 102, 130, 131, 129}, &result);
        QCOMPARE(result.verdict, PeerVerdict::Attributed);
        QCOMPARE(result.slow, 3);
        QCOMPARE(flags[5], OutlierFlag::Slow);
        QCOMPARE(flags[0], std::uint8_t(0));
    }

    void twoPeersCannotNameACulprit()
    {
        PeerClassification result;
        const auto flags = flagsOf({100, 200}, &result);
        QCOMPARE(result.verdict, PeerVerdict::Inconclusive);
        QCOMPARE(flags[0], OutlierFlag::Inconclusive);
        QCOMPARE(flags[1], OutlierFlag::Inconclusive);
    }

    void missingValuesAreIgnored()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        PeerClassification result;
        const auto flags = flagsOf({100, 100, nan, 100, 150}, &result);
        QCOMPARE(flags[2], std::uint8_t(0));
        QCOMPARE(flags[4], OutlierFlag::Slow);
        // Only two values left: too few to decide, and the missing one stays unflagged.
        const auto few = flagsOf({nan, 100, nan, 150}, &result);
        QCOMPARE(result.verdict, PeerVerdict::Inconclusive);
        QCOMPARE(few[0], std::uint8_t(0));
        QCOMPARE(few[1], OutlierFlag::Inconclusive);
    }
};

QTEST_APPLESS_MAIN(TestPeerConsensus)
#include "test_peer_consensus.moc"
