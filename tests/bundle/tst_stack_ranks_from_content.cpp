// Stack files whose ranks come from their content (issue 10, point 14): several ranks' dumps in
// one file (appended, `tail`-concatenated, `py-spy dump --subprocesses` of torchrun's agent),
// pid-named files with job.json's "pids", and dumps cut inside a stack. Imported end to end.
#include "BundleTestSupport.h"
#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"

#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace rankscope;
using namespace bundle_test;

namespace {

QByteArray messy(const char *name)
{
    QFile file(rankscope_test::fixturesDir() + QStringLiteral("/stacks/messy/") +
               QString::fromUtf8(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return file.readAll();
}

std::set<int> ranksOf(const StackDataset &data)
{
    std::set<int> ranks;
    for (const StackSample &s : data.samples)
        ranks.insert(s.rank);
    return ranks;
}

const StackSample *mainSampleOf(const StackDataset &data, int rank)
{
    for (const StackSample &s : data.samples) {
        if (s.rank == rank && s.isMainThread)
            return &s;
    }
    return nullptr;
}

bool hasProblem(const StackDataset &data, const std::string &text)
{
    for (const ImportProblem &p : data.problems) {
        if (p.message.find(text) != std::string::npos)
            return true;
    }
    return false;
}

} // namespace

class TestStackRanksFromContent : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_count = 0;

    QString freshBundle()
    {
        const QString dir = m_tmp.filePath(QString::number(++m_count));
        QDir().mkpath(dir);
        return dir;
    }
    ImportResult import(const QString &bundle)
    {
        return importBundle(options(bundle, m_tmp.filePath(QStringLiteral("cache"))));
    }

private slots:
    void appendedDumpsOfSeveralRanks()
    {
        const QString bundle = freshBundle();
        writeFile(bundle, QStringLiteral("job.json"), R"({"world_size": 16})");
        writeFile(bundle, QStringLiteral("stacks/all-ranks.txt"), messy("appended-ranks.txt"));
        const ImportResult r = import(bundle);
        // RANK=12 from `env`, --rank 13; --local_rank=3 alone is no global rank.
        QCOMPARE(ranksOf(r.stacks), (std::set<int>{12, 13}));
        QVERIFY(mainSampleOf(r.stacks, 12) && mainSampleOf(r.stacks, 13));
        QVERIFY2(hasProblem(r.stacks, "cannot tell the rank of process 3297"),
                 qPrintable(problemsText(r.stacks.problems)));
        QCOMPARE(r.stacks.problems.front().file, std::string("stacks/all-ranks.txt"));
    }

    void tailConcatenatedFilesGiveTheirRanks()
    {
        const QString bundle = freshBundle();
        writeFile(bundle, QStringLiteral("stacks/all.txt"), messy("tail-concatenated.txt"));
        const ImportResult r = import(bundle);
        QCOMPARE(ranksOf(r.stacks), (std::set<int>{3, 4}));
        QVERIFY2(r.stacks.problems.empty(), qPrintable(problemsText(r.stacks.problems)));
        // Rank 3 waits, rank 4 is in the data loader: two ranks cannot name anyone.
        const StackTree tree = StackTreeBuilder::build(r.stacks, {});
        QCOMPARE(tree.ranksWithData().toString(), std::string("3-4"));
    }

    void torchrunSubprocessesWithPidMap()
    {
        const QString bundle = freshBundle();
        writeFile(bundle, QStringLiteral("job.json"),
                  R"({"world_size": 4, "pids": {"1301": 0, "1302": 1}})", 1000);
        writeFile(bundle, QStringLiteral("stacks/node-0.txt"), messy("torchrun-subprocesses.txt"));
        ImportResult r = import(bundle);
        QCOMPARE(ranksOf(r.stacks), (std::set<int>{0, 1}));
        const StackSample *rank0 = mainSampleOf(r.stacks, 0);
        QVERIFY(rank0);
        QCOMPARE(rank0->pid, 1301);
        QCOMPARE(frameText(r.stacks, rank0->stack), std::string("train_step;all_reduce"));
        QCOMPARE(mainSampleOf(r.stacks, 1)->pid, 1302);
        // The DataLoader worker belongs to rank 0; the agent is no rank.
        bool worker = false;
        for (const StackSample &s : r.stacks.samples) {
            QVERIFY(s.pid != 1200);
            if (s.pid == 1377) {
                worker = true;
                QCOMPARE(s.rank, 0);
                QCOMPARE(s.role, std::string("dataloader"));
            }
        }
        QVERIFY(worker);
        QVERIFY2(hasProblem(r.stacks, "process 1200 (/usr/bin/python3 /usr/local/bin/torchrun"),
                 qPrintable(problemsText(r.stacks.problems)));

        // A corrected job.json re-reads the file (its ranks came from the manifest).
        writeFile(bundle, QStringLiteral("job.json"),
                  R"({"world_size": 4, "pids": {"1301": 2, "1302": 3}})", 2000);
        r = import(bundle);
        QCOMPARE(ranksOf(r.stacks), (std::set<int>{2, 3}));
    }

    void pidNamedFileWithRankPid()
    {
        const QString bundle = freshBundle();
        writeFile(bundle, QStringLiteral("job.json"),
                  R"({"world_size": 8, "ranks": [{"rank": 5, "node": "node-1", "pid": 20117}]})");
        writeFile(bundle, QStringLiteral("stacks/py-spy-20117.txt"), messy("timestamp-header.txt"));
        const ImportResult r = import(bundle);
        QCOMPARE(ranksOf(r.stacks), (std::set<int>{5}));
        QVERIFY(mainSampleOf(r.stacks, 5));

        // Without the map the file cannot be placed, and says how to fix it.
        const QString other = freshBundle();
        writeFile(other, QStringLiteral("stacks/py-spy-20117.txt"), messy("timestamp-header.txt"));
        const ImportResult lost = import(other);
        QVERIFY(lost.stacks.samples.empty());
        QVERIFY2(hasProblem(lost.stacks, "\"pids\": {\"12345\": 7}"),
                 qPrintable(problemsText(lost.stacks.problems)));
    }

    void cutDumpIsShownNotCompared()
    {
        const QString bundle = freshBundle();
        const QByteArray wait = "Process 7: python t.py\nPython v3.10.12 (/usr/bin/python3)\n\n"
                                "Thread 7 (idle): \"MainThread\"\n    all_reduce "
                                "(torch/distributed/distributed_c10d.py:2050)\n    step (t.py:3)\n"
                                "    main (t.py:9)\n";
        for (int r = 0; r < 4; ++r)
            writeFile(bundle, QStringLiteral("stacks/rank%1.txt").arg(r), wait);
        // Rank 4's dump stops inside its main thread's stack (no final newline).
        writeFile(bundle, QStringLiteral("stacks/rank4.txt"),
                  wait.left(wait.indexOf("    step")) + "    ste");
        const ImportResult r = import(bundle);
        const StackSample *cut = mainSampleOf(r.stacks, 4);
        QVERIFY(cut);
        QVERIFY(cut->cut);
        QVERIFY2(hasProblem(r.stacks, "is cut after 1 frame(s)"),
                 qPrintable(problemsText(r.stacks.problems)));
        const StackTree tree = StackTreeBuilder::build(r.stacks, {});
        QCOMPARE(tree.ranksWithData().toString(), std::string("0-3"));
        const StackAnalysis a = analyzeStacks(r.stacks, tree);
        QCOMPARE(a.cutRanks.toString(), std::string("4")); // the rank list shows it as cut
        bool named = false;
        for (const Suspect &s : a.suspects)
            named = named || (s.ranks.toString() == "4" &&
                              s.reason.find("the dump was cut inside the stack "
                                            "(stacks/rank4.txt)") != std::string::npos);
        QVERIFY(named);
    }
};

QTEST_GUILESS_MAIN(TestStackRanksFromContent)
#include "tst_stack_ranks_from_content.moc"
