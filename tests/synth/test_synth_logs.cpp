// The logs of the synthetic bundles (core/synth): every scenario writes logs/launcher.out and
// logs/node-<k>.log; every line is "[rank<N>]:timestamp text" (agent lines unprefixed) on the
// clock of its node; the fault's lines are on the ranks ground_truth.json names and no others;
// the straggler's step times rise; the log importer reads them; a seed gives the same bytes and
// the logs change no other file of the bundle.
#include "core/synth/SyntheticBundle.h"
#include "importers/logs/LogImport.h"

#include <nlohmann/json.hpp>

#include <QDirIterator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace rankscope;

namespace {

constexpr int kRanks = 20; // 8 ranks per node: a last node of 4
constexpr int kRanksPerNode = 8;
constexpr int kIterations = 24;
constexpr std::uint64_t kSeed = 11;

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

SynthOptions optionsFor(const std::string &scenario, const QString &dir)
{
    SynthOptions options;
    options.scenario = scenario;
    options.ranks = kRanks;
    options.ranksPerNode = kRanksPerNode;
    options.seed = kSeed;
    options.iterations = kIterations;
    options.outDir = dir.toStdString();
    return options;
}

// One parsed line: optional "[rank<N>]:" / "[default<N>]:", "YYYY-MM-DD HH:MM:SS,mmm ", text.
struct LogLine
{
    std::int64_t timeMs = 0; // on the line's node clock
    std::string prefixWord;  // "rank", "default" or "" (agent)
    int rank = -1;
    std::string text;
};

// Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil).
std::int64_t daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return static_cast<std::int64_t>(era) * 146097 + doe - 719468;
}

// Parses every line of a log file; a line that does not parse fails the test with its number.
bool parseLog(const std::string &path, std::vector<LogLine> &lines, std::string &failure)
{
    static const QRegularExpression head(
        QStringLiteral("^(?:\\[(rank|default)(\\d+)\\]:)?"
                       "(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}),(\\d{3}) "));
    const std::string content = readFile(path);
    if (content.empty() || content.back() != '\n') {
        failure = path + ": empty or without a final newline";
        return false;
    }
    std::size_t start = 0;
    int number = 0;
    while (start < content.size()) {
        const std::size_t end = content.find('\n', start);
        const std::string line = content.substr(start, end - start);
        start = end + 1;
        ++number;
        const QString text = QString::fromUtf8(line.data(), qsizetype(line.size()));
        const QRegularExpressionMatch match = head.match(text);
        if (!match.hasMatch()) {
            failure = path + " line " + std::to_string(number) + " does not parse: " + line;
            return false;
        }
        LogLine parsed;
        auto field = [&](int i) { return match.captured(i + 2).toInt(); };
        parsed.timeMs =
            ((daysFromCivil(field(1), field(2), field(3)) * 24 + field(4)) * 60 + field(5)) *
                60000LL +
            field(6) * 1000LL + field(7);
        parsed.prefixWord = match.captured(1).toStdString();
        parsed.rank = match.captured(2).isEmpty() ? -1 : match.captured(2).toInt();
        parsed.text = text.mid(match.capturedLength()).toStdString();
        lines.push_back(std::move(parsed));
    }
    return true;
}

struct WrittenBundle
{
    QTemporaryDir dir;
    nlohmann::json truth;
    std::string root;
};

std::unique_ptr<WrittenBundle> write(const std::string &scenario)
{
    auto bundle = std::make_unique<WrittenBundle>();
    bundle->root = bundle->dir.path().toStdString();
    writeSyntheticBundle(optionsFor(scenario, bundle->dir.path()));
    bundle->truth = nlohmann::json::parse(readFile(bundle->root + "/ground_truth.json"));
    return bundle;
}

std::set<int> ranksWith(const std::vector<LogLine> &lines, const std::string &needle)
{
    std::set<int> ranks;
    for (const LogLine &line : lines) {
        if (line.rank >= 0 && line.text.find(needle) != std::string::npos)
            ranks.insert(line.rank);
    }
    return ranks;
}

std::set<int> setOf(const nlohmann::json &array)
{
    std::set<int> values;
    for (const nlohmann::json &value : array)
        values.insert(value.get<int>());
    return values;
}

// "elapsed time per iteration (ms): X" and the iteration number of a Megatron line, or false.
bool iterationOf(const std::string &text, int &iteration, double &stepMs)
{
    static const std::string kHead = " iteration ";
    if (text.rfind(kHead, 0) != 0)
        return false;
    iteration = std::atoi(text.c_str() + kHead.size());
    const std::size_t at = text.find("elapsed time per iteration (ms): ");
    if (at == std::string::npos)
        return false;
    stepMs = std::atof(text.c_str() + at + 33);
    return true;
}

std::string listText(const std::set<int> &values)
{
    std::string text;
    for (int value : values)
        text += (text.empty() ? "" : ",") + std::to_string(value);
    return text;
}

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace

class TestSynthLogs : public QObject
{
    Q_OBJECT

private slots:
    void everyLineParses_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const char *name : {"healthy", "hang-dataloader", "collective-mismatch",
                                 "network-hang", "straggler-gpu", "slow-node"})
            QTest::newRow(name) << QString::fromUtf8(name);
    }

    // Files where the ground truth says, every line "prefix timestamp text", the right prefixes
    // in each file, every rank present, and node logs in time order on their node's clock.
    void everyLineParses()
    {
        QFETCH(QString, scenario);
        const auto bundle = write(scenario.toStdString());
        const nlohmann::json &logs = bundle->truth["logs"];
        QVERIFY(logs.is_object());
        const int nodes = (kRanks + kRanksPerNode - 1) / kRanksPerNode;
        std::vector<std::string> expected = {"logs/launcher.out"};
        for (int node = 0; node < nodes; ++node)
            expected.push_back("logs/node-" + std::to_string(node) + ".log");
        QCOMPARE(logs["files"].get<std::vector<std::string>>(), expected);

        const std::string launcherWord =
            logs["launcher_prefix"].get<std::string>() == "[rank<N>]:" ? "rank" : "default";
        std::set<int> launcherRanks;
        std::size_t launcherLines = 0;
        std::size_t nodeLines = 0;
        for (const std::string &file : expected) {
            std::vector<LogLine> lines;
            std::string failure;
            QVERIFY2(parseLog(bundle->root + "/" + file, lines, failure), failure.c_str());
            const bool launcher = file == "logs/launcher.out";
            const int node = launcher ? -1 : std::atoi(file.c_str() + 10);
            (launcher ? launcherLines : nodeLines) += lines.size();
            std::int64_t previous = 0;
            for (const LogLine &line : lines) {
                if (line.rank < 0) {
                    // Only the torchrun agents write unprefixed lines.
                    QVERIFY2(line.text.find("NCCL") == std::string::npos &&
                                 line.text.rfind(" iteration ", 0) != 0,
                             line.text.c_str());
                    continue;
                }
                QVERIFY(line.rank < kRanks);
                QCOMPARE(line.prefixWord, launcher ? launcherWord : std::string("rank"));
                if (launcher) {
                    launcherRanks.insert(line.rank);
                } else {
                    QCOMPARE(line.rank / kRanksPerNode, node);
                    // One node, one clock: its lines are in time order.
                    QVERIFY2(line.timeMs >= previous, line.text.c_str());
                    previous = line.timeMs;
                }
            }
        }
        QCOMPARE(int(launcherRanks.size()), kRanks);
        QCOMPARE(launcherLines, nodeLines); // the node logs split the launcher output
    }

    void faultLinesAreOnTheRightRanks_data() { everyLineParses_data(); }

    // The fault template on exactly fault_template_ranks, the fault rank's own template on
    // exactly the fault ranks, and no fatal line in the healthy jobs.
    void faultLinesAreOnTheRightRanks()
    {
        QFETCH(QString, scenario);
        const auto bundle = write(scenario.toStdString());
        const nlohmann::json &logs = bundle->truth["logs"];
        std::vector<LogLine> lines;
        std::string failure;
        QVERIFY2(parseLog(bundle->root + "/logs/launcher.out", lines, failure), failure.c_str());

        QCOMPARE(setOf(logs["fault_ranks"]), setOf(bundle->truth["fault_ranks"]));
        if (logs["fault_template"].is_null()) {
            QVERIFY(logs["fault_template_ranks"].empty());
        } else {
            const std::set<int> has = ranksWith(lines, logs["fault_template"].get<std::string>());
            QCOMPARE(has, setOf(logs["fault_template_ranks"]));
            QVERIFY(!has.empty());
        }
        if (!logs["fault_rank_template"].is_null())
            QCOMPARE(ranksWith(lines, logs["fault_rank_template"].get<std::string>()),
                     setOf(logs["fault_ranks"]));

        const bool fatal = scenario == QStringLiteral("hang-dataloader") ||
                           scenario == QStringLiteral("collective-mismatch") ||
                           scenario == QStringLiteral("network-hang");
        const bool traceback = scenario == QStringLiteral("hang-dataloader") ||
                               scenario == QStringLiteral("collective-mismatch");
        for (const char *sign : {"Watchdog caught", "terminate called", "[E1"})
            QCOMPARE(ranksWith(lines, sign).empty(), !fatal);
        QCOMPARE(ranksWith(lines, "Traceback").empty(), !traceback);
        if (scenario != QStringLiteral("slow-node") && scenario != QStringLiteral("network-hang"))
            QVERIFY(ranksWith(lines, "NCCL WARN").empty());
    }

    // Iteration lines on the ranks the ground truth names, up to its last iteration; in the
    // hang the fault rank logs nothing but its traceback after the last iteration.
    void iterationLinesTellTheStory()
    {
        const auto bundle = write("hang-dataloader");
        const nlohmann::json &logs = bundle->truth["logs"];
        std::vector<LogLine> lines;
        std::string failure;
        QVERIFY2(parseLog(bundle->root + "/logs/launcher.out", lines, failure), failure.c_str());
        const int fault = bundle->truth["fault_ranks"][0].get<int>();
        const int last = logs["fault_last_iteration"].get<int>();
        std::map<int, int> lastPerRank;
        std::map<int, std::int64_t> lastIterationTime;
        for (const LogLine &line : lines) {
            int iteration = 0;
            double stepMs = 0;
            if (line.rank >= 0 && iterationOf(line.text, iteration, stepMs)) {
                lastPerRank[line.rank] = std::max(lastPerRank[line.rank], iteration);
                lastIterationTime[line.rank] = line.timeMs;
                QVERIFY(stepMs > 700 && stepMs < 900);
            }
        }
        QCOMPARE(setOf(logs["iteration_ranks"]).size(), lastPerRank.size());
        for (const auto &[rank, iteration] : lastPerRank)
            QCOMPARE(iteration, last);
        QCOMPARE(logs["last_iteration"].get<int>(), last);

        // After the hang began: the fault rank's traceback only, ending in the OSError.
        const std::int64_t hangMs = lastIterationTime.begin()->second + 1000;
        std::vector<std::string> after;
        for (const LogLine &line : lines) {
            if (line.rank == fault && line.timeMs > hangMs)
                after.push_back(line.text);
        }
        // The dump signal it receives when the others time out (its progress one behind, as
        // its Flight Recorder dump has it), then its traceback.
        QVERIFY(after.size() > 1);
        QVERIFY2(after.front().find("Received a dump signal due to a collective timeout") !=
                     std::string::npos,
                 after.front().c_str());
        after.erase(after.begin());
        QCOMPARE(after.front(), std::string("Traceback (most recent call last):"));
        QCOMPARE(after.back(), logs["fault_rank_template"].get<std::string>());

        // The stack samples fall between the hang and the watchdog: the stacks show the wait.
        const std::int64_t watchdogMs =
            logs["first_fault_line_aligned_ns"].get<std::int64_t>() / 1'000'000;
        QDirIterator it(qs(bundle->root + "/stacks"), QDir::Files, QDirIterator::Subdirectories);
        int dumps = 0;
        while (it.hasNext()) {
            it.next();
            const std::int64_t seconds = it.fileName().mid(5, 10).toLongLong();
            QVERIFY(seconds * 1000 > hangMs && seconds * 1000 < watchdogMs);
            ++dumps;
        }
        QCOMPARE(dumps, kRanks * 3);
    }

    void stepTimesFollowTheTraces_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("straggler-gpu") << QStringLiteral("straggler-gpu");
        QTest::newRow("slow-node") << QStringLiteral("slow-node");
    }

    // Every rank's steps get slower from the first slow iteration on, and the iteration lines
    // of a node are shifted by exactly its clock offset (the traces' clocks).
    void stepTimesFollowTheTraces()
    {
        QFETCH(QString, scenario);
        const auto bundle = write(scenario.toStdString());
        const nlohmann::json &logs = bundle->truth["logs"];
        const int firstSlow = logs["first_slow_iteration"].get<int>();
        QCOMPARE(firstSlow, bundle->truth["first_iteration"].get<int>() + 1);
        QCOMPARE(logs["last_iteration"].get<int>(), kIterations);
        std::vector<LogLine> lines;
        std::string failure;
        QVERIFY2(parseLog(bundle->root + "/logs/launcher.out", lines, failure), failure.c_str());

        std::map<int, std::pair<double, int>> before, after;   // rank -> (sum, count)
        std::map<std::pair<int, int>, std::int64_t> printedAt; // (rank, iteration) -> ms
        for (const LogLine &line : lines) {
            int iteration = 0;
            double stepMs = 0;
            if (line.rank < 0 || !iterationOf(line.text, iteration, stepMs))
                continue;
            auto &bucket = iteration >= firstSlow ? after[line.rank] : before[line.rank];
            bucket.first += stepMs;
            ++bucket.second;
            printedAt[{line.rank, iteration}] = line.timeMs;
        }
        QCOMPARE(int(before.size()), kRanks); // no pipeline: every rank prints
        const double expected = bundle->truth["expected_increase_percent"].get<double>();
        for (const auto &[rank, sum] : before) {
            const double slow = after[rank].first / after[rank].second;
            const double healthy = sum.first / sum.second;
            QVERIFY2(slow > healthy * 1.03,
                     qPrintable(
                         QStringLiteral("rank %1: %2 -> %3 ms").arg(rank).arg(healthy).arg(slow)));
            QVERIFY(std::abs(healthy - logs["step_time_ms"].get<double>()) < healthy * 0.05);
        }
        QVERIFY(expected > 3);

        const nlohmann::json &offsets = bundle->truth["clock_offsets_ns"];
        for (int rank = 1; rank < kRanks; ++rank) {
            const double shiftMs = double(offsets[std::size_t(rank)].get<std::int64_t>() -
                                          offsets[0].get<std::int64_t>()) /
                                   1e6;
            for (int iteration = 1; iteration <= kIterations; ++iteration) {
                const double seen =
                    double(printedAt[{rank, iteration}] - printedAt[{0, iteration}]);
                // The steps end together (the gradient all-reduce), within a few ms.
                QVERIFY2(std::abs(seen - shiftMs) < 4.0,
                         qPrintable(QStringLiteral("rank %1 iteration %2: %3 ms, offset %4 ms")
                                        .arg(rank)
                                        .arg(iteration)
                                        .arg(seen)
                                        .arg(shiftMs)));
            }
        }
    }

    void theImporterReadsThem_data() { everyLineParses_data(); }

    // The log importer reads every file without a problem, with the right ranks and the
    // iteration lines of the ground truth's ranks.
    void theImporterReadsThem()
    {
        QFETCH(QString, scenario);
        const auto bundle = write(scenario.toStdString());
        const nlohmann::json &logs = bundle->truth["logs"];
        for (const nlohmann::json &file : logs["files"]) {
            const std::string path = file.get<std::string>();
            const ParsedLog parsed = importLogFile(bundle->root + "/" + path, path);
            for (const LogProblem &problem : parsed.problems)
                QFAIL(qPrintable(qs(path + ": " + problem.message)));
            QVERIFY(!parsed.events.empty());
            std::set<int> ranks;
            for (const LogEvent &event : parsed.events) {
                if (event.rank >= 0)
                    ranks.insert(event.rank);
            }
            std::set<int> expected;
            const bool launcher = path == "logs/launcher.out";
            const int node = launcher ? -1 : std::atoi(path.c_str() + 10);
            for (int rank = 0; rank < kRanks; ++rank) {
                if (launcher || rank / kRanksPerNode == node)
                    expected.insert(rank);
            }
            QVERIFY2(ranks == expected, qPrintable(qs(path + ": ranks " + listText(ranks) +
                                                      ", expected " + listText(expected))));
            if (launcher) {
                std::set<int> printers;
                for (const LogIterationRecord &record : parsed.iterations) {
                    // Rank 0's tqdm bars are progress too, not training iterations.
                    if (record.framework != "megatron")
                        continue;
                    printers.insert(record.rank);
                    QVERIFY(record.stepTimeMs > 0);
                    QVERIFY2(record.iteration >= logs["first_iteration"].get<int>() &&
                                 record.iteration <= logs["last_iteration"].get<int>(),
                             qPrintable(QStringLiteral("rank %1 iteration %2 (%3) line %4")
                                            .arg(record.rank)
                                            .arg(record.iteration)
                                            .arg(qs(record.framework))
                                            .arg(record.line)));
                }
                QVERIFY2(printers == setOf(logs["iteration_ranks"]),
                         qPrintable(qs("iteration records of ranks " + listText(printers))));
            }
        }
    }

    // Same seed, same bytes; another seed, other logs; and the logs leave every other file
    // of the bundle as it is without them.
    void deterministicAndIndependent()
    {
        for (const char *scenario : {"hang-dataloader", "slow-node"}) {
            QTemporaryDir a, b, c, without;
            writeSyntheticBundle(optionsFor(scenario, a.path()));
            writeSyntheticBundle(optionsFor(scenario, b.path()));
            SynthOptions other = optionsFor(scenario, c.path());
            other.seed = kSeed + 1;
            writeSyntheticBundle(other);
            SynthOptions noLogs = optionsFor(scenario, without.path());
            noLogs.writeLogs = false;
            writeSyntheticBundle(noLogs);
            QVERIFY(!QDir(without.path() + QStringLiteral("/logs")).exists());

            QDirIterator it(a.path(), QDir::Files, QDirIterator::Subdirectories);
            int logFiles = 0;
            while (it.hasNext()) {
                const QString path = it.next();
                const QString relative = QDir(a.path()).relativeFilePath(path);
                const std::string bytes = readFile(path.toStdString());
                QVERIFY2(bytes == readFile(QString(b.path() + u'/' + relative).toStdString()),
                         qPrintable(relative));
                if (relative.startsWith(QStringLiteral("logs/"))) {
                    ++logFiles;
                } else if (relative != QStringLiteral("ground_truth.json")) {
                    QVERIFY2(bytes ==
                                 readFile(QString(without.path() + u'/' + relative).toStdString()),
                             qPrintable(relative));
                }
            }
            QCOMPARE(logFiles, 4);
            QVERIFY(
                readFile(QString(a.path() + QStringLiteral("/logs/launcher.out")).toStdString()) !=
                readFile(QString(c.path() + QStringLiteral("/logs/launcher.out")).toStdString()));
        }
    }
};

QTEST_GUILESS_MAIN(TestSynthLogs)
#include "test_synth_logs.moc"
