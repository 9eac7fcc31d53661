// Folded stacks: the parser's choices (count = last token, frames verbatim, fractional counts
// rounded, invalid lines counted) and the writer's round trip.

#include "StackTestSupport.h"
#include "importers/bundle/StackFileReader.h"
#include "importers/stacks/FoldedStackWriter.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace rankscope;
using namespace rankscope_test;

class FoldedStacksTest : public QObject
{
    Q_OBJECT

private slots:
    void edgeCases();
    void encodingsGiveTheSameStacks();
    void writerRoundTripsAndSums();
    void writerFormatsDumpFrames();
    void manyInvalidLinesAreSummarised();
    void lastLineWithoutNewline();
    void firstStackLongerThanTheSniffedPrefix();
    void largeProfileIsReadInChunks();
};

void FoldedStacksTest::edgeCases()
{
    const ParsedStacks stacks =
        parseFoldedStacks(readStackFixture(QStringLiteral("folded-edge-cases.folded")));
    QCOMPARE(stacks.invalidLines, 5);
    QCOMPARE(stacks.processes.size(), 1u);
    const ParsedProcess &process = stacks.processes[0];
    QCOMPARE(process.pid, 0);
    QCOMPARE(process.threads.size(), 7u);

    const ParsedThread &first = process.threads[0];
    QCOMPARE(first.weight, 12u);
    QCOMPARE(first.state, ThreadState::Unknown);
    QCOMPARE(first.frames.size(), 3u);
    QCOMPARE(qs(first.frames[2].function), QStringLiteral("all_reduce (distributed_c10d.py:2001)"));
    QCOMPARE(first.frames[2].kind, FrameKind::Unknown);
    QVERIFY(first.frames[2].file.empty());
    QCOMPARE(qs(process.threads[1].frames[2].function), QStringLiteral("wait [libc.so.6]"));
    QCOMPARE(process.threads[2].weight, 5u); // duplicates stay separate lines when parsed
    QCOMPARE(frameNames(process.threads[3]), QStringLiteral("java-?/10992;[unknown];page_fault"));
    QCOMPARE(frameNames(process.threads[4]), QStringLiteral("main;idle")); // tab before count
    QCOMPARE(process.threads[4].weight, 7u);
    QCOMPARE(process.threads[5].weight, 3u); // 2.5 rounded
    QCOMPARE(process.threads[6].weight, 0u);

    // Problems: the fractional count once, then the five invalid lines with their numbers.
    QVERIFY2(hasProblem(stacks, "1 line(s) have fractional sample counts", 8),
             qPrintable(problemsText(stacks)));
    QVERIFY(hasProblem(stacks, "the last token is not a sample count): \"# a comment line\"", 10));
    QVERIFY(hasProblem(stacks, "the last token is not a sample count): \"no count here\"", 11));
    QVERIFY(hasProblem(stacks, "\"main;bad count x12\"", 12));
    QVERIFY(hasProblem(stacks, "empty stack", 13));
    QVERIFY(hasProblem(stacks, "\"main;neg -3\"", 14));
    QCOMPARE(stacks.problems.size(), 6u);
}

void FoldedStacksTest::encodingsGiveTheSameStacks()
{
    for (const char *name : {"folded-utf8-bom.txt", "folded-utf16le.txt", "folded-utf16be.txt"}) {
        std::vector<ParseProblem> problems;
        const std::string text =
            decodeStackText(readStackFixture(QString::fromUtf8(name)), &problems);
        QVERIFY2(problems.empty(), name);
        QCOMPARE(detectStackFormat(text, name), StackFormat::Folded);
        const ParsedStacks stacks = parseFoldedStacks(text);
        QVERIFY2(stacks.problems.empty(), qPrintable(problemsText(stacks)));
        QCOMPARE(threadCount(stacks), 3);
        const auto &threads = stacks.processes[0].threads;
        QCOMPARE(frameNames(threads[0]), QStringLiteral("root;mid;leaf"));
        QCOMPARE(threads[0].weight, 3u);
        QCOMPARE(frameNames(threads[1]), QStringLiteral("root;mid"));
        QCOMPARE(threads[1].weight, 2u);
        QCOMPARE(frameNames(threads[2]), QStringLiteral("root;\u00e9l\u00e8ve;\u4e2d"));
        QCOMPARE(threads[2].weight, 1u);
    }
}

void FoldedStacksTest::writerRoundTripsAndSums()
{
    const ParsedStacks stacks =
        parseFoldedStacks(readStackFixture(QStringLiteral("folded-edge-cases.folded")));
    const std::string written = writeFoldedStacks(stacks);
    QCOMPARE(qs(written), QStringLiteral("main;run;all_reduce (distributed_c10d.py:2001) 17\n"
                                         "main;run;wait [libc.so.6] 3\n"
                                         "java-?/10992;[unknown];page_fault 1\n"
                                         "main;idle 7\n"
                                         "main;half 3\n"
                                         "main;zero 0\n"));
    // Reading the written text back gives the same frames, and writing it again is stable.
    const ParsedStacks again = parseFoldedStacks(written);
    QVERIFY(again.problems.empty());
    QCOMPARE(threadCount(again), 6);
    QCOMPARE(again.processes[0].threads[0].frames, stacks.processes[0].threads[0].frames);
    QCOMPARE(writeFoldedStacks(again), written);

    // Frames kept verbatim: a trailing ';' is an empty last frame, spaces inside survive.
    const ParsedStacks odd = parseFoldedStacks("a; b ;  7\n;x 1\n");
    QCOMPARE(odd.invalidLines, 0);
    QCOMPARE(odd.processes[0].threads[0].frames.size(), 3u);
    QCOMPARE(qs(odd.processes[0].threads[0].frames[1].function), QStringLiteral(" b "));
    QVERIFY(odd.processes[0].threads[0].frames[2].function.empty());
    QCOMPARE(qs(writeFoldedStacks(odd)), QStringLiteral("a; b ; 7\n;x 1\n"));
}

void FoldedStacksTest::writerFormatsDumpFrames()
{
    ParsedStacks stacks;
    ParsedProcess process;
    ParsedThread thread;
    thread.frames = {Frame{"main", "train.py", 50, "", FrameKind::Python},
                     Frame{"wait;for", "", 0, "libc.so.6", FrameKind::Native},
                     Frame{"kernel", "k.cu", 0, "", FrameKind::Native},
                     Frame{"0x7f00", "", 0, "", FrameKind::Native}};
    thread.weight = 1;
    process.threads = {thread, thread, ParsedThread{}}; // the empty third thread is left out
    process.threads[1].weight = 4;
    stacks.processes = {process};
    QCOMPARE(qs(writeFoldedStacks(stacks)),
             QStringLiteral("main (train.py:50);wait:for (libc.so.6);kernel (k.cu);0x7f00 5\n"));
}

void FoldedStacksTest::manyInvalidLinesAreSummarised()
{
    std::string text = "ok;stack 1\n";
    for (int i = 0; i < 100; ++i)
        text += "garbage line without count\n";
    const ParsedStacks stacks = parseFoldedStacks(text);
    QCOMPARE(stacks.invalidLines, 100);
    QCOMPARE(threadCount(stacks), 1);
    QCOMPARE(stacks.problems.size(), 6u);
    QCOMPARE(stacks.problems[0].line, 2);
    QCOMPARE(stacks.problems[4].line, 6);
    QVERIFY(hasProblem(stacks, "95 more unreadable lines not listed (100 in all)"));
}

void FoldedStacksTest::lastLineWithoutNewline()
{
    const ParsedStacks stacks = parseFoldedStacks("a;b 1\r\na;c 22");
    QVERIFY(stacks.problems.empty());
    QCOMPARE(threadCount(stacks), 2);
    QCOMPARE(stacks.processes[0].threads[1].weight, 22u);
    QCOMPARE(frameNames(stacks.processes[0].threads[1]), QStringLiteral("a;c"));

    const ParsedStacks huge = parseFoldedStacks("a;b 99999999999999999999999\n");
    QCOMPARE(huge.invalidLines, 1); // overflows 64 bits

    const ParsedStacks bare = parseFoldedStacks("a;b;c\n");
    QCOMPARE(bare.invalidLines, 1);
    QVERIFY(hasProblem(bare, "no sample count after the stack): \"a;b;c\"", 1));
    QVERIFY(hasProblem(bare, "no stacks found"));
}

// A deep stack (4,000 frames, ~110 KB on one line) first in the file: format detection reads
// the line it cuts to its end instead of refusing a valid folded file (issue 13, class 9).
void FoldedStacksTest::firstStackLongerThanTheSniffedPrefix()
{
    std::string deep;
    for (int i = 0; i < 4000; ++i)
        deep += (i ? ";" : "") + std::string("module_") + std::to_string(i) + ".py:forward_layer";
    const std::string text = deep + " 3\nmain;train 5\n";
    QVERIFY(deep.size() > 64 * 1024); // past the sniffed prefix
    QCOMPARE(detectStackFormat(text, "rank0.txt"), StackFormat::Folded);
    const ParsedStacks stacks = parseFoldedStacks(text);
    QVERIFY(stacks.problems.empty());
    QCOMPARE(threadCount(stacks), 2);
    QCOMPARE(stacks.processes[0].threads[0].frames.size(), std::size_t(4000));
}

// A folded profile above the whole-file limit (kMaxStackFileBytes) is read a chunk of lines at a
// time and interned as it goes (issue 15: a 500 MB profile in bounded memory): every line is a
// sample with its count, line numbers go on across chunks, a line that straddles a chunk is
// read whole, and the record keeps no frames.
void FoldedStacksTest::largeProfileIsReadInChunks()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path root = dir.path().toStdString();
    std::filesystem::create_directories(root / "stacks");
    const std::filesystem::path file = root / "stacks" / "rank3.folded";
    std::int64_t lines = 0;
    std::uint64_t weights = 0;
    std::int64_t invalidLine = 0;
    {
        std::ofstream out(file, std::ios::binary);
        std::string deep; // ~1 MB on one line: some chunk boundary falls inside one of them
        for (int i = 0; i < 40000; ++i)
            deep += ";module_" + std::to_string(i % 97) + ".py:layer";
        std::uint64_t bytes = 0;
        while (bytes < kMaxStackFileBytes + (4u << 20)) {
            std::string line;
            if (lines % 10000 == 9999)
                line = "main;train" + deep + " 1\n";
            else
                line = "main;train;step_" + std::to_string(lines % 500) + ";leaf 2\n";
            ++lines;
            if (lines == 150000) { // past the first 8 MB chunk
                out << "this line has no count\n";
                invalidLine = lines;
                ++lines;
            }
            weights += line.find(" 1\n") != std::string::npos ? 1 : 2;
            out << line;
            bytes += line.size();
        }
    }
    QVERIFY(invalidLine > 0);
    BundleFile bundleFile;
    bundleFile.path = "stacks/rank3.folded";
    bundleFile.kind = BundleFileKind::Stacks;
    bundleFile.size = std::int64_t(std::filesystem::file_size(file));
    StackInterner interner;
    SharedStackInterner shared(interner);
    const StackFileRecord record = readStackFile(root, bundleFile, 1ull << 30, {}, &shared);
    QVERIFY2(record.ok, record.problems.empty() ? "" : record.problems.front().message.c_str());
    QCOMPARE(record.format, std::string("folded"));
    QCOMPARE(record.rank, std::optional<int>(3));
    QCOMPARE(record.parsed.processes.size(), std::size_t(1));
    const std::vector<ParsedThread> &threads = record.parsed.processes[0].threads;
    QCOMPARE(std::int64_t(threads.size()), lines - 1);
    QCOMPARE(record.stackIds.size(), std::size_t(1));
    QCOMPARE(record.stackIds[0].size(), threads.size());
    std::uint64_t sum = 0;
    for (const ParsedThread &thread : threads) {
        QVERIFY(thread.frames.empty());
        sum += thread.weight;
    }
    QCOMPARE(sum, weights);
    QCOMPARE(interner.stackCount(), std::size_t(500 + 1)); // the deep one is one stack
    bool named = false;
    for (const ParseProblem &problem : record.problems)
        named = named || (problem.line == invalidLine &&
                          problem.message.find("unreadable line") != std::string::npos);
    QVERIFY2(named, (record.problems.empty() ? std::string("no problem")
                                             : std::to_string(record.problems.front().line) + ": " +
                                                   record.problems.front().message)
                        .c_str());
    // Without an interner (no chunked reading), the file is refused as too large, as before.
    const StackFileRecord whole = readStackFile(root, bundleFile, 1ull << 30, {});
    QVERIFY(!whole.ok);
}

QTEST_APPLESS_MAIN(FoldedStacksTest)
#include "test_folded_stacks.moc"
