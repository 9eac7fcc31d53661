// Corrupt input: binary junk, NUL padding, invalid UTF-8, a 10 MB line, truncated gzip and
// zstd, a missing file. Each is reported with the file and line, the rest of the file is kept.

#include "LogCompressionSupport.h"
#include "LogTestSupport.h"

using namespace rankscope;
using namespace rankscope_test;

class LogCorruptTest : public QObject
{
    Q_OBJECT

private slots:
    void binaryJunkIsSkippedAndReported();
    void nulPaddingIsRemoved();
    void invalidUtf8IsReplaced();
    void hugeLineIsCut();
    void gzipAndZstd();
    void truncatedGzipKeepsItsStart();
    void missingFile();
    void manyProblemsAreSummarised();
};

namespace {

std::string numberedLines(int count)
{
    std::string text;
    for (int i = 1; i <= count; ++i)
        text += "[rank" + std::to_string(i % 4) + "]: line " + std::to_string(i) + "\n";
    return text;
}

} // namespace

void LogCorruptTest::binaryJunkIsSkippedAndReported()
{
    std::string text = "before\n";
    std::string junk;
    for (int i = 0; i < 300; ++i)
        junk.push_back(char((i * 37 + 11) % 256 == 10 ? 0 : (i * 37 + 11) % 256));
    text += junk + "\n" + junk + "\n";
    text += "after\n";
    const ParsedLog log = importText(text, "logs/rank2.log");
    QCOMPARE(log.events.size(), std::size_t(2));
    QCOMPARE(qs(log.events[0].text), QStringLiteral("before"));
    QCOMPARE(qs(log.events[1].text), QStringLiteral("after"));
    QCOMPARE(log.events[1].line, 4u);
    QCOMPARE(log.problems.size(), std::size_t(1));
    QCOMPARE(log.problems[0].line, std::int64_t(2));
    QVERIFY2(qs(log.problems[0].message)
                 .startsWith(QStringLiteral("binary data (600 bytes, to line 3) skipped")),
             qPrintable(problemsText(log)));
}

void LogCorruptTest::nulPaddingIsRemoved()
{
    // A node crash leaves NUL blocks in front of the next write.
    const std::string text = std::string("ok\n") + std::string(4096, '\0') + "resumed here\n";
    const ParsedLog log = importText(text, "logs/rank0.log");
    QCOMPARE(log.events.size(), std::size_t(2));
    QCOMPARE(qs(log.events[1].text), QStringLiteral("resumed here"));
    QCOMPARE(log.problems.size(), std::size_t(1));
    QVERIFY2(qs(log.problems[0].message).startsWith(QStringLiteral("4096 NUL")),
             qPrintable(problemsText(log)));
}

void LogCorruptTest::invalidUtf8IsReplaced()
{
    const ParsedLog log =
        importText("caf\xe9 latin-1\nvalid caf\xc3\xa9\n\xff\xfe two bad\n", "logs/rank1.log");
    QCOMPARE(log.events.size(), std::size_t(3));
    QCOMPARE(log.events[0].text, std::string("caf\xEF\xBF\xBD latin-1"));
    QCOMPARE(log.events[1].text, std::string("valid caf\xc3\xa9"));
    QCOMPARE(log.problems.size(), std::size_t(2));
    QCOMPARE(qs(log.problems[0].message),
             QStringLiteral("1 byte of invalid UTF-8 replaced by U+FFFD."));
    QCOMPARE(log.problems[1].line, std::int64_t(3));
    QVERIFY(qs(log.problems[1].message).contains(QStringLiteral("2 bytes of invalid UTF-8")));
}

void LogCorruptTest::hugeLineIsCut()
{
    std::string text = "first\n";
    text += std::string(10 * 1024 * 1024, 'x');
    text += "\nlast\n";
    const ParsedLog log = importText(text, "logs/rank0.log");
    QCOMPARE(log.events.size(), std::size_t(3));
    QCOMPARE(log.events[1].text.size(), std::size_t(64 * 1024));
    QCOMPARE(qs(log.events[2].text), QStringLiteral("last"));
    QCOMPARE(log.events[2].line, 3u);
    QCOMPARE(log.problems.size(), std::size_t(1));
    QCOMPARE(qs(log.problems[0].message),
             QStringLiteral("the line is 10485760 bytes long; only its "
                            "first 65536 bytes were kept."));
}

void LogCorruptTest::gzipAndZstd()
{
    const std::string text = numberedLines(1000);
    const ParsedLog plain = importText(text);
    const ParsedLog gz = importText(gzip(text), "logs/launcher.log.gz");
    const ParsedLog zst = importText(zstd(text), "logs/launcher.log.zst");
    // Recognised by content, not by name.
    const ParsedLog misnamed = importText(gzip(text), "logs/launcher.txt");
    for (const ParsedLog *log : {&gz, &zst, &misnamed}) {
        QVERIFY2(log->problems.empty(), qPrintable(problemsText(*log)));
        QCOMPARE(log->events.size(), plain.events.size());
        QCOMPARE(log->events.back().text, std::string("line 1000"));
        QCOMPARE(log->info.bytes, std::int64_t(text.size()));
    }
}

void LogCorruptTest::truncatedGzipKeepsItsStart()
{
    const std::string text = numberedLines(200000);
    std::string compressed = gzip(text);
    compressed.resize(compressed.size() / 2);
    const ParsedLog log = importText(compressed, "logs/launcher.log.gz");
    QVERIFY(log.events.size() > 1000);
    QVERIFY(log.events.size() < 200000);
    QCOMPARE(log.events[0].text, std::string("line 1"));
    QCOMPARE(log.problems.size(), std::size_t(1));
    const LogProblem &problem = log.problems[0];
    QCOMPARE(problem.line, log.info.lines);
    QVERIFY2(qs(problem.message).contains(QStringLiteral("truncated")),
             qPrintable(problemsText(log)));

    std::string zstCut = zstd(text);
    zstCut.resize(zstCut.size() / 2);
    const ParsedLog zst = importText(zstCut, "logs/launcher.log.zst");
    QVERIFY(zst.events.size() > 1000);
    QCOMPARE(zst.problems.size(), std::size_t(1));
}

void LogCorruptTest::missingFile()
{
    const ParsedLog log = importLogFile("/nonexistent/rank3.log", "logs/rank3.log");
    QVERIFY(log.events.empty());
    QCOMPARE(log.problems.size(), std::size_t(1));
    QVERIFY2(qs(log.problems[0].message).startsWith(QStringLiteral("the file cannot be opened")),
             qPrintable(problemsText(log)));
    QCOMPARE(qs(log.info.path), QStringLiteral("logs/rank3.log"));
}

void LogCorruptTest::manyProblemsAreSummarised()
{
    std::string text;
    for (int i = 0; i < 1000; ++i)
        text += "bad \xff byte\n";
    const ParsedLog log = importText(text, "logs/rank0.log");
    QCOMPARE(log.events.size(), std::size_t(1000));
    QCOMPARE(log.problems.size(), std::size_t(21));
    QCOMPARE(qs(log.problems.back().message),
             QStringLiteral("980 more lines with invalid UTF-8 were handled the "
                            "same way (not listed)."));
}

QTEST_GUILESS_MAIN(LogCorruptTest)
#include "test_log_corrupt.moc"
