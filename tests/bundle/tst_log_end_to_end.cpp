// End to end on synthetic jobs with logs: write a bundle, import it (logs/ into the cache, one
// template miner over every event), analyse the logs. The injected fault's rank and template
// must lead the suspects; a healthy job must give no rank suspect and no error template.

#include "TraceBundleSupport.h"

#include "core/cache/LogCacheReader.h"
#include "core/logs/LogAnalysis.h"
#include "core/synth/SyntheticBundle.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;

namespace {

struct Outcome
{
    QJsonObject truth;
    ImportSummary summary;
    LogAnalysis analysis;
    std::vector<LogTemplate> templates;
};

Outcome run(const QTemporaryDir &dir, SynthOptions options)
{
    options.outDir = dir.filePath(QStringLiteral("bundle")).toStdString();
    writeSyntheticBundle(options);
    QFile truthFile(dir.filePath(QStringLiteral("bundle/ground_truth.json")));
    if (!truthFile.open(QIODevice::ReadOnly))
        qFatal("no ground truth written");
    Outcome outcome;
    outcome.truth = QJsonDocument::fromJson(truthFile.readAll()).object();
    ImportOptions import;
    import.bundlePath = options.outDir;
    import.cacheDir = dir.filePath(QStringLiteral("cache")).toStdString();
    const ImportResult result = importBundle(import);
    outcome.summary = result.summary;
    auto db = bundle_test::openCache(result);
    LogAnalysisInput input = loadLogAnalysisInput(*db, result.stacks.job);
    outcome.templates = input.templates;
    outcome.analysis =
        analyzeLogs(input.events, input.templates, input.iterations, input.job, input.context);
    return outcome;
}

QString templateText(const Outcome &outcome, TemplateId id)
{
    for (const LogTemplate &t : outcome.templates) {
        if (t.id == id)
            return QString::fromStdString(t.text);
    }
    return {};
}

} // namespace

class LogEndToEndTest : public QObject
{
    Q_OBJECT

private slots:
    void hangFaultRankAndTemplateLead_data();
    void hangFaultRankAndTemplateLead();
    void healthyJobHasNoRankSuspect();
};

void LogEndToEndTest::hangFaultRankAndTemplateLead_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("64 ranks, seed 7") << 64 << quint64(7);
    QTest::newRow("128 ranks, seed 3") << 128 << quint64(3);
}

void LogEndToEndTest::hangFaultRankAndTemplateLead()
{
    QFETCH(int, ranks);
    QFETCH(quint64, seed);
    QTemporaryDir dir;
    SynthOptions options;
    options.scenario = "hang-dataloader";
    options.ranks = ranks;
    options.seed = seed;
    const Outcome outcome = run(dir, options);
    QVERIFY(outcome.summary.logFiles > 0);
    QVERIFY(outcome.summary.logEvents > 0);

    const QJsonObject logs = outcome.truth.value(QStringLiteral("logs")).toObject();
    const int faultRank = logs.value(QStringLiteral("fault_ranks")).toArray().at(0).toInt(-1);
    const QString faultTemplate = logs.value(QStringLiteral("fault_template")).toString();
    QVERIFY(faultRank >= 0);
    QVERIFY(!faultTemplate.isEmpty());

    // The first rank suspect is the fault rank; the first template suspect is the fault's.
    const LogSuspect *firstRank = nullptr;
    const LogSuspect *firstTemplate = nullptr;
    for (const LogSuspect &suspect : outcome.analysis.suspects) {
        if (!firstRank && suspect.kind == LogSuspectKind::Rank)
            firstRank = &suspect;
        if (!firstTemplate && suspect.kind == LogSuspectKind::Template)
            firstTemplate = &suspect;
    }
    QVERIFY(firstRank);
    QCOMPARE(firstRank->ranks.toString(), std::to_string(faultRank));
    QVERIFY(firstTemplate);
    QVERIFY2(templateText(outcome, firstTemplate->templ).contains(faultTemplate),
             qPrintable(templateText(outcome, firstTemplate->templ)));
    // The fault template is held by everyone but the fault rank.
    for (const LogTemplateSummary &summary : outcome.analysis.templates) {
        if (summary.id == firstTemplate->templ) {
            QCOMPARE(summary.missing.toString(), std::to_string(faultRank));
            QVERIFY(summary.flags & LogTemplateFlag::MinorityLacks);
        }
    }
    // The top two suspects of the job are those two, in either order.
    QVERIFY(outcome.analysis.suspects.size() >= 2);
    for (int i = 0; i < 2; ++i) {
        const LogSuspect &s = outcome.analysis.suspects[std::size_t(i)];
        QVERIFY(&s == firstRank || &s == firstTemplate);
    }
    // Iteration lines come from the last pipeline stage only; when the fault rank prints them,
    // its last one is where it stopped.
    bool printsIterations = false;
    for (const QJsonValue &rank : logs.value(QStringLiteral("iteration_ranks")).toArray())
        printsIterations |= rank.toInt() == faultRank;
    QCOMPARE(outcome.analysis.lastIteration.at(std::size_t(faultRank)),
             printsIterations
                 ? std::int64_t(logs.value(QStringLiteral("fault_last_iteration")).toInt())
                 : std::int64_t(-1));
}

void LogEndToEndTest::healthyJobHasNoRankSuspect()
{
    QTemporaryDir dir;
    SynthOptions options;
    options.scenario = "healthy";
    options.ranks = 64;
    options.seed = 5;
    const Outcome outcome = run(dir, options);
    QVERIFY(outcome.summary.logEvents > 0);
    for (const LogSuspect &suspect : outcome.analysis.suspects) {
        QVERIFY2(suspect.kind != LogSuspectKind::Rank && suspect.kind != LogSuspectKind::Node,
                 suspect.reason.c_str());
    }
    for (const LogTemplateSummary &summary : outcome.analysis.templates) {
        QVERIFY2(
            summary.severity < LogSeverity::Error ||
                (summary.flags & (LogTemplateFlag::RankZeroOnly | LogTemplateFlag::ControlPlane)),
            summary.text.c_str());
    }
}

QTEST_GUILESS_MAIN(LogEndToEndTest)
#include "tst_log_end_to_end.moc"
