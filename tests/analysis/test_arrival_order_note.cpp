// "No straggler" must not stand next to an arrival order that names the rank the others waited
// for (issue 10, point 18): a capture of one step whose ranks are all equally fast at their own
// work, where one rank still arrives last at most collectives (its delay lies before them:
// data loading, host work), says so and turns inconclusive; a healthy order, a poor alignment
// or a small delay adds nothing.

#include "SyntheticWindows.h"

#include "core/traces/ArrivalOrderNote.h"

#include <QtTest>

using namespace rankscope;

namespace {

ArrivalSummary arrivalsWithLateRank(int rank, int lastArrivals, int collectives, double waitedNs)
{
    ArrivalSummary arrivals;
    arrivals.collectives = collectives;
    arrivals.clearLast = collectives;
    for (int r = 0; r < 8; ++r) {
        RankArrivalStats stats;
        stats.rank = r;
        stats.collectives = collectives;
        if (r == rank) {
            stats.lastArrivals = lastArrivals;
            stats.causedWaitNs = waitedNs;
        } else if (r == (rank + 1) % 8) {
            stats.lastArrivals = collectives - lastArrivals;
            stats.causedWaitNs = waitedNs / 10;
        }
        arrivals.ranks.push_back(stats);
    }
    return arrivals;
}

} // namespace

class TestArrivalOrderNote : public QObject
{
    Q_OBJECT
private slots:
    void aLateRankWithoutSlowWorkIsNamed()
    {
        SyntheticJob job;
        job.ranks = 8;
        job.windows = 1;
        const TraceWindowTable table = job.table();
        StragglerReport report = analyzeStragglers(table, job.jobInfo());
        QCOMPARE(report.verdict, StragglerVerdict::NoStragglers);
        const std::string before = report.summary;
        // Rank 7 was last at 5 of 8 collectives; the others waited 20 ms for it in a step of
        // about 115 ms.
        addArrivalOrderNote(report, arrivalsWithLateRank(7, 5, 8, 20e6), table, job.jobInfo(), {});
        QCOMPARE(report.verdict, StragglerVerdict::Inconclusive);
        QVERIFY2(report.summary.rfind(before, 0) == 0, report.summary.c_str());
        QVERIFY2(report.summary.find(" Yet rank 7 (node-0) arrived last at 5 of its 8 "
                                     "collectives and the others waited 20 ms for it (") !=
                     std::string::npos,
                 report.summary.c_str());
        QVERIFY2(report.summary.find("% of a step): what delays it is outside the work the "
                                     "traces measure") != std::string::npos,
                 report.summary.c_str());
    }

    void nothingToAddWhenTheOrderIsHealthyOrCannotBeTrusted()
    {
        SyntheticJob job;
        job.ranks = 8;
        job.windows = 1;
        const TraceWindowTable table = job.table();
        const StragglerReport report = analyzeStragglers(table, job.jobInfo());
        // Last at only 3 of 8: ranks take turns, nobody stands out.
        QCOMPARE(
            arrivalOrderNote(report, arrivalsWithLateRank(7, 3, 8, 20e6), table, job.jobInfo(), {}),
            std::string());
        // A wait far below a step: noise in the arrival order.
        QCOMPARE(
            arrivalOrderNote(report, arrivalsWithLateRank(7, 6, 8, 1e6), table, job.jobInfo(), {}),
            std::string());
        // Clocks too poor to order arrivals, for the job or for that rank.
        StragglerParams poor;
        poor.alignmentPoor = true;
        QCOMPARE(arrivalOrderNote(report, arrivalsWithLateRank(7, 6, 8, 20e6), table, job.jobInfo(),
                                  poor),
                 std::string());
        StragglerParams poorRank;
        poorRank.poorlyAlignedRanks = {7};
        QCOMPARE(arrivalOrderNote(report, arrivalsWithLateRank(7, 6, 8, 20e6), table, job.jobInfo(),
                                  poorRank),
                 std::string());
        // Too few matched collectives to speak of an order.
        QCOMPARE(
            arrivalOrderNote(report, arrivalsWithLateRank(7, 2, 2, 20e6), table, job.jobInfo(), {}),
            std::string());
    }

    void suspectsSpeakForThemselves()
    {
        SyntheticJob job;
        job.ranks = 16;
        job.windows = 40;
        job.computeFactor = [](int rank, int) { return rank == 7 ? 1.5 : 1.0; };
        const TraceWindowTable table = job.table();
        StragglerReport report = analyzeStragglers(table, job.jobInfo());
        QCOMPARE(report.verdict, StragglerVerdict::StragglersFound);
        const std::string before = report.summary;
        addArrivalOrderNote(report, arrivalsWithLateRank(7, 30, 40, 900e6), table, job.jobInfo(),
                            {});
        QCOMPARE(report.verdict, StragglerVerdict::StragglersFound);
        QCOMPARE(report.summary, before);
    }
};

QTEST_MAIN(TestArrivalOrderNote)
#include "test_arrival_order_note.moc"
