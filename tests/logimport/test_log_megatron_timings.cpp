// Megatron-LM's per-rank timings in logs (issue 16 point 3): the straggler detector's report
// (megatron/core/utils.py StragglerDetector.report: "MnRtt/Rnk: 3453.08ms/8 | ..." and the
// Bottom/Top throughput lists) and the timers printed across ranks (megatron/core/timers.py,
// --timing-log-option all), written from those public formats (tests/fixtures/
// megatron_straggler); their ugly forms; and a bundle whose rank 5 slows down named from them.

#include "CliStragglers.h"
#include "LogTestSupport.h"
#include "core/traces/DetectorTally.h"
#include "importers/logs/MegatronRankTimings.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>

#include <cmath>
#include <filesystem>
#include <map>

using namespace rankscope;
using namespace rankscope_test;

namespace {

std::map<int, double> timingsOf(const ParsedLog &log, RankTimingKind kind, bool *derived = nullptr,
                                int rank = -1)
{
    std::map<int, double> values;
    for (const LogRankTimingRecord &record : log.rankTimings) {
        if (record.kind != kind)
            continue;
        values[record.rank] = record.valueMs;
        if (derived && record.rank == rank)
            *derived = record.derived;
    }
    return values;
}

QString megatronFixture(const char *name)
{
    return fixturesDir() + QStringLiteral("/megatron_straggler/") + QString::fromUtf8(name);
}

QJsonObject cliHeatmapBy(const QString &bundle, const char *metric, const char *by, QString *error)
{
    QProcess cli;
    cli.start(QStringLiteral(RANKSCOPE_CLI_BINARY),
              {QStringLiteral("heatmap"), bundle, QStringLiteral("--metric"),
               QString::fromLatin1(metric), QStringLiteral("--by"), QString::fromLatin1(by),
               QStringLiteral("--format"), QStringLiteral("json")});
    if (!cli.waitForFinished(120000) || cli.exitCode() != 0) {
        *error = QString::fromUtf8(cli.readAllStandardError());
        return {};
    }
    return QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
}

// `heatmap --by iteration` (the default axis).
QJsonObject cliHeatmap(const QString &bundle, const char *metric, QString *error)
{
    return cliHeatmapBy(bundle, metric, "iteration", error);
}

// A copy of a fixture bundle in a temporary folder (the cache is written beside the bundle).
bool copyBundle(const QString &from, const QTemporaryDir &to)
{
    std::error_code error;
    std::filesystem::copy(from.toStdString(), to.path().toStdString(),
                          std::filesystem::copy_options::recursive, error);
    return !error;
}

} // namespace

class LogMegatronTimingsTest : public QObject
{
    Q_OBJECT

private slots:
    void reportLineOfTheReadme()
    {
        // megatron/core/README_STRAGGLER.md's example (integer watts and degrees).
        const auto report = parseDetectorReportLine(
            "INFO:megatron.core.utils:[2024-03-14 23:07:56] | MnRtt/Rnk: 3453.08ms/8 | "
            "MxRtt/Rnk: 3468.20ms/0 | MnPwr/Rnk: 601796W/8 | MxPwr/Rnk: 683801W/18 | MnTmp/Rnk: "
            "52C/0 | MxTmp/Rnk: 65C/21 | MnUtl/Rnk: 97%/8 | MxUtl/Rnk: 100%/6 | MnClk/Rnk: "
            "1950MHz/28 | MxClk/Rnk: 1980MHz/0 | MnDRtt/Rnk: 14.27ms/23 | MxDRtt/Rnk: "
            "34.65ms/3 | MnEtpt/Rnk: 296.02TF/0 | MxEtpt/Rnk: 297.32TF/8");
        QVERIFY(report);
        QCOMPARE(int(report->fields.size()), 14);
        const DetectorField *min = report->find("MnRtt");
        QVERIFY(min);
        QCOMPARE(min->value, 3453.08);
        QCOMPARE(min->unit, std::string("ms"));
        QCOMPARE(min->rank, 8);
        QCOMPARE(report->find("MxPwr")->rank, 18);
        QCOMPARE(report->find("MxEtpt")->unit, std::string("TF"));
        // Without its round trips it is not a report; nan values are not fields.
        QVERIFY(!parseDetectorReportLine("[x] | MnPwr/Rnk: 1W/0 | MxPwr/Rnk: 2W/1"));
        QVERIFY(!parseDetectorReportLine("| MnRtt/Rnk: nanms/0 | MxRtt/Rnk: nanms/0"));
        QVERIFY(!parseDetectorReportLine("| MnRtt/Rnk: 1447.10ms/2 | MxRtt/Rn"));
        QVERIFY(!parseDetectorReportLine("| MnRtt/Rnk: 1.0ms/-3 | MxRtt/Rnk: 2.0ms/99999999999"));
    }

    void throughputLists()
    {
        const auto bottom = parseRankThroughputList(
            "^^^^ Bottom 3 Ranks with lowest  Etpt(TF): 296.02/0, 296.10/3, 296.40/5,");
        QVERIFY(bottom);
        QVERIFY(bottom->lowest);
        QCOMPARE(int(bottom->ranks.size()), 3);
        QCOMPARE(bottom->ranks[1].second, 3);
        QCOMPARE(bottom->ranks[2].first, 296.40);
        const auto top = parseRankThroughputList(
            "^^^^ Top    2 Ranks with highest Etpt(TF): 297.01/7, 297.32/8,");
        QVERIFY(top);
        QVERIFY(!top->lowest);
        QVERIFY(!parseRankThroughputList("^^^^ Bottom 3 Ranks with lowest  Etpt(TF):"));
        QVERIFY(!parseRankThroughputList("^^^^ something else: 1/2"));
    }

    void roundTripsOfTheListedRanksFromTheirThroughput()
    {
        // Throughput x round trip is the report's constant (1250 x 400 = 500,000): rank 2's
        // round trip is 500000 / 416.67, rank 0's 500000 / 476.19.
        const ParsedLog log = importText(
            "0: [2024-10-23 01:29:30] | MnRtt/Rnk: 1000.00ms/1 | MxRtt/Rnk: 1250.00ms/3 | "
            "MnDRtt/Rnk: 1.20ms/4 | MxDRtt/Rnk: 130.33ms/2 | MnEtpt/Rnk: 400.00TF/3 | "
            "MxEtpt/Rnk: 500.00TF/1\n"
            "0: ^^^^ Bottom 2 Ranks with lowest  Etpt(TF): 400.00/3, 416.67/2,\n"
            "0: ^^^^ Top    2 Ranks with highest Etpt(TF): 476.19/0, 500.00/1,\n");
        bool derived = false;
        const auto rtt = timingsOf(log, RankTimingKind::DetectorRoundTrip, &derived, 2);
        QCOMPARE(int(rtt.size()), 4);
        QCOMPARE(rtt.at(1), 1000.0);
        QCOMPARE(rtt.at(3), 1250.0);
        QVERIFY(std::abs(rtt.at(2) - 1199.99) < 0.01);
        QVERIFY(std::abs(rtt.at(0) - 1050.0) < 0.01);
        QVERIFY(derived);
        const auto batch = timingsOf(log, RankTimingKind::DetectorGetBatch);
        QCOMPARE(int(batch.size()), 2);
        QCOMPARE(batch.at(2), 130.33);
        // The rank measured, not the one that printed; the embedded time when no header has one.
        for (const LogRankTimingRecord &record : log.rankTimings)
            QVERIFY(record.timeNs > 0);
    }

    void timersAcrossRanks()
    {
        // Rank 7 prints its timers; rank 3's warning in the middle belongs to another stream.
        const ParsedLog log = importText(
            "7:  [2024-10-23 01:29:30] iteration       10/     100 | consumed samples: 640 | "
            "elapsed time per iteration (ms): 1570.3 | lm loss: 1.034E+01 |\n"
            "7: times across ranks (ms):\n"
            "7:   forward-backward:\n"
            "7:      rank  0: 1500.00\n"
            "7:      rank  1: 1500.00\n"
            "7:   forward-compute:\n"
            "7:      rank  0: 400.50\n"
            "3: [W1023 01:29:31.123456 ProcessGroupNCCL.cpp:1168] Warning: something\n"
            "7:      rank  1: 480.25\n"
            "7:   backward-compute:\n"
            "7:      rank  0: 800.00\n"
            "7:      rank  1: 960.00\n"
            "7:   batch-generator:\n"
            "7:      rank  1: 2.50\n"
            "7:   forward-recv:\n"
            "7:      rank  0: 10.00\n"
            "7:   all-grads-sync:\n"
            "7:      rank  0: 200.00\n"
            "7:      rank 99999999999: 1.00\n"
            "7: (min, max) time across ranks (ms):\n"
            "7:     forward-compute ................................: (400.50, 480.25)\n");
        const auto compute = timingsOf(log, RankTimingKind::TimerCompute);
        QCOMPARE(int(compute.size()), 2);
        QCOMPARE(compute.at(0), 1200.5);
        QCOMPARE(compute.at(1), 1440.25);
        const auto batch = timingsOf(log, RankTimingKind::TimerBatch);
        QCOMPARE(int(batch.size()), 1);
        QCOMPARE(batch.at(1), 2.5);
        const auto comm = timingsOf(log, RankTimingKind::TimerCommunication);
        QCOMPARE(int(comm.size()), 1);
        QCOMPARE(comm.at(0), 210.0);
        for (const LogRankTimingRecord &record : log.rankTimings)
            QCOMPARE(record.iteration, std::int64_t(10));
        // The min/max form names no rank: nothing from it.
        QCOMPARE(int(log.rankTimings.size()), 4);
    }

    void hugeTimerBlockStaysLinear()
    {
        // 20,000 ranks x 3 timers: a linear pass (a rank lookup per line, not a scan).
        std::string text = "times across ranks (ms):\n";
        for (const char *name : {"forward-compute", "backward-compute", "batch-generator"}) {
            text += std::string("  ") + name + ":\n";
            for (int rank = 0; rank < 20000; ++rank)
                text += "     rank " + std::to_string(rank) + ": 12.5\n";
        }
        const ParsedLog log = importText(text, "logs/rank7.log");
        QCOMPARE(int(log.rankTimings.size()), 40000);
    }

    void combinedLauncherLogNamesTheSlowRank()
    {
        // srun --label output of 8 ranks: rank 7 prints iterations and timers, rank 0 the
        // detector; rank 5's round trip is ~15% longer from iteration 40 on.
        QTemporaryDir dir;
        QVERIFY(copyBundle(megatronFixture("combined"), dir));
        QString error;
        const QJsonObject heatmap = cliHeatmap(dir.path(), "detector_rtt", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(heatmap.value(QStringLiteral("windows")).toArray().first().toInt(), 10);
        QCOMPARE(heatmap.value(QStringLiteral("windows")).toArray().last().toInt(), 120);
        const QJsonArray ranks = heatmap.value(QStringLiteral("ranks")).toArray();
        QCOMPARE(ranks.size(), 8);
        // Every rank has a round trip in every report (min/max plus Bottom/Top 3 of 8 ranks:
        // 6 or more of 8 per report), in ns.
        const QJsonArray values = heatmap.value(QStringLiteral("values")).toArray();
        const QJsonArray rank5 = values.at(5).toArray();
        QVERIFY(rank5.last().toDouble() > 1.6e9);
        const QJsonObject timers = cliHeatmap(dir.path(), "timer_compute", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(timers.value(QStringLiteral("ranks")).toArray().size(), 8);

        QByteArray report;
        const QJsonArray top = cliTopSuspectRanks(dir.path(), &error, &report);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(top == QJsonArray({5}), report.constData());
    }

    void minmaxReportsAloneNameTheSlowRankByTally()
    {
        // The detector's default: one min/max line per report and nothing else per rank. Two
        // ranks per window are too few for peer consensus; the tally of who was the slowest is
        // the answer, and it says where it comes from.
        QTemporaryDir dir;
        QVERIFY(copyBundle(megatronFixture("minmax_only"), dir));
        QString error;
        const QJsonObject report = cliStragglerReport(dir.path(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonArray suspects = report.value(QStringLiteral("suspects")).toArray();
        QVERIFY2(suspects.size() == 1, QJsonDocument(report).toJson().constData());
        const QJsonObject top = suspects.at(0).toObject();
        QCOMPARE(top.value(QStringLiteral("ranks")).toArray(), QJsonArray({5}));
        QCOMPARE(top.value(QStringLiteral("metric")).toString(), QStringLiteral("detector_rtt"));
        QVERIFY(top.value(QStringLiteral("reason"))
                    .toString()
                    .contains(QStringLiteral("slowest in 9 of 12 reports")));
    }

    void tallyNeedsARepeatedSlowRank()
    {
        // Three reports, a different slowest rank each time: no suspect.
        std::vector<LogRankTimingRecord> timings;
        for (int report = 0; report < 3; ++report) {
            for (int rank : {0, report + 1}) {
                LogRankTimingRecord record;
                record.rank = rank;
                record.iteration = 10 * (report + 1);
                record.valueMs = rank == 0 ? 1000 : 1200;
                timings.push_back(record);
            }
        }
        const DetectorTally scattered = tallyDetectorReports(timings);
        QCOMPARE(scattered.reports, 3);
        QVERIFY(!tallyNamesStraggler(scattered));
        // The same rank slowest in all three, 20% above the fastest: a suspect.
        for (LogRankTimingRecord &record : timings)
            if (record.rank != 0)
                record.rank = 6;
        const DetectorTally repeated = tallyDetectorReports(timings);
        QCOMPARE(repeated.slowestRank, 6);
        QCOMPARE(repeated.slowestCount, 3);
        QVERIFY(std::abs(repeated.medianExcess - 0.2) < 1e-9);
        QVERIFY(tallyNamesStraggler(repeated));
    }

    void aLongLogDoesNotStretchTheTracesTimeBins()
    {
        // A profiler capture of a few seconds and a detector report ten hours later in the
        // launcher's log: the report lies outside the capture's bins and is left out of them,
        // instead of stretching the time axis over ten hours of empty columns.
        QTemporaryDir dir;
        const QString bundle = dir.filePath(QStringLiteral("job"));
        QProcess synth;
        synth.start(QStringLiteral(RANKSCOPE_CLI_BINARY),
                    {QStringLiteral("synth"), QStringLiteral("--scenario"),
                     QStringLiteral("straggler-gpu"), QStringLiteral("--ranks"),
                     QStringLiteral("8"), QStringLiteral("--iterations"), QStringLiteral("10"),
                     QStringLiteral("--out"), bundle});
        QVERIFY(synth.waitForFinished(120000));
        QCOMPARE(synth.exitCode(), 0);
        QString error;
        const QJsonObject before = cliHeatmapBy(bundle, "compute", "time", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonArray windows = before.value(QStringLiteral("windows")).toArray();
        QVERIFY(!windows.isEmpty());
        const qint64 endNs =
            qint64(before.value(QStringLiteral("window_end_ns")).toArray().last().toDouble());
        const QDateTime later =
            QDateTime::fromMSecsSinceEpoch(endNs / 1000000 + 10 * 3600 * 1000, Qt::UTC);
        QFile log(bundle + QStringLiteral("/logs/launcher.out"));
        QVERIFY(log.open(QIODevice::Append));
        log.write((QStringLiteral("[default0]:") +
                   later.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss,zzz")) +
                   QStringLiteral(" INFO megatron.core.utils: | MnRtt/Rnk: 1000.00ms/1 | "
                                  "MxRtt/Rnk: 1300.00ms/3\n"))
                      .toUtf8());
        log.close();
        const QJsonObject after = cliHeatmapBy(bundle, "compute", "time", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(after.value(QStringLiteral("windows")).toArray(), windows);
    }

    void perRankLogsMatchReportsToIterationsByTime()
    {
        // Rank 0's own log has the reports and no iteration line; rank 7's has the iterations:
        // a report is placed at the last iteration printed before it.
        QTemporaryDir dir;
        QVERIFY(copyBundle(megatronFixture("per_rank"), dir));
        QString error;
        const QJsonObject heatmap = cliHeatmap(dir.path(), "detector_rtt", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonArray windows = heatmap.value(QStringLiteral("windows")).toArray();
        QCOMPARE(windows.first().toInt(), 10);
        QCOMPARE(windows.last().toInt(), 120);
        QByteArray report;
        const QJsonArray top = cliTopSuspectRanks(dir.path(), &error, &report);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(top == QJsonArray({5}), report.constData());
    }
};

QTEST_GUILESS_MAIN(LogMegatronTimingsTest)
#include "test_log_megatron_timings.moc"
