// A trace longer than a window is read a window at a time (ChromeTraceWindows.h), so that a
// 1 GiB text is never held whole (issue 13: 1 GiB of tiny events peaked at 5 GB, a 100 KB zstd
// bomb of blanks at 1.7 GB). Read with windows of a few kilobytes, every fixture and every real
// trace of ../shared/data gives what reading it whole gives: the same events, tracks, flows,
// iterations and problems, byte offsets included. Hand-made texts check what only windows meet:
// cuts, broken JSON, invalid UTF-8 and junk in a later window, an entry or member longer than
// the limit, blanks only.
#include "../logimport/LogCompressionSupport.h"
#include "TraceTestSupport.h"

#include "importers/traces/ChromeTraceReader.h"

#include <QDirIterator>
#include <QtTest>

#include <sys/resource.h>

using namespace rankscope;
using namespace rankscope_test;

namespace {

// Read whole: a window larger than any text here.
ChromeTraceWindowLimits whole()
{
    ChromeTraceWindowLimits limits;
    limits.windowBytes = std::size_t(1) << 30;
    return limits;
}

ChromeTraceWindowLimits windows(std::size_t windowBytes, std::size_t maxEntryBytes = 1u << 20)
{
    ChromeTraceWindowLimits limits;
    limits.windowBytes = windowBytes;
    limits.maxEntryBytes = maxEntryBytes;
    return limits;
}

// CTest runs this file twice: the second time (traces_windows_scan_thread) the text is scanned
// on a second thread while this one reads the windows, which must change nothing.
bool scanOnAnotherThread()
{
    static const bool set = qEnvironmentVariableIntValue("RANKSCOPE_TEST_SCAN_ON_ANOTHER_THREAD");
    return set;
}

TraceData read(const std::string &bytes, ChromeTraceWindowLimits limits)
{
    limits.scanOnAnotherThread = scanOnAnotherThread();
    return importTraceBytes(bytes, "rank0/trace.json", {}, kDefaultMaxTraceBytes, limits);
}

// Everything the import produced, one line per item.
QStringList digest(const TraceData &data)
{
    QStringList lines;
    lines << QStringLiteral("rank %1 world %2 base %3 unit %4 truncated %5")
                 .arg(data.rank)
                 .arg(data.worldSize)
                 .arg(data.baseTimeNs)
                 .arg(qs(data.displayTimeUnit))
                 .arg(data.truncated);
    lines << QStringLiteral("entries %1 skipped %2 json %3")
                 .arg(data.stats.eventEntries)
                 .arg(data.stats.skippedEvents)
                 .arg(data.stats.jsonBytes);
    for (const TraceProblem &problem : data.problems)
        lines << QStringLiteral("problem ") + qs(problem.message);
    for (std::uint32_t i = 0; i < data.events.size(); ++i) {
        const TraceEvent &e = data.events[i];
        lines << QStringLiteral("event %1 %2 %3 %4 %5 %6 %7 %8 %9")
                     .arg(e.startNs)
                     .arg(e.durationNs)
                     .arg(e.track)
                     .arg(qs(data.eventName(i)))
                     .arg(int(e.phase))
                     .arg(int(e.kind))
                     .arg(e.flags)
                     .arg(e.correlationId)
                     .arg(e.externalId);
    }
    for (const TraceTrack &track : data.tracks)
        lines << QStringLiteral("track ") + qs(data.string(track.name));
    lines << QStringLiteral("counters %1 flows %2 collectives %3 iterations %4")
                 .arg(data.counterSamples.size())
                 .arg(data.flows.size())
                 .arg(data.collectives.size())
                 .arg(data.iterations.size());
    for (const TraceIteration &iteration : data.iterations)
        lines << QStringLiteral("iteration %1 %2").arg(iteration.startNs).arg(iteration.endNs);
    return lines;
}

// A text cut short is said to be cut in one of two wordings, as simdjson meets the end while
// reading or refuses the document at once; windows always meet it as a whole document refused.
QStringList withoutCut(QStringList lines)
{
    lines.removeIf([](const QString &line) {
        return line.contains(QLatin1String("the JSON ends before its brackets close"));
    });
    return lines;
}

// The first line where the two differ, or an empty string.
QString firstDifference(const QStringList &a, const QStringList &b)
{
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
        const QString left = i < a.size() ? a[i] : QStringLiteral("(none)");
        const QString right = i < b.size() ? b[i] : QStringLiteral("(none)");
        if (left != right)
            return QStringLiteral("line %1:\n  whole:   %2\n  windows: %3").arg(i).arg(left, right);
    }
    return {};
}

std::string readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

long peakResidentMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

const TraceProblem *problemWith(const TraceData &data, const char *text)
{
    return findProblem(data, text);
}

std::string events(int count, int from = 0)
{
    std::string text;
    for (int i = from; i < from + count; ++i)
        text += (i > from ? "," : "") + std::string("{\"ph\":\"X\",\"name\":\"e") +
                std::to_string(i) + "\",\"pid\":0,\"tid\":1,\"ts\":" + std::to_string(i * 10) +
                ",\"dur\":5}";
    return text;
}

} // namespace

class TraceWindowsTest : public QObject
{
    Q_OBJECT

private slots:
    // First, while this process's peak is still low: 192 MiB of text from 200 KB of gzip (a
    // bomb of blanks after the events) is read without holding it (before: 192 MiB and more,
    // as a 100 KB zstd bomb of blanks held the 1 GiB cap, 1.7 GB at its peak).
    void aLongTextIsNotHeldWhole()
    {
        std::string bytes = gzip("{\"traceEvents\":[" + events(1000) + "]}");
        const std::string blanks = gzip(std::string(std::size_t(8) << 20, ' '));
        for (int i = 0; i < 24; ++i)
            bytes += blanks;
        const long before = peakResidentMiB();
        const TraceData data = read(bytes, ChromeTraceWindowLimits{});
        QCOMPARE(data.events.size(), std::size_t(1000));
        QVERIFY2(data.problems.empty(), qPrintable(problemsText(data)));
        QCOMPARE(data.stats.jsonBytes, std::int64_t(24) * (8 << 20) + 16 + events(1000).size() + 2);
        QVERIFY2(peakResidentMiB() - before < 96,
                 qPrintable(QString::number(peakResidentMiB() - before)));
    }

    void windowsReadWhatTheWholeDocumentReads_data()
    {
        QTest::addColumn<QString>("path");
        QStringList roots = {fixturesDir() + QStringLiteral("/traces"),
                             fixturesDir() + QStringLiteral("/single")};
        const QString shared = sharedDataDir();
        if (!shared.isEmpty()) {
            for (const char *dir : {"/hta-testdata", "/tracelens-traces", "/param-et-kineto",
                                    "/speedscope-samples/sample/profiles/trace-event"})
                roots << shared + QString::fromUtf8(dir);
        }
        for (const QString &root : roots) {
            QDirIterator it(root, {QStringLiteral("*.json"), QStringLiteral("*.json.gz")},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                // The real traces up to 1 MB compressed: the larger ones only take longer.
                if (QFileInfo(path).size() <= (1 << 20))
                    QTest::newRow(qPrintable(QDir(root).relativeFilePath(path))) << path;
            }
        }
    }

    void windowsReadWhatTheWholeDocumentReads()
    {
        QFETCH(QString, path);
        const std::string bytes = readFile(path);
        const QStringList expected = withoutCut(digest(read(bytes, whole())));
        for (const std::size_t window : {std::size_t(64), std::size_t(4096)}) {
            const QStringList got = withoutCut(digest(read(bytes, windows(window))));
            const QString difference = firstDifference(expected, got);
            QVERIFY2(difference.isEmpty(),
                     qPrintable(QStringLiteral("window %1, %2").arg(window).arg(difference)));
        }
    }

    // Quotes, backslashes and brackets inside strings and nested args, at every alignment to
    // the scanner's 16-byte blocks: windows read what the whole document reads.
    void escapesAndBracketsAtEveryAlignment()
    {
        // (Plain literals: moc reads this file and not every raw string.)
        std::string text =
            "{\"schemaVersion\":1,\"deviceProperties\":[{\"name\":\"GPU \\\"0\\\" ]}\"}],"
            "\"traceEvents\":[";
        for (int i = 0; i < 48; ++i) {
            if (i > 0)
                text += ",\n";
            const std::string pad(std::size_t(i), 'a');
            text += "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" + pad + "\\\"]}{[\\\\ k" +
                    std::to_string(i) +
                    "\",\"pid\":0,\"tid\":7,\"ts\":" + std::to_string(1000 + i * 10) +
                    ",\"dur\":5,\"args\":{\"p\":[1,{\"q\":\"}]\\\\\"}],\"r\":\"" + pad + "\\\\\"}}";
        }
        text += "],\"baseTimeNanoseconds\":0}";
        const QStringList expected = digest(read(text, whole()));
        QVERIFY(expected.size() > 40);
        for (const std::size_t window : {std::size_t(64), std::size_t(97), std::size_t(4096)}) {
            const QStringList got = digest(read(text, windows(window)));
            const QString difference = firstDifference(expected, got);
            QVERIFY2(difference.isEmpty(),
                     qPrintable(QStringLiteral("window %1, %2").arg(window).arg(difference)));
        }
    }

    // A root array, traceEvents beside other members before and after it (a later
    // baseTimeNanoseconds still counts), and a second traceEvents array.
    void membersAroundTheEventsAreRead()
    {
        const std::string text =
            "{\"distributedInfo\":{\"rank\":3,\"world_size\":8},\"skipped\":[1,2,{\"a\":\"]\"}],"
            "\"traceEvents\":[" +
            events(200) + "],\"displayTimeUnit\":\"ns\",\"traceEvents\":[" + events(50, 200) +
            "],\"baseTimeNanoseconds\":1000}";
        const TraceData data = read(text, windows(100));
        QCOMPARE(data.events.size(), std::size_t(250));
        QCOMPARE(data.rank, 3);
        QCOMPARE(data.worldSize, 8);
        QCOMPARE(data.baseTimeNs, std::int64_t(1000));
        QCOMPARE(data.events.front().startNs, std::int64_t(1000));
        QCOMPARE(qs(data.displayTimeUnit), QStringLiteral("ns"));
        QVERIFY2(data.problems.empty(), qPrintable(problemsText(data)));
        QCOMPARE(digest(read("[" + events(300) + "]", windows(128))),
                 digest(read("[" + events(300) + "]", whole())));
        // Keys are compared as written: an escaped quote makes another key.
        const std::string escaped = "{\"trace\\\"Events\":[" + events(100) +
                                    "],\"traceEvents\\u0000\":[1],\"traceEvents\":[" + events(3) +
                                    "]}";
        QCOMPARE(read(escaped, windows(64)).events.size(), std::size_t(3));
        QCOMPARE(digest(read(escaped, windows(64))), digest(read(escaped, whole())));
    }

    // Cut inside an event, inside a string, between events: what was read whole is kept, and
    // the problem is worded as for a whole document.
    void cutTextsKeepTheEventsBefore()
    {
        const std::string full = "{\"traceEvents\":[" + events(400) + "]}";
        for (const std::size_t at : {full.size() / 2, full.size() / 3 + 7, full.size() - 2}) {
            const std::string cut = full.substr(0, at);
            const QString difference = firstDifference(withoutCut(digest(read(cut, whole()))),
                                                       withoutCut(digest(read(cut, windows(256)))));
            QVERIFY2(difference.isEmpty(),
                     qPrintable(QStringLiteral("cut at %1: %2").arg(at).arg(difference)));
            QVERIFY(problemWith(read(cut, windows(256)), "the JSON ends before its brackets"));
        }
    }

    // Broken JSON in a later window stops the reading there, with its byte offset; invalid
    // UTF-8 is replaced; text after the root is reported and ignored.
    void damageInALaterWindow()
    {
        const std::string before = "{\"traceEvents\":[" + events(300);
        const std::string broken = before + ",{\"ph\":\"X\",,\"ts\":1}," + events(10, 300) + "]}";
        const TraceData stopped = read(broken, windows(512));
        QCOMPARE(stopped.events.size(), std::size_t(300));
        const TraceProblem *malformed = problemWith(stopped, "malformed JSON");
        QVERIFY2(malformed, qPrintable(problemsText(stopped)));
        QVERIFY2(malformed->message.find("300 events before it were kept") != std::string::npos,
                 malformed->message.c_str());

        std::string invalid = before + ",{\"ph\":\"X\",\"name\":\"bad \xff name\",\"pid\":0,"
                                       "\"tid\":1,\"ts\":1,\"dur\":1}]}";
        const TraceData repaired = read(invalid, windows(512));
        QCOMPARE(repaired.events.size(), std::size_t(301));
        const std::string at = "byte " + std::to_string(invalid.find('\xff'));
        const TraceProblem *utf8 = problemWith(repaired, "not valid UTF-8");
        QVERIFY2(utf8 && utf8->message.find(at) != std::string::npos,
                 qPrintable(problemsText(repaired)));
        QCOMPARE(digest(repaired), digest(read(invalid, whole())));

        const std::string trailing = before + "]} and then some junk";
        QCOMPARE(digest(read(trailing, windows(512))), digest(read(trailing, whole())));
        QVERIFY(problemWith(read(trailing, windows(512)), "text after the end"));
    }

    // Longer than maxEntryBytes: skipped unread with a problem, the rest read.
    void longEntriesAndMembersAreSkipped()
    {
        const std::string hugeArgs = "[" + std::string(300000, '1').insert(1, ",") + "]";
        const std::string text = "{\"distributedInfo\":{\"rank\":1,\"pad\":\"" +
                                 std::string(200000, 'x') + "\"},\"traceEvents\":[" + events(20) +
                                 ",{\"ph\":\"X\",\"args\":" + hugeArgs + "}," + events(20, 20) +
                                 "]}";
        const TraceData data = read(text, windows(1024, 65536));
        QCOMPARE(data.events.size(), std::size_t(40));
        const TraceProblem *entry = problemWith(data, "the entry is more than 65536 bytes long");
        QVERIFY2(entry, qPrintable(problemsText(data)));
        QVERIFY2(entry->message.find("event #20 at byte") != std::string::npos,
                 entry->message.c_str());
        QVERIFY2(problemWith(data, "the value of \"distributedInfo\" is more than 65536 bytes"),
                 qPrintable(problemsText(data)));
        QCOMPARE(data.rank, 0); // from the path, the too-long distributedInfo was not read
    }

    void blanksAndScalarsLongerThanAWindow()
    {
        const TraceData blanks = read(std::string(100000, ' '), windows(1024));
        QVERIFY2(problemWith(blanks, "the file is empty"), qPrintable(problemsText(blanks)));
        const TraceData scalar = read("\"" + std::string(100000, 'x') + "\"", windows(1024));
        QVERIFY2(problemWith(scalar, "not a Chrome trace"), qPrintable(problemsText(scalar)));
        QVERIFY(scalar.events.empty());
    }
};

QTEST_GUILESS_MAIN(TraceWindowsTest)
#include "test_trace_windows.moc"
