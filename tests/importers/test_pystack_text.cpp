// pystack remote/core text: thread names and GIL statuses, Python and native frames, source
// lines and locals skipped, empty threads, core-file headers, truncation.

#include "StackTestSupport.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class PystackTextTest : public QObject
{
    Q_OBJECT

private slots:
    void remoteDump();
    void coreDumpHeaders();
    void truncatedFile();
    void statusMapping_data();
    void statusMapping();
};

void PystackTextTest::remoteDump()
{
    const ParsedStacks stacks =
        parsePystackText(readStackFixture(QStringLiteral("pystack-remote.txt")));
    QCOMPARE(stacks.invalidLines, 0);
    QCOMPARE(stacks.problems.size(), 1u);
    QVERIFY2(hasProblem(stacks, "could not merge the native stack of 1 thread(s)", 20),
             qPrintable(problemsText(stacks)));
    QCOMPARE(stacks.processes.size(), 1u);
    QCOMPARE(stacks.processes[0].pid, 0);
    const auto &threads = stacks.processes[0].threads;
    QCOMPARE(threads.size(), 5u);

    QCOMPARE(threads[0].threadId, 2846u); // "The frame stack for thread 2846 is empty"
    QVERIFY(threads[0].frames.empty());
    QCOMPARE(threads[0].state, ThreadState::Unknown);

    QCOMPARE(threads[1].threadId, 2843u);
    QCOMPARE(qs(threads[1].threadName), QStringLiteral("pt_autograd_0"));
    QCOMPARE(threads[1].state, ThreadState::Idle);                  // "[]"
    QCOMPARE(frameNames(threads[1]), QStringLiteral("apply;call")); // root first as printed
    QCOMPARE(qs(threads[1].frames[0].file),
             QStringLiteral("/usr/local/lib/python3.12/dist-packages/torch/autograd/function.py"));
    QCOMPARE(threads[1].frames[0].line, 307);
    QCOMPARE(threads[1].frames[0].kind, FrameKind::Python);

    QCOMPARE(qs(threads[2].threadName), QStringLiteral("Thread-3 (_pin_memory_loop)"));
    QCOMPARE(threads[2].state, ThreadState::ActiveGil);
    QCOMPARE(frameNames(threads[2]), QStringLiteral("_bootstrap;wait")); // locals skipped

    QCOMPARE(threads[3].threadId, 1650u);
    QVERIFY(threads[3].threadName.empty());
    QCOMPARE(threads[3].state, ThreadState::Active); // waiting for the GIL
    QCOMPARE(frameNames(threads[3]), QStringLiteral("<module>"));

    const ParsedThread &main = threads[4];
    QCOMPARE(qs(main.threadName), QStringLiteral("MainThread"));
    QCOMPARE(main.state, ThreadState::ActiveGil); // "Has the GIL,Garbage collecting"
    QCOMPARE(frameNames(main),
             QStringLiteral("<module>;cfunction_call;c10d::ProcessGroupNCCL::WorkNCCL::"
                            "synchronizeInternal(std::chrono::duration<long, std::ratio<1l, "
                            "1000l> >);pthread_cond_wait"));
    const Frame &call = main.frames[1];
    QCOMPARE(call.kind, FrameKind::Native);
    QVERIFY(call.file.empty()); // "???"
    QCOMPARE(qs(call.module), QStringLiteral("libpython3.12.so.1.0"));
    const Frame &nccl = main.frames[2];
    QCOMPARE(qs(nccl.file), QStringLiteral("csrc/distributed/c10d/ProcessGroupNCCL.cpp"));
    QCOMPARE(nccl.line, 812);
    QCOMPARE(qs(nccl.module), QStringLiteral("libtorch_cuda.so"));
    QCOMPARE(qs(main.frames[3].module), QStringLiteral("libc.so.6"));
}

void PystackTextTest::coreDumpHeaders()
{
    const ParsedStacks stacks =
        parsePystackText(readStackFixture(QStringLiteral("pystack-core.txt")));
    QCOMPARE(stacks.invalidLines, 1);
    QVERIFY2(hasProblem(stacks, "\"something unexpected\"", 20), qPrintable(problemsText(stacks)));
    QCOMPARE(stacks.processes.size(), 2u);

    const ParsedProcess &crashed = stacks.processes[0];
    QCOMPARE(crashed.pid, 90266);
    QCOMPARE(crashed.parentPid, 14133);
    QCOMPARE(qs(crashed.commandLine), QStringLiteral("python docs/tutorials/assert.py"));
    QCOMPARE(crashed.threads.size(), 1u);
    QCOMPARE(crashed.threads[0].threadId, 90266u);
    QCOMPARE(frameNames(crashed.threads[0]), QStringLiteral("<module>;assertion"));
    QCOMPARE(crashed.threads[0].frames[1].line, 21);

    const ParsedProcess &worker = stacks.processes[1];
    QCOMPARE(worker.pid, 90300);
    QCOMPARE(qs(worker.commandLine), QStringLiteral("python worker.py"));
    QCOMPARE(worker.threads.size(), 1u);
    QCOMPARE(qs(worker.threads[0].threadName), QStringLiteral("worker"));
    QCOMPARE(worker.threads[0].state, ThreadState::Idle); // "Thread terminated"
    QCOMPARE(frameNames(worker.threads[0]), QStringLiteral("<module>"));
}

void PystackTextTest::truncatedFile()
{
    const ParsedStacks stacks =
        parsePystackText(readStackFixture(QStringLiteral("pystack-truncated.txt")));
    QCOMPARE(stacks.invalidLines, 0);
    QVERIFY2(hasProblem(stacks,
                        "looks truncated; thread 11 is cut after 1 frame(s): its innermost frames "
                        "are missing",
                        8),
             qPrintable(problemsText(stacks)));
    QCOMPARE(threadCount(stacks), 2);
    QCOMPARE(stacks.processes[0].threads[0].threadId, 10u);
    QVERIFY(!stacks.processes[0].threads[0].truncated);
    QCOMPARE(frameNames(stacks.processes[0].threads[0]), QStringLiteral("<module>"));
    QVERIFY(stacks.processes[0].threads[1].truncated); // kept, marked cut
    QCOMPARE(frameNames(stacks.processes[0].threads[1]), QStringLiteral("run"));
}

void PystackTextTest::statusMapping_data()
{
    QTest::addColumn<QString>("status");
    QTest::addColumn<int>("state");
    QTest::newRow("empty") << QString() << int(ThreadState::Idle);
    QTest::newRow("gil") << QStringLiteral("Has the GIL") << int(ThreadState::ActiveGil);
    QTest::newRow("waiting") << QStringLiteral("Waiting for the GIL") << int(ThreadState::Active);
    QTest::newRow("dropping") << QStringLiteral("Dropping the GIL") << int(ThreadState::Active);
    QTest::newRow("gc+gil") << QStringLiteral("Has the GIL,Garbage collecting")
                            << int(ThreadState::ActiveGil);
    QTest::newRow("terminated") << QStringLiteral("Thread terminated") << int(ThreadState::Idle);
    QTest::newRow("unknown") << QStringLiteral("Frozen") << int(ThreadState::Unknown);
}

void PystackTextTest::statusMapping()
{
    QFETCH(QString, status);
    QFETCH(int, state);
    const std::string text = "Traceback for thread 5 (t) [" + status.toStdString() +
                             "] (most recent call last):\n"
                             "    (Python) File \"a.py\", line 1, in f\n\n";
    const ParsedStacks stacks = parsePystackText(text);
    QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
    QCOMPARE(int(stacks.processes.at(0).threads.at(0).state), state);
}

QTEST_APPLESS_MAIN(PystackTextTest)
#include "test_pystack_text.moc"
