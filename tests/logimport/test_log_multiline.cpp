// Multi-line events: Python tracebacks through the exception line, C++ frame lists, NCCL's
// multi-line errors and indented continuations become one event each, also when the ranks'
// lines interleave in combined launcher output.

#include "LogTestSupport.h"

using namespace rankscope;
using namespace rankscope_test;

class LogMultiLineTest : public QObject
{
    Q_OBJECT

private slots:
    void interleavedTracebacksPerRank();
    void cppFrameListAndContinuations();
    void tracebackEndsAtItsException();
    void headerLinesAreNeverContinuations();
    void stampedFrameAndTracebackLinesStillMerge();
    void runawayContinuationsAreCapped();
    void mergesAfterEveryPrefixForm_data();
    void mergesAfterEveryPrefixForm();
    void interleavedOnOneLine();
    void unprefixedLinesOfALoggerMessage();
};

void LogMultiLineTest::interleavedTracebacksPerRank()
{
    const std::string text = readFixture("torchrun_interleaved.log");
    QVERIFY(!text.empty());
    const ParsedLog log = importText(text, "logs/launcher.out");
    QVERIFY2(log.problems.empty(), qPrintable(problemsText(log)));
    QCOMPARE(log.events.size(), std::size_t(6));
    QCOMPARE(log.info.kind, LogFileKind::Combined);

    const LogEvent &oom = log.events[2];
    QCOMPARE(oom.rank, 1);
    QCOMPARE(oom.line, 3u);
    QCOMPARE(oom.lineCount, 6u);
    QCOMPARE(oom.severity, LogSeverity::Error);
    QCOMPARE(qs(oom.text), QStringLiteral("Traceback (most recent call last):\n"
                                          "  File \"/work/train.py\", line 120, in <module>\n"
                                          "    main()\n"
                                          "  File \"/work/train.py\", line 88, in main\n"
                                          "    loss.backward()\n"
                                          "torch.OutOfMemoryError: CUDA out of memory. Tried to "
                                          "allocate 2.00 GiB"));

    // Rank 0's traceback continues with NCCL's error class, "Last error:" and its reason.
    const LogEvent &nccl = log.events[3];
    QCOMPARE(nccl.rank, 0);
    QCOMPARE(nccl.line, 4u);
    QCOMPARE(nccl.lineCount, 9u);
    QVERIFY(qs(nccl.text).contains(
        QStringLiteral("in main\n    dist.all_reduce(t)\ntorch.distributed")));
    QVERIFY(
        qs(nccl.text).endsWith(QStringLiteral("device error.\nLast error:\nsocketProgress: "
                                              "Connection closed by remote peer node-2<47120>")));
    // Both ranks' timestamps carry over to their tracebacks.
    QVERIFY(nccl.timeNs > 0);

    QCOMPARE(log.events[4].rank, 1);
    QCOMPARE(qs(log.events[4].text), QStringLiteral("after the error"));
    QCOMPARE(log.events[5].rank, 0);
    QCOMPARE(log.events[5].lineCount, 1u);
}

void LogMultiLineTest::cppFrameListAndContinuations()
{
    const std::string text = readFixture("cpp_frames_rank4.log");
    QVERIFY(!text.empty());
    const ParsedLog log = importText(text, "logs/rank4/cpp_frames_rank4.log");
    QCOMPARE(log.info.kind, LogFileKind::PerRank);
    QCOMPARE(log.info.rank, 4);
    QCOMPARE(log.events.size(), std::size_t(5));
    const LogEvent &crash = log.events[1];
    QCOMPARE(crash.rank, 4);
    QCOMPARE(crash.lineCount, 6u);
    QCOMPARE(crash.severity, LogSeverity::Fatal);
    QVERIFY(qs(crash.text).startsWith(QStringLiteral("terminate called after throwing")));
    QVERIFY(qs(crash.text).contains(QStringLiteral("\nException raised from checkTimeout")));
    QVERIFY(qs(crash.text).endsWith(QStringLiteral("libstdc++.so.6)")));
    // The crash inherits the watchdog line's time.
    QCOMPARE(crash.timeNs, log.events[0].timeNs);

    const LogEvent &warning = log.events[3];
    QCOMPARE(warning.lineCount, 2u);
    QCOMPARE(warning.severity, LogSeverity::Warning);
    QVERIFY(qs(warning.text).endsWith(QStringLiteral("renamed\n  warnings.warn(")));
    QCOMPARE(qs(log.events[4].text), QStringLiteral("done"));
    QCOMPARE(log.events[4].line, 12u);
}

void LogMultiLineTest::tracebackEndsAtItsException()
{
    const ParsedLog log = importText("Traceback (most recent call last):\n"
                                     "  File \"a.py\", line 1, in <module>\n"
                                     "ValueError: bad\n"
                                     "next line\n"
                                     "  indented after plain text\n");
    QCOMPARE(log.events.size(), std::size_t(2));
    QCOMPARE(log.events[0].lineCount, 3u);
    QCOMPARE(qs(log.events[1].text), QStringLiteral("next line\n  indented after plain text"));
}

void LogMultiLineTest::headerLinesAreNeverContinuations()
{
    // Megatron's progress line starts with a space and must stay its own event; a timestamped
    // line after an indented block starts a new one.
    const ParsedLog log =
        importText("header:\n"
                   "  value 1\n"
                   "2026-11-29T12:31:04Z timestamped\n"
                   " iteration 1/ 10 | elapsed time per iteration (ms): 5.0 | lm loss: 1.0 |\n"
                   "  continuation of nothing\n");
    QCOMPARE(log.events.size(), std::size_t(4));
    QCOMPARE(log.events[0].lineCount, 2u);
    QCOMPARE(log.iterations.size(), std::size_t(1));
}

void LogMultiLineTest::stampedFrameAndTracebackLinesStillMerge()
{
    // Writers that stamp every line (continuations too): a frame list and a traceback's body
    // still join their event, a stamped ordinary line does not.
    const ParsedLog log =
        importText("[rank5]:2026-11-29 12:31:04,100 Exception raised from checkTimeout at "
                   "ProcessGroupNCCL.cpp:616 (most recent call first):\n"
                   "[rank5]:2026-11-29 12:31:04,101 frame #0: c10::Error::Error() + 0x98 (0x7f in "
                   "libc10.so)\n"
                   "[rank5]:2026-11-29 12:31:04,101 frame #1: c10d::checkTimeout() + 0x1f (0x7f in "
                   "libtorch.so)\n"
                   "[rank3]:2026-11-29 12:31:05,000 Traceback (most recent call last):\n"
                   "[rank3]:2026-11-29 12:31:05,000   File \"/work/train.py\", line 88, in main\n"
                   "[rank3]:2026-11-29 12:31:05,000     batch = next(it)\n"
                   "[rank3]:2026-11-29 12:31:05,001 OSError: [Errno 5] Input/output error\n"
                   "[rank3]:2026-11-29 12:31:05,002 a new line\n",
                   "logs/launcher.out");
    QCOMPARE(log.events.size(), std::size_t(3));
    QCOMPARE(log.events[0].rank, 5);
    QCOMPARE(log.events[0].lineCount, 3u);
    QCOMPARE(log.events[1].rank, 3);
    QCOMPARE(log.events[1].lineCount, 4u);
    QVERIFY(
        qs(log.events[1].text).endsWith(QStringLiteral("OSError: [Errno 5] Input/output error")));
    QCOMPARE(qs(log.events[2].text), QStringLiteral("a new line"));
}

void LogMultiLineTest::runawayContinuationsAreCapped()
{
    std::string text = "start\n";
    for (int i = 0; i < 2000; ++i)
        text += "  continuation " + std::to_string(i) + "\n";
    const ParsedLog log = importText(text);
    QVERIFY(log.events.size() >= 4);
    for (const LogEvent &event : log.events)
        QVERIFY(event.lineCount <= 512);
}

void LogMultiLineTest::mergesAfterEveryPrefixForm_data()
{
    // The prefix of rank 3 (its separator included), and a line of rank 0 in between.
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("other");
    QTest::newRow("torchrun") << "[rank3]: "
                              << "[rank0]: ";
    QTest::newRow("torchrun tee") << "[default3]: "
                                  << "[default0]: ";
    QTest::newRow("torchrun template") << "[3]: "
                                       << "[0]: ";
    QTest::newRow("pid then torchrun") << "[4711] [rank3]: "
                                       << "[4708] [rank0]: ";
    QTest::newRow("srun") << "3: "
                          << "0: ";
    QTest::newRow("srun het") << "P0 3: "
                              << "P0 0: ";
    QTest::newRow("open mpi 4") << "[1,3]<stdout>:"
                                << "[1,0]<stdout>:";
    QTest::newRow("prrte") << "[1,3]<stdout>: "
                           << "[1,0]<stdout>: ";
    QTest::newRow("deepspeed") << "[RANK 3] "
                               << "[RANK 0] ";
    QTest::newRow("lightning") << "[rank: 3] "
                               << "[rank: 0] ";
    QTest::newRow("plain") << "rank3: "
                           << "rank0: ";
    QTest::newRow("compose") << "trainer-2  | [rank3]: "
                             << "trainer-1  | [rank0]: ";
    QTest::newRow("kubectl") << "[pod/job-worker-0/c] [rank3]: "
                             << "[pod/job-master-0/c] [rank0]: ";
    QTest::newRow("pdsh") << "node-2: [rank3]: "
                          << "node-1: [rank0]: ";
    QTest::newRow("vllm v1") << "(VllmWorker rank=3 pid=91) "
                             << "(VllmWorker rank=0 pid=88) ";
    QTest::newRow("vllm stamped") << "(VllmWorker rank=3 pid=91) ERROR 11-29 12:31:04 [w.py:9] "
                                  << "(VllmWorker rank=0 pid=88) INFO 11-29 12:31:04 [w.py:9] ";
    QTest::newRow("sglang") << "[PP0 TP3] "
                            << "[PP0 TP0] ";
}

void LogMultiLineTest::mergesAfterEveryPrefixForm()
{
    QFETCH(QString, prefix);
    QFETCH(QString, other);
    const std::string p = prefix.toStdString();
    const std::string o = other.toStdString();
    const std::string text = p + "Traceback (most recent call last):\n" + o + "step 5 done\n" + p +
                             "  File \"x.py\", line 3, in <module>\n" + p + "    x()\n" + p +
                             "ValueError: bad\n" + p + "after\n";
    const ParsedLog log = importText(text, "logs/launcher.out");
    QCOMPARE(log.events.size(), std::size_t(3));
    const LogEvent &traceback = log.events[0];
    QCOMPARE(traceback.rank, 3);
    QCOMPARE(traceback.lineCount, 4u);
    QCOMPARE(qs(traceback.text), QStringLiteral("Traceback (most recent call last):\n"
                                                "  File \"x.py\", line 3, in <module>\n"
                                                "    x()\n"
                                                "ValueError: bad"));
    // (vLLM's stamped lines keep their logger location, "[w.py:9] after".)
    QCOMPARE(log.events[1].rank, 0);
    QVERIFY(qs(log.events[1].text).endsWith(QStringLiteral("step 5 done")));
    QCOMPARE(log.events[2].rank, 3);
    QVERIFY(qs(log.events[2].text).endsWith(QStringLiteral("after")));
}

void LogMultiLineTest::interleavedOnOneLine()
{
    const std::string text = readFixture("real-world/interleaved_one_line.log");
    QVERIFY(!text.empty());
    const ParsedLog log = importText(text, "logs/launcher.out");
    QCOMPARE(log.events.size(), std::size_t(11));
    QCOMPARE(log.events[0].rank, 1); // vLLM's worker tags start lines too
    // "[rank0]: step 5 done[rank1]: step 5 done": two events of one line, both kept.
    QCOMPARE(log.events[1].rank, 0);
    QCOMPARE(log.events[2].rank, 1);
    QCOMPARE(log.events[1].line, 2u);
    QCOMPARE(log.events[2].line, 2u);
    QCOMPARE(qs(log.events[1].text), QStringLiteral("step 5 done"));
    QCOMPARE(qs(log.events[2].text), QStringLiteral("step 5 done"));
    // "... loss 1.2[rank3]:[W1129 ...": rank 3's c10 warning with its own level.
    QCOMPARE(log.events[3].rank, 2);
    QCOMPARE(qs(log.events[3].text), QStringLiteral("step 5 loss 1.2"));
    QCOMPARE(log.events[4].rank, 3);
    QCOMPARE(log.events[4].severity, LogSeverity::Warning);
    // A progress bar without its newline, then rank 2's watchdog error.
    QVERIFY(qs(log.events[5].text).startsWith(QStringLiteral("Epoch 1:")));
    QCOMPARE(log.events[6].rank, 2);
    QCOMPARE(log.events[6].severity, LogSeverity::Error);
    // Two tracebacks that started on one line still merge per rank.
    QCOMPARE(log.events[7].rank, 1);
    QCOMPARE(log.events[7].lineCount, 3u);
    QVERIFY(qs(log.events[7].text).endsWith(QStringLiteral("RuntimeError: one")));
    QCOMPARE(log.events[8].rank, 0);
    QCOMPARE(log.events[8].lineCount, 3u);
    QVERIFY(qs(log.events[8].text).endsWith(QStringLiteral("RuntimeError: zero")));
    // vLLM's worker tag after a progress bar.
    QCOMPARE(log.events[10].rank, 3);
    QCOMPARE(qs(log.events[10].text), QStringLiteral("[core.py:12] worker line"));
    QCOMPARE(log.events[10].severity, LogSeverity::Info);
}

void LogMultiLineTest::unprefixedLinesOfALoggerMessage()
{
    // A formatter stamps only a message's first line: the lines after it are the same rank's,
    // even with another rank's line before that message.
    const ParsedLog log =
        importText("[2026-11-29 12:31:40 TP1] Load weight end.\n"
                   "[2026-11-29 12:31:42 TP0] Scheduler hit an exception: Traceback (most recent "
                   "call last):\n"
                   "  File \"scheduler.py\", line 2310, in run_scheduler_process\n"
                   "    scheduler.event_loop()\n"
                   "RuntimeError: boom\n",
                   "logs/server.log");
    QCOMPARE(log.events.size(), std::size_t(2));
    QCOMPARE(log.events[1].rank, 0);
    QCOMPARE(log.events[1].lineCount, 4u);
    QCOMPARE(log.events[1].severity, LogSeverity::Error);
}

QTEST_GUILESS_MAIN(LogMultiLineTest)
#include "test_log_multiline.moc"
