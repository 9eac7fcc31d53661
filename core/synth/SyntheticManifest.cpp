#include "core/synth/SyntheticManifest.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace rankscope {

std::string syntheticJobId(const SyntheticScenario &scenario)
{
    return "synth-" + scenario.name + (scenario.healthyBaseline ? "-baseline-" : "-") +
           std::to_string(scenario.layout.worldSize) + "-s" + std::to_string(scenario.seed);
}

std::string syntheticJobJson(const SyntheticScenario &scenario, const std::string &baseline)
{
    const SyntheticLayout &layout = scenario.layout;
    nlohmann::ordered_json job;
    job["job_id"] = syntheticJobId(scenario);
    job["world_size"] = layout.worldSize;
    job["parallelism"] = {{"tp", layout.tensorParallel},
                          {"pp", layout.pipelineParallel},
                          {"dp", layout.dataParallel}};
    if (!baseline.empty())
        job["baseline"] = baseline;
    // One line per rank: 16k ranks stay a readable, greppable file of 16k lines.
    std::string text = job.dump(2);
    text.resize(text.size() - 2); // "\n}": the object stays open for the ranks
    text += ",\n  \"ranks\": [\n";
    for (int r = 0; r < layout.worldSize; ++r) {
        const nlohmann::ordered_json rank = {{"rank", r},
                                             {"node", layout.nodeOf(r)},
                                             {"local_rank", layout.localRankOf(r)},
                                             {"role", "trainer"},
                                             {"groups",
                                              {{"dp", layout.dataGroupOf(r)},
                                               {"tp", layout.tensorGroupOf(r)},
                                               {"pp", layout.pipelineGroupOf(r)}}}};
        text += "    ";
        text += rank.dump();
        text += r + 1 < layout.worldSize ? ",\n" : "\n";
    }
    text += "  ]\n}\n";
    return text;
}

namespace {

void addTraceFacts(nlohmann::ordered_json &truth, const SyntheticScenario &scenario,
                   const std::vector<SyntheticSampleMoment> &samples)
{
    const SyntheticTracePlan &plan = scenario.traces;
    const SyntheticLayout &layout = scenario.layout;
    truth["traces"] = "traces/rank<N>.pt.trace.json" + std::string(plan.compress ? ".gz" : "");
    truth["iterations"] = plan.iterations;
    if (plan.fault == SyntheticTraceFault::None) {
        truth["first_iteration"] = nullptr;
        truth["metric"] = nullptr;
    } else {
        truth["first_iteration"] = plan.faultIteration;
        truth["metric"] = plan.faultMetricKey();
    }
    truth["slowdown_percent"] = plan.slowdownPercent;
    // Slow only every k-th iteration from first_iteration on (null: every iteration).
    truth["fault_period"] = plan.faultPeriod > 1 && plan.fault != SyntheticTraceFault::None
                                ? nlohmann::ordered_json(plan.faultPeriod)
                                : nlohmann::ordered_json(nullptr);
    // What the fault adds to its metric on the faulty ranks, from the model's mean durations.
    truth["expected_increase_percent"] = std::round(plan.expectedIncreasePercent() * 100.0) / 100.0;
    truth["waiter_metric"] = "collective_wait";
    truth["expected_waiters"] = plan.expectedWaiters(layout.worldSize);
    truth["clock_offset_convention"] = "local clock = aligned clock + offset; node-0 is 0";
    std::vector<std::int64_t> rankOffsets(static_cast<std::size_t>(layout.worldSize));
    for (int r = 0; r < layout.worldSize; ++r)
        rankOffsets[static_cast<std::size_t>(r)] = plan.clockOffsetOfRank(r);
    nlohmann::ordered_json nodeOffsets = nlohmann::ordered_json::object();
    for (int node = 0; node < plan.nodeCount; ++node)
        nodeOffsets["node-" + std::to_string(node)] =
            plan.nodeClockOffsetsNs[static_cast<std::size_t>(node)];
    truth["node_clock_offsets_ns"] = nodeOffsets;
    truth["clock_offsets_ns"] = rankOffsets; // by rank
    nlohmann::ordered_json moments = nlohmann::ordered_json::array();
    for (const SyntheticSampleMoment &moment : samples)
        moments.push_back({{"iteration", moment.iteration}, {"aligned_time_ns", moment.alignedNs}});
    // Dump k of every rank is stacks/rank<N>/dump-<local time>.txt, taken within 1 ms after
    // this aligned moment, on its node's clock.
    truth["stack_samples"] = moments;
}

void addLogFacts(nlohmann::ordered_json &truth, const SyntheticLogSummary &logs)
{
    auto textOrNull = [](const std::string &text) {
        return text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text);
    };
    auto numberOrNull = [](int value) {
        return value < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(value);
    };
    nlohmann::ordered_json section;
    section["files"] = logs.files;
    section["line_format"] = "[rank<N>]:YYYY-MM-DD HH:MM:SS,mmm text; torchrun agent lines "
                             "without the prefix; times on the clock of the line's node";
    section["launcher_prefix"] = logs.launcherPrefix;
    section["iteration_ranks"] = logs.iterationRanks;
    section["first_iteration"] = logs.firstIteration;
    section["last_iteration"] = logs.lastIteration;
    section["iteration_numbering"] = logs.iterationNumbering;
    section["step_time_ms"] = std::round(logs.stepTimeMs * 100.0) / 100.0;
    section["fault_template"] = textOrNull(logs.faultTemplate);
    section["fault_template_ranks"] = logs.faultTemplateRanks;
    section["fault_ranks"] = logs.faultRanks;
    section["fault_rank_template"] = textOrNull(logs.faultRankTemplate);
    section["fault_last_iteration"] = numberOrNull(logs.faultLastIteration);
    section["first_slow_iteration"] = numberOrNull(logs.firstSlowIteration);
    if (logs.firstFaultLineNs == 0)
        section["first_fault_line_aligned_ns"] = nullptr;
    else
        section["first_fault_line_aligned_ns"] = logs.firstFaultLineNs;
    truth["logs"] = section;
}

void addCollectiveFacts(nlohmann::ordered_json &truth, const SyntheticScenario &scenario,
                        const SyntheticCollectiveTruth &facts)
{
    const SyntheticLayout &layout = scenario.layout;
    nlohmann::ordered_json section;
    if (facts.dumpEntries > 0) {
        section["dumps"] = std::string(kSyntheticFlightRecorderDir) + "/nccl_trace_rank_<N>";
        std::vector<int> missing;
        for (int rank = 0; facts.culpritsMissing && rank < layout.worldSize; ++rank) {
            if (isCollectiveCulprit(scenario, rank))
                missing.push_back(rank);
        }
        // Every rank wrote one, or all but the culprits.
        section["dump_ranks"] = missing.empty() ? "all" : "all but missing_dump_ranks";
        section["missing_dump_ranks"] = missing;
        section["entries_per_dump"] = facts.dumpEntries;
        section["frames"] = facts.frames;
        section["format"] = "pickle protocol 2, Flight Recorder version 2.9";
    } else {
        section["dumps"] = nullptr;
    }
    section["process_group"] = {{"id", 0}, {"name", "0"}, {"desc", "default_pg"}};
    section["seq"] = facts.hangSeq;
    section["op"] = "all_reduce";
    std::vector<int> waiting;
    for (int rank = 0; rank < layout.worldSize; ++rank) {
        if (enqueuesHangCollective(scenario, rank))
            waiting.push_back(rank);
    }
    section["waiting_state"] = "started";
    section["waiting_rank_count"] = waiting.size();
    switch (scenario.collectiveFault) {
    case SyntheticCollectiveFault::Behind:
        section["kind"] = "behind";
        section["culprit_ranks"] = scenario.faultRanks;
        section["culprit_op"] = nullptr;
        section["culprit_last_completed_seq"] = facts.hangSeq - 1;
        section["collectives_can_tell"] = true;
        break;
    case SyntheticCollectiveFault::Mismatch:
        section["kind"] = "mismatch";
        section["culprit_ranks"] = scenario.faultRanks;
        section["culprit_op"] = "broadcast";
        section["culprit_last_completed_seq"] = facts.hangSeq - 1;
        section["collectives_can_tell"] = true;
        section["desync_template"] = "Detected mismatch between collectives on ranks";
        break;
    case SyntheticCollectiveFault::AllWaiting:
    case SyntheticCollectiveFault::None:
        section["kind"] = nullptr;
        section["culprit_ranks"] = nlohmann::ordered_json::array();
        section["culprit_op"] = nullptr;
        section["culprit_last_completed_seq"] = nullptr;
        // Every rank is at the same sequence and state: only the logs (NCCL WARN on one node)
        // point at the fault.
        section["collectives_can_tell"] = false;
        section["fault_node"] = layout.nodeOf(scenario.faultRanks.front());
        section["nccl_warn_ranks"] = scenario.faultRanks;
        break;
    }
    section["watchdog_template"] = "Watchdog caught collective operation timeout";
    section["watchdog_rank_count"] = waiting.size(); // every rank that waits logs its timeout
    truth["collectives"] = section;
}

} // namespace

std::string syntheticGroundTruthJson(const SyntheticScenario &scenario,
                                     const std::vector<SyntheticSampleMoment> &samples,
                                     const SyntheticLogSummary *logs,
                                     const SyntheticCollectiveTruth *collectives)
{
    nlohmann::ordered_json truth;
    truth["scenario"] = scenario.name;
    // A healthy baseline is the twin of `scenario`: no fault ranks, no suspect expected.
    truth["healthy_baseline"] = scenario.healthyBaseline;
    truth["seed"] = scenario.seed;
    truth["world_size"] = scenario.layout.worldSize;
    truth["ranks_per_node"] = scenario.layout.ranksPerNode;
    truth["fault_ranks"] = scenario.faultRanks;
    if (scenario.faultRanks.empty())
        truth["fault_node"] = nullptr;
    else
        truth["fault_node"] = scenario.layout.nodeOf(scenario.faultRanks.front());
    truth["expected_verdict"] = scenario.expectedVerdict;
    if (scenario.expectedTopSuspectFrame.empty())
        truth["expected_top_suspect_frame"] = nullptr;
    else
        truth["expected_top_suspect_frame"] = scenario.expectedTopSuspectFrame;
    truth["fault_path"] = scenario.faultPath;
    truth["wait_operation"] = scenario.waitOperation;
    truth["description"] = scenario.description;
    if (scenario.traces.enabled)
        addTraceFacts(truth, scenario, samples);
    if (logs != nullptr)
        addLogFacts(truth, *logs);
    if (collectives != nullptr)
        addCollectiveFacts(truth, scenario, *collectives);
    return truth.dump(2) + "\n";
}

} // namespace rankscope
