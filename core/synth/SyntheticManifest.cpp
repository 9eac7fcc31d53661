#include "core/synth/SyntheticManifest.h"

#include <nlohmann/json.hpp>

namespace rankscope {

std::string syntheticJobId(const SyntheticScenario &scenario)
{
    return "synth-" + scenario.name + "-" + std::to_string(scenario.layout.worldSize) + "-s" +
           std::to_string(scenario.seed);
}

std::string syntheticJobJson(const SyntheticScenario &scenario)
{
    const SyntheticLayout &layout = scenario.layout;
    nlohmann::ordered_json job;
    job["job_id"] = syntheticJobId(scenario);
    job["world_size"] = layout.worldSize;
    job["parallelism"] = {{"tp", layout.tensorParallel},
                          {"pp", layout.pipelineParallel},
                          {"dp", layout.dataParallel}};
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

std::string syntheticGroundTruthJson(const SyntheticScenario &scenario)
{
    nlohmann::ordered_json truth;
    truth["scenario"] = scenario.name;
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
    return truth.dump(2) + "\n";
}

} // namespace rankscope
