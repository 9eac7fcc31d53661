// Template mining throughput on >= 5 million real log lines, one core:
//   BM_MaskDefaults       the training-log masks alone (LogMasker::defaults());
//   BM_BuiltinAnchors     the built-in template check alone (the anchor scan on every line);
//   BM_TemplateMining     TemplateMiner::add() with the defaults: built-ins, masks, tokenize,
//                         intern lookup, tree search, template update (the issue's "tokenize +
//                         mask + tree search", target >= 1,000,000 lines/s per core);
//   BM_TemplateMiningDrainOnly  the same without the built-in templates;
//   BM_TemplateMatch      TemplateMiner::match() (frozen mode, "fallback") on a mined library;
//   BM_CollectivePrefilter  the log import's collective-evidence test on every line
//                         (mayHoldCollectiveEvidence: a few substring searches);
//   BM_CollectiveLines    CollectiveLogParser on every line, as the log import runs it (the
//                         test, then the parsers on the lines that pass).
// The corpus: every line of ../shared/data/bigscience-train-logs (Megatron, DeepSpeed and HF
// Trainer launcher output of 4-64 node jobs) and the ten loghub 2k samples, as eight variants
// (each digit shifted by the variant number, so numbers differ but formats do not), cycled
// until 5,000,000 lines. The loghub lines are reduced to their content with the header formats
// of settings.json, as the log importer strips timestamps, levels and rank prefixes; the
// launcher output is mined raw.
// Run: bench_log_templates [--benchmark_min_time=...]. RANKSCOPE_SHARED_DATA overrides the
// data folder; skips with an error when it is absent.

#include "core/logs/BuiltinTemplates.h"
#include "core/logs/LogHeaderFormat.h"
#include "core/logs/LogMasker.h"
#include "core/logs/TemplateMiner.h"
#include "importers/logs/CollectiveLogLines.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr std::size_t kLines = 5'000'000;
constexpr int kVariants = 8;

struct Corpus
{
    std::vector<std::string> variants;   // whole text of each variant, '\n'-separated
    std::vector<std::string_view> lines; // kLines views into `variants`
    std::size_t bytes = 0;
    std::string error;
};

// The lines of a file; with a header format, only each line's content (what the log importer
// hands to the miner once it has taken the timestamp, level and rank prefix off).
void readLines(const std::filesystem::path &file, const rankscope::LogHeaderFormat *format,
               std::vector<std::string> &lines)
{
    std::ifstream in(file, std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (format) {
            if (const auto content = format->content(line))
                lines.emplace_back(*content);
        } else if (!line.empty()) {
            lines.push_back(line);
        }
    }
}

const Corpus &corpus()
{
    static const Corpus built = [] {
        Corpus c;
        const char *shared = std::getenv("RANKSCOPE_SHARED_DATA");
        const std::filesystem::path root(shared ? shared : RANKSCOPE_SHARED_DATA_DEFAULT);
        std::vector<std::string> base;
        std::error_code error;
        const std::filesystem::path megatron = root / "bigscience-train-logs" / "experiments";
        for (auto it = std::filesystem::recursive_directory_iterator(megatron, error);
             !error && it != std::filesystem::recursive_directory_iterator(); ++it) {
            if (it->is_regular_file() && it->path().extension() == ".out")
                readLines(it->path(), nullptr, base);
        }
        const std::filesystem::path loghub = root / "loghub-2k";
        if (std::ifstream settings(loghub / "settings.json"); settings) {
            const nlohmann::json json = nlohmann::json::parse(settings);
            for (const auto &[name, system] : json.at("systems").items()) {
                const rankscope::LogHeaderFormat format(system.at("log_format").get<std::string>());
                readLines(loghub / system.at("log_file").get<std::string>(), &format, base);
            }
        }
        if (base.empty()) {
            c.error = "no logs under " + root.string() +
                      " (bigscience-train-logs, loghub-2k): set RANKSCOPE_SHARED_DATA";
            return c;
        }
        for (int v = 0; v < kVariants; ++v) {
            std::string text;
            for (const std::string &line : base) {
                for (const char ch : line)
                    text.push_back(
                        ch >= '0' && ch <= '9' ? static_cast<char>('0' + (ch - '0' + v) % 10) : ch);
                text.push_back('\n');
            }
            c.variants.push_back(std::move(text));
        }
        std::vector<std::vector<std::string_view>> split(kVariants);
        for (int v = 0; v < kVariants; ++v) {
            std::string_view rest = c.variants[static_cast<std::size_t>(v)];
            while (!rest.empty()) {
                const std::size_t end = rest.find('\n');
                split[static_cast<std::size_t>(v)].push_back(rest.substr(0, end));
                rest.remove_prefix(end + 1);
            }
        }
        c.lines.reserve(kLines);
        for (std::size_t i = 0; c.lines.size() < kLines; ++i) {
            const auto &variant = split[(i / base.size()) % kVariants];
            c.lines.push_back(variant[i % base.size()]);
            c.bytes += c.lines.back().size() + 1;
        }
        return c;
    }();
    return built;
}

void reportLines(benchmark::State &state, const Corpus &c)
{
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.lines.size()));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.bytes));
    state.counters["lines"] = static_cast<double>(c.lines.size());
}

void BM_MaskDefaults(benchmark::State &state)
{
    const Corpus &c = corpus();
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    const rankscope::LogMasker masker = rankscope::LogMasker::defaults();
    std::string out;
    for (auto _ : state) {
        std::size_t total = 0;
        for (const std::string_view line : c.lines) {
            masker.maskInto(line, out);
            total += out.size();
        }
        benchmark::DoNotOptimize(total);
    }
    reportLines(state, c);
}

void BM_BuiltinAnchors(benchmark::State &state)
{
    const Corpus &c = corpus();
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    const rankscope::BuiltinTemplates &builtins = rankscope::BuiltinTemplates::instance();
    for (auto _ : state) {
        std::size_t claimed = 0;
        for (const std::string_view line : c.lines)
            claimed += builtins.match(line).has_value();
        benchmark::DoNotOptimize(claimed);
        state.counters["claimed"] = static_cast<double>(claimed);
    }
    reportLines(state, c);
}

void BM_TemplateMining(benchmark::State &state)
{
    const Corpus &c = corpus();
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    for (auto _ : state) {
        rankscope::TemplateMiner miner; // defaults: depth 4, st 0.4, masks, built-ins
        for (const std::string_view line : c.lines)
            benchmark::DoNotOptimize(miner.add(line));
        state.counters["templates"] = static_cast<double>(miner.size());
    }
    reportLines(state, c);
}

// The same without the built-in templates: Drain alone (tokenize + mask + tree search).
void BM_TemplateMiningDrainOnly(benchmark::State &state)
{
    const Corpus &c = corpus();
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    rankscope::DrainParams params;
    params.builtinTemplates = false;
    for (auto _ : state) {
        rankscope::TemplateMiner miner(params);
        for (const std::string_view line : c.lines)
            benchmark::DoNotOptimize(miner.add(line));
        state.counters["templates"] = static_cast<double>(miner.size());
    }
    reportLines(state, c);
}

void BM_TemplateMatch(benchmark::State &state)
{
    const Corpus &c = corpus();
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    rankscope::TemplateMiner miner;
    const std::size_t libraryLines = c.lines.size() / 10;
    for (std::size_t i = 0; i < libraryLines; ++i)
        miner.add(c.lines[i]);
    for (auto _ : state) {
        std::size_t matched = 0;
        for (const std::string_view line : c.lines)
            matched += miner.match(line).has_value();
        state.counters["matched"] = static_cast<double>(matched);
    }
    reportLines(state, c);
}

void BM_CollectivePrefilter(benchmark::State &state)
{
    const Corpus &c = corpus();
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    for (auto _ : state) {
        std::size_t passed = 0;
        for (const std::string_view line : c.lines)
            passed += rankscope::mayHoldCollectiveEvidence(line);
        benchmark::DoNotOptimize(passed);
        state.counters["passed"] = static_cast<double>(passed);
    }
    reportLines(state, c);
}

void BM_CollectiveLines(benchmark::State &state)
{
    const Corpus &c = corpus();
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    for (auto _ : state) {
        rankscope::CollectiveLogParser parser("logs/launcher.out");
        std::uint32_t n = 0;
        for (const std::string_view line : c.lines) {
            parser.add(line, line, -1, n, n);
            ++n;
        }
        const rankscope::CollectiveRecords records = parser.take();
        state.counters["records"] =
            static_cast<double>(records.entries.size() + records.statuses.size() +
                                records.claims.size() + records.groups.size());
    }
    reportLines(state, c);
}

} // namespace

BENCHMARK(BM_MaskDefaults)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_BuiltinAnchors)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_TemplateMining)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_TemplateMiningDrainOnly)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_TemplateMatch)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_CollectivePrefilter)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_CollectiveLines)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
