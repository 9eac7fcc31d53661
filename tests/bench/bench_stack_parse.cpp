// Single-thread throughput of the stack importers on the files a real import meets: py-spy
// `dump --subprocesses` text of a Megatron trainer (4 threads) with 2 DataLoader workers, as
// writeSyntheticBundle writes them (~5.5 KB each), and the same stacks as py-spy JSON and as
// folded text. Every benchmark walks the whole corpus once per iteration, so per-file costs
// (allocations, the result's vectors) count as they do in the import.
//
//   BM_DecodeStackText       raw bytes -> UTF-8 of the ASCII corpus (the common case);
//   BM_DecodeStackTextUtf8   the same with some non-ASCII characters in every file;
//   BM_DetectStackFormat     format sniffing of each file;
//   BM_ParsePySpyText        decoded py-spy text -> ParsedStacks;
//   BM_ParsePySpyJson        the same stacks as py-spy --json output;
//   BM_ParseFoldedStacks     the same stacks as folded text.
//
// Run: bench_stack_parse [--benchmark_filter=...]. RANKSCOPE_BENCH_RANKS sets the number of
// ranks of the corpus (default 64, 3 dumps each). RANKSCOPE_BENCH_ITERATIONS=N runs each
// benchmark exactly N iterations, for instruction counts that do not depend on the machine's
// load. Count inside the benchmark function only (building the corpus parses every dump too),
// e.g. (one command line):
//   RANKSCOPE_BENCH_ITERATIONS=1 valgrind --tool=callgrind --collect-atstart=no
//       --toggle-collect='*BM_ParsePySpyText(*' bench_stack_parse
//       --benchmark_filter='BM_ParsePySpyText(/|$)'

#include "core/synth/SyntheticBundle.h"
#include "importers/stacks/FoldedStackWriter.h"
#include "importers/stacks/StackFormat.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;

namespace {

struct StackCorpus
{
    std::vector<std::string> pySpyText; // file contents as written
    std::vector<std::string> pySpyUtf8; // the same with non-ASCII command lines
    std::vector<std::string> pySpyJson; // the parsed stacks written back as py-spy --json
    std::vector<std::string> folded;    // the parsed stacks written back as folded text
    std::string error;
};

int envInt(const char *name, int fallback)
{
    const char *value = std::getenv(name);
    return value && std::atoi(value) > 0 ? std::atoi(value) : fallback;
}

std::string readWholeFile(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The bundle writer is the one the demo and the end-to-end tests use: reading its files back
// measures exactly the text a 16k-rank import parses.
std::vector<std::string> syntheticPySpyDumps(int ranks, std::string *error)
{
    const fs::path dir =
        fs::temp_directory_path() / ("rankscope-bench-stack-parse-" + std::to_string(getpid()));
    std::vector<std::string> files;
    try {
        rankscope::SynthOptions options;
        options.scenario = "hang-dataloader";
        options.ranks = ranks;
        options.outDir = dir;
        rankscope::writeSyntheticBundle(options);
        std::vector<fs::path> paths;
        for (const auto &entry : fs::recursive_directory_iterator(dir / "stacks")) {
            if (entry.is_regular_file())
                paths.push_back(entry.path());
        }
        std::sort(paths.begin(), paths.end()); // the same corpus order on every run
        for (const fs::path &path : paths)
            files.push_back(readWholeFile(path));
    } catch (const std::exception &e) {
        *error = e.what();
    }
    std::error_code ignored;
    fs::remove_all(dir, ignored);
    return files;
}

// Accented and CJK characters in the command line, as a user's data path may have them.
std::string withNonAscii(std::string text)
{
    const std::string from = "/lustre/data/";
    const std::string to = "/lustre/données/训练/";
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// What `py-spy dump --json` prints for the same processes (stack_anchors.md §6.2): one record
// per thread, frames innermost first.
std::string asPySpyJson(const rankscope::ParsedStacks &stacks)
{
    using nlohmann::json;
    json threads = json::array();
    for (const rankscope::ParsedProcess &process : stacks.processes) {
        for (const rankscope::ParsedThread &thread : process.threads) {
            json frames = json::array();
            for (auto it = thread.frames.rbegin(); it != thread.frames.rend(); ++it) {
                const bool native = it->kind == rankscope::FrameKind::Native;
                json frame = {{"name", it->function},
                              {"filename", native && it->file.empty() ? it->module : it->file},
                              {"short_filename", it->file},
                              {"module", native ? json(it->module) : json(nullptr)},
                              {"line", it->line},
                              {"locals", nullptr},
                              {"is_entry", true}};
                frames.push_back(std::move(frame));
            }
            json info = {{"pid", process.pid}, {"command_line", process.commandLine}};
            if (process.parentPid != 0)
                info["parent"] = {{"pid", process.parentPid}};
            threads.push_back({{"pid", process.pid},
                               {"thread_id", thread.threadId},
                               {"thread_name", thread.threadName},
                               {"os_thread_id", thread.threadId},
                               {"active", thread.state != rankscope::ThreadState::Idle},
                               {"owns_gil", thread.state == rankscope::ThreadState::ActiveGil},
                               {"frames", std::move(frames)},
                               {"process_info", std::move(info)}});
        }
    }
    return threads.dump(2) + "\n";
}

const StackCorpus &corpus()
{
    static const StackCorpus corpus = [] {
        StackCorpus c;
        c.pySpyText = syntheticPySpyDumps(envInt("RANKSCOPE_BENCH_RANKS", 64), &c.error);
        if (c.pySpyText.empty() && c.error.empty())
            c.error = "the synthetic bundle has no stack files";
        for (const std::string &text : c.pySpyText) {
            c.pySpyUtf8.push_back(withNonAscii(text));
            const rankscope::ParsedStacks parsed = rankscope::parsePySpyText(text);
            c.pySpyJson.push_back(asPySpyJson(parsed));
            c.folded.push_back(rankscope::writeFoldedStacks(parsed));
        }
        return c;
    }();
    return corpus;
}

std::size_t totalBytes(const std::vector<std::string> &files)
{
    std::size_t bytes = 0;
    for (const std::string &file : files)
        bytes += file.size();
    return bytes;
}

// Reports MB/s of input and the corpus size, so runs with other rank counts compare.
void finish(benchmark::State &state, const std::vector<std::string> &files)
{
    const std::size_t bytes = totalBytes(files);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(bytes));
    state.counters["files"] = double(files.size());
    state.counters["KB/file"] = double(bytes) / 1024.0 / double(files.size());
}

bool corpusReady(benchmark::State &state)
{
    if (!corpus().error.empty()) {
        state.SkipWithError(corpus().error.c_str());
        return false;
    }
    return true;
}

void decodeAll(benchmark::State &state, const std::vector<std::string> &files)
{
    std::vector<rankscope::ParseProblem> problems;
    for (auto _ : state) {
        for (const std::string &file : files) {
            problems.clear();
            std::string text = rankscope::decodeStackText(file, &problems);
            benchmark::DoNotOptimize(text.data());
        }
    }
    finish(state, files);
}

void BM_DecodeStackText(benchmark::State &state)
{
    if (corpusReady(state))
        decodeAll(state, corpus().pySpyText);
}

void BM_DecodeStackTextUtf8(benchmark::State &state)
{
    if (corpusReady(state))
        decodeAll(state, corpus().pySpyUtf8);
}

void BM_DetectStackFormat(benchmark::State &state)
{
    if (!corpusReady(state))
        return;
    const std::vector<std::string> &files = corpus().pySpyText;
    for (auto _ : state) {
        for (const std::string &file : files) {
            rankscope::StackFormat format = rankscope::detectStackFormat(file, "dump-1.txt");
            benchmark::DoNotOptimize(format);
        }
    }
    finish(state, files);
}

template <rankscope::ParsedStacks (*parse)(std::string_view)>
void parseAll(benchmark::State &state, const std::vector<std::string> &files)
{
    for (auto _ : state) {
        for (const std::string &file : files) {
            rankscope::ParsedStacks stacks = parse(file);
            benchmark::DoNotOptimize(stacks.processes.data());
        }
    }
    finish(state, files);
}

void BM_ParsePySpyText(benchmark::State &state)
{
    if (corpusReady(state))
        parseAll<rankscope::parsePySpyText>(state, corpus().pySpyText);
}

void BM_ParsePySpyJson(benchmark::State &state)
{
    if (corpusReady(state))
        parseAll<rankscope::parsePySpyJson>(state, corpus().pySpyJson);
}

void BM_ParseFoldedStacks(benchmark::State &state)
{
    if (corpusReady(state))
        parseAll<rankscope::parseFoldedStacks>(state, corpus().folded);
}

} // namespace

int main(int argc, char **argv)
{
    const int iterations = envInt("RANKSCOPE_BENCH_ITERATIONS", 0);
    auto add = [&](const char *name, void (*function)(benchmark::State &)) {
        benchmark::internal::Benchmark *bench = benchmark::RegisterBenchmark(name, function);
        bench->Unit(benchmark::kMicrosecond);
        if (iterations > 0)
            bench->Iterations(iterations);
    };
    add("BM_DecodeStackText", BM_DecodeStackText);
    add("BM_DecodeStackTextUtf8", BM_DecodeStackTextUtf8);
    add("BM_DetectStackFormat", BM_DetectStackFormat);
    add("BM_ParsePySpyText", BM_ParsePySpyText);
    add("BM_ParsePySpyJson", BM_ParsePySpyJson);
    add("BM_ParseFoldedStacks", BM_ParseFoldedStacks);

    // Built before any measurement: building it parses every dump once, which would otherwise
    // land in the first benchmark (and in callgrind's count for parsePySpyText).
    corpus();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
