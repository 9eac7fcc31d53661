// Dumps as people collect them (issue 10, point 14): pasted with prompts, concatenated with
// `tail`, stamped with `date`, with blank lines inside a stack. Fixtures in
// tests/fixtures/stacks/messy (README there). Each must parse as if it were clean: no
// unreadable lines, every thread with all its frames, and what the wrapping tells kept.
#include "StackTestSupport.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

ParsedStacks parseMessy(const char *name)
{
    const std::string text = readStackFixture(QStringLiteral("messy/") + QLatin1String(name));
    const StackFormat format = detectStackFormat(text, name);
    return parseStacks(format, text);
}

} // namespace

class TestMessyDumps : public QObject
{
    Q_OBJECT
private slots:
    void promptAndBlankLinesInsideAStack()
    {
        const std::string text =
            readStackFixture(QStringLiteral("messy/prompt-and-blank-lines.txt"));
        QCOMPARE(detectStackFormat(text, "dump.txt"), StackFormat::PySpyText);
        const ParsedStacks stacks = parsePySpyText(text);
        QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
        QCOMPARE(stacks.invalidLines, 0);
        QCOMPARE(stacks.processes.size(), 1u);
        const ParsedProcess &process = stacks.processes[0];
        QCOMPARE(process.pid, 41822);
        QCOMPARE(qs(process.host), QStringLiteral("node-3"));
        QCOMPARE(process.threads.size(), 2u);
        // The blank line after c10d_logger's wrapper did not end the stack.
        QCOMPARE(frameNames(process.threads[0]),
                 QStringLiteral("train_step;finish_grad_sync;start_grad_sync;wrapper;all_reduce"));
        QCOMPARE(frameNames(process.threads[1]), QStringLiteral("_bootstrap;wait"));
    }

    void tailHeadersStartDumpsAndNameTheirFiles()
    {
        const ParsedStacks stacks = parseMessy("tail-concatenated.txt");
        QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
        QCOMPARE(stacks.invalidLines, 0);
        QCOMPARE(stacks.processes.size(), 2u);
        QCOMPARE(qs(stacks.processes[0].pastedFrom), QStringLiteral("stacks/rank3.txt"));
        QCOMPARE(qs(stacks.processes[1].pastedFrom), QStringLiteral("stacks/rank4.txt"));
        QCOMPARE(frameNames(stacks.processes[1].threads[0]), QStringLiteral("train_step;__next__"));
    }

    void timestampAndCommandLinesAreSkipped()
    {
        const ParsedStacks stacks = parseMessy("timestamp-header.txt");
        QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
        QCOMPARE(stacks.invalidLines, 0);
        QCOMPARE(stacks.processes.size(), 1u);
        QCOMPARE(frameNames(stacks.processes[0].threads[0]), QStringLiteral("main;barrier"));
    }

    void appendedDumpsStayApart()
    {
        const ParsedStacks stacks = parseMessy("appended-ranks.txt");
        QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
        QCOMPARE(stacks.processes.size(), 3u);
        QCOMPARE(qs(stacks.processes[1].commandLine),
                 QStringLiteral("/usr/bin/env RANK=12 LOCAL_RANK=4 WORLD_SIZE=16 "
                                "/opt/conda/bin/python -u train.py"));
    }

    void torchrunSubprocessTree()
    {
        const ParsedStacks stacks = parseMessy("torchrun-subprocesses.txt");
        QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
        QCOMPARE(stacks.invalidLines, 0);
        QCOMPARE(stacks.processes.size(), 4u);
        QCOMPARE(stacks.processes[1].parentPid, 1200);
        QCOMPARE(stacks.processes[2].parentPid, 1301);
        QCOMPARE(stacks.processes[3].pid, 1302);
    }

    void pystackPastedWithPrompt()
    {
        const ParsedStacks stacks = parseMessy("pystack-prompt.txt");
        QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
        QCOMPARE(stacks.invalidLines, 0);
        QCOMPARE(stacks.processes.size(), 1u);
        QCOMPARE(qs(stacks.processes[0].host), QStringLiteral("gpu-07"));
        QCOMPARE(stacks.processes[0].threads.size(), 1u);
        QCOMPARE(frameNames(stacks.processes[0].threads[0]),
                 QStringLiteral("main;save_checkpoint;barrier"));
    }

    void cutInsideTheLastThreadKeepsIt()
    {
        // A dump cut mid-thread (no final newline): complete threads stay, the cut one is
        // marked, and the problem names the line.
        const std::string text = "Process 5: python t.py\nPython v3.10.12 (/usr/bin/python3)\n\n"
                                 "Thread 5 (idle): \"MainThread\"\n    all_reduce "
                                 "(torch/distributed/distributed_c10d.py:2050)\n    step (t.py:3)\n"
                                 "Thread 9 (idle): \"Thread-1\"\n    wait (threading.py:324)\n"
                                 "    run (thr";
        const ParsedStacks stacks = parsePySpyText(text);
        QCOMPARE(stacks.processes[0].threads.size(), 2u);
        QVERIFY(!stacks.processes[0].threads[0].truncated);
        QVERIFY(stacks.processes[0].threads[1].truncated);
        QVERIFY2(hasProblem(stacks, "thread 9 (\"Thread-1\") is cut", 9),
                 qPrintable(problemsText(stacks)));
    }
};

QTEST_APPLESS_MAIN(TestMessyDumps)
#include "test_messy_dumps.moc"
