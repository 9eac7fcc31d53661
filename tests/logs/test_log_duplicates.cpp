// The same event in two files (core/logs/LogDuplicates.h): which lines are copies, which file's
// copy counts, and what must never be folded together.
#include "core/logs/LogDuplicates.h"

#include <QtTest>

#include <string>

using namespace rankscope;

namespace {

constexpr std::uint32_t kCombined = 0; // "logs/launcher.out" sorts first, as in a bundle
constexpr std::uint32_t kRank3 = 1;
constexpr std::uint32_t kRank3Err = 2;
constexpr std::int64_t kSecond = 1'000'000'000;

const std::vector<LogFileKind> kKinds = {LogFileKind::Combined, LogFileKind::PerRank,
                                         LogFileKind::PerRank};

LogCopyCandidate candidate(std::uint32_t file, int rank, const std::string &text,
                           std::int64_t timeNs = 0, bool ownTime = false)
{
    LogCopyCandidate c;
    c.file = file;
    c.rank = rank;
    c.textHash = logCopyTextHash(text);
    c.timeNs = timeNs;
    c.ownTime = ownTime;
    return c;
}

} // namespace

class TestLogDuplicates : public QObject
{
    Q_OBJECT

private slots:
    void combinedCopyPointsAtTheRanksOwnLine()
    {
        // launcher.out holds rank 3's two timed lines; rank3.log holds them too.
        const std::vector<LogCopyCandidate> events = {
            candidate(kCombined, 3, "loaded", 10 * kSecond, true),
            candidate(kCombined, 3, "step 10", 20 * kSecond, true),
            candidate(kRank3, 3, "loaded", 10 * kSecond, true),
            candidate(kRank3, 3, "step 10", 20 * kSecond, true),
        };
        const std::vector<std::int64_t> copies = findDuplicateLogEvents(events, kKinds);
        QCOMPARE(copies, (std::vector<std::int64_t>{2, 3, -1, -1}));
    }

    void sameTextAtAnotherTimeIsAnotherEvent()
    {
        // Both lines carry their own time: 12:00:10 in one file is not 12:00:20 in the other.
        const std::vector<LogCopyCandidate> events = {
            candidate(kCombined, 3, "grad overflow", 10 * kSecond, true),
            candidate(kRank3, 3, "grad overflow", 20 * kSecond, true),
        };
        QCOMPARE(findDuplicateLogEvents(events, kKinds), (std::vector<std::int64_t>{-1, -1}));
    }

    void untimedLinesMatchInOrderAndRepeatsStayRepeats()
    {
        // print() output inherits the previous line's time, which differs between the files:
        // the k-th copy of a text is the k-th. Two genuine repeats stay two events.
        const std::vector<LogCopyCandidate> events = {
            candidate(kCombined, 1, "OVERFLOW! skipping step", 5 * kSecond),
            candidate(kCombined, 1, "OVERFLOW! skipping step", 7 * kSecond),
            candidate(kRank3, 1, "OVERFLOW! skipping step", 4 * kSecond),
            candidate(kRank3, 1, "OVERFLOW! skipping step", 6 * kSecond),
        };
        QCOMPARE(findDuplicateLogEvents(events, kKinds), (std::vector<std::int64_t>{2, 3, -1, -1}));
    }

    void linesOfOneFileAreNeverFolded()
    {
        // The same line twice in one combined file, and in two per-rank files (stdout and
        // stderr of one rank): nothing to fold without a file of another kind holding it.
        const std::vector<LogCopyCandidate> events = {
            candidate(kCombined, 2, "retrying", 5 * kSecond, true),
            candidate(kCombined, 2, "retrying", 5 * kSecond, false),
            candidate(kRank3, 3, "warning: slow", 9 * kSecond, true),
            candidate(kRank3Err, 3, "warning: slow", 9 * kSecond, true),
        };
        QCOMPARE(findDuplicateLogEvents(events, kKinds),
                 (std::vector<std::int64_t>{-1, -1, -1, -1}));
    }

    void aRankAbsentFromTheOtherFileKeepsItsLines()
    {
        // Rank 3 has its own file, rank 5 only the launcher's output; the launcher also kept
        // one line of rank 3 more than its file (the file was cut at the crash).
        const std::vector<LogCopyCandidate> events = {
            candidate(kCombined, 5, "loaded", 10 * kSecond, true),
            candidate(kCombined, 3, "loaded", 10 * kSecond, true),
            candidate(kCombined, 3, "CUDA error: an illegal memory access", 30 * kSecond, true),
            candidate(kCombined, -1, "Sending process 4244 closing signal SIGTERM", 31 * kSecond,
                      true),
            candidate(kRank3, 3, "loaded", 10 * kSecond, true),
        };
        QCOMPARE(findDuplicateLogEvents(events, kKinds),
                 (std::vector<std::int64_t>{-1, 4, -1, -1, -1}));
    }

    void otherRanksLinesAreNotCopies()
    {
        // The same text on another rank is that rank's own event.
        const std::vector<LogCopyCandidate> events = {
            candidate(kCombined, 2, "step 10 loss 7.9", 20 * kSecond, true),
            candidate(kRank3, 3, "step 10 loss 7.9", 20 * kSecond, true),
        };
        QCOMPARE(findDuplicateLogEvents(events, kKinds), (std::vector<std::int64_t>{-1, -1}));
    }

    void perNodeLogIsPrimaryForTheCombinedOutput()
    {
        // Slurm's .out and a node's log hold the same lines of rank 4 (no per-rank file): the
        // node's log is primary; a per-rank file, when there is one, comes before both.
        const std::vector<LogFileKind> kinds = {LogFileKind::PerNode, LogFileKind::PerRank,
                                                LogFileKind::Combined};
        const std::vector<LogCopyCandidate> events = {
            candidate(0, 4, "loaded", 10 * kSecond, true), // logs/node-1.log
            candidate(0, 6, "loaded", 10 * kSecond, true),
            candidate(1, 6, "loaded", 10 * kSecond, true), // logs/rank6.log
            candidate(2, 4, "loaded", 10 * kSecond, true), // logs/slurm-1234.out
            candidate(2, 6, "loaded", 10 * kSecond, true),
        };
        QCOMPARE(findDuplicateLogEvents(events, kinds),
                 (std::vector<std::int64_t>{-1, 2, -1, 0, 2}));
    }

    void perRankFilesOnlyPayNothing()
    {
        QVERIFY(!logFilesMayHoldCopies({LogFileKind::PerRank, LogFileKind::PerRank}));
        QVERIFY(!logFilesMayHoldCopies({LogFileKind::Combined}));
        QVERIFY(logFilesMayHoldCopies({LogFileKind::Combined, LogFileKind::PerRank}));
    }
};

QTEST_GUILESS_MAIN(TestLogDuplicates)
#include "test_log_duplicates.moc"
