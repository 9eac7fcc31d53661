// A large bundle end to end: every rank's samples arrive, reopening reads nothing, one touched
// file is all that is parsed again. Prints throughput and reopen time (never asserts on time).
// Size: RANKSCOPE_SCALE_RANKS (default 1024 ranks x 3 samples); the performance target is
// measured with RANKSCOPE_SCALE_RANKS=16384.
#include "BundleTestSupport.h"

#include "importers/bundle/BundleImport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

using namespace rankscope;
using namespace bundle_test;

namespace {

constexpr int kSamples = 3;
constexpr qint64 kT0 = 1714566605;

int rankCount()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("RANKSCOPE_SCALE_RANKS", &ok);
    return ok && n > 0 ? n : 1024;
}

long peakRssMb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

} // namespace

class TestBundleScale : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_bundle;
    QString m_cache;
    int m_ranks = 0;
    qint64 m_bytes = 0;

private slots:
    void initTestCase()
    {
        m_ranks = rankCount();
        m_bundle = m_tmp.path() + QStringLiteral("/bundle");
        m_cache = m_tmp.path() + QStringLiteral("/cache");
        // One rank in 97 is in its DataLoader (with two worker processes), the rest wait in
        // all_reduce; pids differ per rank as in a real job.
        const QByteArray waiting = fixture("trainer_allreduce.txt");
        const QByteArray loading = fixture("trainer_dataloader.txt");
        QElapsedTimer timer;
        timer.start();
        for (int rank = 0; rank < m_ranks; ++rank) {
            const bool stuck = rank % 97 == 5;
            QByteArray dump = stuck ? loading : waiting;
            dump.replace(stuck ? "5100" : "4242", QByteArray::number(100000 + rank));
            for (int s = 0; s < kSamples; ++s) {
                const QString name =
                    QStringLiteral("stacks/rank%1/dump-%2.txt").arg(rank).arg(kT0 + 30 * s);
                writeFile(m_bundle, name, dump);
                m_bytes += dump.size();
            }
        }
        qInfo("wrote %d ranks x %d samples (%.1f MB) in %.2f s", m_ranks, kSamples,
              double(m_bytes) / 1e6, double(timer.elapsed()) / 1000);
    }

    void fullImport()
    {
        const ImportResult result = importBundle(options(m_bundle, m_cache));
        const ImportSummary &s = result.summary;
        QCOMPARE(s.filesParsed, m_ranks * kSamples);
        QCOMPARE(s.filesFailed, 0);
        QVERIFY2(result.stacks.problems.empty(), qPrintable(problemsText(result.stacks.problems)));
        QCOMPARE(result.stacks.worldSize(), m_ranks);
        const int stuckRanks = (m_ranks + 91) / 97; // ranks r with r % 97 == 5
        const std::int64_t expected = std::int64_t(m_ranks - stuckRanks) * kSamples * 3 +
                                      std::int64_t(stuckRanks) * kSamples * 4;
        QCOMPARE(s.samples, expected);
        // Samples sorted by (rank, sample index), every rank has its three samples in time order.
        int mains = 0;
        for (std::size_t i = 0; i < result.stacks.samples.size(); ++i) {
            const StackSample &x = result.stacks.samples[i];
            if (i > 0) {
                const StackSample &p = result.stacks.samples[i - 1];
                QVERIFY(p.rank < x.rank || (p.rank == x.rank && p.sampleIndex <= x.sampleIndex));
            }
            if (x.isMainThread) {
                QCOMPARE(x.timeNs, (kT0 + 30 * x.sampleIndex) * 1000000000);
                QCOMPARE(x.pid, std::int64_t(100000 + x.rank));
                ++mains;
            }
        }
        QCOMPARE(mains, m_ranks * kSamples);
        // Thousands of ranks, a handful of distinct stacks.
        QVERIFY(result.stacks.stacks.size() < 20);
        qInfo("import: %d files, %.1f MB, %lld samples in %.2f s (%.0f files/s, %.0f MB/s); "
              "peak RSS so far %ld MB",
              s.filesParsed, double(m_bytes) / 1e6, static_cast<long long>(s.samples), s.seconds,
              s.filesParsed / s.seconds, double(m_bytes) / 1e6 / s.seconds, peakRssMb());
    }

    void reopenReadsNothing()
    {
        const ImportResult result = importBundle(options(m_bundle, m_cache));
        QCOMPARE(result.summary.filesParsed, 0);
        QCOMPARE(result.summary.filesReused, m_ranks * kSamples);
        QVERIFY(!result.stacks.samples.empty());
        qInfo("reopen: %lld samples, every file checked, in %.3f s",
              static_cast<long long>(result.summary.samples), result.summary.seconds);
    }

    void oneTouchedFile()
    {
        setMtime(m_bundle + QStringLiteral("/stacks/rank0/dump-%1.txt").arg(kT0), kT0 + 1);
        const ImportResult result = importBundle(options(m_bundle, m_cache));
        QCOMPARE(result.summary.filesParsed, 1);
        QCOMPARE(result.summary.filesReused, m_ranks * kSamples - 1);
        qInfo("update of one file: %.3f s", result.summary.seconds);
    }
};

QTEST_GUILESS_MAIN(TestBundleScale)
#include "tst_bundle_scale.moc"
