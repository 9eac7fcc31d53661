// The collective-progress evidence of the synthetic hang scenarios (core/synth): every rank's
// Flight Recorder dump fr/nccl_trace_rank_<N> exists, is a pickle Python reads (checked with
// python3's pickle.load when python3 is installed), and agrees with ground_truth.json and with
// the NCCL watchdog, dump-signal and desync lines of the logs: the same sequence number, the
// culprit behind (hang-dataloader) or with another op (collective-mismatch), every rank in the
// same collective with NCCL warnings on one node (network-hang). PickleWriter's bytes are
// checked against the opcodes PyTorch's pickler writes (the shared NVRx dumps show them).
#include "app/cli/CliApp.h"
#include "app/cli/CliContext.h"
#include "core/synth/PickleWriter.h"
#include "core/synth/SyntheticBundle.h"
#include "core/synth/SyntheticRankStacks.h"
#include "core/synth/SyntheticScenario.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace rankscope;

namespace {

constexpr int kRanks = 20; // 8 ranks per node: nodes of 8, 8 and 4
constexpr int kRanksPerNode = 8;
constexpr std::uint64_t kSeed = 5;

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

struct Bundle
{
    QTemporaryDir dir;
    std::string root;
    nlohmann::json truth;
};

std::unique_ptr<Bundle> write(const std::string &scenario, int entries = 64, bool frames = true,
                              std::uint64_t seed = kSeed)
{
    auto bundle = std::make_unique<Bundle>();
    bundle->root = bundle->dir.path().toStdString();
    SynthOptions options;
    options.scenario = scenario;
    options.ranks = kRanks;
    options.ranksPerNode = kRanksPerNode;
    options.seed = seed;
    options.outDir = bundle->root;
    options.flightRecorderEntries = entries;
    options.flightRecorderFrames = frames;
    writeSyntheticBundle(options);
    bundle->truth = nlohmann::json::parse(readFile(bundle->root + "/ground_truth.json"));
    return bundle;
}

// Loads every dump with Python's own pickle and prints what the checks need, one JSON object.
constexpr const char *kSummaryScript = R"PY(
import json, os, pickle, sys
out = {}
folder = sys.argv[1]
for name in sorted(os.listdir(folder)):
    rank = int(name[len("nccl_trace_rank_"):])
    with open(os.path.join(folder, name), "rb") as f:
        d = pickle.load(f)
    entries = d["entries"]
    ids = [e["record_id"] for e in entries]
    last = entries[-1]
    before = [e for e in entries if e["pg_id"] == 0 and e is not last]
    out[rank] = {
        "keys": list(d.keys()),
        "version": d["version"],
        "count": len(entries),
        "consecutive": ids == list(range(ids[0], ids[0] + len(ids))),
        "last_record": ids[-1],
        "pg_config": {k: [v["name"], v["desc"], v["ranks"]] for k, v in d["pg_config"].items()},
        "pg_status": d["pg_status"],
        "last": {k: last[k] for k in ("pg_id", "collective_seq_id", "profiling_name", "state",
                                       "time_discovered_completed_ns", "process_group",
                                       "input_sizes", "input_dtypes", "thread_id")},
        "last_frames": [f["name"] for f in last.get("frames", [])],
        "has_frames": all("frames" in e for e in entries),
        "default_pg_before": before[-1]["collective_seq_id"] if before else None,
        "default_pg_before_state": before[-1]["state"] if before else None,
    }
print(json.dumps(out))
)PY";

// The dumps' summary through python3, or a reason to skip.
bool pythonSummary(const std::string &root, nlohmann::json &summary, QString &skipReason)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty()) {
        skipReason = QStringLiteral("python3 is not installed: the dumps cannot be loaded with "
                                    "Python's pickle here");
        return false;
    }
    QProcess process;
    process.start(python,
                  {QStringLiteral("-c"), QString::fromUtf8(kSummaryScript), qs(root + "/fr")});
    if (!process.waitForFinished(120000) || process.exitCode() != 0) {
        qWarning("%s", process.readAllStandardError().constData());
        return false;
    }
    summary = nlohmann::json::parse(process.readAllStandardOutput().toStdString());
    return true;
}

struct WatchdogLine
{
    std::int64_t seq = -1;
    std::string op;
    std::int64_t enqueued = -1;
    std::int64_t completed = -1;
    std::int64_t ranForMs = -1;
};

// Per rank: its watchdog timeout (SeqNum, OpType) and its "last enqueued NCCL work: E, last
// completed NCCL work: C" (from the watchdog's exception line or the dump-signal line).
std::map<int, WatchdogLine> watchdogLines(const std::string &launcher, int &prefixMismatches)
{
    static const QRegularExpression timeout(QStringLiteral(
        "^\\[rank(\\d+)\\]:.*\\] \\[PG ID 0 PG GUID 0\\(default_pg\\) Rank (\\d+)\\] Watchdog "
        "caught collective operation timeout: WorkNCCL\\(SeqNum=(\\d+), OpType=(\\w+), "
        "NumelIn=\\d+, NumelOut=\\d+, Timeout\\(ms\\)=600000\\) ran for (\\d+) milliseconds"));
    static const QRegularExpression progress(QStringLiteral(
        "^\\[rank(\\d+)\\]:.*\\] \\[PG ID 0 PG GUID 0\\(default_pg\\) Rank (\\d+)\\] "
        "(?:Exception \\(either an error or timeout\\) detected by watchdog at work: \\d+, "
        "last|Received a dump signal .* Last) enqueued NCCL work: (-?\\d+), last completed NCCL "
        "work: (-?\\d+)\\."));
    std::map<int, WatchdogLine> lines;
    prefixMismatches = 0;
    std::istringstream in(launcher);
    std::string text;
    while (std::getline(in, text)) {
        const QString line = qs(text);
        if (const QRegularExpressionMatch m = timeout.match(line); m.hasMatch()) {
            WatchdogLine &entry = lines[m.captured(1).toInt()];
            prefixMismatches += m.captured(1) != m.captured(2);
            entry.seq = m.captured(3).toLongLong();
            entry.op = m.captured(4).toStdString();
            entry.ranForMs = m.captured(5).toLongLong();
        } else if (const QRegularExpressionMatch p = progress.match(line); p.hasMatch()) {
            WatchdogLine &entry = lines[p.captured(1).toInt()];
            prefixMismatches += p.captured(1) != p.captured(2);
            entry.enqueued = p.captured(3).toLongLong();
            entry.completed = p.captured(4).toLongLong();
        }
    }
    return lines;
}

std::set<int> setOf(const nlohmann::json &array)
{
    std::set<int> out;
    for (const auto &value : array)
        out.insert(value.get<int>());
    return out;
}

} // namespace

class SynthCollectivesTest : public QObject
{
    Q_OBJECT

private slots:
    // PyTorch's pickler's opcodes for each kind of value: the same bytes as the NVRx dumps'.
    void pickleWriterWritesTorchsOpcodes()
    {
        std::string out;
        PickleWriter pickle(out);
        pickle.begin();
        pickle.beginDict();
        pickle.string("a");
        pickle.beginList();
        for (const std::int64_t value : {std::int64_t{7}, std::int64_t{300}, std::int64_t{-1},
                                         std::int64_t{70000}, std::int64_t{1} << 40})
            pickle.integer(value);
        pickle.endList();
        pickle.string("b");
        pickle.beginTuple(2);
        pickle.string("a"); // memoized: BINGET
        pickle.none();
        pickle.endTuple();
        pickle.string("c");
        pickle.beginList();
        pickle.endList(); // empty: EMPTY_LIST alone
        pickle.string("d");
        pickle.boolean(true);
        pickle.string("e");
        pickle.real(1.5);
        pickle.endDict();
        pickle.end();
        // What pickle.loads turns into {'a': [7, 300, -1, 70000, 1099511627776], 'b': ('a', None),
        // 'c': [], 'd': True, 'e': 1.5}.
        static constexpr char kExpected[] = "\x80\x02}(X\x01\0\0\0aq\x00]("
                                            "K\x07M\x2c\x01J\xff\xff\xff\xffJ\x70\x11\x01\0"
                                            "\x8a\x08\0\0\0\0\0\x01\0\0e"
                                            "X\x01\0\0\0bq\x01h\x00N\x86"
                                            "X\x01\0\0\0cq\x02]"
                                            "X\x01\0\0\0dq\x03\x88"
                                            "X\x01\0\0\0eq\x04G\x3f\xf8\0\0\0\0\0\0u.";
        const std::string expected(kExpected, sizeof kExpected - 1);
        QCOMPARE(QByteArray::fromStdString(out).toHex(),
                 QByteArray::fromStdString(expected).toHex());

        // Past 256 memo slots: LONG_BINPUT and LONG_BINGET; a tuple of four: MARK ... TUPLE.
        std::string more;
        PickleWriter big(more);
        big.begin();
        big.beginList();
        for (int i = 0; i < 257; ++i)
            big.string(std::to_string(i));
        big.string("256");
        big.beginTuple(4);
        for (int i = 0; i < 4; ++i)
            big.integer(i);
        big.endTuple();
        big.endList();
        big.end();
        QVERIFY(more.find(std::string("r\x00\x01\0\0", 5)) != std::string::npos);
        QVERIFY(more.find(std::string("j\x00\x01\0\0", 5)) != std::string::npos);
        QVERIFY(more.find(std::string("(K\x00K\x01K\x02K\x03t", 10)) != std::string::npos);
    }

    void everyRankHasADump_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const char *name : {"hang-dataloader", "collective-mismatch", "network-hang"})
            QTest::newRow(name) << QString::fromUtf8(name);
    }

    // fr/nccl_trace_rank_<N> for every rank and nothing else; ground truth describes them.
    void everyRankHasADump()
    {
        QFETCH(QString, scenario);
        const auto bundle = write(scenario.toStdString());
        std::set<std::string> names;
        for (const auto &entry : std::filesystem::directory_iterator(bundle->root + "/fr"))
            names.insert(entry.path().filename().string());
        std::set<std::string> expected;
        for (int rank = 0; rank < kRanks; ++rank)
            expected.insert("nccl_trace_rank_" + std::to_string(rank));
        QCOMPARE(names, expected);
        const nlohmann::json &facts = bundle->truth["collectives"];
        QVERIFY(facts.is_object());
        QCOMPARE(facts["dumps"].get<std::string>(), std::string("fr/nccl_trace_rank_<N>"));
        QCOMPARE(facts["entries_per_dump"].get<int>(), 64);
        QCOMPARE(facts["process_group"]["desc"].get<std::string>(), std::string("default_pg"));
        QCOMPARE(setOf(facts["culprit_ranks"]), scenario == QStringLiteral("network-hang")
                                                    ? std::set<int>{}
                                                    : setOf(bundle->truth["fault_ranks"]));
        QCOMPARE(facts["collectives_can_tell"].get<bool>(),
                 scenario != QStringLiteral("network-hang"));
    }

    void dumpsAgreeWithTheGroundTruth_data() { everyRankHasADump_data(); }

    // Python reads every dump; its last entries put the culprit where the ground truth says.
    void dumpsAgreeWithTheGroundTruth()
    {
        QFETCH(QString, scenario);
        const auto bundle = write(scenario.toStdString());
        nlohmann::json dumps;
        QString skip;
        if (!pythonSummary(bundle->root, dumps, skip)) {
            if (!skip.isEmpty())
                QSKIP(qPrintable(skip));
            QFAIL("python3 could not load the dumps");
        }
        const nlohmann::json &facts = bundle->truth["collectives"];
        const std::int64_t seq = facts["seq"].get<std::int64_t>();
        const std::set<int> culprits = setOf(facts["culprit_ranks"]);
        QCOMPARE(int(dumps.size()), kRanks);
        int waiting = 0;
        for (int rank = 0; rank < kRanks; ++rank) {
            const nlohmann::json &dump = dumps[std::to_string(rank)];
            QCOMPARE(dump["keys"].get<std::vector<std::string>>(),
                     (std::vector<std::string>{"version", "pg_config", "nccl_version", "pg_status",
                                               "entries"}));
            QCOMPARE(dump["version"].get<std::string>(), std::string("2.9"));
            QCOMPARE(dump["count"].get<int>(), 64);
            QVERIFY(dump["consecutive"].get<bool>());
            QVERIFY(dump["has_frames"].get<bool>());
            // default_pg lists the world as a string; the rank's other groups hold it.
            const nlohmann::json &world = dump["pg_config"]["0"];
            QCOMPARE(world[1].get<std::string>(), std::string("default_pg"));
            QVERIFY(world[2].get<std::string>().starts_with("[0, 1, 2, "));
            QVERIFY(world[2].get<std::string>().ends_with(", 19]"));
            std::set<std::string> descs;
            for (const auto &[name, group] : dump["pg_config"].items()) {
                descs.insert(group[1].get<std::string>());
                QCOMPARE(group[0].get<std::string>(), name);
                const std::string ranks = group[2].get<std::string>();
                const std::string me = std::to_string(rank);
                QVERIFY2(ranks.find("[" + me + ",") != std::string::npos ||
                             ranks.find(" " + me + ",") != std::string::npos ||
                             ranks.find(" " + me + "]") != std::string::npos ||
                             ranks == "[" + me + "]",
                         ranks.c_str());
            }
            QVERIFY(descs.count("DATA_PARALLEL_GROUP") == 1);

            const nlohmann::json &last = dump["last"];
            const nlohmann::json &status = dump["pg_status"]["0"];
            QCOMPARE(status["last_completed_collective"].get<std::int64_t>(), seq - 1);
            if (scenario == QStringLiteral("hang-dataloader") && culprits.count(rank)) {
                // Behind: its last default_pg entry is #N-1, completed; it never enqueued #N.
                QCOMPARE(status["last_enqueued_collective"].get<std::int64_t>(), seq - 1);
                QCOMPARE(last["state"].get<std::string>(), std::string("completed"));
                QVERIFY(last["collective_seq_id"].get<std::int64_t>() <= seq - 1);
                continue;
            }
            ++waiting;
            QCOMPARE(status["last_enqueued_collective"].get<std::int64_t>(), seq);
            QCOMPARE(last["pg_id"].get<int>(), 0);
            QCOMPARE(last["process_group"].get<std::vector<std::string>>(),
                     (std::vector<std::string>{"0", "default_pg"}));
            QCOMPARE(last["collective_seq_id"].get<std::int64_t>(), seq);
            QCOMPARE(last["state"].get<std::string>(), std::string("started"));
            QVERIFY(last["time_discovered_completed_ns"].is_null());
            QCOMPARE(dump["default_pg_before"].get<std::int64_t>(), seq - 1);
            QCOMPARE(dump["default_pg_before_state"].get<std::string>(), std::string("completed"));
            const bool broadcasts =
                scenario == QStringLiteral("collective-mismatch") && culprits.count(rank);
            QCOMPARE(last["profiling_name"].get<std::string>(),
                     std::string(broadcasts ? "nccl:broadcast" : "nccl:all_reduce"));
            // The same sizes and dtypes: only the op differs in the mismatch.
            QCOMPARE(last["input_sizes"].dump(), std::string("[[40108032]]"));
            QCOMPARE(last["input_dtypes"].dump(), std::string("[\"BFloat16\"]"));
            // The call site is the py-spy stack's, innermost first.
            SynthStack stack;
            SyntheticRankStacks::appendCallSite(SyntheticLayout::plan(kRanks, kRanksPerNode),
                                                broadcasts ? SyntheticCallSite::MismatchedBroadcast
                                                           : SyntheticCallSite::GradientAllReduce,
                                                stack);
            std::vector<std::string> names;
            for (auto frame = stack.rbegin(); frame != stack.rend(); ++frame)
                names.emplace_back(frame->function);
            QCOMPARE(dump["last_frames"].get<std::vector<std::string>>(), names);
            // thread_id is the trainer's pid, as in its stack dumps.
            const std::string pid = last["thread_id"].get<std::string>();
            const std::string stacks =
                readFile(bundle->root + "/stacks/rank" + std::to_string(rank) + "/" +
                         std::filesystem::directory_iterator(bundle->root + "/stacks/rank" +
                                                             std::to_string(rank))
                             ->path()
                             .filename()
                             .string());
            QVERIFY2(stacks.find("Process " + pid + ":") != std::string::npos, pid.c_str());
        }
        QCOMPARE(waiting, facts["waiting_rank_count"].get<int>());
    }

    void watchdogLinesAgreeWithTheDumps_data() { everyRankHasADump_data(); }

    // Every waiting rank's watchdog names the dumps' sequence number, its own op and progress
    // N / N-1; hang-dataloader's culprit says N-1 / N-1 when it receives the dump signal.
    void watchdogLinesAgreeWithTheDumps()
    {
        QFETCH(QString, scenario);
        const auto bundle = write(scenario.toStdString());
        const nlohmann::json &facts = bundle->truth["collectives"];
        const std::int64_t seq = facts["seq"].get<std::int64_t>();
        const std::set<int> culprits = setOf(facts["culprit_ranks"]);
        int prefixMismatches = 0;
        const std::map<int, WatchdogLine> lines =
            watchdogLines(readFile(bundle->root + "/logs/launcher.out"), prefixMismatches);
        QCOMPARE(prefixMismatches, 0); // default_pg's group rank is the global rank
        QCOMPARE(int(lines.size()), kRanks);
        int timeouts = 0;
        for (const auto &[rank, line] : lines) {
            const bool behind =
                scenario == QStringLiteral("hang-dataloader") && culprits.count(rank);
            if (behind) {
                QCOMPARE(line.seq, std::int64_t(-1)); // nothing pending: no timeout
                QCOMPARE(line.enqueued, seq - 1);
                QCOMPARE(line.completed, seq - 1);
                continue;
            }
            ++timeouts;
            QCOMPARE(line.seq, seq);
            QVERIFY(line.ranForMs >= 600000);
            QCOMPARE(line.enqueued, seq);
            QCOMPARE(line.completed, seq - 1);
            const bool broadcasts =
                scenario == QStringLiteral("collective-mismatch") && culprits.count(rank);
            QCOMPARE(line.op, std::string(broadcasts ? "BROADCAST" : "ALLREDUCE"));
        }
        QCOMPARE(timeouts, facts["watchdog_rank_count"].get<int>());
    }

    // TORCH_DISTRIBUTED_DEBUG=DETAIL: each rank reports the first rank whose fingerprint
    // differs at the dumps' sequence number; all reports name the culprit with BROADCAST.
    void mismatchReportsNameTheCulprit()
    {
        const auto bundle = write("collective-mismatch");
        const nlohmann::json &facts = bundle->truth["collectives"];
        const std::int64_t seq = facts["seq"].get<std::int64_t>();
        const int culprit = facts["culprit_ranks"][0].get<int>();
        QCOMPARE(facts["culprit_op"].get<std::string>(), std::string("broadcast"));
        static const QRegularExpression report(QStringLiteral(
            "^\\[rank(\\d+)\\]:.*Detected mismatch between collectives on ranks\\. Rank (\\d+) is "
            "running collective: CollectiveFingerPrint\\(SequenceNumber=(\\d+), OpType=(\\w+), "
            "[^)]*\\), but Rank (\\d+) is running collective: "
            "CollectiveFingerPrint\\(SequenceNumber=(\\d+), OpType=(\\w+),"));
        std::istringstream in(readFile(bundle->root + "/logs/launcher.out"));
        std::string text;
        std::set<int> reporters;
        while (std::getline(in, text)) {
            const QRegularExpressionMatch m = report.match(qs(text));
            if (!m.hasMatch())
                continue;
            const int rank = m.captured(1).toInt();
            reporters.insert(rank);
            QCOMPARE(m.captured(2).toInt(), rank);
            QCOMPARE(m.captured(3).toLongLong(), seq);
            QCOMPARE(m.captured(6).toLongLong(), seq);
            const int other = m.captured(5).toInt();
            const int broadcaster = m.captured(4) == QStringLiteral("BROADCAST") ? rank : other;
            QCOMPARE(broadcaster, culprit);
            QCOMPARE(m.captured(rank == culprit ? 7 : 4), QStringLiteral("ALLREDUCE"));
        }
        QCOMPARE(int(reporters.size()), kRanks);
    }

    // Only the fault node's ranks warn; the dumps cannot tell, the ground truth says so.
    void networkHangWarnsOnOneNode()
    {
        const auto bundle = write("network-hang");
        const nlohmann::json &facts = bundle->truth["collectives"];
        QVERIFY(facts["kind"].is_null());
        QCOMPARE(facts["collectives_can_tell"].get<bool>(), false);
        const std::string node = facts["fault_node"].get<std::string>();
        QCOMPARE(bundle->truth["fault_node"].get<std::string>(), node);
        const int nodeIndex = std::stoi(node.substr(5));
        std::set<int> nodeRanks;
        for (int r = nodeIndex * kRanksPerNode;
             r < std::min(kRanks, (nodeIndex + 1) * kRanksPerNode); ++r)
            nodeRanks.insert(r);
        QCOMPARE(setOf(facts["nccl_warn_ranks"]), nodeRanks);
        QCOMPARE(setOf(bundle->truth["fault_ranks"]), nodeRanks);
        static const QRegularExpression warn(QStringLiteral(
            "^\\[rank(\\d+)\\]:\\S+ \\S+ (\\S+):\\d+:\\d+ \\[\\d\\] transport/net_ib\\.cc:\\d+ "
            "NCCL "
            "WARN NET/IB : Got completion from peer [\\d.]+<\\d+> with error 12, opcode 0"));
        std::istringstream in(readFile(bundle->root + "/logs/launcher.out"));
        std::string text;
        std::set<int> warners;
        while (std::getline(in, text)) {
            if (const QRegularExpressionMatch m = warn.match(qs(text)); m.hasMatch()) {
                warners.insert(m.captured(1).toInt());
                QCOMPARE(m.captured(2).toStdString(), node);
            }
        }
        QCOMPARE(warners, nodeRanks);
        QCOMPARE(bundle->truth["logs"]["fault_template"].get<std::string>(),
                 std::string("Got completion from peer"));
    }

    // The ring buffer keeps the last N entries; 0 writes no dumps; frames can be left out.
    void ringBufferAndFrameOptions()
    {
        const auto small = write("hang-dataloader", 5, false);
        nlohmann::json dumps;
        QString skip;
        if (pythonSummary(small->root, dumps, skip)) {
            for (const auto &[rank, dump] : dumps.items()) {
                QCOMPARE(dump["count"].get<int>(), 5);
                QVERIFY(!dump["has_frames"].get<bool>());
                QVERIFY(dump["consecutive"].get<bool>());
            }
            // The waiters have one entry more than the culprit: the hang's collective.
            const int culprit = small->truth["fault_ranks"][0].get<int>();
            const int waiter = culprit == 0 ? 1 : 0;
            QCOMPARE(dumps[std::to_string(waiter)]["last_record"].get<int>(),
                     dumps[std::to_string(culprit)]["last_record"].get<int>() + 1);
        } else if (!skip.isEmpty()) {
            qInfo("%s", qPrintable(skip));
        }
        QCOMPARE(small->truth["collectives"]["frames"].get<bool>(), false);

        const auto none = write("hang-dataloader", 0);
        QVERIFY(!std::filesystem::exists(none->root + "/fr"));
        QVERIFY(none->truth["collectives"]["dumps"].is_null());
        QCOMPARE(none->truth["collectives"]["seq"], small->truth["collectives"]["seq"]);

        // Healthy jobs and the hang's healthy twin dump nothing.
        QVERIFY(!std::filesystem::exists(write("healthy")->root + "/fr"));
        {
            QTemporaryDir dir;
            SynthOptions options;
            options.scenario = "collective-mismatch";
            options.ranks = kRanks;
            options.outDir = dir.path().toStdString();
            options.healthyBaseline = true;
            writeSyntheticBundle(options);
            QVERIFY(!std::filesystem::exists(options.outDir / "fr"));
        }
    }

    // --fr-culprits-missing: the culprit writes no dump, every other rank does; the ground
    // truth lists the missing rank.
    void culpritsCanWriteNoDump()
    {
        auto bundle = std::make_unique<Bundle>();
        bundle->root = bundle->dir.path().toStdString();
        SynthOptions options;
        options.scenario = "collective-mismatch";
        options.ranks = kRanks;
        options.ranksPerNode = kRanksPerNode;
        options.seed = kSeed;
        options.outDir = bundle->root;
        options.flightRecorderCulpritsMissing = true;
        writeSyntheticBundle(options);
        const nlohmann::json truth =
            nlohmann::json::parse(readFile(bundle->root + "/ground_truth.json"));
        const int culprit = truth["fault_ranks"][0].get<int>();
        QCOMPARE(setOf(truth["collectives"]["missing_dump_ranks"]), std::set<int>{culprit});
        QCOMPARE(truth["collectives"]["dump_ranks"].get<std::string>(),
                 std::string("all but missing_dump_ranks"));
        for (int rank = 0; rank < kRanks; ++rank)
            QCOMPARE(std::filesystem::exists(bundle->root + "/fr/nccl_trace_rank_" +
                                             std::to_string(rank)),
                     rank != culprit);
        // By default, nobody is missing.
        QVERIFY(write("collective-mismatch")->truth["collectives"]["missing_dump_ranks"].empty());
    }

    // A seed always writes the same dumps.
    void dumpsAreReproducible()
    {
        const auto a = write("collective-mismatch", 64, true, 9);
        const auto b = write("collective-mismatch", 64, true, 9);
        for (const int rank : {0, 7, 19}) {
            const std::string name = "/fr/nccl_trace_rank_" + std::to_string(rank);
            QCOMPARE(readFile(a->root + name), readFile(b->root + name));
        }
    }

    // The CLI lists the new scenarios, documents the options and writes their ground truth.
    void cliListsAndWritesTheScenarios()
    {
        std::ostringstream out;
        std::ostringstream err;
        cli::CliContext context{out, err};
        QCOMPARE(cli::runCli({"synth", "--list"}, context), 0);
        QVERIFY(out.str().find("collective-mismatch\n") != std::string::npos);
        QVERIFY(out.str().find("network-hang\n") != std::string::npos);
        std::ostringstream helpOut;
        cli::CliContext helpContext{helpOut, err};
        QCOMPARE(cli::runCli({"help", "synth"}, helpContext), 0);
        QVERIFY(helpOut.str().find("--fr-entries N") != std::string::npos);
        QVERIFY(helpOut.str().find("collective-mismatch") != std::string::npos);

        for (const char *scenario : {"collective-mismatch", "network-hang"}) {
            QTemporaryDir dir;
            std::ostringstream written;
            cli::CliContext writeContext{written, err};
            QCOMPARE(cli::runCli({"synth", "--scenario", scenario, "--ranks", "16", "--fr-entries",
                                  "8", "--out", dir.path().toStdString()},
                                 writeContext),
                     0);
            QVERIFY(written.str().find("16 Flight Recorder dumps of up to 8 entries") !=
                    std::string::npos);
            const nlohmann::json truth =
                nlohmann::json::parse(readFile(dir.path().toStdString() + "/ground_truth.json"));
            QCOMPARE(truth["scenario"].get<std::string>(), std::string(scenario));
            QCOMPARE(truth["collectives"]["entries_per_dump"].get<int>(), 8);
            QVERIFY(!truth["fault_ranks"].empty());
        }
    }
};

QTEST_GUILESS_MAIN(SynthCollectivesTest)
#include "test_synth_collectives.moc"
