#pragma once

#include "core/model/JobInfo.h"
#include "core/traces/TraceWindows.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>

// Builds the per-window metrics of a synchronous data-parallel job the way the trace importer
// would measure them, from a tiny model: each rank computes, then joins one collective per
// window with the other ranks of its pipeline stage. The collective ends when the last rank has
// arrived and done its own transfer, so a slow rank shows as high compute on itself and high
// collective wait on its peers, and a slow node as high transfer on its ranks and high wait on
// everyone else. Seeded: every run builds the same table.
struct SyntheticJob
{
    int ranks = 32;
    int windows = 100;
    int ranksPerNode = 8;
    std::int64_t firstIteration = 100; // window ids start here, not at 0
    double computeNs = 60e6;
    double transferNs = 10e6;
    double cpuNs = 40e6;
    double launchGapNs = 0.3e6;
    double optimizerNs = 5e6;
    double noise = 0.02; // relative standard deviation of every duration
    // Relative standard deviation of a factor that every rank shares in one window (log-normal):
    // one step slower for everyone (a larger batch, a shared file system hiccup). Real jobs vary
    // by tens of percent from step to step; the peer median moves with it, the ranks do not
    // move apart.
    double stepNoise = 0;
    unsigned seed = 7;
    int ppStages = 1; // ranks [s * ranks / ppStages, ...) form stage s
    bool manifestHasPp = true;
    // job.json "pp" as written by Megatron-style tools: the pipeline-group id (one rank per stage
    // shares it), or as a hand-written manifest may give it: the stage number.
    bool ppAsStageNumber = false;
    std::function<double(int rank, int column)> computeFactor = [](int, int) { return 1.0; };
    std::function<double(int rank, int column)> transferFactor = [](int, int) { return 1.0; };
    std::function<double(int rank, int column)> launchGapFactor = [](int, int) { return 1.0; };

    int stageOf(int rank) const { return rank / std::max(1, ranks / ppStages); }

    rankscope::JobInfo jobInfo() const
    {
        rankscope::JobInfo job;
        job.worldSize = ranks;
        job.fromManifest = true;
        for (int r = 0; r < ranks; ++r) {
            rankscope::RankInfo info;
            info.rank = r;
            info.node = "node-" + std::to_string(r / ranksPerNode);
            info.localRank = r % ranksPerNode;
            info.role = "trainer";
            const int perStage = std::max(1, ranks / ppStages);
            if (ppStages > 1 && manifestHasPp)
                info.groups["pp"] = ppAsStageNumber ? stageOf(r) : r % perStage;
            job.ranks.push_back(info);
        }
        return job;
    }

    rankscope::TraceWindowTable table() const
    {
        using rankscope::TraceMetric;
        std::mt19937 rng(seed);
        std::normal_distribution<double> gauss(0.0, 1.0);
        const auto jitter = [&](double value) {
            return std::max(0.0, value * (1 + noise * gauss(rng)));
        };
        // Its own generator, drawn only when asked: the other tables stay as they were.
        std::mt19937 stepRng(seed ^ 0x5eedu);
        std::normal_distribution<double> stepGauss(0.0, 1.0);

        std::vector<rankscope::TraceWindowRow> rows(std::size_t(ranks) * std::size_t(windows));
        std::vector<double> arrival(static_cast<std::size_t>(ranks));
        std::vector<double> transfer(static_cast<std::size_t>(ranks));
        std::int64_t startNs = 1'700'000'000'000'000'000;
        for (int c = 0; c < windows; ++c) {
            const double shared = stepNoise > 0 ? std::exp(stepNoise * stepGauss(stepRng)) : 1.0;
            for (int r = 0; r < ranks; ++r) {
                arrival[std::size_t(r)] = jitter(shared * computeNs * computeFactor(r, c));
                transfer[std::size_t(r)] = jitter(shared * transferNs * transferFactor(r, c));
            }
            double longestStep = 0;
            for (int stage = 0; stage < ppStages; ++stage) {
                double finish = 0;
                for (int r = 0; r < ranks; ++r) {
                    if (stageOf(r) == stage)
                        finish =
                            std::max(finish, arrival[std::size_t(r)] + transfer[std::size_t(r)]);
                }
                for (int r = 0; r < ranks; ++r) {
                    if (stageOf(r) != stage)
                        continue;
                    const double compute = arrival[std::size_t(r)];
                    const double communication = finish - compute;
                    const double step = finish + jitter(shared * optimizerNs);
                    longestStep = std::max(longestStep, step);
                    rankscope::TraceWindowRow &row =
                        rows[std::size_t(r) * std::size_t(windows) + std::size_t(c)];
                    row.rank = r;
                    row.window = firstIteration + c;
                    row.startNs = startNs;
                    row.endNs = startNs + std::int64_t(step);
                    const auto set = [&row](TraceMetric metric, double value) {
                        row.values[std::size_t(metric)] = double(value);
                    };
                    set(TraceMetric::StepTime, step);
                    set(TraceMetric::ComputeTime, compute);
                    set(TraceMetric::CommunicationTime, communication);
                    set(TraceMetric::ExposedCommunication, 0.9 * communication);
                    set(TraceMetric::CollectiveWait,
                        std::max(0.0, communication - transfer[std::size_t(r)]));
                    set(TraceMetric::CommunicationTransfer, transfer[std::size_t(r)]);
                    set(TraceMetric::GpuIdle, std::max(0.0, step - compute - communication));
                    set(TraceMetric::CpuOpTime, jitter(shared * cpuNs));
                    set(TraceMetric::LaunchGap, jitter(launchGapNs * launchGapFactor(r, c)));
                }
            }
            startNs += std::int64_t(longestStep) + 1'000'000;
        }
        rankscope::TraceWindowTable table;
        table.axis = rankscope::WindowAxis::Iteration;
        table.rows = std::move(rows);
        return table;
    }
};
