#include "core/report/CoverageText.h"

#include "core/report/TerminalText.h"

#include <algorithm>

namespace rankscope {

namespace {

std::string layerList(const CoverageGroup &group)
{
    std::string text;
    const auto add = [&text](bool has, const char *name) {
        if (has)
            text += (text.empty() ? "" : ", ") + std::string(name);
    };
    add(group.stacks, "stacks");
    add(group.traces, "traces");
    add(group.logs, "logs");
    add(group.dumps, "flight recorder dumps");
    return text.empty() ? std::string("no data") : text;
}

// "stacks", "stacks or logs", "stacks, traces or logs".
std::string absentList(const RankCoverage &coverage)
{
    std::vector<const char *> absent;
    if (!coverage.anyStacks)
        absent.push_back("stacks");
    if (!coverage.anyTraces)
        absent.push_back("traces");
    if (!coverage.anyLogs)
        absent.push_back("logs");
    std::string text;
    for (std::size_t i = 0; i < absent.size(); ++i) {
        if (i > 0)
            text += i + 1 == absent.size() ? " or " : ", ";
        text += absent[i];
    }
    return text;
}

} // namespace

RankCoverage rankCoverage(const JobInfo &job)
{
    RankCoverage coverage;
    const RankLayers &layers = job.layers;
    coverage.anyStacks = !layers.stacks.empty();
    coverage.anyTraces = !layers.traces.empty();
    coverage.anyLogs = !layers.logs.empty();
    coverage.anyDumps = !layers.dumps.empty();
    if (job.worldSize <= 0)
        return coverage;
    const RankSet all = RankSet::range(0, job.worldSize - 1);
    // Sixteen combinations at most: build each as set algebra, never rank by rank.
    for (int mask = 15; mask >= 0; --mask) {
        const bool stacks = mask & 1, traces = mask & 2, logs = mask & 4, dumps = mask & 8;
        RankSet ranks = all;
        ranks = stacks ? ranks & layers.stacks : ranks - layers.stacks;
        ranks = traces ? ranks & layers.traces : ranks - layers.traces;
        ranks = logs ? ranks & layers.logs : ranks - layers.logs;
        ranks = dumps ? ranks & layers.dumps : ranks - layers.dumps;
        if (!ranks.empty())
            coverage.groups.push_back({std::move(ranks), stacks, traces, logs, dumps});
    }
    // Ranks with data first, by their first rank; the ranks with nothing last.
    std::sort(coverage.groups.begin(), coverage.groups.end(),
              [](const CoverageGroup &a, const CoverageGroup &b) {
                  if (a.none() != b.none())
                      return b.none();
                  return a.ranks.first() < b.ranks.first();
              });
    return coverage;
}

std::string coverageText(const RankCoverage &coverage, int maxRangeChars)
{
    std::string text;
    for (const CoverageGroup &group : coverage.groups) {
        std::string ranks = group.ranks.toString();
        if (maxRangeChars > 0)
            ranks = TerminalText::shortened(std::move(ranks), maxRangeChars);
        text += (text.empty() ? "" : "; ") +
                std::string(group.ranks.count() == 1 ? "rank " : "ranks ") + ranks + ": " +
                layerList(group);
    }
    const std::string absent = absentList(coverage);
    if (!absent.empty())
        text += (text.empty() ? "" : "; ") + ("no " + absent + " in this bundle");
    return text;
}

std::string coverageText(const JobInfo &job, int maxRangeChars)
{
    return coverageText(rankCoverage(job), maxRangeChars);
}

std::string worldSizeText(const JobInfo &job)
{
    std::string text = "world size " + std::to_string(job.worldSize);
    if (job.worldSizeSource != WorldSizeSource::None)
        text += std::string(" (") + worldSizeSourceText(job.worldSizeSource) + ")";
    return text;
}

} // namespace rankscope
