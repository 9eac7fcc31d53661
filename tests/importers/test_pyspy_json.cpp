// py-spy dump --json: threads grouped into processes, frames root first, native frames with
// their module, missing and null fields, malformed and appended documents.

#include "StackTestSupport.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class PySpyJsonTest : public QObject
{
    Q_OBJECT

private slots:
    void threadsGroupedByPid();
    void malformedJsonKeepsNothingBogus();
    void appendedDumpsAndDamagedRecords();
    void notAThreadArray();
    void tooDeepKeepsTheDumpsBefore();
};

void PySpyJsonTest::threadsGroupedByPid()
{
    const ParsedStacks stacks = parsePySpyJson(readStackFixture(QStringLiteral("pyspy-dump.json")));
    QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
    QCOMPARE(stacks.processes.size(), 2u);

    const ParsedProcess &first = stacks.processes[0];
    QCOMPARE(first.pid, 1142);
    QCOMPARE(qs(first.commandLine), QStringLiteral("python run.py"));
    QCOMPARE(first.parentPid, 1100);
    QCOMPARE(first.threads.size(), 2u);

    const ParsedThread &main = first.threads[0];
    QCOMPARE(main.threadId, 4127u); // the OS thread id, as the text format prints it
    QCOMPARE(qs(main.threadName), QStringLiteral("MainThread"));
    QCOMPARE(main.state, ThreadState::ActiveGil);
    QCOMPARE(frameNames(main), QStringLiteral("<module>;_recv_msg;pthread_cond_timedwait"));
    QCOMPARE(qs(main.frames[0].file), QStringLiteral("run.py"));
    QCOMPARE(main.frames[0].line, 3);
    QCOMPARE(main.frames[0].kind, FrameKind::Python);
    QCOMPARE(qs(main.frames[1].file),
             QStringLiteral("torch/_inductor/compile_worker/subproc_pool.py"));
    QCOMPARE(main.frames[1].line, 57);
    const Frame &native = main.frames[2];
    QCOMPARE(native.kind, FrameKind::Native);
    QCOMPARE(qs(native.module), QStringLiteral("libc.so.6"));
    QVERIFY(native.file.empty());
    QCOMPARE(native.line, 0);

    const ParsedThread &idle = first.threads[1];
    QCOMPARE(idle.threadId, 139620900000000u); // no os_thread_id: the Python thread id
    QVERIFY(idle.threadName.empty());
    QCOMPARE(idle.state, ThreadState::Idle);
    QCOMPARE(frameNames(idle), QStringLiteral("wait;0x7f00deadbeef"));
    QCOMPARE(idle.frames[1].kind, FrameKind::Native);
    QVERIFY(idle.frames[1].file.empty() && idle.frames[1].module.empty());

    const ParsedProcess &second = stacks.processes[1];
    QCOMPARE(second.pid, 1200);
    QVERIFY(second.commandLine.empty());
    QCOMPARE(second.threads.size(), 1u);
    QCOMPARE(second.threads[0].state, ThreadState::Active);
    QCOMPARE(frameNames(second.threads[0]), QStringLiteral("step;cudaStreamSynchronize"));
    QCOMPARE(qs(second.threads[0].frames[1].module), QStringLiteral("libcudart.so.12"));
}

void PySpyJsonTest::malformedJsonKeepsNothingBogus()
{
    // A dump cut by the end of the file (issue 10, point 14): the complete first thread is
    // kept, the cut second one is reported, not kept half-read.
    const std::string text = readStackFixture(QStringLiteral("pyspy-malformed.json"));
    const ParsedStacks stacks = parsePySpyJson(text);
    QCOMPARE(threadCount(stacks), 1);
    const std::int64_t lastLine = std::count(text.begin(), text.end(), '\n') + 1;
    const std::string cut = "the dump is cut at byte " + std::to_string(text.size()) +
                            " inside thread #2; the 1 complete thread before it are kept";
    QVERIFY2(hasProblem(stacks, cut.c_str(), lastLine - (text.back() == '\n' ? 1 : 0)),
             qPrintable(problemsText(stacks)));
    QVERIFY(!hasProblem(stacks, "no stacks found"));
    // Cut inside its first thread: nothing complete, the syntax error is reported as before.
    const ParsedStacks first = parsePySpyJson(text.substr(0, text.find("\"frames\"")));
    QCOMPARE(threadCount(first), 0);
    QVERIFY2(hasProblem(first, "malformed JSON at byte"), qPrintable(problemsText(first)));
    // Wrong before the end: a syntax error, nothing of the array kept.
    std::string broken = text;
    broken.insert(broken.find("\"pid\""), ",,");
    QCOMPARE(threadCount(parsePySpyJson(broken)), 0);

    const ParsedStacks garbage = parsePySpyJson("[{\"pid\": 1,, }]");
    QCOMPARE(threadCount(garbage), 0);
    QVERIFY2(
        hasProblem(garbage, "malformed JSON at byte 12: syntax error while parsing object key", 1),
        qPrintable(problemsText(garbage)));
}

void PySpyJsonTest::appendedDumpsAndDamagedRecords()
{
    const ParsedStacks stacks =
        parsePySpyJson(readStackFixture(QStringLiteral("pyspy-appended.json")));
    QCOMPARE(stacks.problems.size(), 3u);
    QVERIFY2(hasProblem(stacks, "thread #2 of dump #2 is not a JSON object", 4),
             qPrintable(problemsText(stacks)));
    QVERIFY(hasProblem(stacks, "thread #3 of dump #2: \"frames\" is not an array"));
    QVERIFY(hasProblem(stacks, "thread #4 of dump #2: frame #1 has no function name"));

    // Each appended dump is its own snapshot: pid 7 appears once per dump.
    QCOMPARE(stacks.processes.size(), 3u);
    QCOMPARE(stacks.processes[0].pid, 7);
    QCOMPARE(stacks.processes[0].threads.size(), 1u);
    QCOMPARE(stacks.processes[0].threads[0].frames[0].line, 9);
    QCOMPARE(stacks.processes[1].pid, 7);
    const ParsedThread &second = stacks.processes[1].threads.at(0);
    QCOMPARE(second.threadId, 7u);
    QCOMPARE(second.state, ThreadState::Active); // owns_gil missing
    QCOMPARE(frameNames(second), QStringLiteral("main;work"));
    QCOMPARE(second.frames[0].line, 0); // "line": "x"
    QCOMPARE(second.frames[0].kind, FrameKind::Python);
    QCOMPARE(qs(second.frames[1].file), QStringLiteral("w.py"));
    QCOMPARE(second.frames[1].line, 10);
    QCOMPARE(stacks.processes[2].pid, 0); // no "pid"
    const ParsedThread &bare = stacks.processes[2].threads.at(0);
    QCOMPARE(bare.threadId, 73u);
    QVERIFY(bare.frames.empty()); // "frames": null
    QCOMPARE(bare.state, ThreadState::ActiveGil);
}

void PySpyJsonTest::notAThreadArray()
{
    const ParsedStacks number = parsePySpyJson("42");
    QCOMPARE(threadCount(number), 0);
    QVERIFY(hasProblem(number, "expected a JSON array of py-spy threads, found a number", 1));

    const ParsedStacks empty = parsePySpyJson("[]");
    QCOMPARE(threadCount(empty), 0);
    QVERIFY(hasProblem(empty, "no stacks found"));

    const ParsedStacks bom = parsePySpyJson("\xEF\xBB\xBF[{\"pid\": 3, \"thread_id\": 9, "
                                            "\"frames\": [{\"name\": \"f\"}]}]");
    QVERIFY2(bom.problems.empty(), qPrintable(problemsText(bom)));
    QCOMPARE(bom.processes.at(0).threads.at(0).threadId, 9u);
    QCOMPARE(bom.processes.at(0).threads.at(0).state, ThreadState::Unknown);
}

// Issue 13: nesting beyond kMaxJsonNesting is refused where it starts; the dumps before the
// too-deep value are read as usual.
void PySpyJsonTest::tooDeepKeepsTheDumpsBefore()
{
    const std::string first = "[{\"pid\": 3, \"frames\": [{\"name\": \"f\"}]}]\n";
    const std::string deep = "[{\"pid\": 4, \"frames\": " + std::string(300000, '[') +
                             std::string(300000, ']') + "}]\n";
    const ParsedStacks stacks = parsePySpyJson(first + deep + first);
    QCOMPARE(threadCount(stacks), 1);
    QCOMPARE(stacks.processes.at(0).pid, 3);
    const std::string expected = "the JSON nests deeper than 512 levels at byte " +
                                 std::to_string(first.size() + 22 + 510 + 1) +
                                 "; the value there is not read, the dumps before it are kept";
    QVERIFY2(hasProblem(stacks, expected.c_str(), 2), qPrintable(problemsText(stacks)));
    QVERIFY(!hasProblem(stacks, "malformed"));
}

QTEST_APPLESS_MAIN(PySpyJsonTest)
#include "test_pyspy_json.moc"
