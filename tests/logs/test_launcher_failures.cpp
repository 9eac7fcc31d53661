// torchrun's ChildFailedError report (torch/distributed/elastic/multiprocessing/errors/
// __init__.py, _MSG_FORMAT_TEMPLATE and _FAILURE_FORMAT_TEMPLATE) as public issue threads paste
// it (hiyouga/LlamaFactory#7032, lzhxmu/CPPO#6, Bigtuo/YOLOv7-Pose-Bytetrack-STGCN#6): the root
// cause and the other failures with rank, host, exit code, pid and time.
#include "core/logs/LauncherFailures.h"

#include <QtTest>

using namespace rankscope;

namespace {

// A two-worker report: rank 1 killed by SIGTERM, the root cause rank 2 exiting with 1.
constexpr const char *kReport =
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
    "============================================================\n"
    "train.py FAILED\n"
    "------------------------------------------------------------\n"
    "Failures:\n"
    "[1]:\n"
    "  time      : 2023-09-01_12:02:53\n"
    "  host      : gpu-node-07.cluster\n"
    "  rank      : 1 (local_rank: 1)\n"
    "  exitcode  : -15 (pid: 29731)\n"
    "  error_file: <N/A>\n"
    "  traceback : Signal 15 (SIGTERM) received by PID 29731\n"
    "------------------------------------------------------------\n"
    "Root Cause (first observed failure):\n"
    "[0]:\n"
    "  time      : 2023-09-01_12:02:51\n"
    "  host      : gpu-node-07.cluster\n"
    "  rank      : 2 (local_rank: 0)\n"
    "  exitcode  : 1 (pid: 29730)\n"
    "  error_file: /tmp/torchelastic_x/none_y/attempt_0/0/error.json\n"
    "  traceback : Traceback (most recent call last):\n"
    "    File \"/work/train.py\", line 88, in main\n"
    "      loss.backward()\n"
    "  torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB\n"
    "============================================================\n"
    "a later line of the same log\n";

} // namespace

class TestLauncherFailures : public QObject
{
    Q_OBJECT

private slots:
    void readsTheRootCauseAndTheOtherFailures()
    {
        const LauncherReport report = parseLauncherReport(kReport);
        QCOMPARE(int(report.failures.size()), 2);
        const LauncherFailure &killed = report.failures[0];
        QVERIFY(!killed.rootCause);
        QCOMPARE(killed.rank, 1);
        QCOMPARE(killed.exitCode, -15);
        QVERIFY(killed.killedBySignal());
        QCOMPARE(killed.signal(), 15);
        QCOMPARE(killed.pid, std::int64_t(29731));
        QCOMPARE(killed.message, std::string("Signal 15 (SIGTERM) received by PID 29731"));
        const LauncherFailure &root = report.failures[1];
        QVERIFY(root.rootCause);
        QCOMPARE(root.rank, 2);
        QCOMPARE(root.localRank, 0);
        QCOMPARE(root.host, std::string("gpu-node-07.cluster"));
        QCOMPARE(root.exitCode, 1);
        QCOMPARE(root.timeNs, std::int64_t(1693569771) * 1000000000);
        QCOMPARE(root.message, std::string("Traceback (most recent call last):"));
        // The report ends at the border after the root cause: the next line is not read.
        QCOMPARE(report.endLine, std::size_t(25));
    }

    // Log shippers stamp every line and drop the indentation: the same report.
    void readsStampedUnindentedLines()
    {
        std::string stamped;
        std::string_view text = kReport;
        while (!text.empty()) {
            const std::size_t end = text.find('\n');
            std::string_view line = text.substr(0, end);
            while (!line.empty() && line.front() == ' ')
                line.remove_prefix(1);
            stamped += "2023-09-01 12:02:55,120 " + std::string(line) + "\n";
            text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        }
        // The stamps are removed by the importer; here the fields follow them.
        std::string content;
        for (std::size_t at = 0; at < stamped.size();) {
            const std::size_t end = stamped.find('\n', at);
            content += stamped.substr(at + 24, end - at - 24) + "\n";
            at = end + 1;
        }
        const LauncherReport report = parseLauncherReport(content);
        QCOMPARE(int(report.failures.size()), 2);
        QVERIFY(report.failures[1].rootCause);
        QCOMPARE(report.failures[1].rank, 2);
        QCOMPARE(report.failures[0].exitCode, -15);
    }

    void noOtherFailures()
    {
        const LauncherReport report = parseLauncherReport(
            "Failures:\n  <NO_OTHER_FAILURES>\n-----------------\nRoot Cause (first observed "
            "failure):\n[0]:\n  time      : 2025-02-21_20:07:38\n  host      : "
            "iZl4v544jr5cejwaqci3xvZ\n  rank      : 0 (local_rank: 0)\n  exitcode  : 1 (pid: "
            "14661)\n  error_file: <N/A>\n  traceback : To enable traceback see: "
            "https://pytorch.org/docs/stable/elastic/errors.html\n=============");
        QCOMPARE(int(report.failures.size()), 1);
        QVERIFY(report.failures[0].rootCause);
        QCOMPARE(report.failures[0].host, std::string("iZl4v544jr5cejwaqci3xvZ"));
    }

    // Hostile input: no crash, nothing invented.
    void junkIsNoReport()
    {
        QVERIFY(parseLauncherReport("").failures.empty());
        QVERIFY(parseLauncherReport("[0]:\n  rank : 3\n").failures.empty()); // no section
        QVERIFY(parseLauncherReport("Failures:\n[0]:\n  rank : x\n  exitcode : 1\n===========")
                    .failures.empty());
        QVERIFY(parseLauncherReport("Failures:\n[0]:\n  rank : 99999999999\n  exitcode : 1\n")
                    .failures.empty());
        const LauncherReport bad = parseLauncherReport(
            "Failures:\n[0]:\n  time : 2025-13-45_99:99:99\n  rank : 1\n  exitcode : 300\n");
        QVERIFY(bad.failures.empty()); // an exit code is 8 bits
        QCOMPARE(signalNameOf(15), std::string("SIGTERM"));
        QCOMPARE(signalNameOf(64), std::string());
    }
};

QTEST_GUILESS_MAIN(TestLauncherFailures)
#include "test_launcher_failures.moc"
