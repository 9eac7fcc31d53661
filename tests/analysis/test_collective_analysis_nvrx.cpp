// The shared NVRx Flight Recorder scenarios (NVIDIA/nvidia-resiliency-ext
// tests/attribution/unit/fr_traces): 16 ranks, "only active" dumps (every entry scheduled, no
// frames), faults injected on the ranks each fault_injection.log names. PyTorch's reference
// analyser (reference_outputs/) names rank 12 of gpu_error_1st's [12, 14] and both of
// lock_gil_1st's [9, 14]; the analysis must name all of them and agree where it is right.
// The dumps are read through tests/fixtures/collectives/nvrx_*.json (nvrx_to_json.py) until the
// C++ dump reader lands.

#include "CollectiveFixture.h"
#include "TestData.h"

#include "core/collectives/CollectiveAnalysis.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

using namespace rankscope;

namespace {

CollectiveDataset fixture(const char *name)
{
    CollectiveDataset data;
    const QString path =
        rankscope_test::fixturesDir() + QStringLiteral("/collectives/") + QString::fromUtf8(name);
    if (!rankscope_test::loadCollectiveFixture(path.toStdString(), data))
        qFatal("cannot read %s", qPrintable(path));
    return data;
}

void print(const CollectiveReport &report)
{
    if (!qEnvironmentVariableIsSet("RANKSCOPE_TEST_VERBOSE"))
        return;
    qInfo("verdict: %s", report.verdict.c_str());
    for (const CollectiveSuspect &s : report.suspects)
        qInfo("  %s%s pg %s seq %lld: %s", collectiveSuspectKindKey(s.kind),
              s.consequence ? " (consequence)" : "", s.pgName.c_str(), (long long)s.seq,
              s.reason.c_str());
    for (const std::string &note : report.notes)
        qInfo("  note: %s", note.c_str());
}

RankSet causeRanks(const CollectiveReport &report)
{
    RankSet ranks;
    for (const CollectiveSuspect &s : report.suspects)
        if (!s.consequence)
            ranks |= s.ranks;
    return ranks;
}

const CollectiveSuspect *find(const CollectiveReport &report, const std::string &pg,
                              CollectiveSuspectKind kind)
{
    for (const CollectiveSuspect &s : report.suspects)
        if (s.pgName == pg && s.kind == kind && !s.consequence)
            return &s;
    return nullptr;
}

// "Fault ranks: [12, 14]" of a scenario's fault_injection.log.
RankSet injectedRanks(const QString &scenarioDir)
{
    QFile file(scenarioDir + QStringLiteral("/fault_injection.log"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(file.readAll());
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral(R"(Fault ranks:\s*\[([0-9,\s]*)\])")).match(text);
    RankSet ranks;
    for (const QString &part : m.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts))
        ranks.insert(part.trimmed().toInt());
    return ranks;
}

// The rows of the reference analyser's table: PGID | desc | op | size | dtype | missing ranks.
struct ReferenceRow
{
    std::string pg;
    std::string op;
    RankSet missing;
};

std::vector<ReferenceRow> referenceRows(const QString &path)
{
    std::vector<ReferenceRow> rows;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return rows;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const QStringList cells = line.split(QLatin1Char('|'));
        if (cells.size() < 6 || cells[0].trimmed() == QStringLiteral("PGID"))
            continue;
        ReferenceRow row;
        row.pg = cells[0].trimmed().toStdString();
        row.op = canonicalCollectiveOp(cells[2].trimmed().toStdString());
        for (const QString &rank : cells[5].split(QLatin1Char(','), Qt::SkipEmptyParts))
            row.missing.insert(rank.trimmed().toInt());
        rows.push_back(row);
    }
    return rows;
}

} // namespace

class TestCollectiveAnalysisNvrx : public QObject
{
    Q_OBJECT

private slots:
    // GPU error on ranks 12 and 14: both stop completing; 12 also stops enqueuing. The
    // reference names rank 12 missing from all_to_all of pg 74 (4027x5120, BFloat16).
    void gpuErrorNamesBothInjectedRanks()
    {
        const CollectiveReport report = analyseCollectives(fixture("nvrx_gpu_error_1st.json"));
        print(report);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        QCOMPARE(report.worldSize, 16);
        QCOMPARE(causeRanks(report).toString(), std::string("12,14"));
        QCOMPARE(report.leadGroup, std::string("74"));

        const CollectiveSuspect *behind = find(report, "74", CollectiveSuspectKind::Behind);
        QVERIFY(behind);
        QCOMPARE(behind->ranks.toString(), std::string("12")); // as the reference
        QCOMPARE(behind->op, std::string("all_to_all"));
        QCOMPARE(behind->seq, std::int64_t(20537));
        QCOMPARE(behind->pgDesc, std::string("EXPERT_MODEL_PARALLEL_GROUP"));
        QCOMPARE(behind->waitingRanks.toString(), std::string("13-15"));

        const CollectiveSuspect *stuck = find(report, "74", CollectiveSuspectKind::Stuck);
        QVERIFY(stuck);
        QCOMPARE(stuck->ranks.toString(), std::string("12,14")); // what the reference misses
        QCOMPARE(stuck->seq, std::int64_t(20530));
        QCOMPARE(stuck->waitingRanks.toString(), std::string("13,15"));

        // The lead finding is pg 74's, and every suspect is 12 or 14.
        QCOMPARE(report.suspects.front().pgName, std::string("74"));
        for (const CollectiveSuspect &s : report.suspects)
            QVERIFY2((s.ranks - RankSet::fromVector({12, 14})).empty(), s.reason.c_str());
        QVERIFY2(report.verdict.find("pg 74 (EXPERT_MODEL_PARALLEL_GROUP)") != std::string::npos,
                 report.verdict.c_str());
    }

    // GIL held on ranks 9 and 14: they enqueue nothing more; their dumps hold no entry at all,
    // only pg_status counters keyed by pg_id. The reference names 9,14 in all_to_all of pg 72.
    void lockGilNamesBothInjectedRanks()
    {
        const CollectiveReport report = analyseCollectives(fixture("nvrx_lock_gil_1st.json"));
        print(report);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        QCOMPARE(causeRanks(report).toString(), std::string("9,14"));
        QCOMPARE(report.leadGroup, std::string("72"));
        const CollectiveSuspect &lead = report.suspects.front();
        QCOMPARE(lead.kind, CollectiveSuspectKind::Behind);
        QCOMPARE(lead.pgName, std::string("72"));
        QCOMPARE(lead.ranks.toString(), std::string("9,14"));
        QCOMPARE(lead.op, std::string("all_to_all"));
        QCOMPARE(lead.seq, std::int64_t(45265));
        QCOMPARE(lead.waitingRanks.toString(), std::string("8,10-13,15"));
        // Their counters, named through ranks with the same groups: last completed #45264.
        QVERIFY2(lead.reason.find("#45264") != std::string::npos, lead.reason.c_str());

        // Stage 1's other ranks leave stage 0's sends and recvs unmatched, but they wait in
        // pg 72 themselves: consequences, after the causes.
        bool sawConsequence = false;
        bool causesDone = false;
        for (const CollectiveSuspect &s : report.suspects) {
            if (s.consequence) {
                causesDone = true;
                sawConsequence = true;
                QVERIFY2((s.ranks & RankSet::fromVector({9, 14})).empty(), s.reason.c_str());
            } else {
                QVERIFY2(!causesDone, "a cause after a consequence");
            }
        }
        QVERIFY(sawConsequence);
    }

    // Against the shared originals: the causes are exactly the ranks fault_injection.log names,
    // and every row of the reference analyser's output is one of our findings (same group, op,
    // and its missing ranks among our suspects there).
    void agreesWithReferenceOutputsAndInjection_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("fixtureName");
        QTest::newRow("gpu_error_1st")
            << QStringLiteral("gpu_error_1st") << QStringLiteral("nvrx_gpu_error_1st.json");
        QTest::newRow("lock_gil_1st")
            << QStringLiteral("lock_gil_1st") << QStringLiteral("nvrx_lock_gil_1st.json");
    }
    void agreesWithReferenceOutputsAndInjection()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, fixtureName);
        RANKSCOPE_REQUIRE_SHARED_DATA(shared);
        const QString root = shared + QStringLiteral("/nvrx-flight-recorder");
        const RankSet injected = injectedRanks(root + QStringLiteral("/fr_traces/") + scenario);
        QVERIFY(!injected.empty());
        const std::vector<ReferenceRow> rows =
            referenceRows(root + QStringLiteral("/reference_outputs/") + scenario +
                          QStringLiteral("_reference.txt"));
        QVERIFY(!rows.empty());

        const CollectiveReport report =
            analyseCollectives(fixture(fixtureName.toUtf8().constData()));
        QCOMPARE(causeRanks(report).toString(), injected.toString());
        for (const ReferenceRow &row : rows) {
            RankSet ours;
            for (const CollectiveSuspect &s : report.suspects)
                if (!s.consequence && s.pgName == row.pg && s.op == row.op)
                    ours |= s.ranks;
            QVERIFY2((row.missing - ours).empty(),
                     ("reference names " + row.missing.toString() + " in pg " + row.pg + " " +
                      row.op + "; we name " + ours.toString())
                         .c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestCollectiveAnalysisNvrx)
#include "test_collective_analysis_nvrx.moc"
