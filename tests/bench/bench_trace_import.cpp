// Throughput of the trace importer on a large real Kineto trace (HTA's MTIA single-rank trace:
// 87 MB of JSON, 455k events once decompressed):
//   BM_TraceGunzip       decompression alone, MB/s of JSON produced;
//   BM_TraceImport       decompressed JSON text -> complete TraceData (parsing in place as
//                        importTraceFile does, B/E pairing, sorting, flows, iterations);
//   BM_TraceImportCopy   the same from a string_view, which costs one copy into a padded buffer;
//   BM_SimdjsonBareWalk  simdjson On-Demand alone over the same text, reading ph/ts/dur/name of
//                        every event and nothing else: the ceiling the importer is measured
//                        against;
//   BM_TraceIntoCache    end to end: a bundle holding only this file (traces/, still gzipped)
//                        imported into a fresh SQLite cache (read, gunzip, parse, window metrics,
//                        collectives, alignment, time bins, event blocks, commit), MB/s of JSON.
// Run: bench_trace_import [--benchmark_min_time=3s]. RANKSCOPE_TRACE_BENCH_FILE overrides the
// trace; RANKSCOPE_SHARED_DATA the data folder. Skips with an error when the file is absent.

#include "importers/bundle/BundleImport.h"
#include "importers/traces/TraceDecompression.h"
#include "importers/traces/TraceImport.h"

#include <benchmark/benchmark.h>
#include <simdjson.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

std::string benchTracePath()
{
    if (const char *file = std::getenv("RANKSCOPE_TRACE_BENCH_FILE"))
        return file;
    const char *shared = std::getenv("RANKSCOPE_SHARED_DATA");
    return std::string(shared ? shared : RANKSCOPE_SHARED_DATA_DEFAULT) +
           "/hta-testdata/tests/data/mtia_trace_single_rank/mtia_rank_0.json.gz";
}

// The trace file, read once, and its JSON text, decompressed once.
struct BenchTrace
{
    std::string path;
    std::string fileBytes;
    std::string json;
    std::string error;
};

const BenchTrace &benchTrace()
{
    static const BenchTrace trace = [] {
        BenchTrace t;
        t.path = benchTracePath();
        std::ifstream in(t.path, std::ios::binary);
        if (!in) {
            t.error = "trace file absent: " + t.path;
            return t;
        }
        t.fileBytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        t.error =
            rankscope::decompressTrace(t.fileBytes, rankscope::detectTraceCompression(t.fileBytes),
                                       t.json, simdjson::SIMDJSON_PADDING);
        return t;
    }();
    return trace;
}

void addJsonRate(benchmark::State &state, std::size_t bytes)
{
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(bytes));
    state.counters["JSON_MB"] = benchmark::Counter(double(bytes) / 1e6);
    state.counters["JSON_MB/s"] =
        benchmark::Counter(double(bytes) / 1e6, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_TraceGunzip(benchmark::State &state)
{
    const BenchTrace &trace = benchTrace();
    if (!trace.error.empty()) {
        state.SkipWithError(trace.error.c_str());
        return;
    }
    const rankscope::TraceCompression compression =
        rankscope::detectTraceCompression(trace.fileBytes);
    for (auto _ : state) {
        std::string json;
        rankscope::decompressTrace(trace.fileBytes, compression, json, 64);
        benchmark::DoNotOptimize(json.data());
    }
    addJsonRate(state, trace.json.size());
}

template <typename Json>
void runImport(benchmark::State &state, const Json &json, std::size_t bytes)
{
    std::size_t events = 0;
    std::size_t modelBytes = 0;
    for (auto _ : state) {
        rankscope::TraceData data = rankscope::parseChromeTrace(json, "mtia_rank_0.json");
        events = data.stats.eventEntries;
        modelBytes = data.memoryBytes();
        benchmark::DoNotOptimize(data.events.data());
    }
    addJsonRate(state, bytes);
    state.counters["entries"] = benchmark::Counter(double(events));
    state.counters["model_MB"] = benchmark::Counter(double(modelBytes) / 1e6);
}

void BM_TraceImport(benchmark::State &state)
{
    const BenchTrace &trace = benchTrace();
    if (!trace.error.empty()) {
        state.SkipWithError(trace.error.c_str());
        return;
    }
    runImport(state, trace.json, trace.json.size()); // padded: parsed in place
}

void BM_TraceImportCopy(benchmark::State &state)
{
    const BenchTrace &trace = benchTrace();
    if (!trace.error.empty()) {
        state.SkipWithError(trace.error.c_str());
        return;
    }
    runImport(state, std::string_view(trace.json), trace.json.size());
}

// Reads ph, ts, dur and name of every event, skipping everything else; returns how many
// events it saw, or -1 on a parse error.
long long bareWalk(simdjson::ondemand::parser &parser, const std::string &json, double *checksum)
{
    namespace od = simdjson::ondemand;
    od::document document;
    if (parser.iterate(json.data(), json.size(), json.capacity()).get(document))
        return -1;
    od::object root;
    if (document.get_object().get(root))
        return -1;
    long long count = 0;
    for (auto rootField : root) {
        od::field field;
        if (std::move(rootField).get(field))
            return -1;
        if (field.key() != "traceEvents")
            continue;
        od::array events;
        if (field.value().get_array().get(events))
            return -1;
        for (auto element : events) {
            od::object event;
            if (std::move(element).get_object().get(event))
                return -1;
            for (auto eventField : event) {
                od::field f;
                if (std::move(eventField).get(f))
                    return -1;
                const od::raw_json_string key = f.key();
                std::string_view text;
                double number = 0;
                if (key == "ph" || key == "name") {
                    if (f.value().get_string().get(text) == simdjson::SUCCESS)
                        *checksum += double(text.size());
                } else if (key == "ts" || key == "dur") {
                    if (f.value().get_double().get(number) == simdjson::SUCCESS)
                        *checksum += number;
                }
            }
            ++count;
        }
    }
    return count;
}

void BM_SimdjsonBareWalk(benchmark::State &state)
{
    const BenchTrace &trace = benchTrace();
    if (!trace.error.empty()) {
        state.SkipWithError(trace.error.c_str());
        return;
    }
    simdjson::ondemand::parser parser;
    long long events = 0;
    for (auto _ : state) {
        double checksum = 0;
        events = bareWalk(parser, trace.json, &checksum);
        benchmark::DoNotOptimize(checksum);
        if (events < 0) {
            state.SkipWithError("simdjson could not walk the trace");
            return;
        }
    }
    addJsonRate(state, trace.json.size());
    state.counters["entries"] = benchmark::Counter(double(events));
}

void BM_TraceIntoCache(benchmark::State &state)
{
    const BenchTrace &trace = benchTrace();
    if (!trace.error.empty()) {
        state.SkipWithError(trace.error.c_str());
        return;
    }
    namespace fs = std::filesystem;
    std::string pattern = (fs::temp_directory_path() / "rankscope-bench-trace-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) {
        state.SkipWithError("cannot create a temporary folder");
        return;
    }
    const fs::path root = pattern;
    fs::create_directories(root / "bundle" / "traces");
    std::ofstream(root / "bundle" / "traces" / "mtia_rank_0.json.gz", std::ios::binary)
        << trace.fileBytes;
    rankscope::ImportOptions options;
    options.bundlePath = root / "bundle";
    options.cacheDir = root / "cache";
    options.forceReimport = true; // every round parses and writes everything again
    std::int64_t events = 0;
    for (auto _ : state) {
        const rankscope::ImportResult result = rankscope::importBundle(options);
        events = result.summary.traceEvents;
        if (result.summary.traceFiles != 1) {
            state.SkipWithError("the trace did not import");
            break;
        }
    }
    addJsonRate(state, trace.json.size());
    state.counters["events"] = benchmark::Counter(double(events));
    std::error_code ignored;
    fs::remove_all(root, ignored);
}

} // namespace

BENCHMARK(BM_TraceGunzip)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TraceImport)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TraceImportCopy)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimdjsonBareWalk)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TraceIntoCache)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
