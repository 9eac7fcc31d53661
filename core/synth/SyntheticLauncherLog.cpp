#include "core/synth/SyntheticLauncherLog.h"
#include "core/synth/SynthTime.h"

#include "core/synth/LogTimeText.h"
#include "core/synth/SyntheticRankIdentity.h"

#include <algorithm>

namespace rankscope {

namespace {

constexpr const char *kRun = "torch.distributed.run: ";
constexpr const char *kApi = "torch.distributed.elastic.agent.server.api: ";
constexpr const char *kLocalAgent = "torch.distributed.elastic.agent.server.local_elastic_agent: ";
constexpr const char *kMultiprocessing = "torch.distributed.elastic.multiprocessing.api: ";

int nodeCountOf(const SyntheticLayout &layout)
{
    return (layout.worldSize + layout.ranksPerNode - 1) / layout.ranksPerNode;
}

// "[24, 25, 26, 27]": the list of a node's ranks (or of the same value per rank).
std::string listOf(int first, int count, bool sameValue)
{
    std::string text = "[";
    for (int i = 0; i < count; ++i) {
        text += i > 0 ? ", " : "";
        text += std::to_string(sameValue ? first : first + i);
    }
    return text + "]";
}

std::string jobId(std::uint64_t seed)
{
    return std::to_string(4000 + syntheticLogHash(seed, 0x10B) % 900000);
}

} // namespace

void appendAgentStartup(SyntheticLogStream &out, const SyntheticScenario &scenario,
                        std::int64_t atNs)
{
    const SyntheticLayout &layout = scenario.layout;
    const int nodes = nodeCountOf(layout);
    const int node = out.node();
    const int firstRank = node * layout.ranksPerNode;
    const int localRanks = std::min(layout.ranksPerNode, layout.worldSize - firstRank);
    const std::string run = jobId(scenario.seed);
    std::int64_t t = atNs;
    const std::string warning = std::string(kRun) + "[WARNING] ";
    out.line(t) += warning;
    out.line(t) += warning + "*****************************************";
    out.line(t) += warning +
                   "Setting OMP_NUM_THREADS environment variable for each process to be 1 in "
                   "default, to avoid your system being overloaded, please further tune the "
                   "variable for optimal performance in your application as needed. ";
    out.line(t) += warning + "*****************************************";
    t += 15 * kMs;
    out.lines(t, "torch.distributed.launcher.api: [INFO] Starting elastic_operator with launch "
                 "configs:\n"
                 "  entrypoint       : pretrain_gpt.py\n"
                 "  min_nodes        : " +
                     std::to_string(nodes) + "\n  max_nodes        : " + std::to_string(nodes) +
                     "\n  nproc_per_node   : " + std::to_string(layout.ranksPerNode) +
                     "\n  run_id           : " + run +
                     "\n  rdzv_backend     : c10d\n  rdzv_endpoint    : node-0:29500\n"
                     "  rdzv_configs     : {'timeout': 900}\n  max_restarts     : 0\n"
                     "  monitor_interval : 5\n  log_dir          : None\n"
                     "  metrics_cfg      : {}");
    t += 3 * kMs;
    out.line(t) += std::string(kLocalAgent) + "[INFO] log directory set to: /tmp/torchelastic_" +
                   run + "/" + run + "_node" + std::to_string(node);
    out.line(t) +=
        std::string(kApi) + "[INFO] [default] starting workers for entrypoint: python3.10";
    out.line(t) += std::string(kApi) + "[INFO] [default] Rendezvous'ing worker group";
    // Everyone waits in the rendezvous for the last node to join.
    t = atNs + 4 * 1'000'000'000LL;
    out.lines(t, std::string(kApi) +
                     "[INFO] [default] Rendezvous complete for workers. Result:\n"
                     "  restart_count=0\n  master_addr=node-0\n  master_port=29500\n"
                     "  group_rank=" +
                     std::to_string(node) + "\n  group_world_size=" + std::to_string(nodes) +
                     "\n  local_ranks=" + listOf(0, localRanks, false) +
                     "\n  role_ranks=" + listOf(firstRank, localRanks, false) +
                     "\n  global_ranks=" + listOf(firstRank, localRanks, false) +
                     "\n  role_world_sizes=" + listOf(layout.worldSize, localRanks, true) +
                     "\n  global_world_sizes=" + listOf(layout.worldSize, localRanks, true));
    out.line(t) += std::string(kApi) + "[INFO] [default] Starting worker group";
    out.line(t) += std::string(kLocalAgent) +
                   "[INFO] Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do "
                   "not start FileTimerServer.";
    for (int local = 0; local < localRanks; ++local)
        out.line(t) += "torch.distributed.elastic.multiprocessing: [INFO] Setting worker" +
                       std::to_string(local) + " reply file to: /tmp/torchelastic_" + run + "/" +
                       run + "_node" + std::to_string(node) + "/attempt_0/" +
                       std::to_string(local) + "/error.json";
}

void appendAgentSuccess(SyntheticLogStream &out, std::int64_t atNs)
{
    out.line(atNs) += std::string(kApi) +
                      "[INFO] [default] worker group successfully finished. Waiting 300 seconds "
                      "for other agents to finish.";
    out.line(atNs) += std::string(kApi) +
                      "[INFO] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 "
                      "seconds for other agents to finish";
    out.line(atNs + 40 * kMs) +=
        std::string(kApi) + "[INFO] Done waiting for other agents. Elapsed: 0.0391 seconds";
}

void appendAgentFailure(SyntheticLogStream &out, const SyntheticScenario &scenario,
                        int firstFailedRank, int exitCode, std::int64_t failedAtNs,
                        std::int64_t atNs)
{
    const SyntheticLayout &layout = scenario.layout;
    const int firstRank = out.node() * layout.ranksPerNode;
    const int localRanks = std::min(layout.ranksPerNode, layout.worldSize - firstRank);
    const SyntheticRankIdentity failed = syntheticRankIdentity(scenario, firstFailedRank);
    // The other workers are stopped; the failed one is reported.
    for (int rank = firstRank; rank < firstRank + localRanks; ++rank) {
        // The root cause and the fault ranks (which exited on their own) get no signal.
        if (rank == firstFailedRank ||
            std::binary_search(scenario.faultRanks.begin(), scenario.faultRanks.end(), rank))
            continue;
        out.line(atNs) += std::string(kMultiprocessing) + "[WARNING] Sending process " +
                          std::to_string(syntheticRankIdentity(scenario, rank).ids.pid) +
                          " closing signal SIGTERM";
    }
    const std::int64_t t = atNs + 1200 * kMs;
    out.line(t) += std::string(kMultiprocessing) +
                   "[ERROR] failed (exitcode: " + std::to_string(exitCode) +
                   ") local_rank: " + std::to_string(failed.localRank) +
                   " (pid: " + std::to_string(failed.ids.pid) + ") of binary: /usr/bin/python3.10";
    const std::string pid = std::to_string(failed.ids.pid);
    const std::string cause =
        exitCode == -6 ? "Signal 6 (SIGABRT) received by PID " + pid
                       : "To enable traceback see: https://pytorch.org/docs/stable/elastic/"
                         "errors.html";
    std::string when;
    appendUnderscoreDateTime(when, failedAtNs + out.clockOffsetNs());
    out.lines(t, "Traceback (most recent call last):\n"
                 "  File \"/usr/local/bin/torchrun\", line 8, in <module>\n"
                 "    sys.exit(main())\n"
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/"
                 "multiprocessing/errors/__init__.py\", line 348, in wrapper\n"
                 "    return f(*args, **kwargs)\n"
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", "
                 "line 901, in main\n"
                 "    run(args)\n"
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", "
                 "line 892, in run\n"
                 "    elastic_launch(\n"
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/"
                 "api.py\", line 133, in __call__\n"
                 "    return launch_agent(self._config, self._entrypoint, list(args))\n"
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/"
                 "api.py\", line 264, in launch_agent\n"
                 "    raise ChildFailedError(\n"
                 "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
                 "============================================================\n"
                 "pretrain_gpt.py FAILED\n"
                 "------------------------------------------------------------\n"
                 "Failures:\n"
                 "  <NO_OTHER_FAILURES>\n"
                 "------------------------------------------------------------\n"
                 "Root Cause (first observed failure):\n"
                 "[0]:\n"
                 "  time      : " +
                     when + "\n  host      : " + failed.host +
                     "\n  rank      : " + std::to_string(firstFailedRank) +
                     " (local_rank: " + std::to_string(failed.localRank) +
                     ")\n  exitcode  : " + std::to_string(exitCode) + " (pid: " + pid +
                     ")\n  error_file: <N/A>\n  traceback : " + cause +
                     "\n============================================================");
}

} // namespace rankscope
