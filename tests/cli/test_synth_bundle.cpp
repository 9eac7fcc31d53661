// The synthetic bundle writer: files where the bundle reader looks for them, real py-spy dump
// text, the injected fault as ground_truth.json says, and the same bytes for the same seed.
#include "CliTestSupport.h"

#include "importers/stacks/StackFormat.h"

#include <QDir>
#include <QDirIterator>
#include <QTemporaryDir>

#include <algorithm>
#include <set>
#include <stdexcept>

using namespace cli_test;
using namespace rankscope;

namespace {

std::string stackFile(const QString &bundle, int rank, int sample)
{
    QDir dir(bundle + QStringLiteral("/stacks/rank%1").arg(rank));
    const QStringList files =
        dir.entryList({QStringLiteral("dump-*.txt")}, QDir::Files, QDir::Name);
    if (sample >= files.size())
        return {};
    return dir.filePath(files.at(sample)).toStdString();
}

ParsedStacks parseFile(const std::string &path)
{
    return parsePySpyText(readFile(path));
}

// Frames as "function (file:line)": what the progress check compares.
std::vector<std::string> locations(const ParsedThread &thread)
{
    std::vector<std::string> names;
    for (const Frame &frame : thread.frames)
        names.push_back(frame.function + " (" + frame.file + ":" + std::to_string(frame.line) +
                        ")");
    return names;
}

std::vector<std::string> functions(const ParsedThread &thread)
{
    std::vector<std::string> names;
    for (const Frame &frame : thread.frames)
        names.push_back(frame.function);
    return names;
}

const ParsedThread *mainThread(const ParsedStacks &stacks)
{
    if (stacks.processes.empty())
        return nullptr;
    for (const ParsedThread &thread : stacks.processes.front().threads) {
        if (thread.threadName == "MainThread")
            return &thread;
    }
    return nullptr;
}

} // namespace

class TestSynthBundle : public QObject
{
    Q_OBJECT

private slots:
    void writesTheBundleLayout()
    {
        QTemporaryDir dir;
        writeSynth(dir.path(), "hang-dataloader", 20, 4);

        const nlohmann::json job = readJsonFile(dir.path().toStdString() + "/job.json");
        QVERIFY(job.is_object());
        QCOMPARE(job["job_id"].get<std::string>(), std::string("synth-hang-dataloader-20-s4"));
        QCOMPARE(job["world_size"].get<int>(), 20);
        QCOMPARE(job["ranks"].size(), std::size_t(20));
        for (int r = 0; r < 20; ++r) {
            const nlohmann::json &rank = job["ranks"][static_cast<std::size_t>(r)];
            QCOMPARE(rank["rank"].get<int>(), r);
            QCOMPARE(rank["node"].get<std::string>(), "node-" + std::to_string(r / 8));
            QCOMPARE(rank["local_rank"].get<int>(), r % 8);
            QCOMPARE(rank["role"].get<std::string>(), std::string("trainer"));
            for (const char *group : {"dp", "tp", "pp"})
                QVERIFY2(rank["groups"][group].is_number_integer(), group);
        }

        QDirIterator it(dir.path() + QStringLiteral("/stacks"), QDir::Files,
                        QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            it.next();
            ++files;
            // rank<N>/dump-<10-digit epoch seconds>.txt
            QVERIFY2(QRegularExpression(QStringLiteral("^rank\\d+$"))
                         .match(it.fileInfo().dir().dirName())
                         .hasMatch(),
                     qPrintable(it.filePath()));
            QVERIFY2(QRegularExpression(QStringLiteral("^dump-\\d{10}\\.txt$"))
                         .match(it.fileName())
                         .hasMatch(),
                     qPrintable(it.filePath()));
        }
        QCOMPARE(files, 20 * 3);

        const nlohmann::json truth = readJsonFile(dir.path().toStdString() + "/ground_truth.json");
        QCOMPARE(truth["scenario"].get<std::string>(), std::string("hang-dataloader"));
        QCOMPARE(truth["seed"].get<int>(), 4);
        QCOMPARE(truth["world_size"].get<int>(), 20);
        QCOMPARE(truth["fault_ranks"].size(), std::size_t(1));
        const int fault = truth["fault_ranks"][0].get<int>();
        QVERIFY(fault >= 1 && fault < 20);
        QCOMPARE(truth["fault_node"].get<std::string>(), "node-" + std::to_string(fault / 8));
        QCOMPARE(truth["expected_top_suspect_frame"].get<std::string>(), std::string("__next__"));
        QVERIFY(truth["description"].get<std::string>().find("Rank " + std::to_string(fault)) !=
                std::string::npos);
    }

    void everyFileIsValidPySpyText()
    {
        QTemporaryDir dir;
        writeSynth(dir.path(), "healthy", 12, 9);
        for (int rank = 0; rank < 12; ++rank) {
            for (int sample = 0; sample < 3; ++sample) {
                const std::string path = stackFile(dir.path(), rank, sample);
                const std::string text = readFile(path);
                QCOMPARE(detectStackFormat(text, path), StackFormat::PySpyText);
                const ParsedStacks parsed = parsePySpyText(text);
                const std::string problem = parsed.problems.empty()
                                                ? std::string()
                                                : path + ": " + parsed.problems.front().message;
                QVERIFY2(parsed.problems.empty(), problem.c_str());
                QCOMPARE(parsed.invalidLines, std::int64_t(0));
                // The trainer with 4 threads, then its 2 DataLoader workers.
                QCOMPARE(parsed.processes.size(), std::size_t(3));
                const ParsedProcess &trainer = parsed.processes[0];
                QCOMPARE(trainer.parentPid, std::int64_t(0));
                QCOMPARE(trainer.pythonVersion, std::string("3.10.12"));
                QVERIFY(trainer.commandLine.rfind("python -u pretrain_gpt.py", 0) == 0);
                QCOMPARE(trainer.threads.size(), std::size_t(4));
                QCOMPARE(trainer.threads[0].threadName, std::string("MainThread"));
                QCOMPARE(trainer.threads[0].threadId, std::uint64_t(trainer.pid));
                QCOMPARE(trainer.threads[1].threadName, std::string("Thread-1"));
                QCOMPARE(trainer.threads[2].threadName, std::string("Thread-2 (_pin_memory_loop)"));
                QCOMPARE(trainer.threads[3].threadName, std::string("pt_autograd_0"));
                // Root first after parsing: every trainer stack starts in the script.
                QCOMPARE(trainer.threads[0].frames.front().function, std::string("<module>"));
                QCOMPARE(trainer.threads[0].frames.front().file, std::string("pretrain_gpt.py"));
                const Frame &nativeLeaf = trainer.threads[3].frames.back();
                QCOMPARE(nativeLeaf.kind, FrameKind::Native);
                QCOMPARE(nativeLeaf.line, 0);
                for (std::size_t w = 1; w < parsed.processes.size(); ++w) {
                    QCOMPARE(parsed.processes[w].parentPid, trainer.pid);
                    QVERIFY(parsed.processes[w].pid != trainer.pid);
                    QCOMPARE(parsed.processes[w].threads.size(), std::size_t(1));
                    QCOMPARE(functions(parsed.processes[w].threads[0])[13],
                             std::string("_worker_loop"));
                }
            }
        }
    }

    void hangDataloaderStoryHolds()
    {
        QTemporaryDir dir;
        writeSynth(dir.path(), "hang-dataloader", 24, 11);
        const nlohmann::json truth = readJsonFile(dir.path().toStdString() + "/ground_truth.json");
        const int fault = truth["fault_ranks"][0].get<int>();
        const std::vector<std::string> faultPath = truth["fault_path"];

        for (int rank = 0; rank < 24; ++rank) {
            std::vector<std::vector<std::string>> mains;
            for (int sample = 0; sample < 3; ++sample) {
                const ParsedStacks parsed = parseFile(stackFile(dir.path(), rank, sample));
                const ParsedThread *main = mainThread(parsed);
                QVERIFY(main);
                mains.push_back(functions(*main));
                if (rank == fault) {
                    QCOMPARE(functions(*main), faultPath);
                    QCOMPARE(main->state, ThreadState::Idle);
                    // Worker 0 hangs in a read() of the dataset.
                    QCOMPARE(parsed.processes.at(1).threads.at(0).frames.back().function,
                             std::string("read"));
                } else {
                    const Frame &leaf = main->frames.back();
                    QCOMPARE(leaf.function, std::string("all_reduce"));
                    QCOMPARE(leaf.file, std::string("torch/distributed/distributed_c10d.py"));
                    QCOMPARE(leaf.line, 2050);
                    QVERIFY(std::find(mains.back().begin(), mains.back().end(),
                                      "finalize_model_grads") != mains.back().end());
                }
            }
            // Stuck: identical in every sample, waiters and the faulty rank alike.
            QVERIFY(mains[0] == mains[1] && mains[1] == mains[2]);
        }
    }

    void healthyRanksProgress()
    {
        QTemporaryDir dir;
        writeSynth(dir.path(), "healthy", 30, 2);
        std::map<std::vector<std::string>, int> latestPlaces;
        int inAllReduce = 0;
        for (int rank = 0; rank < 30; ++rank) {
            std::vector<std::vector<std::string>> mains;
            for (int sample = 0; sample < 3; ++sample) {
                const ParsedStacks parsed = parseFile(stackFile(dir.path(), rank, sample));
                mains.push_back(locations(*mainThread(parsed)));
            }
            QVERIFY2(mains[0] != mains[1] && mains[1] != mains[2],
                     qPrintable(QStringLiteral("rank %1 does not progress").arg(rank)));
            ++latestPlaces[mains[2]];
            inAllReduce += mains[2].back().rfind("all_reduce ", 0) == 0;
        }
        // No place holds a majority, in particular not the tensor-parallel all_reduce.
        for (const auto &[place, count] : latestPlaces)
            QVERIFY2(2 * count <= 30, place.back().c_str());
        QVERIFY(2 * inAllReduce <= 30);
        QVERIFY(latestPlaces.size() >= 4);
    }

    void sameSeedSameBytesOtherSeedOtherBundle()
    {
        QTemporaryDir a;
        QTemporaryDir b;
        QTemporaryDir c;
        writeSynth(a.path(), "hang-dataloader", 40, 77);
        writeSynth(b.path(), "hang-dataloader", 40, 77);
        writeSynth(c.path(), "hang-dataloader", 40, 78);
        QCOMPARE(readFile(a.path().toStdString() + "/job.json"),
                 readFile(b.path().toStdString() + "/job.json"));
        QCOMPARE(readFile(a.path().toStdString() + "/ground_truth.json"),
                 readFile(b.path().toStdString() + "/ground_truth.json"));
        for (int rank : {0, 13, 39}) {
            for (int sample = 0; sample < 3; ++sample) {
                const std::string fa = stackFile(a.path(), rank, sample);
                const std::string fb = stackFile(b.path(), rank, sample);
                QCOMPARE(QFileInfo(QString::fromStdString(fa)).fileName(),
                         QFileInfo(QString::fromStdString(fb)).fileName());
                QCOMPARE(readFile(fa), readFile(fb));
                QVERIFY(readFile(fa) != readFile(stackFile(c.path(), rank, sample)));
            }
        }
        // Ranks and pids differ between ranks.
        const ParsedStacks r0 = parseFile(stackFile(a.path(), 0, 0));
        const ParsedStacks r1 = parseFile(stackFile(a.path(), 1, 0));
        QVERIFY(r0.processes[0].pid != r1.processes[0].pid);
    }

    void faultRankDependsOnTheSeedAndIsNotAlwaysZero()
    {
        std::set<int> faults;
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
            QTemporaryDir dir;
            writeSynth(dir.path(), "hang-dataloader", 64, seed);
            const nlohmann::json truth =
                readJsonFile(dir.path().toStdString() + "/ground_truth.json");
            const int fault = truth["fault_ranks"][0].get<int>();
            QVERIFY(fault >= 1 && fault <= 63);
            faults.insert(fault);
        }
        QVERIFY2(faults.size() >= 4, "the seed barely changes the faulty rank");
    }

    void rejectsWhatItCannotWrite()
    {
        QTemporaryDir dir;
        const QString out = dir.path() + QStringLiteral("/b");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSynth(out, "nope", 4, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSynth(out, "healthy", 0, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSynth(out, "hang-dataloader", 1, 1));
        QVERIFY(!QFileInfo::exists(out)); // nothing written for a rejected request

        // A file where the directory should be.
        QFile file(out);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, writeSynth(out, "healthy", 2, 1));

        // The scenario list names exactly what the writer accepts.
        for (const SynthScenarioInfo &info : synthScenarios()) {
            QTemporaryDir ok;
            writeSynth(ok.path(), info.name, 2, 1);
            QVERIFY(!info.description.empty());
        }
        QCOMPARE(synthScenarios().size(), std::size_t(6));
    }

    void rewritingAnEarlierBundleLeavesNothingStale()
    {
        QTemporaryDir dir;
        writeSynth(dir.path(), "healthy", 16, 1);
        QVERIFY(QFileInfo::exists(dir.path() + QStringLiteral("/stacks/rank15")));
        writeSynth(dir.path(), "hang-dataloader", 4, 1);
        QVERIFY(!QFileInfo::exists(dir.path() + QStringLiteral("/stacks/rank15")));
        QCOMPARE(QDir(dir.path() + QStringLiteral("/stacks"))
                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                     .size(),
                 4);
        const nlohmann::json truth = readJsonFile(dir.path().toStdString() + "/ground_truth.json");
        QCOMPARE(truth["scenario"].get<std::string>(), std::string("hang-dataloader"));
    }

    void singleRankHealthyAndOtherNodeSizes()
    {
        QTemporaryDir dir;
        SynthOptions options;
        options.scenario = "healthy";
        options.ranks = 1;
        options.samplesPerRank = 5;
        options.ranksPerNode = 4;
        options.outDir = dir.path().toStdString();
        writeSyntheticBundle(options);
        QCOMPARE(QDir(dir.path() + QStringLiteral("/stacks/rank0")).entryList(QDir::Files).size(),
                 5);

        QTemporaryDir four;
        options.ranks = 10;
        options.outDir = four.path().toStdString();
        writeSyntheticBundle(options);
        const nlohmann::json job = readJsonFile(four.path().toStdString() + "/job.json");
        QCOMPARE(job["ranks"][9]["node"].get<std::string>(), std::string("node-2"));
        QCOMPARE(job["ranks"][9]["local_rank"].get<int>(), 1);
    }

    void baselineOutWritesThePair()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString() + "/tonight";
        const std::string base = dir.path().toStdString() + "/last-week";
        const CliRun run = runInProcess({"synth", "--scenario", "hang-dataloader", "--ranks", "16",
                                         "--seed", "5", "--out", out, "--baseline-out", base});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.find("Wrote hang-dataloader bundle to " + out) != std::string::npos,
                 run.out.c_str());
        QVERIFY2(run.out.find("Wrote the healthy baseline of hang-dataloader to " + base) !=
                     std::string::npos,
                 run.out.c_str());

        const nlohmann::json job = readJsonFile(out + "/job.json");
        QCOMPARE(job["baseline"].get<std::string>(), std::string("../last-week"));
        QCOMPARE(job["job_id"].get<std::string>(), std::string("synth-hang-dataloader-16-s5"));
        const nlohmann::json baseJob = readJsonFile(base + "/job.json");
        QVERIFY(!baseJob.contains("baseline"));
        QCOMPARE(baseJob["job_id"].get<std::string>(),
                 std::string("synth-hang-dataloader-baseline-16-s5"));
        QCOMPARE(baseJob["ranks"], job["ranks"]);

        const nlohmann::json truth = readJsonFile(out + "/ground_truth.json");
        const nlohmann::json baseTruth = readJsonFile(base + "/ground_truth.json");
        QCOMPARE(truth["healthy_baseline"].get<bool>(), false);
        QCOMPARE(truth["fault_ranks"].size(), std::size_t(1));
        QCOMPARE(baseTruth["healthy_baseline"].get<bool>(), true);
        QVERIFY(baseTruth["fault_ranks"].empty());
        QCOMPARE(QDir(QString::fromStdString(base + "/stacks"))
                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                     .size(),
                 16);

        // The fault rank trains in the baseline.
        const int fault = truth["fault_ranks"][0].get<int>();
        const QString baseDir = QString::fromStdString(base);
        for (int sample = 0; sample < 3; ++sample) {
            const ParsedStacks parsed = parseFile(stackFile(baseDir, fault, sample));
            const std::vector<std::string> frames = functions(*mainThread(parsed));
            QVERIFY(std::find(frames.begin(), frames.end(), "_try_get_data") == frames.end());
        }
    }

    void healthyBaselineWritesOnlyTheTwin()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString() + "/base";
        const CliRun run = runInProcess({"synth", "--scenario", "straggler-gpu", "--ranks", "4",
                                         "--iterations", "4", "--out", out, "--healthy-baseline"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.find("Healthy baseline of straggler-gpu") != std::string::npos,
                 run.out.c_str());
        const nlohmann::json truth = readJsonFile(out + "/ground_truth.json");
        QCOMPARE(truth["healthy_baseline"].get<bool>(), true);
        QCOMPARE(truth["slowdown_percent"].get<double>(), 0.0);
        QVERIFY(truth["fault_ranks"].empty());
        QVERIFY(!readJsonFile(out + "/job.json").contains("baseline"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 1);
    }

    void baselineOptionsRejectWhatCannotWork()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString() + "/run";
        const std::vector<std::vector<std::string>> bad = {
            {"--healthy-baseline", "--baseline-out", dir.path().toStdString() + "/b"},
            {"--baseline-out", ""},
            {"--baseline-out", out},
            {"--baseline-out", out + "/inside"},
        };
        for (const std::vector<std::string> &extra : bad) {
            std::vector<std::string> args = {
                "synth", "--scenario", "hang-dataloader", "--ranks", "4", "--out", out};
            args.insert(args.end(), extra.begin(), extra.end());
            const CliRun run = runInProcess(args);
            QCOMPARE(run.exitCode, 2);
            QVERIFY(!run.err.empty());
            QVERIFY(!QFileInfo::exists(QString::fromStdString(out))); // nothing written
        }
    }
};

QTEST_GUILESS_MAIN(TestSynthBundle)
#include "test_synth_bundle.moc"
