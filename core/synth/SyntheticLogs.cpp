#include "core/synth/SyntheticLogs.h"

#include "core/synth/LogTimeText.h"
#include "core/synth/SynthFiles.h"
#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SyntheticLogStream.h"
#include "core/synth/SyntheticNcclLog.h"
#include "core/synth/SyntheticRankLog.h"
#include "core/synth/SyntheticTrainingLog.h"

#include <algorithm>
#include <exception>
#include <thread>

namespace rankscope {

namespace {

// One line of the merged output: which stream, which of its lines.
struct LineRef
{
    std::int64_t alignedNs;
    std::uint32_t stream;
    std::uint32_t line;
};

// Streams: one agent per node first, then the ranks. Ranks are generated on a few threads for
// large jobs; each stream depends on the scenario and its rank only.
std::vector<SyntheticLogStream> buildStreams(const SyntheticScenario &scenario,
                                             const SyntheticLogPlan &plan,
                                             const SyntheticCollectiveSchedule *schedule)
{
    const SyntheticLayout &layout = scenario.layout;
    const int ranks = layout.worldSize;
    const int nodes = (ranks + layout.ranksPerNode - 1) / layout.ranksPerNode;
    auto offsetOf = [&](int node) {
        return plan.traced ? scenario.traces.nodeClockOffsetsNs[static_cast<std::size_t>(node)]
                           : std::int64_t{0};
    };
    std::vector<SyntheticLogStream> streams;
    streams.reserve(static_cast<std::size_t>(nodes + ranks));
    for (int node = 0; node < nodes; ++node)
        streams.emplace_back(-1, node, offsetOf(node));
    for (int rank = 0; rank < ranks; ++rank)
        streams.emplace_back(rank, layout.nodeIndexOf(rank), offsetOf(layout.nodeIndexOf(rank)));

    for (int node = 0; node < nodes; ++node) {
        appendAgentLog(streams[static_cast<std::size_t>(node)], scenario, plan);
        streams[static_cast<std::size_t>(node)].finish();
    }
    auto buildRanks = [&](int first, int end) {
        for (int rank = first; rank < end; ++rank) {
            SyntheticLogStream &stream = streams[static_cast<std::size_t>(nodes + rank)];
            appendRankLog(stream, scenario, plan, schedule, rank);
            stream.finish();
        }
    };
    const int threadCount =
        ranks < 256 ? 1 : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 4u));
    if (threadCount == 1) {
        buildRanks(0, ranks);
        return streams;
    }
    std::vector<std::exception_ptr> failures(static_cast<std::size_t>(threadCount));
    std::vector<std::thread> threads;
    for (int t = 0; t < threadCount; ++t) {
        const int first = static_cast<int>(static_cast<std::int64_t>(ranks) * t / threadCount);
        const int end = static_cast<int>(static_cast<std::int64_t>(ranks) * (t + 1) / threadCount);
        threads.emplace_back([&, t, first, end] {
            try {
                buildRanks(first, end);
            } catch (...) {
                failures[static_cast<std::size_t>(t)] = std::current_exception();
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    for (const std::exception_ptr &failure : failures) {
        if (failure)
            std::rethrow_exception(failure);
    }
    return streams;
}

void appendPrefixed(std::string &out, const SyntheticLogStream &stream, std::uint32_t line,
                    const char *prefixWord)
{
    // torchrun puts its prefix in front of whatever the worker prints; the worker's lines
    // carry their timestamp (the node's clock) right after it.
    if (stream.rank() >= 0) {
        out += '[';
        out += prefixWord;
        out += std::to_string(stream.rank());
        out += "]:";
    }
    appendLogTimestamp(out, stream.localNs(line));
    out += ' ';
    out += stream.text(line);
    out += '\n';
}

void summarize(SyntheticLogSummary &summary, const SyntheticScenario &scenario,
               const SyntheticLogPlan &plan)
{
    const SyntheticLayout &layout = scenario.layout;
    summary.launcherPrefix = plan.launcherRankPrefix ? "[rank<N>]:" : "[default<N>]:";
    for (int rank = 0; rank < layout.worldSize; ++rank) {
        if (printsIterations(layout, rank))
            summary.iterationRanks.push_back(rank);
    }
    summary.firstIteration = plan.firstIteration;
    summary.lastIteration = plan.lastIteration;
    summary.faultRanks = scenario.faultRanks;
    if (plan.traced) {
        summary.iterationNumbering = "iteration N is ProfilerStep#(N-1) of the traces";
        // stepTimeMs: from rank 0's steps, once the schedule is at hand (below).
        const SyntheticTracePlan &traces = scenario.traces;
        if (traces.fault != SyntheticTraceFault::None)
            summary.firstSlowIteration = traces.faultIteration + 1;
        if (traces.fault == SyntheticTraceFault::SlowNode) {
            summary.faultTemplate = kNcclLinkWarningTemplate;
            summary.faultTemplateRanks = scenario.faultRanks;
        }
        return;
    }
    summary.iterationNumbering = "Megatron's: iterations completed, resumed after " +
                                 std::to_string(plan.resumedFromIteration);
    double sum = 0;
    for (const SyntheticLoggedStep &step : plan.steps)
        sum += step.stepMs;
    summary.stepTimeMs = plan.steps.empty() ? 0 : sum / double(plan.steps.size());
    if (plan.hangIteration == 0)
        return;
    summary.faultLastIteration = plan.lastIteration;
    switch (scenario.collectiveFault) {
    case SyntheticCollectiveFault::Behind:
        summary.faultTemplate = kWatchdogTemplate;
        for (int rank = 0; rank < layout.worldSize; ++rank) {
            if (!scenario.isFaultRank(rank))
                summary.faultTemplateRanks.push_back(rank);
        }
        summary.faultRankTemplate = kLoaderErrorTemplate;
        break;
    case SyntheticCollectiveFault::Mismatch:
        // Every rank reports the mismatch (and times out); the reports name the fault rank.
        summary.faultTemplate = kDesyncTemplate;
        for (int rank = 0; rank < layout.worldSize; ++rank)
            summary.faultTemplateRanks.push_back(rank);
        break;
    case SyntheticCollectiveFault::AllWaiting:
        summary.faultTemplate = kNcclNetworkFailureTemplate;
        summary.faultTemplateRanks = scenario.faultRanks;
        break;
    case SyntheticCollectiveFault::None:
        break;
    }
}

} // namespace

SyntheticLogSummary writeSyntheticLogs(const SyntheticScenario &scenario,
                                       const SyntheticCollectiveSchedule *schedule,
                                       int samplesPerRank, const std::string &outDir)
{
    const SyntheticLogPlan plan = planSyntheticLogs(scenario, schedule, samplesPerRank);
    const std::vector<SyntheticLogStream> streams = buildStreams(scenario, plan, schedule);
    const SyntheticLayout &layout = scenario.layout;
    const int nodes = (layout.worldSize + layout.ranksPerNode - 1) / layout.ranksPerNode;

    SyntheticLogSummary summary;
    summarize(summary, scenario, plan);

    std::size_t lineCount = 0;
    std::size_t bytes = 0;
    for (const SyntheticLogStream &stream : streams) {
        lineCount += stream.size();
        for (std::size_t i = 0; i < stream.size(); ++i)
            bytes += stream.text(i).size();
    }
    std::vector<LineRef> order;
    order.reserve(lineCount);
    for (std::uint32_t s = 0; s < streams.size(); ++s) {
        for (std::uint32_t i = 0; i < streams[s].size(); ++i)
            order.push_back({streams[s].alignedNs(i), s, i});
    }
    // By time; equal times by stream (agents, then ranks) and line, so records stay whole.
    std::sort(order.begin(), order.end(), [](const LineRef &a, const LineRef &b) {
        if (a.alignedNs != b.alignedNs)
            return a.alignedNs < b.alignedNs;
        if (a.stream != b.stream)
            return a.stream < b.stream;
        return a.line < b.line;
    });

    // Each line costs its text plus a timestamp and a prefix of under 40 bytes.
    std::string launcher;
    launcher.reserve(bytes + lineCount * 40);
    std::vector<std::string> nodeTexts(static_cast<std::size_t>(nodes));
    const char *launcherWord = plan.launcherRankPrefix ? "rank" : "default";
    for (const LineRef &ref : order) {
        const SyntheticLogStream &stream = streams[ref.stream];
        appendPrefixed(launcher, stream, ref.line, launcherWord);
        appendPrefixed(nodeTexts[static_cast<std::size_t>(stream.node())], stream, ref.line,
                       "rank");
    }

    const std::string dir = outDir + "/logs";
    makeDirectory(dir);
    writeWholeFile(dir + "/launcher.out", launcher);
    summary.files.push_back("logs/launcher.out");
    for (int node = 0; node < nodes; ++node) {
        const std::string name = "node-" + std::to_string(node) + ".log";
        writeWholeFile(dir + "/" + name, nodeTexts[static_cast<std::size_t>(node)]);
        summary.files.push_back("logs/" + name);
    }

    if (plan.traced && schedule != nullptr && !schedule->referenceSteps().empty()) {
        // Rank 0's healthy steps: those before the fault.
        const SyntheticTracePlan &traces = scenario.traces;
        const int healthy =
            traces.fault == SyntheticTraceFault::None ? traces.iterations : traces.faultIteration;
        double sum = 0;
        int count = 0;
        for (int i = 0; i < healthy && i < static_cast<int>(schedule->referenceSteps().size());
             ++i, ++count)
            sum += double(schedule->referenceSteps()[static_cast<std::size_t>(i)].duration()) / 1e6;
        summary.stepTimeMs = count > 0 ? sum / count : 0;
    }
    // The first fault line: the earliest moment any rank logs the fault template.
    if (plan.hangIteration > 0 && scenario.collectiveFault == SyntheticCollectiveFault::Behind) {
        std::int64_t first = 0;
        for (int rank : summary.faultTemplateRanks) {
            const std::int64_t at = syntheticWatchdogMoment(scenario, plan, rank).firedNs;
            first = first == 0 ? at : std::min(first, at);
        }
        summary.firstFaultLineNs = first;
    } else if (!summary.faultTemplate.empty()) {
        for (const LineRef &ref : order) {
            if (streams[ref.stream].text(ref.line).find(summary.faultTemplate) !=
                std::string_view::npos) {
                summary.firstFaultLineNs = ref.alignedNs;
                break;
            }
        }
    }
    return summary;
}

} // namespace rankscope
