// rankscope-cli heatmap and stragglers on bundles with profiler traces: output formats, their
// shapes, and the exit status of bad input.
#include "../bundle/TraceBundleSupport.h"
#include "CliTestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <set>

using namespace cli_test;

namespace {

constexpr std::int64_t kNodeShiftNs = 3'000'000; // node n1's clock ahead of n0's

std::vector<std::string> splitLines(const std::string &text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

std::vector<std::string> splitFields(const std::string &line)
{
    std::vector<std::string> fields;
    std::istringstream in(line);
    for (std::string field; std::getline(in, field, ',');)
        fields.push_back(field);
    if (!line.empty() && line.back() == ',')
        fields.push_back({});
    return fields;
}

} // namespace

class CliTracesTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void heatmapCsv();
    void heatmapJson();
    void heatmapByTimeAndLevels();
    void stragglersJsonShape();
    void stragglersTextListsOffsets();
    void badInputExitsWithTwo();
    void importPrintsTraceCounts();
    void tracesWithoutIterationsUseTimeBins();
    void realDlrmStragglers();
    void periodicStragglerJsonAndText();

private:
    QTemporaryDir m_dir;
    std::string m_bundle;
    std::string m_cache;
    std::vector<std::string> args(std::vector<std::string> list)
    {
        list.insert(list.begin() + 1, m_bundle);
        list.push_back("--cache-dir");
        list.push_back(m_cache);
        return list;
    }
};

// Four ranks of the Kineto fixture on two nodes, node n1's clock 3 ms ahead of n0's (the ranks of
// one node share its clock).
void CliTracesTest::initTestCase()
{
    const QString root = m_dir.filePath(QStringLiteral("job"));
    for (int rank = 0; rank < 4; ++rank)
        bundle_test::writeFile(root, QStringLiteral("traces/rank%1.json").arg(rank),
                               bundle_test::kinetoTraceForRank(rank, kNodeShiftNs * (rank / 2)));
    bundle_test::writeFile(root, QStringLiteral("job.json"),
                           R"({"ranks": {"0": {"node": "n0"}, "1": {"node": "n0"},
                                         "2": {"node": "n1"}, "3": {"node": "n1"}}})");
    m_bundle = root.toStdString();
    m_cache = m_dir.filePath(QStringLiteral("cache")).toStdString();
}

void CliTracesTest::heatmapCsv()
{
    const CliRun run = runInProcess(args({"heatmap", "--metric", "step_time"}));
    QVERIFY2(run.exitCode == 0, run.err.c_str());
    const std::vector<std::string> lines = splitLines(run.out);
    QCOMPARE(lines.at(0), std::string("rank,node,window,start_ns,end_ns,value_ns,source"));
    QCOMPARE(int(lines.size()), 1 + 4 * 2); // 4 ranks x ProfilerStep#5, #6
    const std::vector<std::string> first = splitFields(lines.at(1));
    QCOMPARE(int(first.size()), 7);
    QCOMPARE(first[0], std::string("0"));
    QCOMPARE(first[1], std::string("n0"));
    QCOMPARE(first[2], std::string("5"));
    QCOMPARE(first[5], std::string("500000")); // ProfilerStep#5 lasts 500 us
    QCOMPARE(first[6], std::string("kineto")); // each cell says where it came from
    // Aligned: iteration 5 starts at the same time on every rank.
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::vector<std::string> fields = splitFields(lines[i]);
        if (fields[2] == "5")
            QCOMPARE(fields[3], first[3]);
    }
}

void CliTracesTest::heatmapJson()
{
    const CliRun run = runInProcess(args({"heatmap", "--metric", "compute", "--format", "json"}));
    QVERIFY2(run.exitCode == 0, run.err.c_str());
    const nlohmann::json json = nlohmann::json::parse(run.out);
    QCOMPARE(json.at("metric").get<std::string>(), std::string("compute"));
    QCOMPARE(json.at("axis").get<std::string>(), std::string("iteration"));
    QCOMPARE(json.at("unit").get<std::string>(), std::string("ns"));
    QCOMPARE(json.at("ranks"), nlohmann::json({0, 1, 2, 3}));
    QCOMPARE(json.at("nodes"), nlohmann::json({"n0", "n0", "n1", "n1"}));
    QCOMPARE(json.at("windows"), nlohmann::json({5, 6}));
    const nlohmann::json &values = json.at("values");
    QCOMPARE(int(values.size()), 4);
    for (const nlohmann::json &row : values) {
        QCOMPARE(int(row.size()), 2);
        for (const nlohmann::json &value : row)
            QVERIFY(value.is_null() || value.is_number());
    }
    QVERIFY(values[0][0].is_number());
}

void CliTracesTest::heatmapByTimeAndLevels()
{
    const CliRun fine =
        runInProcess(args({"heatmap", "--metric", "gpu_idle", "--by", "time", "--format", "json"}));
    QVERIFY2(fine.exitCode == 0, fine.err.c_str());
    const nlohmann::json json = nlohmann::json::parse(fine.out);
    QCOMPARE(json.at("axis").get<std::string>(), std::string("time"));
    const std::size_t bins = json.at("windows").size();
    QVERIFY2(bins >= 200 && bins <= 400, std::to_string(bins).c_str());
    const std::int64_t width = json.at("bin_width_ns").get<std::int64_t>();
    const CliRun coarse = runInProcess(args(
        {"heatmap", "--metric", "gpu_idle", "--by", "time", "--level", "1", "--format", "json"}));
    QVERIFY2(coarse.exitCode == 0, coarse.err.c_str());
    const nlohmann::json coarseJson = nlohmann::json::parse(coarse.out);
    QCOMPARE(coarseJson.at("bin_width_ns").get<std::int64_t>(), width * 4);
    QVERIFY(coarseJson.at("windows").size() < bins);
}

void CliTracesTest::stragglersJsonShape()
{
    const CliRun run = runInProcess(args({"stragglers", "--format", "json"}));
    QVERIFY2(run.exitCode == 0, run.err.c_str());
    const nlohmann::json json = nlohmann::json::parse(run.out);
    for (const char *key : {"verdict", "axis", "summary", "suspects", "waiters", "clock_offsets",
                            "windows", "breakdown", "arrival", "clock_alignment"})
        QVERIFY2(json.contains(key), key);
    QCOMPARE(json.at("windows").get<int>(), 2);
    QCOMPARE(int(json.at("breakdown").size()), 4);
    QCOMPARE(json.at("breakdown")[0].at("rank").get<int>(), 0);
    QVERIFY(
        json.at("breakdown")[0].at("metrics").at("step_time").at("value_ns").is_number_integer());
    // The fixture's all-reduce announces a group of 8 and 4 traces hold it: every instance is
    // incomplete, so nobody is blamed for arriving last.
    const nlohmann::json &arrival = json.at("arrival");
    QCOMPARE(arrival.at("collectives").get<int>(), 0);
    QVERIFY(arrival.at("incomplete").get<int>() > 0);
    QVERIFY(arrival.at("ranks").is_array());
    const nlohmann::json &alignment = json.at("clock_alignment");
    QCOMPARE(alignment.at("quality").get<std::string>(), std::string("good"));
    for (const char *key : {"uncertainty_ns", "typical_collective_ns", "good", "fair", "poor",
                            "poor_ranks", "dropped_anchors", "p2p_violations"})
        QVERIFY2(alignment.contains(key), key);
    QCOMPARE(alignment.at("good").get<int>(), 4);
    QVERIFY(json.at("verdict").is_string());
    QCOMPARE(json.at("axis").get<std::string>(), std::string("iteration"));
    QVERIFY(json.at("suspects").is_array());
    QVERIFY(json.at("waiters").is_array());
    for (const nlohmann::json &suspect : json.at("suspects")) {
        for (const char *key : {"ranks", "nodes", "group", "metric", "first_iteration",
                                "first_time_bin", "magnitude", "role", "reason", "score"})
            QVERIFY2(suspect.contains(key), key);
        QVERIFY(suspect.at("ranks").is_array());
        QVERIFY(suspect.at("first_iteration").is_number_integer());
    }
    const nlohmann::json &offsets = json.at("clock_offsets");
    QCOMPARE(int(offsets.size()), 4);
    for (int rank = 0; rank < 4; ++rank) {
        QCOMPARE(offsets[rank].at("rank").get<int>(), rank);
        QCOMPARE(offsets[rank].at("offset_ns").get<std::int64_t>(), kNodeShiftNs * (rank / 2));
        QVERIFY(offsets[rank].at("source").is_string());
        QCOMPARE(offsets[rank].at("quality").get<std::string>(), std::string("good"));
        QCOMPARE(offsets[rank].at("uncertainty_ns").get<std::int64_t>(), std::int64_t(0));
    }
    QCOMPARE(offsets[0].at("source").get<std::string>(), std::string("reference"));
}

void CliTracesTest::stragglersTextListsOffsets()
{
    const CliRun run = runInProcess(args({"stragglers"}));
    QVERIFY2(run.exitCode == 0, run.err.c_str());
    QVERIFY2(run.out.find("Verdict: ") == 0, run.out.c_str());
    QVERIFY2(run.out.find("Clock offsets applied") != std::string::npos, run.out.c_str());
    QVERIFY2(run.out.find("ranks 2-3 (n1): +3 ms") != std::string::npos, run.out.c_str());
    QVERIFY2(run.out.find("Clock alignment: good") != std::string::npos, run.out.c_str());
}

void CliTracesTest::badInputExitsWithTwo()
{
    const CliRun metric = runInProcess(args({"heatmap", "--metric", "speed"}));
    QCOMPARE(metric.exitCode, 2);
    QVERIFY2(metric.err.find("step_time") != std::string::npos, metric.err.c_str());
    // Without --metric: the GUI's default, the wait caused at collectives when the windows
    // have it (here: collectives matched, though incomplete, so 0 everywhere).
    const CliRun byDefault = runInProcess(args({"heatmap", "--format", "json"}));
    QVERIFY2(byDefault.exitCode == 0, byDefault.err.c_str());
    QCOMPARE(nlohmann::json::parse(byDefault.out).at("metric").get<std::string>(),
             std::string("caused_wait"));
    const CliRun level = runInProcess(args({"heatmap", "--metric", "compute", "--level", "9"}));
    QCOMPARE(level.exitCode, 2);
    QVERIFY2(level.err.find("levels 0 to 0") != std::string::npos, level.err.c_str());
    QCOMPARE(runInProcess(args({"stragglers", "--format", "xml"})).exitCode, 2);

    // A bundle without traces: exit 2 with a message that says where traces go.
    const QString empty = m_dir.filePath(QStringLiteral("stacks-only"));
    bundle_test::writeFile(empty, QStringLiteral("stacks/rank0.txt"), "a;b 1\n");
    const CliRun none = runInProcess({"stragglers", empty.toStdString(), "--cache-dir", m_cache});
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.find("traces/") != std::string::npos, none.err.c_str());
}

void CliTracesTest::importPrintsTraceCounts()
{
    const CliRun run = runInProcess(args({"import"}));
    QVERIFY2(run.exitCode == 0, run.err.c_str());
    QVERIFY2(run.out.find("traces     4 files, 4 ranks, ") != std::string::npos, run.out.c_str());
    // The fixture traces say their rank in distributedInfo.
    QVERIFY2(run.out.find("; ranks from distributedInfo.rank (4)") != std::string::npos,
             run.out.c_str());
}

// No ProfilerStep#N: iterations are refused with a hint, stragglers run on the time bins.
void CliTracesTest::tracesWithoutIterationsUseTimeBins()
{
    const QString root = m_dir.filePath(QStringLiteral("nosteps"));
    for (int rank = 0; rank < 3; ++rank) {
        QByteArray json = bundle_test::kinetoTraceForRank(rank);
        json.replace("ProfilerStep#", "Warmup#");
        bundle_test::writeFile(root, QStringLiteral("traces/rank%1.json").arg(rank), json);
    }
    const std::string bundle = root.toStdString();
    const CliRun byIteration =
        runInProcess({"heatmap", bundle, "--metric", "compute", "--cache-dir", m_cache});
    QCOMPARE(byIteration.exitCode, 2);
    QVERIFY2(byIteration.err.find("--by time") != std::string::npos, byIteration.err.c_str());
    const CliRun byTime = runInProcess(
        {"heatmap", bundle, "--metric", "compute", "--by", "time", "--cache-dir", m_cache});
    QVERIFY2(byTime.exitCode == 0, byTime.err.c_str());
    const CliRun stragglers =
        runInProcess({"stragglers", bundle, "--format", "json", "--cache-dir", m_cache});
    QVERIFY2(stragglers.exitCode == 0, stragglers.err.c_str());
    const nlohmann::json json = nlohmann::json::parse(stragglers.out);
    QCOMPARE(json.at("axis").get<std::string>(), std::string("time"));
    for (const nlohmann::json &suspect : json.at("suspects")) {
        QVERIFY(suspect.at("first_iteration").is_null());
        QVERIFY(suspect.at("first_time_bin").is_number_integer());
    }
    QCOMPARE(int(json.at("clock_offsets").size()), 3);
}

void CliTracesTest::realDlrmStragglers()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString source =
        shared + QStringLiteral("/param-et-kineto/et_replay/tests/inputs/extracted/dlrm_kineto");
    const QString root = m_dir.filePath(QStringLiteral("dlrm"));
    for (const QString &name : QDir(source).entryList({QStringLiteral("*.json")}, QDir::Files))
        bundle_test::copyInto(source + QLatin1Char('/') + name, root,
                              QStringLiteral("traces/") + name);
    const CliRun run = runBinary({QStringLiteral("stragglers"), root, QStringLiteral("--format"),
                                  QStringLiteral("json"), QStringLiteral("--cache-dir"),
                                  QString::fromStdString(m_cache)});
    QVERIFY2(run.exitCode == 0, run.err.c_str());
    const nlohmann::json json = nlohmann::json::parse(run.out);
    QCOMPARE(int(json.at("clock_offsets").size()), 8);
    std::set<std::string> sources;
    for (const nlohmann::json &offset : json.at("clock_offsets"))
        sources.insert(offset.at("source").get<std::string>());
    QVERIFY(sources.count("reference") == 1);
    QVERIFY(sources.count("none") == 0);
    // One ProfilerStep per rank: a spatial answer, nobody slower at its own work. Yet rank 7
    // arrives last at 5 of its 8 all-reduces and the others wait ~5 ms for it (29% of the step):
    // the summary says so, and the verdict cannot be "no stragglers".
    QCOMPARE(json.at("verdict").get<std::string>(), std::string("inconclusive"));
    QVERIFY(json.at("suspects").empty());
    const std::string summary = json.at("summary").get<std::string>();
    QVERIFY2(summary.find("No straggler found in the one iteration") == 0, summary.c_str());
    QVERIFY2(summary.find("Yet rank 7 arrived last at 5 of its 8 collectives") != std::string::npos,
             summary.c_str());
    QCOMPARE(json.at("arrival").at("ranks")[0].at("rank").get<int>(), 7);
    QCOMPARE(json.at("windows").get<int>(), 1);
    QCOMPARE(int(json.at("breakdown").size()), 8);
    for (const nlohmann::json &rank : json.at("breakdown"))
        QVERIFY(rank.at("metrics").at("compute").at("value_ns").get<std::int64_t>() > 0);
    const CliRun text = runBinary({QStringLiteral("stragglers"), root,
                                   QStringLiteral("--cache-dir"), QString::fromStdString(m_cache)});
    QVERIFY2(text.out.find("Per-rank breakdown against the peer median (the only iteration):") !=
                 std::string::npos,
             text.out.c_str());
    QVERIFY2(text.out.find("  rank 7: step_time ") != std::string::npos, text.out.c_str());
}

// A synthetic GPU stall every 4th iteration: the suspect's JSON says it is confirmed, periodic,
// and what it costs; the text line says the same.
void CliTracesTest::periodicStragglerJsonAndText()
{
    const std::string out = m_dir.filePath(QStringLiteral("periodic")).toStdString();
    const CliRun synth =
        runInProcess({"synth", "--scenario", "straggler-gpu", "--ranks", "16", "--iterations", "30",
                      "--fault-iteration", "2", "--fault-period", "4", "--slowdown", "50", "--seed",
                      "5", "--out", out});
    QVERIFY2(synth.exitCode == 0, synth.err.c_str());
    const CliRun run =
        runInProcess({"stragglers", out, "--format", "json", "--cache-dir", m_cache});
    QVERIFY2(run.exitCode == 0, run.err.c_str());
    const nlohmann::json json = nlohmann::json::parse(run.out);
    QCOMPARE(json.at("verdict").get<std::string>(), std::string("stragglers_found"));
    const nlohmann::json &top = json.at("suspects").at(0);
    // The keys of before, unchanged, and the new ones.
    for (const char *key :
         {"ranks", "nodes", "group", "metric", "first_iteration", "first_time_bin",
          "first_window_start_ns", "magnitude", "windows_flagged", "windows_total", "role",
          "reason", "score", "confidence", "period", "cost_per_step_ns", "cost_total_ns",
          "cost_windows"})
        QVERIFY2(top.contains(key), key);
    QCOMPARE(top.at("confidence").get<std::string>(), std::string("confirmed"));
    QCOMPARE(top.at("period").get<int>(), 4);
    QCOMPARE(top.at("first_iteration").get<int>(), 2);
    QCOMPARE(top.at("windows_flagged").get<int>(), 7); // 2, 6, ..., 26
    QCOMPARE(top.at("cost_windows").get<int>(), 28);
    const std::int64_t perStep = top.at("cost_per_step_ns").get<std::int64_t>();
    const std::int64_t total = top.at("cost_total_ns").get<std::int64_t>();
    QVERIFY(perStep > 0);
    QVERIFY(std::llabs(perStep * 28 - total) <= 28);
    const CliRun text = runInProcess({"stragglers", out, "--cache-dir", m_cache});
    QVERIFY2(text.out.find("every 4th iteration from iteration 2, confirmed in 7 of 30 "
                           "iterations; costs the job ~") != std::string::npos,
             text.out.c_str());
    QVERIFY2(text.out.find("[blocker, confirmed, score ") != std::string::npos, text.out.c_str());
    // Long traces print no breakdown (the heatmap and --format json have it).
    QVERIFY(text.out.find("Per-rank breakdown") == std::string::npos);
}

QTEST_GUILESS_MAIN(CliTracesTest)
#include "test_cli_traces.moc"
