// Reading ranks and times from file paths, the job.json manifest and process roles: the pieces
// of the bundle reader that need no files.
#include "core/model/StackDataset.h"
#include "importers/bundle/JobManifest.h"
#include "importers/bundle/ProcessRoles.h"
#include "importers/bundle/RankFromPath.h"
#include "importers/bundle/SampleTimeFromPath.h"

#include <QtTest>

using namespace rankscope;

namespace {

std::int64_t utcNs(int y, int mo, int d, int h, int mi, int s)
{
    const QDateTime t(QDate(y, mo, d), QTime(h, mi, s), QTimeZone::utc());
    return std::int64_t(t.toSecsSinceEpoch()) * 1000000000;
}

ParsedThread makeThread(std::uint64_t id, const char *name, std::vector<Frame> frames = {})
{
    ParsedThread t;
    t.threadId = id;
    t.threadName = name;
    t.frames = std::move(frames);
    return t;
}

} // namespace

class TestBundlePaths : public QObject
{
    Q_OBJECT

private slots:
    void rankFromPath_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("rank"); // -1: no rank

        QTest::newRow("rank7 folder") << QStringLiteral("stacks/rank7/dump.txt") << 7;
        QTest::newRow("rank-0007") << QStringLiteral("stacks/rank-0007.txt") << 7;
        QTest::newRow("rank_7") << QStringLiteral("stacks/rank_7.txt") << 7;
        QTest::newRow("rank.7") << QStringLiteral("stacks/rank.7.txt") << 7;
        QTest::newRow("RANK7") << QStringLiteral("stacks/RANK7.TXT") << 7;
        QTest::newRow("global_rank") << QStringLiteral("stacks/global_rank12.txt") << 12;
        QTest::newRow("camel case") << QStringLiteral("stacks/dumpRank3.txt") << 3;
        QTest::newRow("worker") << QStringLiteral("stacks/node1/worker-0012.txt") << 12;
        QTest::newRow("default") << QStringLiteral("stacks/default3/pyspy.txt") << 3;
        QTest::newRow("process") << QStringLiteral("stacks/process_5.txt") << 5;
        QTest::newRow("proc") << QStringLiteral("stacks/proc5.txt") << 5;
        QTest::newRow("bare r") << QStringLiteral("stacks/r9.txt") << 9;
        QTest::newRow("bare r folder") << QStringLiteral("stacks/r0009/a.txt") << 9;
        QTest::newRow("rank beats worker") << QStringLiteral("stacks/rank3/worker2.txt") << 3;
        QTest::newRow("innermost rank wins") << QStringLiteral("stacks/rank3/rank4.txt") << 4;
        QTest::newRow("rank after time")
            << QStringLiteral("stacks/2024-05-01T12:30:05Z/rank7.txt") << 7;
        QTest::newRow("local_rank is not a rank")
            << QStringLiteral("stacks/node2/local_rank3.txt") << -1;
        QTest::newRow("localrank is not a rank") << QStringLiteral("stacks/localRank3.txt") << -1;
        QTest::newRow("local_rank beside rank")
            << QStringLiteral("stacks/rank10/local_rank2.txt") << 10;
        QTest::newRow("pid is not a rank") << QStringLiteral("stacks/pyspy-12345.txt") << -1;
        QTest::newRow("plain number") << QStringLiteral("stacks/7.txt") << -1;
        QTest::newRow("frank is not rank") << QStringLiteral("stacks/frank7.txt") << -1;
        QTest::newRow("rank without number") << QStringLiteral("stacks/rank/x.txt") << -1;
        QTest::newRow("timestamp after rank word")
            << QStringLiteral("stacks/rank_20240501.txt") << -1;
        QTest::newRow("r with suffix") << QStringLiteral("stacks/r9x.txt") << -1;
        QTest::newRow("node is not a rank") << QStringLiteral("stacks/node7/dump.txt") << -1;
    }

    void rankFromPath()
    {
        QFETCH(QString, path);
        QFETCH(int, rank);
        const std::optional<int> found = rankscope::rankFromPath(path.toStdString());
        QCOMPARE(found.value_or(-1), rank);
    }

    void sampleTime_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<qint64>("ns"); // -1: none

        const qint64 t = utcNs(2024, 5, 1, 12, 30, 5);
        QTest::newRow("iso Z") << QStringLiteral("stacks/rank1/2024-05-01T12:30:05Z.txt") << t;
        QTest::newRow("iso no zone") << QStringLiteral("stacks/rank1/2024-05-01T12:30:05.txt") << t;
        QTest::newRow("iso fraction")
            << QStringLiteral("stacks/rank1/2024-05-01T12:30:05.250Z.txt") << t + 250000000;
        QTest::newRow("iso offset")
            << QStringLiteral("stacks/rank1/2024-05-01T14:30:05+02:00.txt") << t;
        QTest::newRow("iso basic") << QStringLiteral("stacks/rank1/20240501T123005.txt") << t;
        QTest::newRow("iso basic Z")
            << QStringLiteral("stacks/rank1/dump_20240501T123005Z.txt") << t;
        QTest::newRow("file safe") << QStringLiteral("stacks/rank1/2024-05-01_12-30-05.txt") << t;
        QTest::newRow("file safe then rank")
            << QStringLiteral("stacks/2024-05-01_12-30-05-0007/r.txt") << t;
        QTest::newRow("epoch seconds") << QStringLiteral("stacks/rank1/1714566605.txt") << t;
        QTest::newRow("epoch fraction")
            << QStringLiteral("stacks/rank1/1714566605.5.txt") << t + 500000000;
        QTest::newRow("epoch ms") << QStringLiteral("stacks/rank1/1714566605250.txt")
                                  << t + 250000000;
        QTest::newRow("folder time") << QStringLiteral("stacks/1714566605/rank1.txt") << t;
        QTest::newRow("file before folder")
            << QStringLiteral("stacks/1714566605/rank1_1714566615.txt") << t + 10000000000;
        QTest::newRow("no time") << QStringLiteral("stacks/rank1/dump.txt") << qint64(-1);
        QTest::newRow("pid not epoch") << QStringLiteral("stacks/rank1/pid_4242.txt") << qint64(-1);
        QTest::newRow("11 digits") << QStringLiteral("stacks/rank1/17145666051.txt") << qint64(-1);
        QTest::newRow("bad month")
            << QStringLiteral("stacks/rank1/2024-13-01T12:30:05.txt") << qint64(-1);
        QTest::newRow("date only") << QStringLiteral("stacks/2024-05-01/rank1.txt") << qint64(-1);
    }

    void sampleTime()
    {
        QFETCH(QString, path);
        QFETCH(qint64, ns);
        const std::optional<std::int64_t> found = sampleTimeFromPath(path.toStdString());
        QCOMPARE(qint64(found.value_or(-1)), ns);
    }

    void randomInputNeverCrashes()
    {
        std::uint32_t seed = 7;
        const auto random = [&seed] {
            seed = seed * 1664525u + 1013904223u;
            return seed >> 8;
        };
        const std::string alphabet = "rankRANKworkerdefault0123456789-_./:TZ+ \xff\x00{}[]\",";
        for (int round = 0; round < 5000; ++round) {
            std::string text(random() % 64, ' ');
            for (char &c : text)
                c = alphabet[random() % alphabet.size()];
            if (auto rank = rankscope::rankFromPath(text))
                QVERIFY(*rank >= 0 && *rank <= 9999999);
            if (auto time = sampleTimeFromPath(text))
                QVERIFY(*time >= 0);
            const JobManifest m = parseJobManifest(text);
            QVERIFY(m.ok || !m.problems.empty());
        }
    }

    void manifestList()
    {
        const JobManifest m = parseJobManifest(R"({"job_id": "run-1", "world_size": 8,
            "ranks": [{"rank": 0, "node": "n0", "local_rank": 0, "role": "trainer",
                       "groups": {"dp": 0, "tp": 1}},
                      {"rank": 3, "node": "n1"}]})");
        QVERIFY(m.ok);
        QVERIFY(m.problems.empty());
        QCOMPARE(m.job.jobId, std::string("run-1"));
        QCOMPARE(m.job.worldSize, 8);
        QVERIFY(m.job.fromManifest);
        QCOMPARE(m.job.ranks.size(), std::size_t(4));
        QCOMPARE(m.job.ranks[0].node, std::string("n0"));
        QCOMPARE(m.job.ranks[0].groups.at("tp"), 1);
        QCOMPARE(m.job.ranks[1].rank, -1); // not listed
        QCOMPARE(m.job.ranks[3].node, std::string("n1"));
        QCOMPARE(m.job.ranks[3].localRank, -1);
        QCOMPARE(m.job.ranks[3].role, std::string("trainer"));
    }

    void manifestKeyedObject()
    {
        const JobManifest m = parseJobManifest(
            R"({"ranks": {"2": {"node": "b", "role": "rollout"}, "0": {"rank": 0}}})");
        QVERIFY(m.ok);
        QCOMPARE(m.job.worldSize, 0); // not given: the importer uses the highest rank + 1
        QCOMPARE(m.job.ranks.size(), std::size_t(3));
        QCOMPARE(m.job.ranks[2].role, std::string("rollout"));
        QCOMPARE(m.job.ranks[0].rank, 0);
    }

    void manifestBrokenJsonNamesPosition()
    {
        const JobManifest m = parseJobManifest("{\n  \"world_size\": 4,\n  \"ranks\": [\n");
        QVERIFY(!m.ok);
        QCOMPARE(m.problems.size(), std::size_t(1));
        const QString message = QString::fromStdString(m.problems[0].message);
        // The problem is job.json's: its text names the place, not the file again.
        QVERIFY2(message.startsWith(QLatin1String("not valid JSON (")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("line 4")), qPrintable(message));
    }

    void manifestBadEntriesAreSkippedWithProblems()
    {
        const JobManifest m = parseJobManifest(
            R"({"world_size": "many", "ranks": [{"node": "x"}, {"rank": -3}, 5,
                {"rank": 1, "local_rank": "abc", "groups": {"dp": "zero"}}]})");
        QVERIFY(m.ok);
        QCOMPARE(m.job.worldSize, 0);
        QCOMPARE(m.job.ranks.size(), std::size_t(2));
        QCOMPARE(m.job.ranks[1].rank, 1);
        QCOMPARE(m.job.ranks[1].localRank, -1);
        QVERIFY(m.job.ranks[1].groups.empty());
        QCOMPARE(m.problems.size(), std::size_t(7));
        // Each names the field or entry it is about.
        QCOMPARE(m.problems[0].message.rfind("\"world_size\"", 0), std::size_t(0));
        QVERIFY(m.problems[1].message.find("{\"node\":\"x\"}") != std::string::npos);
        QVERIFY(m.problems[6].message.find("\"dp\"") != std::string::npos);
    }

    // Issue 13: a manifest nested 300,000 levels deep overflowed the stack (the problem
    // message printed the entry recursively). Too deep is now one problem with the byte.
    void manifestTooDeepIsRefusedWithItsOffset()
    {
        const std::string deep =
            "{\"ranks\":[" + std::string(300000, '[') + std::string(300000, ']') + "]}";
        const JobManifest m = parseJobManifest(deep);
        QVERIFY(!m.ok);
        QCOMPARE(m.problems.size(), std::size_t(1));
        const std::string &message = m.problems[0].message;
        QVERIFY2(message.find("deeper than 512 levels at byte 521") != std::string::npos,
                 message.c_str());
        // 512 levels are read as usual (here: an entry that is not an object).
        const std::string limit =
            "{\"ranks\":[" + std::string(510, '[') + std::string(510, ']') + "]}";
        QVERIFY(parseJobManifest(limit).ok);
    }

    void manifestGroupIdBeyondIntIsAProblem()
    {
        const JobManifest m =
            parseJobManifest(R"({"ranks": [{"rank": 0, "groups": {"dp": 2147483648, "tp": 3}}]})");
        QVERIFY(m.ok);
        QCOMPARE(m.job.ranks[0].groups.count("dp"), std::size_t(0));
        QCOMPARE(m.job.ranks[0].groups.at("tp"), 3);
        QCOMPARE(m.problems.size(), std::size_t(1));
    }

    void manifestNotAnObject()
    {
        const JobManifest m = parseJobManifest("[1, 2]");
        QVERIFY(!m.ok);
        QCOMPARE(m.problems.size(), std::size_t(1));
    }

    void mainProcessAndThreadByName()
    {
        ParsedStacks parsed;
        ParsedProcess main;
        main.pid = 100;
        main.threads = {makeThread(101, "Thread-1"), makeThread(100, "worker"),
                        makeThread(102, "MainThread")};
        ParsedProcess child;
        child.pid = 200;
        child.parentPid = 100;
        child.threads = {makeThread(200, "MainThread")};
        ParsedProcess unrelated;
        unrelated.pid = 300;
        unrelated.parentPid = 1;
        unrelated.threads = {makeThread(300, "MainThread")};
        parsed.processes = {child, main, unrelated};

        const ProcessRoles roles = assignProcessRoles(parsed);
        QCOMPARE(roles.mainProcess, 1); // the first process without a parent
        QCOMPARE(roles.mainThread, 2);  // named MainThread
        QCOMPARE(roles.roles[1], std::string());
        QCOMPARE(roles.roles[0], std::string(kDataLoaderRole)); // child of the main process
        QCOMPARE(roles.roles[2], std::string(kOtherProcessRole));
    }

    void mainThreadFallbacks()
    {
        ParsedStacks parsed;
        ParsedProcess p;
        p.pid = 50;
        p.threads = {makeThread(51, ""), makeThread(50, "")};
        parsed.processes = {p};
        QCOMPARE(assignProcessRoles(parsed).mainThread, 1); // thread id == pid

        parsed.processes[0].threads = {makeThread(51, ""), makeThread(52, "")};
        QCOMPARE(assignProcessRoles(parsed).mainThread, 0); // first thread

        parsed.processes[0].threads.clear();
        QCOMPARE(assignProcessRoles(parsed).mainThread, -1);
        QCOMPARE(assignProcessRoles(ParsedStacks{}).mainProcess, -1);
    }

    void dataLoaderRecognizedByFrames()
    {
        ParsedStacks parsed;
        ParsedProcess main;
        main.pid = 10;
        main.threads = {makeThread(10, "MainThread")};
        ParsedProcess worker; // no parent pid known, but a DataLoader worker by its frames
        worker.pid = 0;
        worker.threads = {makeThread(0, "MainThread",
                                     {Frame{"_worker_loop", "torch/utils/data/_utils/worker.py",
                                            308, "", FrameKind::Python}})};
        parsed.processes = {main, worker};
        const ProcessRoles roles = assignProcessRoles(parsed);
        QCOMPARE(roles.mainProcess, 0);
        QCOMPARE(roles.roles[1], std::string(kDataLoaderRole));
    }
};

QTEST_GUILESS_MAIN(TestBundlePaths)
#include "tst_bundle_paths.moc"
