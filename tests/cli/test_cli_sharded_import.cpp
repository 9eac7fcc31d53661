// The sharded import (issue 15): `import --shard K/N --out PART` and `merge PART... --out JOB`.
// A merged cache answers every command exactly as the bundle's own import does, whatever the
// split (one shard, uneven shards, more shards than nodes); parts that do not belong together,
// are missing, damaged or of another version are refused with the part named, and a failed
// merge leaves no output behind.
#include "CliTestSupport.h"

#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "importers/bundle/ShardPlan.h"

#include <QTemporaryDir>

#include <filesystem>
#include <map>

using namespace cli_test;
namespace fs = std::filesystem;

namespace {

// The commands whose JSON a merged cache must reproduce.
const std::vector<std::vector<std::string>> kJsonCommands = {
    {"stacks", "--format", "json"},
    {"stragglers", "--format", "json"},
    {"heatmap", "--format", "json"},
    {"collectives", "--format", "json"},
    {"logs", "--format", "json"},
    {"findings", "--format", "json"},
    {"stacks", "--format", "json", "--source", "collectives"},
};

CliRun runOn(std::vector<std::string> command, const std::string &target,
             const std::string &cacheDir)
{
    command.insert(command.begin() + 1, target);
    command.push_back("--cache-dir");
    command.push_back(cacheDir);
    return runInProcess(command);
}

std::int64_t countRows(const std::string &cache, const std::string &sql)
{
    rankscope::SqliteDatabase db(cache, rankscope::SqliteDatabase::Mode::ReadOnly);
    rankscope::SqliteStatement statement = db.prepare(sql);
    return statement.step() ? statement.columnInt64(0) : -1;
}

rankscope::BundleFile file(const std::string &path, rankscope::BundleFileKind kind)
{
    rankscope::BundleFile f;
    f.path = path;
    f.kind = kind;
    return f;
}

std::string manifestOfNodes(int nodes, int ranksPerNode)
{
    std::string ranks;
    for (int r = 0; r < nodes * ranksPerNode; ++r)
        ranks += (r ? "," : "") + std::string("{\"rank\": ") + std::to_string(r) +
                 ", \"node\": \"gpu-" + std::to_string(r / ranksPerNode) +
                 "\", \"local_rank\": " + std::to_string(r % ranksPerNode) + "}";
    return "{\"world_size\": " + std::to_string(nodes * ranksPerNode) + ", \"ranks\": [" + ranks +
           "]}";
}

} // namespace

class CliShardedImportTest : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_bundle;
    std::string m_cache;

    std::string path(const std::string &name) const
    {
        return m_dir.path().toStdString() + "/" + name;
    }

    // Imports every shard of `bundle` into DIR/shard-K.rscache; the parts' paths.
    std::vector<std::string> importShards(const std::string &bundle, int count,
                                          const std::string &dir)
    {
        fs::create_directories(dir);
        std::vector<std::string> parts;
        for (int k = 0; k < count; ++k) {
            const std::string part = dir + "/shard-" + std::to_string(k) + ".rscache";
            const CliRun run = runInProcess({"import", bundle, "--shard",
                                             std::to_string(k) + "/" + std::to_string(count),
                                             "--out", part, "--cache-dir", m_cache});
            if (run.exitCode != 0)
                qWarning("%s", run.err.c_str());
            parts.push_back(part);
        }
        return parts;
    }

    CliRun merge(const std::vector<std::string> &parts, const std::string &out,
                 std::vector<std::string> extra = {})
    {
        std::vector<std::string> args = {"merge"};
        args.insert(args.end(), parts.begin(), parts.end());
        args.push_back("--out");
        args.push_back(out);
        args.insert(args.end(), extra.begin(), extra.end());
        return runInProcess(args);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_bundle = path("bundle");
        m_cache = path("cache");
        // Four layers: a slow node's stacks, traces and logs, and a hang's Flight Recorder dumps.
        rankscope::SynthOptions traced;
        traced.scenario = "slow-node";
        traced.ranks = 32;
        traced.iterations = 16;
        traced.outDir = m_bundle;
        rankscope::writeSyntheticBundle(traced);
        rankscope::SynthOptions hang;
        hang.scenario = "network-hang";
        hang.ranks = 32;
        hang.outDir = path("hang");
        rankscope::writeSyntheticBundle(hang);
        fs::copy(path("hang") + "/fr", m_bundle + "/fr", fs::copy_options::recursive);
    }

    void shardSpecs()
    {
        using rankscope::parseShardSpec;
        const auto none = [](const char *) { return std::optional<std::string>(); };
        QCOMPARE(parseShardSpec("3/8", none).index, 3);
        QCOMPARE(parseShardSpec("3/8", none).count, 8);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseShardSpec("8/8", none));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseShardSpec("-1/8", none));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseShardSpec("1/0", none));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseShardSpec("1", none));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseShardSpec("auto", none));
        // sbatch --array=1-8: task 8 is the last of 8 shards.
        std::map<std::string, std::string> slurm = {{"SLURM_ARRAY_TASK_ID", "8"},
                                                    {"SLURM_ARRAY_TASK_MIN", "1"},
                                                    {"SLURM_ARRAY_TASK_COUNT", "8"}};
        const auto fromMap = [](const std::map<std::string, std::string> &env) {
            return [&env](const char *name) -> std::optional<std::string> {
                const auto it = env.find(name);
                return it == env.end() ? std::nullopt : std::optional<std::string>(it->second);
            };
        };
        QCOMPARE(parseShardSpec("auto", fromMap(slurm)).index, 7);
        QCOMPARE(parseShardSpec("auto", fromMap(slurm)).count, 8);
        // A task run again on its own keeps its shard when the count is stated.
        std::map<std::string, std::string> rerun = {{"SLURM_ARRAY_TASK_ID", "5"},
                                                    {"SLURM_ARRAY_TASK_MIN", "5"},
                                                    {"SLURM_ARRAY_TASK_COUNT", "1"},
                                                    {"RANKSCOPE_SHARD_COUNT", "8"}};
        QCOMPARE(parseShardSpec("auto", fromMap(rerun)).index, 5);
        QCOMPARE(parseShardSpec("auto", fromMap(rerun)).count, 8);
        std::map<std::string, std::string> stepped = {{"SLURM_ARRAY_TASK_ID", "4"},
                                                      {"SLURM_ARRAY_TASK_MIN", "0"},
                                                      {"SLURM_ARRAY_TASK_STEP", "2"},
                                                      {"SLURM_ARRAY_TASK_COUNT", "8"}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseShardSpec("auto", fromMap(stepped)));
        std::map<std::string, std::string> kubernetes = {{"JOB_COMPLETION_INDEX", "2"},
                                                         {"RANKSCOPE_SHARD_COUNT", "4"}};
        QCOMPARE(parseShardSpec("auto", fromMap(kubernetes)).index, 2);
        kubernetes.erase("RANKSCOPE_SHARD_COUNT");
        try {
            parseShardSpec("auto", fromMap(kubernetes));
            QFAIL("an Indexed Job without RANKSCOPE_SHARD_COUNT was accepted");
        } catch (const std::invalid_argument &error) {
            QVERIFY2(std::string(error.what()).find("RANKSCOPE_SHARD_COUNT") != std::string::npos,
                     error.what());
        }
    }

    // A node's per-rank files, its per-node log and its node export share a shard; job.json is
    // in every shard; every other file is in exactly one.
    void planKeepsNodesTogether()
    {
        using rankscope::BundleFileKind;
        rankscope::BundleListing listing;
        listing.files.push_back(file("job.json", BundleFileKind::Manifest));
        listing.files.push_back(file("logs/launcher.out", BundleFileKind::Log));
        for (int node = 0; node < 6; ++node) {
            listing.files.push_back(
                file("logs/node" + std::to_string(node) + ".log", BundleFileKind::Log));
            listing.files.push_back(
                file("nsys/node_" + std::to_string(node) + ".sqlite", BundleFileKind::Trace));
        }
        for (int rank = 0; rank < 48; ++rank) {
            listing.files.push_back(file("traces/rank" + std::to_string(rank) + ".pt.trace.json",
                                         BundleFileKind::Trace));
            listing.files.push_back(
                file("stacks/rank" + std::to_string(rank) + "/dump.txt", BundleFileKind::Stacks));
        }
        const rankscope::ShardPlan plan(listing, manifestOfNodes(6, 8), 4);
        std::map<std::string, int> shardOfNode;
        int everyShard = 0;
        for (const rankscope::BundleFile &f : listing.files) {
            const int shard = plan.shardOf(f);
            if (f.kind == BundleFileKind::Manifest) {
                QCOMPARE(shard, -1);
                ++everyShard;
                continue;
            }
            QVERIFY(shard >= 0 && shard < 4);
            std::string node;
            if (f.path.starts_with("traces/rank") || f.path.starts_with("stacks/rank")) {
                const int rank = std::stoi(f.path.substr(f.path.find("rank") + 4));
                node = std::to_string(rank / 8);
            } else if (f.path.find("node") != std::string::npos) {
                node = f.path.substr(f.path.find("node") + 4, 1);
                if (node == "_")
                    node = f.path.substr(f.path.find("node_") + 5, 1);
            } else {
                continue; // the combined log: one shard, any
            }
            const auto [it, added] = shardOfNode.emplace(node, shard);
            QVERIFY2(it->second == shard, f.path.c_str());
        }
        QCOMPARE(everyShard, 1);
        // A Flight Recorder dump named as PyTorch writes it goes with its rank's node.
        QCOMPARE(plan.shardOf(file("fr/_dump_45", BundleFileKind::CollectiveDump)),
                 shardOfNode["5"]);
        QCOMPARE(plan.shardOf(file("fr/nccl_trace_rank_3", BundleFileKind::CollectiveDump)),
                 shardOfNode["0"]);
        QCOMPARE(int(shardOfNode.size()), 6);
        // Consecutive nodes share a shard; every shard gets some.
        QCOMPARE(shardOfNode["0"], 0);
        QCOMPARE(shardOfNode["5"], 3);
        QCOMPARE(plan.ranksOfShard(0), std::string("0-15")); // nodes 0 and 1
        QCOMPARE(plan.ranksOfShard(1), std::string("16-23"));
        rankscope::BundleListing shard2 = listing;
        rankscope::keepShardFiles(shard2, plan, 2);
        QVERIFY(std::any_of(shard2.files.begin(), shard2.files.end(),
                            [](const auto &f) { return f.path == "job.json"; }));
        QVERIFY(std::none_of(shard2.files.begin(), shard2.files.end(),
                             [](const auto &f) { return f.path == "traces/rank0.pt.trace.json"; }));
        // Without job.json, ranks go in consecutive blocks.
        const rankscope::ShardPlan byRank(listing, "", 4);
        QCOMPARE(byRank.ranksOfShard(0), std::string("0-11"));
        QCOMPARE(byRank.ranksOfShard(3), std::string("36-47"));
    }

    void mergedCacheAnswersLikeTheBundle_data()
    {
        QTest::addColumn<int>("shards");
        QTest::newRow("one shard") << 1;
        QTest::newRow("three uneven shards") << 3;
        QTest::newRow("more shards than nodes") << 6; // 4 nodes: two shards hold only job.json
    }

    void mergedCacheAnswersLikeTheBundle()
    {
        QFETCH(int, shards);
        const std::string dir = path("parts-" + std::to_string(shards));
        const std::vector<std::string> parts = importShards(m_bundle, shards, dir);
        const std::string merged = dir + "/job.rscache";
        const CliRun mergeRun = merge(parts, merged);
        QVERIFY2(mergeRun.exitCode == 0, mergeRun.err.c_str());
        QVERIFY(fs::exists(merged));
        QVERIFY(!fs::exists(merged + ".incomplete"));
        for (const std::vector<std::string> &command : kJsonCommands) {
            const CliRun fromBundle = runOn(command, m_bundle, m_cache);
            const CliRun fromMerged = runOn(command, merged, m_cache);
            QVERIFY2(fromBundle.exitCode == 0, fromBundle.err.c_str());
            QVERIFY2(fromMerged.exitCode == 0, fromMerged.err.c_str());
            QVERIFY2(fromBundle.out.size() > 100, command.front().c_str());
            QVERIFY2(fromBundle.out == fromMerged.out, command.front().c_str());
        }
        // The summary of the merged cache counts what the bundle's import counts.
        const CliRun summary = runInProcess({"import", merged});
        QVERIFY2(summary.exitCode == 0, summary.err.c_str());
        QVERIFY2(summary.out.find("a merge of the shards of " + fs::canonical(m_bundle).string()) !=
                     std::string::npos,
                 summary.out.c_str());
        QVERIFY2(summary.out.find("32 ranks") != std::string::npos, summary.out.c_str());
    }

    // A baseline comparison of two merged caches reads as the comparison of their bundles: the
    // sides are named after the bundles, every figure the same.
    void diffOfMergedCachesReadsLikeTheBundles()
    {
        rankscope::SynthOptions base;
        base.scenario = "slow-node";
        base.ranks = 32;
        base.iterations = 16;
        base.healthyBaseline = true;
        base.outDir = path("baseline");
        rankscope::writeSyntheticBundle(base);
        const std::vector<std::string> targetParts = importShards(m_bundle, 2, path("diff-t"));
        const std::vector<std::string> baseParts =
            importShards(path("baseline"), 2, path("diff-b"));
        QCOMPARE(merge(targetParts, path("diff-t/bundle.rscache")).exitCode, 0);
        QCOMPARE(merge(baseParts, path("diff-b/baseline.rscache")).exitCode, 0);
        for (const char *command : {"diff", "findings"}) {
            const CliRun fromBundles =
                runInProcess({command, m_bundle, "--baseline", path("baseline"), "--format", "json",
                              "--cache-dir", m_cache});
            const CliRun fromMerged = runInProcess({command, path("diff-t/bundle.rscache"),
                                                    "--baseline", path("diff-b/baseline.rscache"),
                                                    "--format", "json", "--cache-dir", m_cache});
            QVERIFY2(fromBundles.exitCode == 0, fromBundles.err.c_str());
            QVERIFY2(fromMerged.exitCode == 0, fromMerged.err.c_str());
            QVERIFY2(fromBundles.out == fromMerged.out, command);
        }
    }

    void missingShardIsRefusedByName()
    {
        const std::vector<std::string> parts = importShards(m_bundle, 4, path("parts-missing"));
        const std::string out = path("parts-missing/job.rscache");
        const CliRun run = merge({parts[0], parts[1], parts[3]}, out);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("shard 2/4 is missing") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("ranks 16-23") != std::string::npos, run.err.c_str());
        QVERIFY(!fs::exists(out));
        QVERIFY(!fs::exists(out + ".incomplete"));

        const CliRun allowed = merge({parts[0], parts[1], parts[3]}, out, {"--allow-missing"});
        QVERIFY2(allowed.exitCode == 0, allowed.err.c_str());
        QVERIFY2(allowed.out.find("ranks 16-23 have no data") != std::string::npos,
                 allowed.out.c_str());
        const CliRun summary = runInProcess({"import", out});
        QVERIFY2(summary.out.find("missing    shard 2") != std::string::npos, summary.out.c_str());
        QVERIFY2(summary.out.find("merged without shard 2/4 (--allow-missing): ranks 16-23") !=
                     std::string::npos,
                 summary.out.c_str());
        // The ranks of the missing shard have no stacks: the tree says no data for them.
        const CliRun stacks = runOn({"stacks", "--format", "json"}, out, m_cache);
        QVERIFY2(stacks.exitCode == 0, stacks.err.c_str());
        const nlohmann::json json = nlohmann::json::parse(stacks.out);
        QVERIFY2(json.dump().find("16-23") != std::string::npos, "no-data ranks not named");
    }

    // Parts written into the bundle folder itself (an ignored file for the next shard's scan)
    // do not make the shards look like parts of different bundles.
    void partsInsideTheBundleStillMerge()
    {
        const std::string inside = m_bundle + "/rankscope-parts";
        const std::vector<std::string> parts = importShards(m_bundle, 3, inside);
        const CliRun run = merge(parts, path("inside.rscache"));
        QVERIFY2(run.exitCode == 0, run.err.c_str());
        fs::remove_all(inside);
    }

    void partsOfDifferentBundlesAreRefused()
    {
        const std::vector<std::string> ours = importShards(m_bundle, 2, path("parts-ours"));
        rankscope::SynthOptions other;
        other.scenario = "hang-dataloader";
        other.ranks = 32;
        other.outDir = path("other");
        rankscope::writeSyntheticBundle(other);
        const std::vector<std::string> theirs =
            importShards(path("other"), 2, path("parts-theirs"));
        const CliRun run = merge({ours[0], theirs[1]}, path("mixed.rscache"));
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("shards of different bundles") != std::string::npos, run.err.c_str());
        QVERIFY(!fs::exists(path("mixed.rscache")));
        // Another split of the same bundle.
        const std::vector<std::string> three = importShards(m_bundle, 3, path("parts-three"));
        const CliRun splits = merge({ours[0], three[1]}, path("mixed.rscache"));
        QCOMPARE(splits.exitCode, 2);
        QVERIFY2(splits.err.find("different splits") != std::string::npos, splits.err.c_str());
    }

    void duplicateForeignAndUnfinishedPartsAreRefused()
    {
        const std::vector<std::string> parts = importShards(m_bundle, 2, path("parts-dup"));
        const CliRun twice = merge({parts[0], parts[0], parts[1]}, path("dup.rscache"));
        QCOMPARE(twice.exitCode, 2);
        QVERIFY2(twice.err.find("are both shard 0/2") != std::string::npos, twice.err.c_str());

        const CliRun notCache = merge({m_bundle + "/job.json", parts[1]}, path("dup.rscache"));
        QCOMPARE(notCache.exitCode, 2);
        QVERIFY2(notCache.err.find("job.json is not a rankscope cache") != std::string::npos,
                 notCache.err.c_str());

        // The bundle's own cache is a cache, but no shard.
        const std::string bundleCache = path("bundle-cache.sqlite");
        runInProcess({"import", m_bundle, "--cache-dir", m_cache});
        for (const auto &entry : fs::directory_iterator(m_cache))
            if (entry.path().extension() == ".sqlite")
                fs::copy_file(entry.path(), bundleCache, fs::copy_options::overwrite_existing);
        const CliRun plain = merge({bundleCache, parts[1]}, path("dup.rscache"));
        QCOMPARE(plain.exitCode, 2);
        QVERIFY2(plain.err.find("not one shard of a sharded import") != std::string::npos,
                 plain.err.c_str());

        // A part whose import never completed.
        const std::string unfinished = path("parts-dup/unfinished.rscache");
        fs::copy_file(parts[0], unfinished);
        {
            rankscope::SqliteDatabase db(unfinished);
            db.exec("UPDATE meta SET value = '0' WHERE key = 'complete'");
        }
        const CliRun run = merge({unfinished, parts[1]}, path("dup.rscache"));
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("unfinished shard import: run shard 0 again") != std::string::npos,
                 run.err.c_str());
        QVERIFY(!fs::exists(path("dup.rscache")));
    }

    // Parts edited or damaged after their import (rows pointing nowhere, a table gone, a blob
    // that is no zstd frame): refused with the part named, never an internal error, no output.
    void hostilePartsAreRefusedByName()
    {
        const std::vector<std::string> parts = importShards(m_bundle, 2, path("parts-hostile"));
        const auto edited = [&](const std::string &name, const std::string &sql) {
            const std::string copy = path("parts-hostile/" + name + ".rscache");
            fs::copy_file(parts[1], copy, fs::copy_options::overwrite_existing);
            rankscope::SqliteDatabase db(copy);
            db.exec(sql);
            return copy;
        };
        const std::string out = path("parts-hostile/job.rscache");
        struct Case
        {
            const char *name;
            const char *sql;
            const char *says;
        };
        for (const Case &c : {
                 Case{"orphan-trace",
                      "UPDATE trace_files SET file_id = 99999 WHERE id = (SELECT min(id) FROM "
                      "trace_files)",
                      "orphan-trace.rscache is damaged or not a whole shard cache (trace"},
                 Case{"no-log-table", "DROP TABLE log_files",
                      "no-log-table.rscache is damaged or not a whole shard cache"},
                 Case{"bad-blob",
                      "UPDATE trace_files SET collectives = x'00112233' WHERE id = (SELECT "
                      "min(id) FROM trace_files)",
                      "a part holds damaged data"},
             }) {
            const CliRun run = merge({parts[0], edited(c.name, c.sql)}, out);
            QVERIFY2(run.exitCode == 2, (std::string(c.name) + ": " + run.err).c_str());
            QVERIFY2(run.err.find(c.says) != std::string::npos, run.err.c_str());
            QVERIFY(!fs::exists(out));
            QVERIFY(!fs::exists(out + ".incomplete"));
        }
    }

    void partOfAnotherVersionIsRefused()
    {
        const std::vector<std::string> parts = importShards(m_bundle, 2, path("parts-version"));
        const std::string old = path("parts-version/old.rscache");
        fs::copy_file(parts[1], old);
        {
            rankscope::SqliteDatabase db(old);
            db.exec("UPDATE meta SET value = '0.0.1' WHERE key = 'rankscope_version'");
        }
        CliRun run = merge({parts[0], old}, path("version.rscache"));
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("written by rankscope 0.0.1") != std::string::npos, run.err.c_str());
        {
            rankscope::SqliteDatabase db(old);
            db.setUserVersion(3);
        }
        run = merge({parts[0], old}, path("version.rscache"));
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("another version of rankscope (cache schema 3") != std::string::npos,
                 run.err.c_str());
        QVERIFY(!fs::exists(path("version.rscache")));
    }

    // A part cut short (a copy that did not finish): the merge fails naming it, and neither
    // the output nor its unfinished file is left behind; an earlier output stays as it was.
    void damagedPartLeavesNoOutput()
    {
        const std::vector<std::string> parts = importShards(m_bundle, 2, path("parts-cut"));
        const std::string out = path("parts-cut/job.rscache");
        QCOMPARE(merge(parts, out).exitCode, 0);
        const auto before = fs::file_size(out);
        const std::string cut = path("parts-cut/cut.rscache");
        fs::copy_file(parts[1], cut);
        fs::resize_file(cut, fs::file_size(cut) / 3);
        const CliRun run = merge({parts[0], cut}, out);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("cut.rscache") != std::string::npos, run.err.c_str());
        QVERIFY(!fs::exists(out + ".incomplete"));
        QCOMPARE(fs::file_size(out), before);
        const CliRun stacks = runOn({"stacks", "--format", "json"}, out, m_cache);
        QCOMPARE(stacks.exitCode, 0);
    }

    // --keep-events drops raw trace events only: every window, metric and finding stays.
    void keepEventsLeavesWindowsWhole()
    {
        const std::vector<std::string> parts = importShards(m_bundle, 2, path("parts-events"));
        const std::string all = path("parts-events/all.rscache");
        const std::string none = path("parts-events/none.rscache");
        const std::string outliers = path("parts-events/outliers.rscache");
        QCOMPARE(merge(parts, all).exitCode, 0);
        const CliRun noneRun = merge(parts, none, {"--keep-events", "none"});
        QVERIFY2(noneRun.exitCode == 0, noneRun.err.c_str());
        const CliRun outlierRun = merge(parts, outliers, {"--keep-events", "outliers"});
        QVERIFY2(outlierRun.exitCode == 0, outlierRun.err.c_str());

        const std::string blocks = "SELECT count(*) FROM trace_event_blocks";
        const std::int64_t allBlocks = countRows(all, blocks);
        QVERIFY(allBlocks > 0);
        QCOMPARE(countRows(none, blocks), std::int64_t(0));
        const std::int64_t kept = countRows(outliers, blocks);
        QVERIFY(kept > 0 && kept < allBlocks);
        QVERIFY(fs::file_size(none) < fs::file_size(all));
        // The slow node's ranks keep their events; so do a few peers, not everybody.
        const nlohmann::json truth = readJsonFile(m_bundle + "/ground_truth.json");
        const std::string keptRanks =
            "SELECT count(DISTINCT t.rank) FROM trace_event_blocks b JOIN trace_files t ON "
            "t.id = b.trace_id";
        const std::int64_t ranks = countRows(outliers, keptRanks);
        QVERIFY2(ranks >= 8 && ranks <= 8 + 4, std::to_string(ranks).c_str());
        QVERIFY(!truth["fault_ranks"].empty());
        for (const nlohmann::json &slowRank : truth["fault_ranks"])
            QVERIFY(countRows(outliers, "SELECT count(*) FROM trace_event_blocks b JOIN "
                                        "trace_files t ON t.id = b.trace_id WHERE t.rank = " +
                                            std::to_string(slowRank.get<int>())) > 0);
        for (const char *command : {"heatmap", "stragglers", "findings"}) {
            const CliRun a = runOn({command, "--format", "json"}, all, m_cache);
            QCOMPARE(runOn({command, "--format", "json"}, none, m_cache).out, a.out);
            QCOMPARE(runOn({command, "--format", "json"}, outliers, m_cache).out, a.out);
        }
        const CliRun summary = runInProcess({"import", none});
        QVERIFY2(summary.out.find("--keep-events none") != std::string::npos, summary.out.c_str());
    }

    void mergedCacheIsNotReimported()
    {
        const std::vector<std::string> parts = importShards(m_bundle, 1, path("parts-force"));
        const std::string out = path("parts-force/job.rscache");
        QCOMPARE(merge(parts, out).exitCode, 0);
        const CliRun run = runInProcess({"stacks", out, "--force"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("is a rankscope cache, not a bundle") != std::string::npos,
                 run.err.c_str());
        QVERIFY(fs::exists(out));
    }

    // Only rankscope's own caches open as caches: an Nsight Systems export (SQLite too) given on
    // its own is not taken for a cache of another version.
    void otherSqliteFilesAreInputs()
    {
        const CliRun synth =
            runInProcess({"synth", "--scenario", "straggler-gpu", "--ranks", "2", "--iterations",
                          "5", "--nsys", "--out", path("nsys-bundle")});
        QVERIFY2(synth.exitCode == 0, synth.err.c_str());
        const CliRun run = runInProcess(
            {"import", path("nsys-bundle/nsys/rank_0.sqlite"), "--cache-dir", m_cache});
        // (A lone export is not a bundle rankscope opens on its own: said as before.)
        QVERIFY2(run.err.find("rankscope cache") == std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("rank_0.sqlite is not a folder") != std::string::npos,
                 run.err.c_str());
    }

    void shardArgumentsAreChecked()
    {
        CliRun run = runInProcess({"import", m_bundle, "--shard", "2/2", "--out", path("x")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("the shard must be 0 to 1") != std::string::npos, run.err.c_str());
        run = runInProcess({"import", m_bundle, "--shard", "0/2"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("--shard needs --out") != std::string::npos, run.err.c_str());
        run = runInProcess({"merge", path("nothing.rscache")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.find("--out") != std::string::npos, run.err.c_str());
    }
};

QTEST_GUILESS_MAIN(CliShardedImportTest)
#include "test_cli_sharded_import.moc"
