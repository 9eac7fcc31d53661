// Causes before consequences, on bundles with the logs real multi-node PyTorch jobs write
// (RealLogFixtures.h): a rank- or node-local fault leads, the watchdog timeouts, "terminate
// called", torchrun's SIGTERMs and failure reports after it are its echoes, the ranks torchrun
// stopped because a node-mate failed are effects; with no local fault the rank that lacks the
// timeout everyone else logged is still the one named.

#include "RealLogFixtures.h"
#include "TraceBundleSupport.h"

#include "core/cache/LogCacheReader.h"
#include "core/logs/LogAnalysis.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;

namespace {

struct Outcome
{
    LogAnalysisInput input;
    LogAnalysis analysis;
};

std::string dump(const LogAnalysis &analysis);

Outcome analyse(const real_logs::Job &job)
{
    QTemporaryDir bundle;
    QTemporaryDir cache;
    job.write(bundle.path());
    const ImportResult result = importBundle(bundle_test::options(bundle.path(), cache.path()));
    auto db = bundle_test::openCache(result);
    Outcome outcome;
    outcome.input = loadLogAnalysisInput(*db, result.stacks.job);
    outcome.analysis =
        analyzeLogs(outcome.input.events, outcome.input.templates, outcome.input.iterations,
                    outcome.input.job, outcome.input.context);
    if (qEnvironmentVariableIsSet("RANKSCOPE_DUMP_TEMPLATES"))
        qDebug("%s", dump(outcome.analysis).c_str());
    return outcome;
}

std::string dump(const LogAnalysis &analysis)
{
    std::string text = analysis.summary + "\n";
    if (qEnvironmentVariableIsSet("RANKSCOPE_DUMP_TEMPLATES")) {
        for (const LogTemplateSummary &t : analysis.templates)
            text += "  T" + std::to_string(t.id) + " flags " + std::to_string(t.flags) + " " +
                    std::to_string(t.score) + " has " + t.has.toString() + " nodes " +
                    std::to_string(t.nodes.size()) + " [" + t.builtinName + "] " +
                    t.text.substr(0, 80) + "\n";
    }
    for (const LogSuspect &suspect : analysis.suspects)
        text += std::string(logSuspectKindKey(suspect.kind)) + (suspect.effect ? " (effect)" : "") +
                " " + std::to_string(suspect.score) + ": " + suspect.reason + "\n";
    return text;
}

const LogTemplateSummary *templateOf(const LogAnalysis &analysis, TemplateId id)
{
    for (const LogTemplateSummary &templ : analysis.templates) {
        if (templ.id == id)
            return &templ;
    }
    return nullptr;
}

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

// The index of the first suspect that is an effect (suspects.size() when none).
std::size_t firstEffect(const LogAnalysis &analysis)
{
    for (std::size_t i = 0; i < analysis.suspects.size(); ++i) {
        if (analysis.suspects[i].effect)
            return i;
    }
    return analysis.suspects.size();
}

} // namespace

class LogCausesTest : public QObject
{
    Q_OBJECT

private slots:
    void failureReportsAreParsed_data();
    void failureReportsAreParsed();
    void oomOnOneRankLeadsItsEchoes();
    void xidOnOneNodeNamesTheNode();
    void ncclFailureOnEveryRankOfOneNodeNamesTheNode();
    void hangWithoutErrorStillNamesTheLackingRank();
};

void LogCausesTest::failureReportsAreParsed_data()
{
    QTest::addColumn<bool>("stamped");
    QTest::newRow("one event per record") << false;
    QTest::newRow("every line stamped") << true;
}

// torchrun's ChildFailedError reports: one per node, the root cause of each agent.
void LogCausesTest::failureReportsAreParsed()
{
    QFETCH(bool, stamped);
    const Outcome outcome = analyse(real_logs::oomOnOneRank(stamped));
    const std::vector<LauncherFailure> &failures = outcome.input.context.failures;
    QCOMPARE(int(failures.size()), 4);
    const LauncherFailure *rank5 = nullptr;
    for (const LauncherFailure &failure : failures) {
        QVERIFY(failure.rootCause);
        if (failure.rank == 5)
            rank5 = &failure;
    }
    QVERIFY(rank5);
    QCOMPARE(rank5->exitCode, 1);
    QCOMPARE(rank5->localRank, 5);
    QCOMPARE(rank5->host, std::string("node-0"));
    QCOMPARE(rank5->pid, std::int64_t(40105));
    QCOMPARE(rank5->timeNs, real_logs::kStartNs + (31 * 60 + 3) * real_logs::kSecond);
    QCOMPARE(outcome.input.context.fileNodes.size(), outcome.input.files.size());
    // Either way the verdict is the same.
    QVERIFY2(outcome.analysis.summary.rfind("Rank 5 (node-0): ", 0) == 0,
             outcome.analysis.summary.c_str());
    QVERIFY2(contains(outcome.analysis.suspects.front().reason,
                      "torchrun's first observed failure (exit code 1"),
             outcome.analysis.suspects.front().reason.c_str());
}

void LogCausesTest::oomOnOneRankLeadsItsEchoes()
{
    const Outcome outcome = analyse(real_logs::oomOnOneRank());
    const LogAnalysis &analysis = outcome.analysis;
    const std::string all = dump(analysis);
    QVERIFY2(!analysis.suspects.empty(), all.c_str());

    // The cause first: rank 5, with its OOM and torchrun's root cause.
    const LogSuspect &top = analysis.suspects.front();
    QCOMPARE(int(top.kind), int(LogSuspectKind::Rank));
    QCOMPARE(top.ranks.toString(), std::string("5"));
    QVERIFY2(!top.effect, all.c_str());
    QVERIFY2(contains(top.reason, "CUDA out of memory"), all.c_str());
    QVERIFY2(contains(top.reason, "torchrun's first observed failure (exit code 1 at 12:31:03 on "
                                  "node-0)"),
             all.c_str());
    // Right after it, the OOM template itself.
    const LogSuspect &second = analysis.suspects.at(1);
    QCOMPARE(int(second.kind), int(LogSuspectKind::Template));
    const LogTemplateSummary *oom = templateOf(analysis, second.templ);
    QVERIFY(oom);
    QCOMPARE(oom->builtinName, std::string("cuda-oom"));
    QVERIFY(oom->flags & LogTemplateFlag::Cause);
    QVERIFY2(contains(analysis.cause, "rank 5's `CUDA out of memory"), analysis.cause.c_str());
    QVERIFY2(contains(analysis.cause, "at 12:31:02"), analysis.cause.c_str());
    QVERIFY2(analysis.summary.rfind("Rank 5 (node-0): ", 0) == 0, analysis.summary.c_str());

    // Every echo template is marked, names the cause and comes after every non-effect suspect.
    const std::size_t effects = firstEffect(analysis);
    int echoes = 0;
    bool watchdog = false;
    bool terminate = false;
    for (std::size_t i = 0; i < analysis.suspects.size(); ++i) {
        const LogSuspect &suspect = analysis.suspects[i];
        if (i >= effects)
            QVERIFY2(suspect.effect, all.c_str());
        if (suspect.kind != LogSuspectKind::Template)
            continue;
        const LogTemplateSummary *templ = templateOf(analysis, suspect.templ);
        QVERIFY(templ);
        if (!(templ->flags & LogTemplateFlag::Echo))
            continue;
        ++echoes;
        QVERIFY2(suspect.effect, suspect.reason.c_str());
        QVERIFY2(contains(suspect.reason,
                          "echo of rank 5's `CUDA out of memory. Tried to allocate <*>` at "
                          "12:31:02"),
                 suspect.reason.c_str());
        watchdog |= templ->builtinName == "nccl-watchdog-timeout";
        terminate |= templ->builtinName == "terminate-called" ||
                     (templ->builtinName == "nccl-watchdog-timeout" && templ->count > 24);
    }
    QVERIFY2(watchdog && echoes >= 3, all.c_str());
    QVERIFY2(terminate, all.c_str());

    // Rank 5's node-mates lack the timeout (torchrun stopped them first): effects, no node
    // suspect for node-0.
    int nodeMates = 0;
    for (const LogSuspect &suspect : analysis.suspects) {
        QVERIFY2(suspect.kind != LogSuspectKind::Node, all.c_str());
        if (suspect.kind != LogSuspectKind::Rank || suspect.ranks.contains(5))
            continue;
        QVERIFY2(suspect.effect, suspect.reason.c_str());
        QVERIFY2(contains(suspect.reason, "an effect: a node-mate of rank 5"),
                 suspect.reason.c_str());
        QVERIFY(suspect.ranks.toString() != "8" && suspect.ranks.toString() != "16");
        ++nodeMates;
    }
    QCOMPARE(nodeMates, 7);
}

void LogCausesTest::xidOnOneNodeNamesTheNode()
{
    const Outcome outcome = analyse(real_logs::nodeFault(true));
    const LogAnalysis &analysis = outcome.analysis;
    const std::string all = dump(analysis);
    QVERIFY2(!analysis.suspects.empty(), all.c_str());
    const LogSuspect &top = analysis.suspects.front();
    QCOMPARE(int(top.kind), int(LogSuspectKind::Node));
    QCOMPARE(top.node, std::string("node-2"));
    QCOMPARE(top.ranks.toString(), std::string("16-23"));
    QVERIFY2(contains(top.reason, "node-2 (ranks 16-23): `NVRM: Xid (PCI:<*>): 79, <*>` (fatal) "
                                  "in the node's own log at 12:30:58"),
             all.c_str());
    QVERIFY2(analysis.cause.rfind("node-2's `NVRM: Xid", 0) == 0, analysis.cause.c_str());
    // Rank 19, whose GPU it was, is next among the ranks, before any echo.
    bool rank19First = false;
    for (const LogSuspect &suspect : analysis.suspects) {
        if (suspect.kind == LogSuspectKind::Rank) {
            rank19First = suspect.ranks.toString() == "19";
            break;
        }
    }
    QVERIFY2(rank19First, all.c_str());
    for (const LogSuspect &suspect : analysis.suspects) {
        const LogTemplateSummary *templ = templateOf(analysis, suspect.templ);
        if (suspect.kind == LogSuspectKind::Template && templ &&
            templ->builtinName == "nccl-watchdog-timeout") {
            QVERIFY2(suspect.effect, suspect.reason.c_str());
            QVERIFY2(contains(suspect.reason, "echo of node-2's `NVRM: Xid"),
                     suspect.reason.c_str());
        }
    }
}

void LogCausesTest::ncclFailureOnEveryRankOfOneNodeNamesTheNode()
{
    const Outcome outcome = analyse(real_logs::nodeFault(false));
    const LogAnalysis &analysis = outcome.analysis;
    const std::string all = dump(analysis);
    QVERIFY2(!analysis.suspects.empty(), all.c_str());
    const LogSuspect &top = analysis.suspects.front();
    QCOMPARE(int(top.kind), int(LogSuspectKind::Node));
    QCOMPARE(top.node, std::string("node-2"));
    QCOMPARE(top.ranks.toString(), std::string("16-23"));
    QVERIFY2(contains(top.reason, "node-2 (ranks 16-23): all 8 of its ranks logged "), all.c_str());
    QVERIFY2(contains(top.reason, "which 24 other ranks did not"), all.c_str());
    QVERIFY2(analysis.cause.rfind("node-2's `", 0) == 0, analysis.cause.c_str());
    QVERIFY2(analysis.summary.rfind("Node-2 (ranks 16-23)", 0) == 0, analysis.summary.c_str());
    // The ranks of node-2 are the node's, never effects; the others' timeouts are echoes.
    for (const LogSuspect &suspect : analysis.suspects) {
        if (suspect.kind == LogSuspectKind::Rank) {
            QVERIFY2(!suspect.effect, suspect.reason.c_str());
            QVERIFY2(suspect.ranks == (suspect.ranks & RankSet::parse("16-23").value()),
                     all.c_str());
        }
    }
}

void LogCausesTest::hangWithoutErrorStillNamesTheLackingRank()
{
    const Outcome outcome = analyse(real_logs::hangWithoutError());
    const LogAnalysis &analysis = outcome.analysis;
    const std::string all = dump(analysis);
    QVERIFY2(analysis.cause.empty(), analysis.cause.c_str());
    QVERIFY2(analysis.suspects.size() >= 2, all.c_str());
    // The rank lacking the watchdog timeout and the timeout itself lead; nothing is an effect.
    bool rank13 = false;
    bool watchdog = false;
    for (std::size_t i = 0; i < 2; ++i) {
        const LogSuspect &suspect = analysis.suspects[i];
        rank13 |= suspect.kind == LogSuspectKind::Rank && suspect.ranks.toString() == "13" &&
                  contains(suspect.reason, "lacks") &&
                  contains(suspect.reason, "possibly the rank they wait for");
        const LogTemplateSummary *templ = templateOf(analysis, suspect.templ);
        watchdog |= suspect.kind == LogSuspectKind::Template && templ &&
                    templ->builtinName == "nccl-watchdog-timeout";
    }
    QVERIFY2(rank13 && watchdog, all.c_str());
    for (const LogSuspect &suspect : analysis.suspects) {
        QVERIFY2(!suspect.effect, all.c_str());
        // torchrun's root causes are the watchdog's SIGABRTs: they name no culprit.
        if (suspect.kind == LogSuspectKind::Rank)
            QCOMPARE(suspect.ranks.toString(), std::string("13"));
    }
}

QTEST_GUILESS_MAIN(LogCausesTest)
#include "tst_log_causes.moc"
