#pragma once

// A hand-built hang in which job.json says nothing about nodes and only the logs tell which
// host each rank ran on (issue 10 point 16): 32 ranks on 4 hosts of 8 (gpu-h100-01..04, from
// tests/fixtures/logs/real-world/slurm_nccl_hosts.out); every rank of gpu-h100-03 (ranks 16-23)
// is in its data loader while the other 24 wait in all_reduce. Two py-spy dumps per rank.
#include "TestData.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace node_logs_test {

inline constexpr int kRanks = 32;
inline constexpr int kFirstStuck = 16; // gpu-h100-03: ranks 16-23
inline constexpr int kLastStuck = 23;

inline QString hostOf(int rank)
{
    return QStringLiteral("gpu-h100-0%1").arg(rank / 8 + 1);
}

inline int pidOf(int rank)
{
    return 40000 + (rank / 8) * 1000 + (rank % 8) * 7; // as in the fixture
}

inline void writeTo(const QString &root, const QString &relative, const QByteArray &data)
{
    const QString path = root + QLatin1Char('/') + relative;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    file.write(data);
}

// py-spy `dump` text, as the dumps in tests/fixtures/stacks.
inline QByteArray pySpyDump(int rank)
{
    const QByteArray pid = QByteArray::number(pidOf(rank));
    QByteArray text = "Process " + pid + ": python -u train.py --config configs/llama-7b.yaml\n" +
                      "Python v3.10.12 (/usr/bin/python3.10)\n\nThread " + pid +
                      " (idle): \"MainThread\"\n";
    if (rank >= kFirstStuck && rank <= kLastStuck)
        text += "    _recv_bytes (multiprocessing/connection.py:414)\n"
                "    recv (multiprocessing/connection.py:250)\n"
                "    _get_data (torch/utils/data/dataloader.py:1316)\n"
                "    _next_data (torch/utils/data/dataloader.py:1346)\n"
                "    __next__ (torch/utils/data/dataloader.py:631)\n"
                "    train_step (train.py:85)\n"
                "    <module> (train.py:120)\n";
    else
        text += "    all_reduce (torch/distributed/distributed_c10d.py:2050)\n"
                "    wrapper (torch/distributed/c10d_logger.py:75)\n"
                "    sync_gradients (train.py:61)\n"
                "    train_step (train.py:91)\n"
                "    <module> (train.py:120)\n";
    return text + "\n";
}

inline void writeStacks(const QString &root)
{
    for (int rank = 0; rank < kRanks; ++rank) {
        for (int sample : {1764419465, 1764419468})
            writeTo(root, QStringLiteral("stacks/rank%1/dump-%2.txt").arg(rank).arg(sample),
                    pySpyDump(rank));
    }
}

inline QByteArray combinedLog()
{
    QFile file(rankscope_test::fixturesDir() +
               QStringLiteral("/logs/real-world/slurm_nccl_hosts.out"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture slurm_nccl_hosts.out");
    return file.readAll();
}

// The hang with the Slurm job's combined output as its only log.
inline void writeBundle(const QString &root)
{
    writeStacks(root);
    writeTo(root, QStringLiteral("logs/slurm-4242.out"), combinedLog());
}

} // namespace node_logs_test
