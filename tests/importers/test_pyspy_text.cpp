// py-spy dump text: hand-written fixtures for every layout py-spy produces (native frames,
// locals, hex thread ids, several dumps, --subprocesses with and without ANSI colours and with
// the repeated-children bug of released versions), plus damaged files.

#include "StackTestSupport.h"
#include "core/synth/PySpyDumpText.h"
#include "importers/stacks/KnownStackTexts.h"

#include <map>

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class PySpyTextTest : public QObject
{
    Q_OBJECT

private slots:
    void nativeFramesAndLocals();
    void severalDumpsInOneFile();
    void subprocessesWithAnsiColours();
    void repeatedChildrenAreMergedBack();
    void truncatedFileKeepsAndMarksTheCutThread();
    void crlfStrayLinesAndTrailingJunk();
    void threadHeaderVariants();
    void frameLocationParsedFromTheRight();
    void threadsWithoutProcessHeader();
    void emptyAndUnrelatedText();
    void syntheticDumpReadsBack();
    void knownFrameLinesTakeTheirStack();
};

namespace {

// Stacks known by their exact text, as an import's memo keeps them.
class MapOfKnownStacks final : public KnownStackTexts
{
public:
    const KnownStack *find(std::string_view frameLines) const override
    {
        const auto it = m_known.find(std::string(frameLines));
        return it == m_known.end() ? nullptr : &it->second;
    }
    void add(std::string_view text, std::uint32_t stack, std::vector<Frame> frames)
    {
        m_known[std::string(text)] = {stack, std::move(frames)};
    }

private:
    std::map<std::string, KnownStack> m_known;
};

} // namespace

// Frames are a function of a thread's frame lines alone, so a thread whose lines are known takes
// the known stack; one changed character, a cut thread or coloured output does not.
void PySpyTextTest::knownFrameLinesTakeTheirStack()
{
    const std::string dump = "Process 10: python train.py\n"
                             "Python v3.11.4 (/usr/bin/python3)\n"
                             "\n"
                             "Thread 10 (active): \"MainThread\"\n"
                             "    wait (torch/distributed/distributed_c10d.py:3432)\n"
                             "        Arguments:\n"
                             "            tensor: <Tensor at 0x7f>\n"
                             "    step (train.py:88)\n"
                             "    <module> (train.py:120)\n"
                             "Thread 11 (idle): \"Thread-1\"\n"
                             "    _worker_loop (torch/utils/data/_utils/worker.py:309)\n";
    MapOfKnownStacks known;
    const ParsedStacks first = parsePySpyText(dump, &known);
    QCOMPARE(first.processes.size(), 1u);
    const ParsedThread &main = first.processes[0].threads[0];
    const ParsedThread &worker = first.processes[0].threads[1];
    // From the first frame line to the end of the last, the locals between included.
    QCOMPARE(std::string(main.frameText),
             std::string("    wait (torch/distributed/distributed_c10d.py:3432)\n"
                         "        Arguments:\n"
                         "            tensor: <Tensor at 0x7f>\n"
                         "    step (train.py:88)\n"
                         "    <module> (train.py:120)"));
    QVERIFY(main.known == nullptr);
    QCOMPARE(frameNames(main), QStringLiteral("<module>;step;wait"));
    QCOMPARE(std::string(worker.frameText),
             std::string("    _worker_loop (torch/utils/data/_utils/worker.py:309)"));

    known.add(main.frameText, 7, main.frames);
    known.add(worker.frameText, 8, worker.frames);
    const ParsedStacks again = parsePySpyText(dump, &known);
    const ParsedThread &knownMain = again.processes[0].threads[0];
    QVERIFY(knownMain.known != nullptr);
    QCOMPARE(knownMain.known->stack, 7u);
    QVERIFY(knownMain.frames.empty());
    QCOMPARE(knownMain.stackFrames().size(), 3u);
    QCOMPARE(knownMain.threadId, 10u); // the header is still the dump's own
    QCOMPARE(again.processes[0].threads[1].known->stack, 8u);
    QCOMPARE(qs(again.processes[0].threads[1].stackFrames().front().file),
             QStringLiteral("torch/utils/data/_utils/worker.py"));

    // Another line number is another stack.
    std::string moved = dump;
    moved.replace(moved.find("train.py:88"), 11, "train.py:89");
    const ParsedStacks other = parsePySpyText(moved, &known);
    QVERIFY(other.processes[0].threads[0].known == nullptr);
    QCOMPARE(other.processes[0].threads[0].frames[1].line, 89);
    QVERIFY(other.processes[0].threads[1].known != nullptr);

    // A cut thread keeps its own (marked) frames.
    const std::string cut = dump.substr(0, dump.size() - 1);
    const ParsedStacks cutStacks = parsePySpyText(cut, &known);
    QVERIFY(cutStacks.processes[0].threads[1].truncated);
    QVERIFY(cutStacks.processes[0].threads[1].known == nullptr);
    QVERIFY(cutStacks.processes[0].threads[1].frameText.empty());
    QCOMPARE(cutStacks.processes[0].threads[1].frames.size(), 1u);

    // Coloured output: lines are stripped copies, not views of the text; nothing is looked up.
    std::string coloured = dump;
    coloured.replace(coloured.find("Thread 11"), 6, "\x1b[1mThread\x1b[0m");
    const ParsedStacks colouredStacks = parsePySpyText(coloured, &known);
    QCOMPARE(colouredStacks.processes[0].threads.size(), 2u);
    QVERIFY(colouredStacks.processes[0].threads[0].known == nullptr);
    QVERIFY(colouredStacks.processes[0].threads[0].frameText.empty());
    QCOMPARE(colouredStacks.processes[0].threads[0].frames.size(), 3u);
}

void PySpyTextTest::nativeFramesAndLocals()
{
    const ParsedStacks stacks =
        parsePySpyText(readStackFixture(QStringLiteral("pyspy-native-locals.txt")));
    QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
    QCOMPARE(stacks.invalidLines, 0);
    QCOMPARE(stacks.processes.size(), 1u);
    const ParsedProcess &process = stacks.processes[0];
    QCOMPARE(process.pid, 117489);
    QCOMPARE(process.parentPid, 0);
    QCOMPARE(qs(process.commandLine), QStringLiteral("sglang::scheduler_DP3_TP3_EP3 --port 30000"));
    QCOMPARE(qs(process.pythonVersion), QStringLiteral("3.12.3"));
    QCOMPARE(process.threads.size(), 3u);

    const ParsedThread &main = process.threads[0];
    QCOMPARE(main.threadId, 117489u);
    QCOMPARE(qs(main.threadName), QStringLiteral("MainThread"));
    QCOMPARE(main.state, ThreadState::Idle);
    QCOMPARE(main.weight, 1u);
    QCOMPARE(frameNames(main),
             QStringLiteral("<module>;prepare_mlp_sync_batch_raw;<lambda>;all_gather_into_tensor;"
                            "0x7caaa50b1a9b;c10d::ProcessGroupNCCL::WorkNCCL::synchronizeInternal("
                            "std::chrono::duration<long, std::ratio<1l, 1000l> >);"
                            "std::condition_variable::wait;pthread_cond_wait"));
    const Frame &root = main.frames.front();
    QCOMPARE(qs(root.file), QStringLiteral("launch_server.py"));
    QCOMPARE(root.line, 14);
    QCOMPARE(root.kind, FrameKind::Python);
    const Frame &lambda = main.frames[2];
    QCOMPARE(qs(lambda.file), QStringLiteral("scheduler.py"));
    QCOMPARE(lambda.line, 88);
    const Frame &gather = main.frames[3];
    QCOMPARE(qs(gather.file), QStringLiteral("torch/distributed/distributed_c10d.py"));
    QCOMPARE(gather.line, 4193);
    const Frame &unsymbolised = main.frames[4];
    QCOMPARE(unsymbolised.kind, FrameKind::Native);
    QVERIFY(unsymbolised.file.empty() && unsymbolised.module.empty());
    QCOMPARE(unsymbolised.line, 0);
    const Frame &nccl = main.frames[5];
    QCOMPARE(nccl.kind, FrameKind::Native);
    QCOMPARE(qs(nccl.module), QStringLiteral("libtorch_cuda.so"));
    QVERIFY(nccl.file.empty());
    QCOMPARE(qs(main.frames[6].module), QStringLiteral("libstdc++.so.6.0.33"));
    const Frame &leaf = main.frames.back();
    QCOMPARE(leaf.kind, FrameKind::Native);
    QCOMPARE(qs(leaf.module), QStringLiteral("libc.so.6"));
    QCOMPARE(leaf.line, 0);

    // Locals blocks under two frames are skipped, not taken for frames or errors.
    const ParsedThread &pin = process.threads[1];
    QCOMPARE(pin.threadId, 117702u);
    QCOMPARE(qs(pin.threadName), QStringLiteral("Thread-3 (_pin_memory_loop)"));
    QCOMPARE(pin.state, ThreadState::Active);
    QCOMPARE(frameNames(pin), QStringLiteral("_bootstrap;run;_pin_memory_loop;get"));
    QCOMPARE(qs(pin.frames[2].file), QStringLiteral("torch/utils/data/_utils/pin_memory.py"));

    const ParsedThread &hex = process.threads[2];
    QCOMPARE(hex.threadId, 0x7F3A1C2D9F10u);
    QVERIFY(hex.threadName.empty());
    QCOMPARE(hex.state, ThreadState::ActiveGil);
    QCOMPARE(frameNames(hex), QStringLiteral("train;step;_PyEval_EvalFrameDefault"));
    QCOMPARE(hex.frames.back().kind, FrameKind::Native);
    QCOMPARE(qs(hex.frames.back().module), QStringLiteral("python3.12"));
}

void PySpyTextTest::severalDumpsInOneFile()
{
    const ParsedStacks stacks =
        parsePySpyText(readStackFixture(QStringLiteral("pyspy-two-dumps.txt")));
    QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
    QCOMPARE(stacks.processes.size(), 2u);
    QCOMPARE(stacks.processes[0].pid, 4100);
    QCOMPARE(qs(stacks.processes[0].commandLine), QStringLiteral("python train.py --rank 0"));
    QCOMPARE(qs(stacks.processes[0].pythonVersion), QStringLiteral("3.10.12"));
    QCOMPARE(stacks.processes[0].threads.size(), 1u);
    QCOMPARE(stacks.processes[0].threads[0].state, ThreadState::ActiveGil);
    QCOMPARE(frameNames(stacks.processes[0].threads[0]), QStringLiteral("main;train_step;forward"));
    QCOMPARE(stacks.processes[1].pid, 4200);
    QCOMPARE(stacks.processes[1].parentPid, 0);
    QCOMPARE(stacks.processes[1].threads.size(), 2u);
    QCOMPARE(frameNames(stacks.processes[1].threads[0]),
             QStringLiteral("main;train_step;all_reduce;wait"));
    QCOMPARE(stacks.processes[1].threads[1].threadId, 4210u);
    QCOMPARE(qs(stacks.processes[1].threads[1].threadName), QStringLiteral("Thread-1"));
}

void PySpyTextTest::subprocessesWithAnsiColours()
{
    const ParsedStacks stacks =
        parsePySpyText(readStackFixture(QStringLiteral("pyspy-subprocesses-ansi.txt")));
    QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
    QCOMPARE(stacks.invalidLines, 0);
    QCOMPARE(stacks.processes.size(), 3u);
    const ParsedProcess &parent = stacks.processes[0];
    QCOMPARE(parent.pid, 1000);
    QCOMPARE(parent.parentPid, 0);
    QCOMPARE(qs(parent.pythonVersion), QStringLiteral("3.11.4"));
    QCOMPARE(parent.threads.size(), 2u);
    QCOMPARE(parent.threads[0].threadId, 1000u);
    QCOMPARE(frameNames(parent.threads[0]), QStringLiteral("main;all_reduce"));
    QCOMPARE(parent.threads[0].frames[1].line, 2001);
    QCOMPARE(qs(parent.threads[1].threadName), QStringLiteral("Thread-2 (_pin_memory_loop)"));

    for (int i = 1; i <= 2; ++i) {
        const ParsedProcess &child = stacks.processes[i];
        QCOMPARE(child.pid, 1000 + i);
        QCOMPARE(child.parentPid, 1000);
        QCOMPARE(qs(child.commandLine), QStringLiteral("python -m torch.distributed.run train.py"));
        QCOMPARE(child.threads.size(), 1u);
        QCOMPARE(child.threads[0].threadId, std::uint64_t(1000 + i));
        QCOMPARE(qs(child.threads[0].threadName), QStringLiteral("MainThread"));
    }
    QCOMPARE(stacks.processes[1].threads[0].state, ThreadState::ActiveGil);
    QCOMPARE(frameNames(stacks.processes[1].threads[0]),
             QStringLiteral("_worker_loop;__getitem__"));
    QCOMPARE(frameNames(stacks.processes[2].threads[0]), QStringLiteral("_worker_loop;get"));
    QCOMPARE(qs(stacks.processes[2].threads[0].frames[0].file),
             QStringLiteral("torch/utils/data/_utils/worker.py"));
}

void PySpyTextTest::repeatedChildrenAreMergedBack()
{
    const ParsedStacks stacks =
        parsePySpyText(readStackFixture(QStringLiteral("pyspy-subprocesses-repeated.txt")));
    QCOMPARE(stacks.invalidLines, 0);
    QCOMPARE(stacks.problems.size(), 1u);
    QVERIFY2(hasProblem(stacks,
                        "printed child processes more than once: 501 (2 times), 502 (2 times)", 1),
             qPrintable(problemsText(stacks)));
    QVERIFY2(hasProblem(stacks, "1 thread(s) printed after a child's stack were given back"),
             qPrintable(problemsText(stacks)));

    QCOMPARE(stacks.processes.size(), 3u);
    const ParsedProcess &parent = stacks.processes[0];
    QCOMPARE(parent.pid, 500);
    QCOMPARE(parent.threads.size(), 2u);
    QCOMPARE(parent.threads[0].threadId, 510u);
    QCOMPARE(parent.threads[1].threadId, 500u); // printed after child 502's stack
    QCOMPARE(frameNames(parent.threads[1]), QStringLiteral("main;all_reduce"));

    const ParsedProcess &first = stacks.processes[1];
    QCOMPARE(first.pid, 501);
    QCOMPARE(first.parentPid, 500);
    QCOMPARE(first.threads.size(), 1u);
    QCOMPARE(first.threads[0].frames.back().line, 103); // the first snapshot is kept

    const ParsedProcess &second = stacks.processes[2];
    QCOMPARE(second.pid, 502);
    QCOMPARE(second.threads.size(), 2u);
    QCOMPARE(second.threads[0].threadId, 502u);
    QCOMPARE(second.threads[0].frames.back().line, 31);
    QCOMPARE(second.threads[1].threadId, 520u);
    QCOMPARE(qs(second.threads[1].threadName), QStringLiteral("QueueFeederThread"));
}

void PySpyTextTest::truncatedFileKeepsAndMarksTheCutThread()
{
    const ParsedStacks stacks =
        parsePySpyText(readStackFixture(QStringLiteral("pyspy-truncated.txt")));
    QCOMPARE(stacks.invalidLines, 0);
    QCOMPARE(stacks.problems.size(), 1u);
    QVERIFY2(hasProblem(stacks,
                        "looks truncated; thread 78 (\"Thread-1\") is cut after 1 frame(s): its "
                        "outer frames are missing",
                        9),
             qPrintable(problemsText(stacks)));
    QCOMPARE(stacks.processes.size(), 1u);
    QCOMPARE(stacks.processes[0].threads.size(), 2u);
    QCOMPARE(stacks.processes[0].threads[0].threadId, 77u);
    QVERIFY(!stacks.processes[0].threads[0].truncated);
    QCOMPARE(frameNames(stacks.processes[0].threads[0]), QStringLiteral("main;wait"));
    // The cut thread keeps its innermost frames (the cut line itself is not a whole frame).
    QVERIFY(stacks.processes[0].threads[1].truncated);
    QCOMPARE(frameNames(stacks.processes[0].threads[1]), QStringLiteral("read"));

    // Cut in a header line: the complete threads before it all stay.
    const ParsedStacks header = parsePySpyText("Thread 5 (idle)\n    f (a.py:1)\nThread 6 (ac");
    QCOMPARE(threadCount(header), 1);
    QVERIFY(hasProblem(header, "ignored the cut line", 3));
}

void PySpyTextTest::crlfStrayLinesAndTrailingJunk()
{
    const ParsedStacks stacks =
        parsePySpyText(readStackFixture(QStringLiteral("pyspy-crlf-junk.txt")));
    QCOMPARE(stacks.invalidLines, 10);
    // The first five are listed with their line numbers, then one summary.
    QCOMPARE(stacks.problems.size(), 6u);
    QCOMPARE(stacks.problems[0].line, 6);
    QVERIFY(stacks.problems[0].message.find("this line is not py-spy output") != std::string::npos);
    QCOMPARE(stacks.problems[1].line, 11);
    QVERIFY(stacks.problems[1].message.find("Error: Failed to get process") != std::string::npos);
    QCOMPARE(stacks.problems[4].line, 14);
    QVERIFY(stacks.problems[5].message.find("5 more unreadable lines not listed (10 in all)") !=
            std::string::npos);

    QCOMPARE(stacks.processes.size(), 1u);
    const ParsedProcess &process = stacks.processes[0];
    QCOMPARE(qs(process.pythonVersion), QStringLiteral("3.9.7")); // no '\r' left
    QCOMPARE(process.threads.size(), 2u);
    QCOMPARE(frameNames(process.threads[0]), QStringLiteral("serve_forever;handle"));
    QCOMPARE(qs(process.threads[0].frames[0].file), QStringLiteral("server.py"));
    QCOMPARE(process.threads[1].threadId, 11u);
    QVERIFY(process.threads[1].threadName.empty());
    QCOMPARE(process.threads[1].state, ThreadState::Idle);
    QCOMPARE(frameNames(process.threads[1]), QStringLiteral("sleep"));
}

void PySpyTextTest::threadHeaderVariants()
{
    const ParsedStacks stacks = parsePySpyText("Thread 0x1A (gil)\n"
                                               "    f (a.py:1)\n"
                                               "Thread 12\n"
                                               "    g (a.py:2)\n"
                                               "Thread 13 (idle): \"quote \"inside\" name\"\n"
                                               "    h (a.py:3)\n"
                                               "Thread 14 (sleeping)\n"
                                               "Thread x (idle)\n");
    QCOMPARE(stacks.invalidLines, 2); // unknown status, non-numeric id
    QCOMPARE(threadCount(stacks), 3);
    const auto &threads = stacks.processes[0].threads;
    QCOMPARE(threads[0].threadId, 0x1Au);
    QCOMPARE(threads[0].state, ThreadState::ActiveGil);
    QCOMPARE(threads[1].threadId, 12u);
    QCOMPARE(threads[1].state, ThreadState::Unknown);
    QCOMPARE(qs(threads[2].threadName), QStringLiteral("quote \"inside\" name"));
    QVERIFY(hasProblem(stacks, "Thread 14 (sleeping)", 7));
}

void PySpyTextTest::frameLocationParsedFromTheRight()
{
    const ParsedStacks stacks = parsePySpyText("Thread 1 (idle)\n"
                                               "    operator() (lambda (x) at y) (libfoo.so.1)\n"
                                               "    run [with T = int] (kernel.cu:77)\n"
                                               "    <listcomp> (<frozen importlib._bootstrap>)\n"
                                               "    handler (C:\\work\\srv.py:9)\n"
                                               "    no_location_here\n");
    QCOMPARE(stacks.invalidLines, 1);
    const auto &frames = stacks.processes[0].threads[0].frames; // root first
    QCOMPARE(frames.size(), 4u);
    QCOMPARE(qs(frames[0].function), QStringLiteral("handler"));
    QCOMPARE(qs(frames[0].file), QStringLiteral("C:\\work\\srv.py"));
    QCOMPARE(frames[0].line, 9);
    QCOMPARE(frames[1].kind, FrameKind::Python);
    QCOMPARE(qs(frames[1].file), QStringLiteral("<frozen importlib._bootstrap>"));
    QCOMPARE(frames[1].line, 0);
    QCOMPARE(qs(frames[2].function), QStringLiteral("run [with T = int]"));
    QCOMPARE(frames[2].kind, FrameKind::Native); // CUDA source with a line
    QCOMPARE(qs(frames[2].file), QStringLiteral("kernel.cu"));
    QCOMPARE(frames[2].line, 77);
    QCOMPARE(qs(frames[3].function), QStringLiteral("operator() (lambda (x) at y)"));
    QCOMPARE(qs(frames[3].module), QStringLiteral("libfoo.so.1"));
}

void PySpyTextTest::threadsWithoutProcessHeader()
{
    const ParsedStacks stacks = parsePySpyText("Thread 42 (active+gil): \"MainThread\"\n"
                                               "    inner (m.py:2)\n"
                                               "    outer (m.py:1)\n");
    QVERIFY(stacks.problems.empty());
    QCOMPARE(stacks.processes.size(), 1u);
    QCOMPARE(stacks.processes[0].pid, 0);
    QCOMPARE(frameNames(stacks.processes[0].threads[0]), QStringLiteral("outer;inner"));
}

void PySpyTextTest::emptyAndUnrelatedText()
{
    const ParsedStacks empty = parsePySpyText("");
    QCOMPARE(threadCount(empty), 0);
    QVERIFY(hasProblem(empty, "no stacks found"));

    const ParsedStacks log = parsePySpyText("[rank0] step 1 loss 2.3\n    indented log line\n");
    QCOMPARE(threadCount(log), 0);
    QCOMPARE(log.invalidLines, 2);
}

void PySpyTextTest::syntheticDumpReadsBack()
{
    // The synthetic bundle generator writes py-spy text; reading it back must give its stacks.
    SynthDump dump;
    dump.commandLine = "python train.py";
    dump.pythonVersion = "3.10.4";
    dump.executable = "/usr/bin/python3.10";
    SynthProcess main;
    main.pid = 300;
    main.threads.push_back({300,
                            "idle",
                            "MainThread",
                            {{"main", "train.py", 10},
                             {"all_reduce", "c10d.py", 20},
                             {"pthread_cond_wait", "libc.so.6", 0}}});
    SynthProcess worker;
    worker.pid = 301;
    worker.parentPid = 300;
    worker.threads.push_back({301, "active+gil", "", {{"_worker_loop", "worker.py", 5}}});
    dump.processes = {main, worker};
    std::string text;
    appendPySpyDump(text, dump);

    const ParsedStacks stacks = parsePySpyText(text);
    QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
    QCOMPARE(stacks.processes.size(), 2u);
    QCOMPARE(frameNames(stacks.processes[0].threads[0]),
             QStringLiteral("main;all_reduce;pthread_cond_wait"));
    QCOMPARE(qs(stacks.processes[0].threads[0].frames[2].module), QStringLiteral("libc.so.6"));
    QCOMPARE(stacks.processes[1].parentPid, 300);
    QCOMPARE(stacks.processes[1].threads[0].state, ThreadState::ActiveGil);
}

QTEST_APPLESS_MAIN(PySpyTextTest)
#include "test_pyspy_text.moc"
