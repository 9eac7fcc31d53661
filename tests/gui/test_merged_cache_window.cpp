#include "MainWindow.h"
#include "TraceResults.h"
#include "core/synth/SyntheticBundle.h"
#include "importers/bundle/BundleImport.h"
#include "importers/bundle/ShardMerge.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace rankscope;

// The window on a merged cache (issue 15): a 32-rank slow-node bundle imported in two shards and
// merged with --keep-events outliers opens like the bundle, with no bundle beside it: the
// stragglers name the slow node, the rank detail of a suspect has its events, and that of a
// rank whose events the merge left out says so.
class TestMergedCacheWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        QVERIFY(m_dir.isValid());
        const std::filesystem::path root = m_dir.path().toStdString();
        SynthOptions synth;
        synth.scenario = "slow-node";
        synth.ranks = 32;
        synth.iterations = 16;
        synth.outDir = root / "bundle";
        writeSyntheticBundle(synth);
        QFile truth(QString::fromStdString((root / "bundle" / "ground_truth.json").string()));
        QVERIFY(truth.open(QIODevice::ReadOnly));
        for (const QJsonValue rank : QJsonDocument::fromJson(truth.readAll())
                                         .object()
                                         .value(QStringLiteral("fault_ranks"))
                                         .toArray())
            m_faultRanks.push_back(rank.toInt());
        QVERIFY(!m_faultRanks.empty());

        MergeOptions merge;
        for (int k = 0; k < 2; ++k) {
            ImportOptions shard;
            shard.bundlePath = root / "bundle";
            shard.cacheDir = root / "cache";
            shard.shard = ShardSpec{k, 2};
            shard.shardOutput = root / ("shard-" + std::to_string(k) + ".rscache");
            importBundle(shard);
            merge.parts.push_back(shard.shardOutput);
        }
        merge.output = root / "job.rscache";
        merge.keptEvents = KeptEvents::Outliers;
        const MergeSummary summary = mergeShardCaches(merge);
        QVERIFY(summary.droppedEventBlocks > 0);
        m_merged = QString::fromStdString(merge.output.string());
        // The bundle is gone: the window may read the cache only.
        std::filesystem::remove_all(root / "bundle");
    }

    void opensLikeTheBundle()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy heatmapReady(window.session(), &BundleSession::heatmapReady);
        QSignalSpy stacksReady(window.session(), &BundleSession::resultsReady);
        window.openBundle(m_merged);
        QVERIFY(heatmapReady.wait(120000));
        if (stacksReady.isEmpty())
            QVERIFY(stacksReady.wait(60000));
        QVERIFY2(window.windowTitle().contains(QStringLiteral("job.rscache")),
                 qPrintable(window.windowTitle()));

        const TraceResults &traces = window.session()->traces();
        QVERIFY(!traces.empty());
        QVERIFY(traces.stragglers);
        QVERIFY(!traces.stragglers->suspects.empty());
        std::vector<int> named = traces.stragglers->suspects.front().ranks;
        std::sort(named.begin(), named.end());
        QCOMPARE(named, m_faultRanks);

        // A suspect's window keeps its events; a rank far from the slow node has none, and the
        // detail says the merge left them out instead of showing an idle rank.
        const WindowAxis axis = WindowAxis::Iteration;
        const TraceWindowTable *table = traces.table(axis);
        QVERIFY(table && !table->rows.empty());
        const std::int64_t last = table->rows.back().window;
        const RankDetailResult suspect =
            RankDetailResult::load(traces, m_faultRanks.front(), axis, last);
        QCOMPARE(suspect.rank, m_faultRanks.front());
        QVERIFY(!suspect.trace.events.empty());
        QVERIFY(suspect.eventsLeftOutBy.empty());
        int leftOut = 0;
        for (int rank = 0; rank < 32; ++rank) {
            if (std::find(m_faultRanks.begin(), m_faultRanks.end(), rank) != m_faultRanks.end())
                continue;
            const RankDetailResult detail = RankDetailResult::load(traces, rank, axis, last);
            if (detail.rank == rank && detail.trace.events.empty()) {
                QCOMPARE(detail.eventsLeftOutBy, std::string("outliers"));
                ++leftOut;
            }
        }
        QVERIFY(leftOut > 0);
    }

private:
    QTemporaryDir m_dir;
    QString m_merged;
    std::vector<int> m_faultRanks;
};

QTEST_MAIN(TestMergedCacheWindow)
#include "test_merged_cache_window.moc"
