#pragma once

// Job bundles with logs as real multi-node PyTorch jobs write them, for the tests of causes and
// echoes (tst_log_causes), of log-only straggler verdicts and of the CLI/GUI agreement. Every
// line form is hand-written from public sources:
//  - torchrun's agent: torch/distributed/elastic/multiprocessing/api.py ("Sending process %s
//    closing signal %s", "failed (exitcode: %s) local_rank: %s (pid: %s) of binary: %s"),
//    torch/distributed/run.py (the OMP_NUM_THREADS warning), and the ChildFailedError report of
//    torch/distributed/elastic/multiprocessing/errors/__init__.py (_MSG_FORMAT_TEMPLATE,
//    _FAILURE_FORMAT_TEMPLATE; "Signal 6 (SIGABRT) received by PID ..." for signals), as pasted in
//    e.g. hiyouga/LlamaFactory#7032 and lzhxmu/CPPO#6;
//  - workers' lines with torchrun's "[rankN]:" prefix; c10 glog lines of ProcessGroupNCCL
//    ("[rank9]:[E1129 12:41:03.412345 51234 ProcessGroupNCCL.cpp:616] [Rank 9] Watchdog caught
//    collective operation timeout: WorkNCCL(...)", the teardown lines, "terminate called after
//    throwing an instance of 'c10::DistBackendError'" + "  what():", NVIDIA/Megatron-LM#935,
//    huggingface/open-r1#620);
//  - NCCL's "host:pid:tid [dev] NCCL WARN NET/IB : Got completion from peer ... with error 12"
//    and "NCCL INFO comm 0x... rank R nranks N cudaDev D busId ... - Init COMPLETE";
//  - the kernel's "NVRM: Xid (PCI:0000:3b:00): 79, pid=..., GPU has fallen off the bus." as
//    journalctl -k -o short-iso-precise prints it;
//  - Megatron-LM's iteration line (training.py training_log, printed by print_rank_last: the
//    last rank only, with a space before its "[date time]").
#include "BundleTestSupport.h"

#include <QDateTime>
#include <QString>
#include <QTimeZone>

#include <cstdint>
#include <map>
#include <vector>

namespace real_logs {

constexpr qint64 kMs = 1'000'000;
constexpr qint64 kSecond = 1'000'000'000;
// 2025-11-29 12:00:00 UTC: the agents start.
constexpr qint64 kStartNs = 1764417600LL * kSecond;

inline QDateTime utc(qint64 ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / kMs, QTimeZone::utc());
}
// "2025-11-29 12:31:02,101" (Python logging's asctime)
inline QString asctime(qint64 ns)
{
    return utc(ns).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss,zzz"));
}
// "E1129 12:41:03.412345" (c10 / glog)
inline QString glog(char level, qint64 ns)
{
    return QLatin1Char(level) + utc(ns).toString(QStringLiteral("MMdd HH:mm:ss.")) +
           QStringLiteral("%1").arg((ns / 1000) % 1'000'000, 6, 10, QLatin1Char('0'));
}

// A job of `nodes` x `perNode` ranks on node-0, node-1, ...; one combined output per node
// (logs/node-N.out: the node's torchrun agent and its workers' prefixed lines), as a Slurm job
// step or a Kubernetes pod per node collects them.
class Job
{
public:
    Job(int nodes, int perNode) : m_nodes(nodes), m_perNode(perNode) {}

    // Stamp every line of the agents' reports with a time, as log shippers (and launchers that
    // re-time their children's output) do: each line is then an event of its own.
    void stampReports(bool on) { m_stampReports = on; }

    int worldSize() const { return m_nodes * m_perNode; }
    int nodeOf(int rank) const { return rank / m_perNode; }
    qint64 pidOf(int rank) const { return 40100 + 1000 * nodeOf(rank) + rank % m_perNode; }

    QString &node(int node) { return m_logs[QStringLiteral("logs/node-%1.out").arg(node)]; }
    QString &file(const QString &path) { return m_logs[path]; }

    void agentLine(int n, qint64 ns, const char *module, const char *level, const QString &text)
    {
        node(n) += QStringLiteral("[%1] %2: [%3] %4\n")
                       .arg(asctime(ns), QLatin1String(module), QLatin1String(level), text);
    }
    void rankLine(int rank, const QString &text)
    {
        node(nodeOf(rank)) += QStringLiteral("[rank%1]:%2\n").arg(rank).arg(text);
    }
    void rankLines(int rank, const QStringList &lines)
    {
        for (const QString &line : lines)
            rankLine(rank, line);
    }

    // torchrun's start-up on every node and NCCL's communicator line of every rank.
    void startUp()
    {
        for (int n = 0; n < m_nodes; ++n) {
            agentLine(n, kStartNs + 500 * kMs + n * kMs, "torch.distributed.run", "WARNING",
                      QStringLiteral(
                          "\n*****************************************\nSetting "
                          "OMP_NUM_THREADS environment variable for each process to be 1 in "
                          "default, to avoid your system being overloaded, please further tune "
                          "the variable for optimal performance in your application as needed. "
                          "\n*****************************************"));
            for (int local = 0; local < m_perNode; ++local) {
                const int rank = n * m_perNode + local;
                rankLine(rank, QStringLiteral(" [%1] INFO: > initialized rank %2 of %3 on "
                                              "cuda:%4")
                                   .arg(asctime(kStartNs + 4 * kSecond + rank * kMs))
                                   .arg(rank)
                                   .arg(worldSize())
                                   .arg(local));
                rankLine(rank, QStringLiteral("node-%1:%2:%2 [%3] NCCL INFO comm 0x55d3c6f0%4a0 "
                                              "rank %5 nranks %6 cudaDev %3 busId %7000 - Init "
                                              "COMPLETE")
                                   .arg(n)
                                   .arg(pidOf(rank))
                                   .arg(local)
                                   .arg(local)
                                   .arg(rank)
                                   .arg(worldSize())
                                   .arg(0x1a + 0x10 * local, 0, 16));
            }
        }
    }

    // Megatron-LM's iteration lines, printed by the last rank only; `prefixed`: with its
    // torchrun prefix, else as the BigScience Slurm logs hold them (no rank, no date: the line
    // inherits the time of the line before it).
    void iterations(int first, int last, qint64 firstNs, qint64 stepNs, bool prefixed = true)
    {
        const int rank = worldSize() - 1;
        for (int it = first; it <= last; ++it) {
            const qint64 ns = firstNs + (it - first) * stepNs;
            const QString line =
                QStringLiteral(" [%1] iteration %2/    5000 | consumed samples: "
                               "%3 | elapsed time per iteration (ms): %4 | learning "
                               "rate: 2.999E-04 | global batch size:   512 | lm "
                               "loss: %5E+00 | loss scale: 1.0 | grad norm: 0.812 | "
                               "number of skipped iterations:   0 | number of nan "
                               "iterations:   0 |")
                    .arg(utc(ns).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                    .arg(it, 8)
                    .arg(it * 512, 12)
                    .arg(double(stepNs) / kMs, 0, 'f', 1)
                    .arg(2.4 - it * 0.0004, 0, 'f', 6);
            if (prefixed)
                rankLine(rank, line);
            else // Megatron-DeepSpeed's form, no date (../shared/data/bigscience-train-logs)
                node(nodeOf(rank)) +=
                    line.mid(line.indexOf(QLatin1String(" iteration"))) + QLatin1Char('\n');
        }
    }

    // Iteration lines on every rank (a rank prefix on each, as torchrun --tee writes them):
    // `slowRank` takes `slowFactor` times longer per step from iteration `slowFrom` on.
    void iterationsOnEveryRank(int first, int last, qint64 firstNs, qint64 stepNs,
                               int slowRank = -1, double slowFactor = 1.0, int slowFrom = 0)
    {
        for (int rank = 0; rank < worldSize(); ++rank) {
            qint64 ns = firstNs;
            for (int it = first; it <= last; ++it) {
                // Healthy ranks differ by a few percent from step to step.
                double step = double(stepNs) * (1.0 + 0.03 * double((it * 7 + rank * 13) % 5) / 4);
                if (rank == slowRank && it >= slowFrom)
                    step *= slowFactor;
                ns += qint64(step);
                rankLine(rank, QStringLiteral(" [%1] iteration %2/    5000 | elapsed time per "
                                              "iteration (ms): %3 | lm loss: %4E+00 |")
                                   .arg(utc(ns).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                                   .arg(it, 8)
                                   .arg(step / kMs, 0, 'f', 1)
                                   .arg(2.4 - it * 0.0004, 0, 'f', 6));
            }
        }
    }

    // ProcessGroupNCCL's watchdog timeout on `rank`, its teardown and std::terminate.
    void watchdogTimeout(int rank, qint64 ns, int seq)
    {
        const QString r = QString::number(rank);
        const QString tid = QString::number(pidOf(rank) + 200);
        const QString timeout =
            QStringLiteral("[Rank %1] Watchdog caught collective operation timeout: "
                           "WorkNCCL(SeqNum=%2, OpType=ALLREDUCE, NumelIn=40108032, "
                           "NumelOut=40108032, Timeout(ms)=600000) ran for %3 milliseconds "
                           "before timing out.")
                .arg(r)
                .arg(seq)
                .arg(600000 + rank % 7);
        rankLine(
            rank,
            QStringLiteral("[%1 %2 ProcessGroupNCCL.cpp:616] %3").arg(glog('E', ns), tid, timeout));
        rankLine(rank, QStringLiteral("[%1 %2 ProcessGroupNCCL.cpp:1785] [PG 0 Rank %3] "
                                      "Exception (either an error or timeout) detected by "
                                      "watchdog at work: %4, last enqueued NCCL work: %4, last "
                                      "completed NCCL work: %5.")
                           .arg(glog('E', ns + kMs / 5), tid, r)
                           .arg(seq)
                           .arg(seq - 1));
        rankLine(rank, QStringLiteral("[%1 %2 ProcessGroupNCCL.cpp:630] [Rank %3] Some NCCL "
                                      "operations have failed or timed out. Due to the "
                                      "asynchronous nature of CUDA kernels, subsequent GPU "
                                      "operations might run on corrupted/incomplete data.")
                           .arg(glog('E', ns + kMs / 4), tid, r));
        rankLine(rank, QStringLiteral("[%1 %2 ProcessGroupNCCL.cpp:636] [Rank %3] To avoid "
                                      "data inconsistency, we are taking the entire process "
                                      "down.")
                           .arg(glog('E', ns + kMs / 3), tid, r));
        terminate(rank, QStringLiteral("c10::DistBackendError"),
                  QStringLiteral("[PG 0 Rank %1] Process group watchdog thread terminated "
                                 "with exception: %2")
                      .arg(r, timeout),
                  QStringLiteral("checkTimeout"));
    }

    void terminate(int rank, const QString &type, const QString &what, const QString &where)
    {
        rankLines(rank,
                  {QStringLiteral(" terminate called after throwing an instance of '%1'").arg(type),
                   QStringLiteral("   what():  %1").arg(what),
                   QStringLiteral(" Exception raised from %1 at "
                                  "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 "
                                  "(most recent call first):")
                       .arg(where),
                   QStringLiteral(" frame #0: c10::Error::Error(c10::SourceLocation, "
                                  "std::string) + 0x96 (0x7f8e5a96c446 in "
                                  "/usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)"),
                   QStringLiteral(" frame #1: c10d::ProcessGroupNCCL::watchdogHandler() + "
                                  "0x233 (0x7f8e0ba3cbb3 in "
                                  "/usr/local/lib/python3.10/dist-packages/torch/lib/"
                                  "libtorch_cuda.so)")});
    }

    // torchrun's agent on node `n` gives up: SIGTERM to the node's other workers, the failed
    // one reported, the ChildFailedError report with its root cause.
    void agentFailure(int n, qint64 ns, int failedRank, int exitCode, qint64 failedNs)
    {
        for (int local = 0; local < m_perNode; ++local) {
            const int rank = n * m_perNode + local;
            if (rank == failedRank)
                continue;
            agentLine(n, ns + local * kMs, "torch.distributed.elastic.multiprocessing.api",
                      "WARNING",
                      QStringLiteral("Sending process %1 closing signal SIGTERM").arg(pidOf(rank)));
        }
        const QString pid = QString::number(pidOf(failedRank));
        agentLine(n, ns + 1200 * kMs, "torch.distributed.elastic.multiprocessing.api", "ERROR",
                  QStringLiteral("failed (exitcode: %1) local_rank: %2 (pid: %3) of binary: "
                                 "/usr/bin/python3")
                      .arg(exitCode)
                      .arg(failedRank % m_perNode)
                      .arg(pid));
        const QString message =
            exitCode < 0
                ? QStringLiteral("Signal %1 (%2) received by PID %3")
                      .arg(-exitCode)
                      .arg(exitCode == -6 ? QStringLiteral("SIGABRT") : QStringLiteral("SIGTERM"))
                      .arg(pid)
                : QStringLiteral("To enable traceback see: "
                                 "https://pytorch.org/docs/stable/elastic/errors.html");
        QString report =
            QStringLiteral("Traceback (most recent call last):\n"
                           "  File \"/usr/local/bin/torchrun\", line 8, in <module>\n"
                           "    sys.exit(main())\n"
                           "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/"
                           "launcher/api.py\", line 264, in launch_agent\n"
                           "    raise ChildFailedError(\n"
                           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
                           "============================================================\n"
                           "pretrain_gpt.py FAILED\n"
                           "------------------------------------------------------------\n"
                           "Failures:\n"
                           "  <NO_OTHER_FAILURES>\n"
                           "------------------------------------------------------------\n"
                           "Root Cause (first observed failure):\n"
                           "[0]:\n"
                           "  time      : %1\n"
                           "  host      : node-%2\n"
                           "  rank      : %3 (local_rank: %4)\n"
                           "  exitcode  : %5 (pid: %6)\n"
                           "  error_file: <N/A>\n"
                           "  traceback : %7\n"
                           "============================================================\n")
                .arg(utc(failedNs).toString(QStringLiteral("yyyy-MM-dd_HH:mm:ss")))
                .arg(n)
                .arg(failedRank)
                .arg(failedRank % m_perNode)
                .arg(exitCode)
                .arg(pid)
                .arg(message);
        if (m_stampReports) {
            const QString stamp = asctime(ns + 1200 * kMs) + QLatin1Char(' ');
            QString stamped;
            for (const QString &line : report.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                stamped += stamp + line + QLatin1Char('\n');
            report = stamped;
        }
        node(n) += report;
    }

    QByteArray jobJson() const
    {
        QString ranks;
        for (int rank = 0; rank < worldSize(); ++rank) {
            ranks += QStringLiteral("%1    {\"rank\": %2, \"node\": \"node-%3\", \"local_rank\": "
                                    "%4, \"role\": \"trainer\"}")
                         .arg(rank == 0 ? QString() : QStringLiteral(",\n"))
                         .arg(rank)
                         .arg(nodeOf(rank))
                         .arg(rank % m_perNode);
        }
        return QStringLiteral("{\n  \"job_id\": \"gpt-fixture\",\n  \"world_size\": %1,\n  "
                              "\"ranks\": [\n%2\n  ]\n}\n")
            .arg(worldSize())
            .arg(ranks)
            .toUtf8();
    }

    void write(const QString &root, bool withJobJson = true) const
    {
        if (withJobJson)
            bundle_test::writeFile(root, QStringLiteral("job.json"), jobJson());
        for (const auto &[path, text] : m_logs)
            bundle_test::writeFile(root, path, text.toUtf8());
    }

private:
    int m_nodes;
    int m_perNode;
    bool m_stampReports = false;
    std::map<QString, QString> m_logs;
};

// Rank 5 (node-0) runs out of memory at 12:31:02; torchrun stops node-0's other workers and
// reports rank 5 as its root cause; ten minutes later every other rank's watchdog times out,
// each process terminates and each other node's agent reports a SIGABRT.
inline Job oomOnOneRank(bool stampReports = false)
{
    Job job(4, 8);
    job.stampReports(stampReports);
    job.startUp();
    job.iterations(1, 180, kStartNs + 10 * kSecond, 10 * kSecond);
    const qint64 oomNs = kStartNs + (31 * 60 + 2) * kSecond + 101 * kMs;
    job.rankLines(5,
                  {QStringLiteral(" [%1] WARNING: batch 1813 holds 6 sequences longer than 8192 "
                                  "tokens")
                       .arg(asctime(oomNs)),
                   QStringLiteral(" Traceback (most recent call last):"),
                   QStringLiteral("   File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 243, "
                                  "in <module>"),
                   QStringLiteral("     pretrain("),
                   QStringLiteral("   File \"/workspace/Megatron-LM/megatron/core/tensor_parallel/"
                                  "layers.py\", line 777, in forward"),
                   QStringLiteral("     output_parallel = self._forward_impl("),
                   QStringLiteral(" torch.OutOfMemoryError: CUDA out of memory. Tried to allocate "
                                  "2.00 GiB. GPU 5 has a total capacity of 79.15 GiB of which "
                                  "1.12 GiB is free. Including non-PyTorch memory, this process "
                                  "has 78.02 GiB memory in use.")});
    job.agentFailure(0, oomNs + 1439 * kMs, 5, 1, oomNs + 899 * kMs);
    const qint64 timeoutNs = oomNs + 601 * kSecond;
    for (int rank = 8; rank < job.worldSize(); ++rank)
        job.watchdogTimeout(rank, timeoutNs + rank * 3 * kMs, 1813 * 3 + 7);
    for (int n = 1; n < 4; ++n)
        job.agentFailure(n, timeoutNs + 2 * kSecond, n * 8, -6, timeoutNs + n * 24 * kMs);
    return job;
}

// The GPU of rank 19 falls off the bus (Xid 79 in node-2's kernel log); rank 19's watchdog sees
// the CUDA error, NCCL on every rank of node-2 warns and fails; the other ranks time out.
// `withKernelLog`: the node's kernel log is in the bundle (else only the ranks' lines are).
inline Job nodeFault(bool withKernelLog)
{
    Job job(4, 8);
    job.startUp();
    job.iterations(1, 180, kStartNs + 10 * kSecond, 10 * kSecond);
    const qint64 faultNs = kStartNs + (30 * 60 + 58) * kSecond + 917 * kMs;
    if (withKernelLog)
        job.file(QStringLiteral("logs/node-2/kern.log")) +=
            QStringLiteral("2025-11-29T12:30:58.917342+00:00 node-2 kernel: NVRM: Xid "
                           "(PCI:0000:3b:00): 79, pid=42119, name=python3, GPU has fallen off "
                           "the bus.\n"
                           "2025-11-29T12:30:58.917399+00:00 node-2 kernel: NVRM: GPU "
                           "0000:3b:00.0: GPU has fallen off the bus.\n");
    if (withKernelLog)
        job.rankLine(19, QStringLiteral("[%1 42319 ProcessGroupNCCL.cpp:1595] [PG 0 Rank 19] "
                                        "Process group watchdog thread terminated with "
                                        "exception: CUDA error: unspecified launch failure")
                             .arg(glog('E', faultNs + 585 * kMs)));
    for (int rank = 16; rank < 24; ++rank) {
        if (withKernelLog && rank == 19)
            continue;
        const qint64 ns = faultNs + 1200 * kMs + rank * kMs;
        job.rankLine(rank,
                     QStringLiteral("[%1 %2 ProcessGroupNCCL.cpp:1895] [PG 0 Rank %3] Process "
                                    "group watchdog thread terminated with exception: NCCL "
                                    "error: remote process exited or there was a network error, "
                                    "NCCL version 2.21.5")
                         .arg(glog('E', ns))
                         .arg(job.pidOf(rank) + 200)
                         .arg(rank));
        job.rankLine(rank, QStringLiteral("node-2:%1:%2 [%3] NCCL WARN NET/IB : Got completion "
                                          "from peer 10.8.2.17<39121> with error 12, opcode 0, "
                                          "len 0, vendor err 129 (Recv)")
                               .arg(job.pidOf(rank))
                               .arg(job.pidOf(rank) + 71)
                               .arg(rank % 8));
    }
    const qint64 timeoutNs = faultNs + 601 * kSecond;
    for (int rank = 0; rank < job.worldSize(); ++rank) {
        if (rank / 8 != 2)
            job.watchdogTimeout(rank, timeoutNs + rank * 3 * kMs, 1813 * 3 + 7);
    }
    job.agentFailure(2, faultNs + 2 * kSecond, withKernelLog ? 19 : 16, -6, faultNs + 1 * kSecond);
    for (int n : {0, 1, 3})
        job.agentFailure(n, timeoutNs + 2 * kSecond, n * 8, -6, timeoutNs + n * 24 * kMs);
    return job;
}

// Rank 13 hangs in its data loader and prints nothing; every other rank's watchdog times out
// waiting for it and each agent reports the first SIGABRT of its node. No rank logs an error of
// its own: the rank that lacks the timeout is the one to look at.
inline Job hangWithoutError()
{
    Job job(4, 8);
    job.startUp();
    job.iterations(1, 180, kStartNs + 10 * kSecond, 10 * kSecond);
    const qint64 timeoutNs = kStartNs + (41 * 60 + 3) * kSecond;
    for (int rank = 0; rank < job.worldSize(); ++rank) {
        if (rank != 13)
            job.watchdogTimeout(rank, timeoutNs + rank * 3 * kMs, 1813 * 3 + 7);
    }
    for (int n = 0; n < 4; ++n)
        job.agentFailure(n, timeoutNs + 2 * kSecond, n * 8, -6, timeoutNs + n * 24 * kMs);
    return job;
}

// A Megatron-LM job that trains normally: start-up on every rank, iteration lines from the
// last rank only (print_rank_last).
inline Job megatronLastRankOnly(bool prefixed = true, int nodes = 8, int perNode = 8)
{
    Job job(nodes, perNode);
    job.startUp();
    job.iterations(1, 120, kStartNs + 10 * kSecond, 10 * kSecond, prefixed);
    return job;
}

// Only the start-up: every rank's initialisation and NCCL lines, with their timestamps.
inline Job startUpOnly(int nodes = 8, int perNode = 8)
{
    Job job(nodes, perNode);
    job.startUp();
    return job;
}

} // namespace real_logs
