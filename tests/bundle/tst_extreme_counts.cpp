// Extreme counts (issue 13, class 4), generated at run time: a world size of 10^9 and a rank of
// 2^31 in job.json, a stack dump above the stack cap, a 256 MiB log line, more trace events than
// the event cap, and a whole bundle of such counts in every layer. The import finishes with one
// problem each and stays bounded in memory; the figures of the full-size inputs
// (docs/reliability.md, tests/bench/hostile_memory.py) are measured on the CLI.
#include "../logimport/LogCompressionSupport.h"
#include "BundleTestSupport.h"

#include "importers/bundle/BundleImport.h"
#include "importers/bundle/JobManifest.h"
#include "importers/bundle/StackFileReader.h"
#include "importers/traces/ChromeTraceReader.h"
#include "importers/traces/TraceImport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <sys/resource.h>

using namespace rankscope;
using namespace bundle_test;

namespace {

// Peak resident memory of this process so far.
long peakResidentMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

const ImportProblem *problemContaining(const std::vector<ImportProblem> &all,
                                       const std::string &file, const char *text)
{
    for (const ImportProblem &p : all) {
        if (p.file == file && p.message.find(text) != std::string::npos)
            return &p;
    }
    return nullptr;
}

} // namespace

class ExtremeCountsTest : public QObject
{
    Q_OBJECT

private slots:
    void hugeWorldSizeAndRankAreProblems()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeFile(bundle.path(), QStringLiteral("job.json"),
                  R"({"world_size": 1000000000, "ranks": [{"rank": 2147483648}, {"rank": 0}]})");
        writeFile(bundle.path(), QStringLiteral("stacks/rank0.txt"),
                  "Thread 0x1 (idle): \"MainThread\"\n    f (a.py:1)\n");
        writeFile(bundle.path(), QStringLiteral("stacks/rank2147483648.txt"),
                  "Thread 0x1 (idle): \"MainThread\"\n    f (a.py:1)\n");
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        const std::vector<ImportProblem> &problems = result.stacks.problems;
        QVERIFY2(problemContaining(problems, "job.json", "\"world_size\" should be"),
                 qPrintable(problemsText(problems)));
        QVERIFY2(problemContaining(problems, "job.json", "not 2147483648"),
                 qPrintable(problemsText(problems)));
        QVERIFY2(problemContaining(problems, "stacks/rank2147483648.txt", "rank"),
                 qPrintable(problemsText(problems)));
        QCOMPARE(result.stacks.samples.size(), std::size_t(1));
        QCOMPARE(result.stacks.job.worldSize, 1);
    }

    // 100,000 unusable ranks entries: the first problems are listed, the rest counted in one
    // more (a million listed 1.5 million problems, 700 MB while importing).
    void unusableManifestEntriesAreCountedNotListed()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        std::string manifest = R"({"world_size": 2, "ranks": [)";
        for (int i = 0; i < 100000; ++i)
            manifest += std::string(i ? "," : "") + R"({"rank": 2147483648})";
        manifest += R"(], "pids": {"x": 1, "y": 2}})";
        writeFile(bundle.path(), QStringLiteral("job.json"), QByteArray::fromStdString(manifest));
        writeFile(bundle.path(), QStringLiteral("stacks/rank0.txt"),
                  "Thread 0x1 (idle): \"MainThread\"\n    f (a.py:1)\n");
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        std::size_t onManifest = 0;
        for (const ImportProblem &p : result.stacks.problems)
            onManifest += p.file == "job.json";
        QCOMPARE(onManifest, kMaxListedManifestProblems + 1);
        QVERIFY2(problemContaining(result.stacks.problems, "job.json",
                                   "99902 more problems like those above were not listed"),
                 qPrintable(problemsText(result.stacks.problems)));
        QCOMPARE(result.stacks.job.worldSize, 2);
    }

    // Parsing takes about ten times a dump's size: a dump above 64 MiB is skipped unread (a
    // sparse file here, so the test writes nothing).
    void stackDumpAboveTheCapIsSkippedUnread()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeFile(bundle.path(), QStringLiteral("stacks/rank0.txt"),
                  "Thread 0x1 (idle): \"MainThread\"\n    f (a.py:1)\n");
        const std::string huge = bundle.path().toStdString() + "/stacks/rank1.txt";
        std::ofstream(huge) << "Thread 0x1 (idle)\n";
        std::filesystem::resize_file(huge, kMaxStackFileBytes + 1);
        const long before = peakResidentMiB();
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        QVERIFY2(problemContaining(result.stacks.problems, "stacks/rank1.txt",
                                   "bytes a stack dump may have"),
                 qPrintable(problemsText(result.stacks.problems)));
        QCOMPARE(result.stacks.samples.size(), std::size_t(1));
        QVERIFY2(peakResidentMiB() - before < 32, qPrintable(QString::number(peakResidentMiB())));
    }

    // kMaxLogLineBytes keeps 64 KiB of a line; the rest is read past, never held.
    void quarterGigabyteLogLineIsCut()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        const std::string path = bundle.path().toStdString() + "/logs/rank0.log";
        std::filesystem::create_directories(bundle.path().toStdString() + "/logs");
        {
            std::ofstream out(path, std::ios::binary);
            out << "2024-05-01 12:00:00,000 INFO start\n2024-05-01 12:00:01,000 INFO ";
            const std::string chunk(1 << 20, 'x');
            for (int i = 0; i < 256; ++i)
                out << chunk;
            out << "\n2024-05-01 12:00:02,000 WARNING end\n";
        }
        const long before = peakResidentMiB();
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(result.summary.logEvents, std::int64_t(3));
        const ImportProblem *cut =
            problemContaining(result.stacks.problems, "logs/rank0.log", "bytes long; only its");
        QVERIFY2(cut, qPrintable(problemsText(result.stacks.problems)));
        QCOMPARE(cut->line, std::int64_t(2));
        QVERIFY2(peakResidentMiB() - before < 128,
                 qPrintable(QString::number(peakResidentMiB() - before)));
    }

    // More entries than kMaxTraceEventEntries, as concatenated gzip members of tiny events: the
    // first 2^22 are read, the rest skipped unread, one problem; a baseTimeNanoseconds after
    // them is still applied.
    void traceEventsBeyondTheCapAreSkipped()
    {
        const std::string event = "{\"ph\":\"i\",\"ts\":1},";
        std::string block;
        for (int i = 0; i < 65536; ++i)
            block += event;
        const std::string member = rankscope_test::gzip(block, 1);
        std::string bytes = rankscope_test::gzip("{\"traceEvents\":[");
        const std::int64_t blocks = kMaxTraceEventEntries / 65536 + 2;
        for (std::int64_t i = 0; i < blocks; ++i)
            bytes += member;
        bytes += rankscope_test::gzip("{\"ph\":\"i\",\"ts\":2}],\"baseTimeNanoseconds\":1000}");
        const TraceData trace = importTraceBytes(bytes, "traces/rank0.json.gz");
        QCOMPARE(std::int64_t(trace.events.size()), kMaxTraceEventEntries);
        QCOMPARE(trace.stats.eventEntries, kMaxTraceEventEntries);
        QCOMPARE(trace.events.front().startNs, std::int64_t(2000)); // 1 us + the base
        QVERIFY(trace.truncated);
        int capped = 0;
        for (const TraceProblem &problem : trace.problems)
            capped += problem.message.find("the most read from one trace") != std::string::npos;
        QCOMPARE(capped, 1);
    }

    // A whole folder bundle with absurd counts in every layer, through the normal import: a
    // world size of 10^9 in job.json and in a trace's distributedInfo, a log stating 10^6 ranks,
    // 20,000 one-line logs, 2,000 one-thread dumps, a trace of more zero-length events than
    // the event cap, and a 2 MB Flight Recorder pickle whose entries list names one memoized
    // entry 10^6 times. The import ends with one problem per absurd file, naming it; the world
    // size is the ranks there are, and memory stays bounded. (The trace's world size was
    // believed: the job's rank table of 10^9 entries threw std::bad_alloc out of the import.)
    void wholeBundleOfAbsurdCountsStaysBounded()
    {
        constexpr int kLogs = 5000;
        constexpr int kDumps = 1000;
        QTemporaryDir bundle;
        QTemporaryDir cache;
        const std::string root = bundle.path().toStdString();
        auto write = [&](const std::string &relative, const std::string &bytes) {
            const std::filesystem::path path = root + "/" + relative;
            std::filesystem::create_directories(path.parent_path());
            std::ofstream(path, std::ios::binary) << bytes;
        };
        write("job.json", R"({"world_size": 1000000000})");
        for (int rank = 0; rank < kDumps; ++rank)
            write("stacks/rank" + std::to_string(rank) + ".txt",
                  "Thread 0x1 (idle): \"MainThread\"\n    f (a.py:1)\n");
        for (int i = 0; i < kLogs; ++i)
            write("logs/d" + std::to_string(i / 1000) + "/rank" + std::to_string(i) + ".log",
                  "2024-05-01 12:00:00,000 INFO step " + std::to_string(i) + "\n");
        write("logs/d0/rank0.log", "2024-05-01 12:00:00,000 INFO step 0\n"
                                   "h:1:2 [0] NCCL INFO comm 0x1 rank 0 nranks 1000000 - Init\n");

        const std::string event = R"({"ph":"X","name":"k","pid":0,"tid":1,"ts":1,"dur":0},)";
        std::string block;
        for (int i = 0; i < 65536; ++i)
            block += event;
        const std::string member = rankscope_test::gzip(block, 1);
        std::string trace = rankscope_test::gzip(
            R"({"distributedInfo":{"rank":0,"world_size":1000000000},"traceEvents":[)");
        for (std::int64_t i = 0; i < kMaxTraceEventEntries / 65536 + 1; ++i)
            trace += member;
        trace += rankscope_test::gzip(R"({"ph":"i","ts":2}]})");
        write("traces/rank0.json.gz", trace);

        // PROTO 2, {"version": "2.10", "entries": [entry, then BINGET of it 10^6 times]}.
        using namespace std::string_literals; // the pickle holds NUL bytes
        const std::string entry = "}(X\x09\0\0\0record_idK\x01X\x05\0\0\0pg_idK\0"
                                  "X\x11\0\0\0collective_seq_idK\x01X\x0e\0\0\0profiling_name"
                                  "X\x0f\0\0\0nccl:all_reduceX\x05\0\0\0state"
                                  "X\x09\0\0\0scheduledu"s;
        std::string pickle = "\x80\x02}X\x07\0\0\0versionX\x04\0\0\0"
                             "2.10sX\x07\0\0\0entries]("s +
                             entry + "q\x01";
        for (int i = 0; i < 1000000; ++i)
            pickle += "h\x01";
        pickle += "es.";
        write("fr/nccl_trace_rank_0.pkl", pickle);

        const long before = peakResidentMiB();
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        const std::vector<ImportProblem> &problems = result.stacks.problems;
        QVERIFY2(problemContaining(problems, "job.json", "\"world_size\" should be"),
                 qPrintable(problemsText(problems)));
        QVERIFY2(problemContaining(problems, "traces/rank0.json.gz", "world_size is not a world"),
                 qPrintable(problemsText(problems)));
        QVERIFY2(problemContaining(problems, "traces/rank0.json.gz", "the most read from one"),
                 qPrintable(problemsText(problems)));
        QCOMPARE(result.stacks.job.worldSize, kLogs); // the ranks there are, nothing stated
        QCOMPARE(result.summary.samples, std::int64_t(kDumps));
        QCOMPARE(result.summary.logFiles, kLogs);
        QCOMPARE(result.summary.logEvents, std::int64_t(kLogs + 1));
        QCOMPARE(result.summary.traceEvents, kMaxTraceEventEntries);
        QCOMPARE(result.summary.collectiveDumps, 1);
        QCOMPARE(result.summary.collectiveEntries, std::int64_t(1000001));
        QVERIFY2(peakResidentMiB() - before < 1024,
                 qPrintable(QString::number(peakResidentMiB() - before)));
    }
};

QTEST_GUILESS_MAIN(ExtremeCountsTest)
#include "tst_extreme_counts.moc"
