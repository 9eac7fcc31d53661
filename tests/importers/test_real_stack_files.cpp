// Real folded files from ../shared/data: Brendan Gregg's FlameGraph expected outputs (perf
// captures collapsed six ways) and speedscope's stackcollapse edge cases. They must read with no
// invalid line and round-trip through writeFoldedStacks.

#include "StackTestSupport.h"
#include "importers/stacks/FoldedStackWriter.h"

#include <QDir>
#include <QtTest>

#include <map>

using namespace rankscope;
using namespace rankscope_test;

namespace {

using StackCounts = std::map<std::string, std::uint64_t>;

// Reads folded text independently of the parser: split each line at its last space (or tab),
// the stack being the text before it without trailing whitespace. Identical stacks are summed.
StackCounts countLinesByHand(std::string_view text, int *lines)
{
    StackCounts counts;
    *lines = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string line(text.substr(start, end - start));
        start = end + 1;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (line.empty())
            continue;
        ++*lines;
        const std::size_t space = line.find_last_of(" \t");
        std::string stack = line.substr(0, space);
        while (!stack.empty() && (stack.back() == ' ' || stack.back() == '\t'))
            stack.pop_back();
        counts[stack] += std::stoull(line.substr(space + 1));
    }
    return counts;
}

StackCounts countParsed(const ParsedStacks &stacks)
{
    StackCounts counts;
    for (const ParsedProcess &process : stacks.processes) {
        for (const ParsedThread &thread : process.threads) {
            std::string stack;
            for (std::size_t i = 0; i < thread.frames.size(); ++i)
                stack += (i ? ";" : "") + thread.frames[i].function;
            counts[stack] += thread.weight;
        }
    }
    return counts;
}

ParsedStacks decodeDetectParse(const QString &path, StackFormat *format,
                               std::vector<ParseProblem> *decodeProblems)
{
    const std::string text = decodeStackText(readFileBytes(path), decodeProblems);
    *format = detectStackFormat(text, QFileInfo(path).fileName().toStdString());
    return parseStacks(*format, text);
}

} // namespace

class RealStackFilesTest : public QObject
{
    Q_OBJECT

private slots:
    void flameGraphResultsRoundTrip();
    void speedscopeEdgeCases_data();
    void speedscopeEdgeCases();
};

void RealStackFilesTest::flameGraphResultsRoundTrip()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QDir dir(shared + QStringLiteral("/flamegraph-tests/test/results"));
    const QStringList files = dir.entryList({QStringLiteral("*.txt")}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 78);
    int totalLines = 0;
    for (const QString &name : files) {
        const QString path = dir.filePath(name);
        std::vector<ParseProblem> decodeProblems;
        StackFormat format;
        const ParsedStacks stacks = decodeDetectParse(path, &format, &decodeProblems);
        QVERIFY2(decodeProblems.empty(), qPrintable(name));
        QVERIFY2(format == StackFormat::Folded, qPrintable(name));
        QVERIFY2(stacks.invalidLines == 0,
                 qPrintable(name + QLatin1Char('\n') + problemsText(stacks)));
        QVERIFY2(stacks.problems.empty(),
                 qPrintable(name + QLatin1Char('\n') + problemsText(stacks)));

        int lines = 0;
        const StackCounts byHand = countLinesByHand(readFileBytes(path), &lines);
        QVERIFY2(threadCount(stacks) == lines, qPrintable(name));
        QVERIFY2(countParsed(stacks) == byHand, qPrintable(name));
        // Round trip: the written text has the same multiset of stacks and counts, one line
        // per distinct stack.
        const std::string written = writeFoldedStacks(stacks);
        int writtenLines = 0;
        QVERIFY2(countLinesByHand(written, &writtenLines) == byHand, qPrintable(name));
        QVERIFY2(writtenLines == int(byHand.size()), qPrintable(name));
        QVERIFY2(countParsed(parseFoldedStacks(written)) == byHand, qPrintable(name));
        totalLines += lines;
    }
    QCOMPARE(totalLines, 2774); // counted with grep -c '' over the 78 files
}

void RealStackFilesTest::speedscopeEdgeCases_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("stacks");        // lines read as stacks
    QTest::addColumn<int>("invalid");       // invalidLines
    QTest::addColumn<int>("distinct");      // lines written back
    QTest::addColumn<qulonglong>("weight"); // sum of counts
    QTest::addColumn<QString>("firstStack");
    // Verified by reading each file: simple*.txt hold "a;b;c 1, a;b;c 1, a;b;d 4, a;b;c 3, a;b 5"
    // in plain, CRLF, UTF-16 LE (with CRLF) and UTF-16 BE; simple-with-invalids adds a "#"
    // comment, a "//" comment and "invalid line".
    QTest::newRow("simple") << QStringLiteral("simple.txt") << 5 << 0 << 3 << 14ull
                            << QStringLiteral("a;b;c");
    QTest::newRow("crlf") << QStringLiteral("simple-crlf.txt") << 5 << 0 << 3 << 14ull
                          << QStringLiteral("a;b;c");
    QTest::newRow("utf16-le") << QStringLiteral("simple-utf16-le.txt") << 5 << 0 << 3 << 14ull
                              << QStringLiteral("a;b;c");
    QTest::newRow("utf16-be") << QStringLiteral("simple-utf16-be.txt") << 5 << 0 << 3 << 14ull
                              << QStringLiteral("a;b;c");
    QTest::newRow("invalids") << QStringLiteral("simple-with-invalids.txt") << 5 << 3 << 3 << 14ull
                              << QStringLiteral("a;b;c");
    QTest::newRow("recursion") << QStringLiteral("recursion.txt") << 10 << 0 << 7 << 10ull
                               << QStringLiteral("a;a");
    QTest::newRow("tall") << QStringLiteral("tall.txt") << 1 << 0 << 1 << 1ull
                          << QStringLiteral("a;b;c;d;e;f;g;h;i;j;k;l;m;n;o;p;q;r;s;t;u;v;w;x;y;z");
    QTest::newRow("alternating") << QStringLiteral("alternating.txt") << 182 << 0 << 2 << 182ull
                                 << QStringLiteral("a;b");
    QTest::newRow("vertx") << QStringLiteral("perf-vertx-stacks-01-collapsed-all.txt") << 199 << 0
                           << 199 << 285ull
                           << QStringLiteral("java;read;check_events_[k];hypercall_page_[k]");
}

void RealStackFilesTest::speedscopeEdgeCases()
{
    QFETCH(QString, file);
    QFETCH(int, stacks);
    QFETCH(int, invalid);
    QFETCH(int, distinct);
    QFETCH(qulonglong, weight);
    QFETCH(QString, firstStack);
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString path =
        shared + QStringLiteral("/speedscope-samples/sample/profiles/stackcollapse/") + file;
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));

    std::vector<ParseProblem> decodeProblems;
    StackFormat format;
    const ParsedStacks parsed = decodeDetectParse(path, &format, &decodeProblems);
    QVERIFY(decodeProblems.empty());
    QCOMPARE(format, StackFormat::Folded);
    QCOMPARE(threadCount(parsed), stacks);
    QCOMPARE(parsed.invalidLines, invalid);
    qulonglong sum = 0;
    for (const ParsedThread &thread : parsed.processes.at(0).threads)
        sum += thread.weight;
    QCOMPARE(sum, weight);
    QCOMPARE(frameNames(parsed.processes[0].threads.at(0)), firstStack);

    const std::string written = writeFoldedStacks(parsed);
    int writtenLines = 0;
    const StackCounts counts = countLinesByHand(written, &writtenLines);
    QCOMPARE(writtenLines, distinct);
    QVERIFY(counts == countParsed(parsed));
}

QTEST_APPLESS_MAIN(RealStackFilesTest)
#include "test_real_stack_files.moc"
