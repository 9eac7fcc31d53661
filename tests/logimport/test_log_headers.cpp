// Line headers: every rank prefix form (removed from the text), every timestamp form (detected
// per file, inherited by lines without one), level tokens and content severities.

#include "LogTestSupport.h"

using namespace rankscope;
using namespace rankscope_test;

class LogHeadersTest : public QObject
{
    Q_OBJECT

private slots:
    void rankPrefixes_data();
    void rankPrefixes();
    void srunLabelsNeedAWholeFile();
    void deepSpeedRankTag();
    void timestamps_data();
    void timestamps();
    void yearlessTimestampsTakeTheFilesYear();
    void linesInheritThePreviousTime();
    void levels_data();
    void levels();
};

void LogHeadersTest::rankPrefixes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("format");
    QTest::newRow("torchrun rank") << "[rank3]: hello\n[rank12]: hello\n"
                                   << "[rankN]:";
    QTest::newRow("torch 2 no space") << "[rank3]:hello\n[rank12]:hello\n"
                                      << "[rankN]:";
    QTest::newRow("torchrun tee") << "[default3]: hello\n[default12]: hello\n"
                                  << "[defaultN]:";
    QTest::newRow("srun -l") << "3: hello\n12: hello\n"
                             << "N: ";
    QTest::newRow("srun -l padded") << " 3: hello\n12: hello\n"
                                    << "N: ";
    QTest::newRow("RANK spaced") << "[RANK 3] hello\n[RANK 12] hello\n"
                                 << "[RANK N]";
    QTest::newRow("Rank spaced colon") << "[Rank 3]: hello\n[Rank 12]: hello\n"
                                       << "[RANK N]";
    QTest::newRow("rank colon") << "rank3: hello\nrank12: hello\n"
                                << "rankN:";
    QTest::newRow("openmpi") << "[1,3]<stdout>: hello\n[1,12]<stderr>: hello\n"
                             << "[J,N]<stdout>:";
}

void LogHeadersTest::rankPrefixes()
{
    QFETCH(QString, text);
    QFETCH(QString, format);
    const ParsedLog log = importText(text.toStdString());
    QCOMPARE(log.events.size(), std::size_t(2));
    QCOMPARE(log.events[0].rank, 3);
    QCOMPARE(log.events[1].rank, 12);
    QCOMPARE(qs(log.events[0].text), QStringLiteral("hello"));
    QCOMPARE(qs(log.events[1].text), QStringLiteral("hello"));
    QCOMPARE(qs(log.info.prefixFormat), format);
    QCOMPARE(log.info.kind, LogFileKind::Combined);
}

void LogHeadersTest::srunLabelsNeedAWholeFile()
{
    // One "12: " line among plain text is text, not srun's label.
    const ParsedLog plain = importText("starting\nsteps done\n12: items left\nbye\n");
    QCOMPARE(plain.events.size(), std::size_t(4));
    QCOMPARE(plain.events[2].rank, -1);
    QCOMPARE(qs(plain.events[2].text), QStringLiteral("12: items left"));
    QCOMPARE(qs(plain.info.prefixFormat), QString());
    // A file where one rank's lines agree is that rank's.
    const ParsedLog one = importText("[rank5]: a\nunprefixed\n[rank5]: b\n", "logs/out.txt");
    QCOMPARE(one.info.kind, LogFileKind::PerRank);
    QCOMPARE(one.info.rank, 5);
    QCOMPARE(one.events[1].rank, 5);
}

void LogHeadersTest::deepSpeedRankTag()
{
    const ParsedLog log = importText("[2021-05-27 19:54:20,386] [INFO] [logging.py:60:log_dist] "
                                     "[Rank 0] step=2, skipped=0\n");
    QCOMPARE(log.events.size(), std::size_t(1));
    QCOMPARE(log.events[0].rank, 0);
    QCOMPARE(log.events[0].severity, LogSeverity::Info);
    QCOMPARE(qs(log.events[0].text),
             QStringLiteral("[logging.py:60:log_dist] [Rank 0] step=2, skipped=0"));
}

void LogHeadersTest::timestamps_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<qint64>("ns");
    QTest::addColumn<QString>("format");
    // 2026-11-29 12:31:04 UTC = 1795955464 s.
    const qint64 base = 1795955464LL * 1000000000LL;
    QTest::newRow("iso T Z") << "2026-11-29T12:31:04.250Z msg" << base + 250000000 << "iso8601";
    QTest::newRow("iso offset") << "2026-11-29T13:31:04+01:00 msg" << base << "iso8601";
    QTest::newRow("iso space micro")
        << "2026-11-29 12:31:04.000001 msg" << base + 1000 << "iso8601";
    QTest::newRow("python comma") << "2026-11-29 12:31:04,123 msg" << base + 123000000
                                  << "ymd-hms-comma";
    QTest::newRow("bracketed") << "[2026-11-29 12:31:04] msg" << base << "iso8601";
    QTest::newRow("bracketed comma")
        << "[2026-11-29 12:31:04,500] msg" << base + 500000000 << "ymd-hms-comma";
    QTest::newRow("epoch s") << "1795955464.5 msg" << base + 500000000 << "epoch";
    QTest::newRow("epoch ms") << "1795955464123 msg" << base + 123000000 << "epoch";
    QTest::newRow("epoch bracketed") << "[1795955464] msg" << base << "epoch";
    QTest::newRow("level then time")
        << "INFO 2026-11-29 12:31:04,000 msg" << base << "ymd-hms-comma";
    QTest::newRow("after prefix") << "[rank2]: 2026-11-29T12:31:04Z msg" << base << "iso8601";
}

void LogHeadersTest::timestamps()
{
    QFETCH(QString, line);
    QFETCH(qint64, ns);
    QFETCH(QString, format);
    const ParsedLog log = importText(line.toStdString() + "\n");
    QCOMPARE(log.events.size(), std::size_t(1));
    QCOMPARE(qint64(log.events[0].timeNs), ns);
    QCOMPARE(qs(log.events[0].text), QStringLiteral("msg"));
    QCOMPARE(qs(log.info.timestampFormat), format);
}

void LogHeadersTest::yearlessTimestampsTakeTheFilesYear()
{
    // Syslog and glog carry no year: the file's dated lines give it.
    const ParsedLog log = importText("2025-03-01T00:00:00Z start\n"
                                     "Nov 29 12:31:04 host kernel: NVRM: Xid 79\n"
                                     "E1129 12:31:05.500000 1234 nccl.cc:12] failed\n"
                                     "Jan  2 00:00:01 host after new year\n");
    QCOMPARE(log.events.size(), std::size_t(4));
    const qint64 nov29 = 1764419464LL * 1000000000LL; // 2025-11-29 12:31:04 UTC
    QCOMPARE(qint64(log.events[1].timeNs), nov29);
    QCOMPARE(qs(log.events[1].text), QStringLiteral("host kernel: NVRM: Xid 79"));
    QCOMPARE(qint64(log.events[2].timeNs), nov29 + 1500000000LL);
    QCOMPARE(log.events[2].severity, LogSeverity::Error);
    QCOMPARE(qs(log.events[2].text), QStringLiteral("1234 nccl.cc:12] failed"));
    // December -> January: the next year.
    QCOMPARE(qint64(log.events[3].timeNs), 1767312001LL * 1000000000LL); // 2026-01-02 00:00:01
}

void LogHeadersTest::linesInheritThePreviousTime()
{
    const ParsedLog log = importText("before any time\n"
                                     "2026-11-29T12:31:04Z first\n"
                                     "no time here\n"
                                     "2026-11-29T12:31:06Z third\n"
                                     "again none\n");
    QCOMPARE(log.events.size(), std::size_t(5));
    const qint64 base = 1795955464LL * 1000000000LL;
    QCOMPARE(qint64(log.events[0].timeNs), qint64(0));
    QCOMPARE(qint64(log.events[1].timeNs), base);
    QCOMPARE(qint64(log.events[2].timeNs), base);
    QCOMPARE(qint64(log.events[3].timeNs), base + 2000000000LL);
    QCOMPARE(qint64(log.events[4].timeNs), base + 2000000000LL);
    QCOMPARE(log.events[2].line, 3u);
}

void LogHeadersTest::levels_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("severity");
    QTest::addColumn<QString>("text");
    QTest::newRow("INFO") << "2026-11-29 12:31:04,000 INFO msg" << int(LogSeverity::Info) << "msg";
    QTest::newRow("WARNING") << "WARNING: msg" << int(LogSeverity::Warning) << "msg";
    QTest::newRow("WARN bracket") << "[WARN] msg" << int(LogSeverity::Warning) << "msg";
    QTest::newRow("ERROR") << "ERROR msg" << int(LogSeverity::Error) << "msg";
    QTest::newRow("CRITICAL") << "CRITICAL msg" << int(LogSeverity::Fatal) << "msg";
    QTest::newRow("python default") << "INFO:root:msg" << int(LogSeverity::Info) << "root:msg";
    QTest::newRow("hf tag") << "[INFO|trainer.py:1339] msg" << int(LogSeverity::Info) << "msg";
    QTest::newRow("glog") << "W1129 12:31:04.000001 99 a.cc:1] msg" << int(LogSeverity::Warning)
                          << "99 a.cc:1] msg";
    QTest::newRow("c10 glog") << "[rank0]:[E1129 12:31:04.531613433 ProcessGroupNCCL.cpp:616] msg"
                              << int(LogSeverity::Error) << "ProcessGroupNCCL.cpp:616] msg";
    QTest::newRow("nccl warn") << "host-1:123:456 [0] NCCL WARN Net : Connection closed"
                               << int(LogSeverity::Warning)
                               << "host-1:123:456 [0] NCCL WARN Net : Connection closed";
    QTest::newRow("nccl info") << "host-1:123:456 [0] NCCL INFO Bootstrap" << int(LogSeverity::Info)
                               << "host-1:123:456 [0] NCCL INFO Bootstrap";
    QTest::newRow("traceback") << "Traceback (most recent call last):" << int(LogSeverity::Error)
                               << "Traceback (most recent call last):";
    QTest::newRow("exception") << "RuntimeError: CUDA error" << int(LogSeverity::Error)
                               << "RuntimeError: CUDA error";
    QTest::newRow("terminate") << "terminate called after throwing an instance of 'c10::Error'"
                               << int(LogSeverity::Fatal)
                               << "terminate called after throwing an instance of 'c10::Error'";
    QTest::newRow("python warning") << "/x/y.py:283: UserWarning: old" << int(LogSeverity::Warning)
                                    << "/x/y.py:283: UserWarning: old";
    QTest::newRow("plain") << "using world size: 64" << int(LogSeverity::Unknown)
                           << "using world size: 64";
    QTest::newRow("word ERROR alone") << "ERRORS: 0" << int(LogSeverity::Unknown) << "ERRORS: 0";
}

void LogHeadersTest::levels()
{
    QFETCH(QString, line);
    QFETCH(int, severity);
    QFETCH(QString, text);
    const ParsedLog log = importText(line.toStdString() + "\n");
    QCOMPARE(log.events.size(), std::size_t(1));
    QCOMPARE(int(log.events[0].severity), severity);
    QCOMPARE(qs(log.events[0].text), text);
}

QTEST_GUILESS_MAIN(LogHeadersTest)
#include "test_log_headers.moc"
