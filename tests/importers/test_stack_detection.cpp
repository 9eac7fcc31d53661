// Format detection, text decoding and the parseStacks dispatcher.

#include "StackTestSupport.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class StackDetectionTest : public QObject
{
    Q_OBJECT

private slots:
    void fixturesAreRecognised_data();
    void fixturesAreRecognised();
    void otherFilesAreUnknown_data();
    void otherFilesAreUnknown();
    void fileNameHints();
    void decodeBomsAndUtf16();
    void decodeRepairsInvalidUtf8();
    void decodeRejectsBinary();
    void dispatcherAndNames();
};

void StackDetectionTest::fixturesAreRecognised_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("format");
    const int text = int(StackFormat::PySpyText), json = int(StackFormat::PySpyJson);
    const int folded = int(StackFormat::Folded), pystack = int(StackFormat::PystackText);
    for (const char *name :
         {"pyspy-native-locals.txt", "pyspy-two-dumps.txt", "pyspy-subprocesses-ansi.txt",
          "pyspy-subprocesses-repeated.txt", "pyspy-truncated.txt", "pyspy-crlf-junk.txt"})
        QTest::newRow(name) << QString::fromUtf8(name) << text;
    for (const char *name : {"pyspy-dump.json", "pyspy-malformed.json", "pyspy-appended.json"})
        QTest::newRow(name) << QString::fromUtf8(name) << json;
    for (const char *name : {"folded-edge-cases.folded", "folded-utf8-bom.txt",
                             "folded-utf16le.txt", "folded-utf16be.txt"})
        QTest::newRow(name) << QString::fromUtf8(name) << folded;
    for (const char *name : {"pystack-remote.txt", "pystack-core.txt", "pystack-truncated.txt"})
        QTest::newRow(name) << QString::fromUtf8(name) << pystack;
}

void StackDetectionTest::fixturesAreRecognised()
{
    QFETCH(QString, file);
    QFETCH(int, format);
    const std::string text = decodeStackText(readStackFixture(file), nullptr);
    QCOMPARE(int(detectStackFormat(text, file.toStdString())), format);
    // The dispatcher reads the fixture with the detected parser: stacks come out.
    QVERIFY(threadCount(parseStacks(StackFormat(format), text)) > 0 ||
            file == QStringLiteral("pyspy-malformed.json"));
}

void StackDetectionTest::otherFilesAreUnknown_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("rank0.txt");
    QTest::newRow("blank") << QByteArray("\n  \n\t\n") << QStringLiteral("rank0.txt");
    QTest::newRow("binary") << QByteArray("\x7f"
                                          "ELF\x02\x01\x01\0\0\0\0\0",
                                          12)
                            << QStringLiteral("core.1234");
    QTest::newRow("manifest") << QByteArray("{\"job_id\": \"llm-7b\", \"world_size\": 8}")
                              << QStringLiteral("job.json");
    QTest::newRow("kineto") << QByteArray("{\"traceEvents\": [{\"ph\": \"X\", \"pid\": 1}]}")
                            << QStringLiteral("rank0.pt.trace.json");
    QTest::newRow("json-list") << QByteArray("[1, 2, 3]") << QStringLiteral("ranks.json");
    QTest::newRow("log") << QByteArray("2024-05-01 10:00:01 INFO step 5 loss 2.31\n"
                                       "epoch 5\nloss 3\nProcess 4242: exited with code 1\n")
                         << QStringLiteral("rank0.log");
    QTest::newRow("readme") << QByteArray("# Bundle\nCollected with py-spy dump.\n")
                            << QStringLiteral("README.md");
    QTest::newRow("single-frame-counts")
        << QByteArray("main 5\nidle 3\n") << QStringLiteral("notes.txt");
}

void StackDetectionTest::otherFilesAreUnknown()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, name);
    const std::string text = decodeStackText(
        std::string_view(content.constData(), std::size_t(content.size())), nullptr);
    QCOMPARE(detectStackFormat(text, name.toStdString()), StackFormat::Unknown);
}

void StackDetectionTest::fileNameHints()
{
    // One-frame stacks are only folded when the file says so by its name.
    QCOMPARE(detectStackFormat("main 5\nidle 3\n", "profile.folded"), StackFormat::Folded);
    QCOMPARE(detectStackFormat("main 5\nidle 3\n", "out.collapsed"), StackFormat::Folded);
    QCOMPARE(detectStackFormat("a;b 5\n", "anything.txt"), StackFormat::Folded);
    // An empty JSON array is py-spy's dump of a process without threads only in a .json file.
    QCOMPARE(detectStackFormat("[ ]\n", "rank3.json"), StackFormat::PySpyJson);
    QCOMPARE(detectStackFormat("[ ]\n", "rank3.txt"), StackFormat::Unknown);
    // Compact JSON without a name hint still shows py-spy's keys.
    QCOMPARE(detectStackFormat("[{\"pid\":1,\"thread_id\":2,\"frames\":[]}]", "dump"),
             StackFormat::PySpyJson);
    // A process header alone is not enough, py-spy's version line after it is.
    QCOMPARE(detectStackFormat("Process 12: python a.py\nPython v3.10.1 (/usr/bin/python)\n", ""),
             StackFormat::PySpyText);
    // Headers after a few lines of other output (e.g. a collection script's banner).
    QCOMPARE(detectStackFormat("collected on node-3\n\nTraceback for thread 5 [] (most recent "
                               "call last):\n",
                               "stack.txt"),
             StackFormat::PystackText);
}

void StackDetectionTest::decodeBomsAndUtf16()
{
    std::vector<ParseProblem> problems;
    QCOMPARE(qs(decodeStackText("\xEF\xBB\xBF"
                                "a;b 1\n",
                                &problems)),
             QStringLiteral("a;b 1\n"));
    QVERIFY(problems.empty());

    const std::string le("\xFF\xFE"
                         "a\0;\0\xE9\0 \0"
                         "1\0\n\0",
                         14);
    QCOMPARE(qs(decodeStackText(le, &problems)), QStringLiteral("a;\u00e9 1\n"));
    QVERIFY(problems.empty());

    // U+1F600 as a surrogate pair, big-endian.
    const std::string be("\xFE\xFF\0x\xD8\x3D\xDE\x00\0\n", 10);
    QCOMPARE(qs(decodeStackText(be, &problems)), QString::fromUtf8("x\xF0\x9F\x98\x80\n"));
    QVERIFY(problems.empty());

    // A lone surrogate and an odd trailing byte are replaced and reported once.
    const std::string broken("\xFF\xFE"
                             "a\0\n\0\x00\xD8"
                             "b\0"
                             "c",
                             11);
    QCOMPARE(qs(decodeStackText(broken, &problems)), QStringLiteral("a\n\uFFFDb\uFFFD"));
    QCOMPARE(problems.size(), 1u);
    QCOMPARE(problems[0].line, 2);
    QVERIFY(problems[0].message.find("invalid UTF-16 (2 code units replaced") != std::string::npos);

    // UTF-16 without a BOM is recognised by its NUL pattern.
    problems.clear();
    const std::string noBom("m\0a\0i\0n\0;\0x\0 \0"
                            "1\0\n\0",
                            18);
    QCOMPARE(qs(decodeStackText(noBom, &problems)), QStringLiteral("main;x 1\n"));
    QCOMPARE(problems.size(), 1u);
    QVERIFY(problems[0].message.find("little-endian") != std::string::npos);
}

void StackDetectionTest::decodeRepairsInvalidUtf8()
{
    std::vector<ParseProblem> problems;
    // Valid multi-byte text passes unchanged.
    QCOMPARE(qs(decodeStackText("f\xC3\xA9;\xE4\xB8\xAD 1\n", &problems)),
             QStringLiteral("f\u00e9;\u4e2d 1\n"));
    QVERIFY(problems.empty());
    // A stray Latin-1 byte on line 2, an overlong '/' and a cut 3-byte sequence at the end.
    const std::string decoded = decodeStackText("ok 1\nbad\xE9 2\n\xC0\xAF 3\n\xE4\xB8", &problems);
    QCOMPARE(qs(decoded), QStringLiteral("ok 1\nbad\uFFFD 2\n\uFFFD\uFFFD 3\n\uFFFD\uFFFD"));
    QCOMPARE(problems.size(), 1u);
    QCOMPARE(problems[0].line, 2);
    QVERIFY(problems[0].message.find("invalid UTF-8 (5 bytes replaced with U+FFFD)") !=
            std::string::npos);
}

void StackDetectionTest::decodeRejectsBinary()
{
    std::vector<ParseProblem> problems;
    std::string binary(4096, '\0');
    for (std::size_t i = 0; i < binary.size(); i += 3)
        binary[i] = char(i * 7 + 1);
    QVERIFY(decodeStackText(binary, &problems).empty());
    QCOMPARE(problems.size(), 1u);
    QVERIFY(problems[0].message.find("binary data") != std::string::npos);

    // A dump padded with NUL bytes by an interrupted write keeps its text.
    problems.clear();
    const std::string padded = "a;b 1\n" + std::string(500, '\0');
    QCOMPARE(qs(decodeStackText(padded, &problems)), QStringLiteral("a;b 1\n"));
    QCOMPARE(problems.size(), 1u);
    QVERIFY(problems[0].message.find("ends in 500 NUL bytes") != std::string::npos);
    QCOMPARE(problems[0].line, 2);
}

void StackDetectionTest::dispatcherAndNames()
{
    QCOMPARE(qs(stackFormatName(StackFormat::PySpyText)), QStringLiteral("py-spy-text"));
    QCOMPARE(qs(stackFormatName(StackFormat::PySpyJson)), QStringLiteral("py-spy-json"));
    QCOMPARE(qs(stackFormatName(StackFormat::Folded)), QStringLiteral("folded"));
    QCOMPARE(qs(stackFormatName(StackFormat::PystackText)), QStringLiteral("pystack"));
    QCOMPARE(qs(stackFormatName(StackFormat::Unknown)), QStringLiteral("unknown"));

    const ParsedStacks unknown = parseStacks(StackFormat::Unknown, "a;b 1\n");
    QCOMPARE(threadCount(unknown), 0);
    QVERIFY(hasProblem(unknown, "not a stack dump"));

    const ParsedStacks folded = parseStacks(StackFormat::Folded, "a;b 4\n");
    QCOMPARE(folded.processes.at(0).threads.at(0).weight, 4u);
    const ParsedStacks pystack =
        parseStacks(StackFormat::PystackText, "Traceback for thread 1 [] (most recent call last):\n"
                                              "    (Python) File \"x.py\", line 2, in f\n\n");
    QCOMPARE(frameNames(pystack.processes.at(0).threads.at(0)), QStringLiteral("f"));
}

QTEST_APPLESS_MAIN(StackDetectionTest)
#include "test_stack_detection.moc"
