#include "importers/bundle/ProcessRanks.h"

#include "core/model/StackDataset.h"
#include "importers/bundle/ProcessRoles.h"
#include "importers/bundle/RankFromPath.h"

#include <set>
#include <unordered_map>

namespace rankscope {

namespace {

std::optional<int> wholeNumber(std::string_view text)
{
    if (text.empty() || text.size() > 7)
        return std::nullopt;
    int value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value <= kMaxSupportedRank ? std::optional<int>(value) : std::nullopt;
}

std::vector<std::string_view> words(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t at = 0;
    while (at < text.size()) {
        while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
            ++at;
        std::size_t end = at;
        while (end < text.size() && text[end] != ' ' && text[end] != '\t')
            ++end;
        if (end > at)
            out.push_back(text.substr(at, end - at));
        at = end;
    }
    return out;
}

// "--rank=3" / "--rank 3" for any of `names`.
std::optional<int> option(const std::vector<std::string_view> &tokens, std::size_t i,
                          std::initializer_list<std::string_view> names)
{
    for (std::string_view name : names) {
        const std::string_view token = tokens[i];
        if (token.starts_with(name) && token.size() > name.size() && token[name.size()] == '=')
            return wholeNumber(token.substr(name.size() + 1));
        if (token == name && i + 1 < tokens.size())
            return wholeNumber(tokens[i + 1]);
    }
    return std::nullopt;
}

std::string shortCommand(const ParsedProcess &process)
{
    std::string command = process.commandLine.empty() ? "no command line" : process.commandLine;
    if (command.size() > 60)
        command = command.substr(0, 57) + "...";
    return command;
}

struct Explicit
{
    int rank = -1;
    const char *source = "";
};

Explicit explicitRank(const ParsedProcess &process, const RankHints &hints)
{
    if (process.pid != 0) {
        if (auto it = hints.pidRanks.find(process.pid); it != hints.pidRanks.end())
            return {it->second, "job.json \"pids\""};
    }
    const CommandLineRanks command = ranksInCommandLine(process.commandLine);
    if (command.rank)
        return {*command.rank, "its command line"};
    if (!process.pastedFrom.empty()) {
        if (std::optional<int> rank = rankFromPath(process.pastedFrom))
            return {*rank, "the pasted file header"};
    }
    if (command.localRank && !process.host.empty()) {
        auto it = hints.nodeLocalRanks.find({process.host, *command.localRank});
        if (it != hints.nodeLocalRanks.end())
            return {it->second, "its local rank on its host"};
    }
    return {};
}

} // namespace

CommandLineRanks ranksInCommandLine(std::string_view commandLine)
{
    CommandLineRanks out;
    // Every form below contains "rank" or "RANK=": most command lines name none, and two scans
    // spare them the tokenising (it was 3% of a 49,152-dump import).
    if (commandLine.find("rank") == std::string_view::npos &&
        commandLine.find("RANK=") == std::string_view::npos)
        return out;
    const std::vector<std::string_view> tokens = words(commandLine);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string_view token = tokens[i];
        if (token.starts_with("RANK="))
            out.rank = out.rank ? out.rank : wholeNumber(token.substr(5));
        else if (token.starts_with("LOCAL_RANK="))
            out.localRank = out.localRank ? out.localRank : wholeNumber(token.substr(11));
        else if (auto rank = option(tokens, i, {"--rank", "--global-rank", "--global_rank"}))
            out.rank = out.rank ? out.rank : rank;
        else if (auto local = option(tokens, i, {"--local_rank", "--local-rank"}))
            out.localRank = out.localRank ? out.localRank : local;
    }
    return out;
}

ProcessRankAssignment assignProcessRanks(const ParsedStacks &parsed, std::optional<int> pathRank,
                                         const RankHints &hints)
{
    ProcessRankAssignment out;
    const std::size_t count = parsed.processes.size();
    std::vector<Explicit> named(count);
    std::set<int> distinct;
    for (std::size_t p = 0; p < count; ++p) {
        named[p] = explicitRank(parsed.processes[p], hints);
        if (named[p].rank >= 0)
            distinct.insert(named[p].rank);
    }

    if (pathRank && distinct.size() <= 1) {
        // One rank's file, as usual: the path says which.
        const ProcessRoles roles = assignProcessRoles(parsed);
        out.ranks.assign(count, *pathRank);
        out.roles = roles.roles;
        out.mainThread.assign(count, -1);
        if (roles.mainProcess >= 0)
            out.mainThread[std::size_t(roles.mainProcess)] = roles.mainThread;
        if (!distinct.empty() && *distinct.begin() != *pathRank) {
            for (std::size_t p = 0; p < count; ++p) {
                if (named[p].rank >= 0) {
                    out.problems.push_back(
                        {0, "process " + std::to_string(parsed.processes[p].pid) + ": " +
                                named[p].source + " says rank " + std::to_string(named[p].rank) +
                                " but the file's path says rank " + std::to_string(*pathRank) +
                                "; using the path's"});
                    break;
                }
            }
        }
        return out;
    }

    out.fromContent = true;
    std::unordered_map<std::int64_t, std::size_t> byPid;
    for (std::size_t p = 0; p < count; ++p) {
        if (parsed.processes[p].pid != 0)
            byPid.emplace(parsed.processes[p].pid, p);
    }
    const auto parentOf = [&](std::size_t p) -> std::optional<std::size_t> {
        const std::int64_t parent = parsed.processes[p].parentPid;
        auto it = parent != 0 ? byPid.find(parent) : byPid.end();
        if (it == byPid.end() || it->second == p)
            return std::nullopt;
        return it->second;
    };
    // A process without a rank of its own takes its nearest ancestor's (bounded: a malformed file
    // may describe a cycle).
    out.ranks.assign(count, -1);
    for (std::size_t p = 0; p < count; ++p) {
        std::optional<std::size_t> at = p;
        for (std::size_t steps = 0; at && steps <= count; ++steps) {
            if (named[*at].rank >= 0) {
                out.ranks[p] = named[*at].rank;
                break;
            }
            at = parentOf(*at);
        }
    }

    out.roles.assign(count, std::string());
    out.mainThread.assign(count, -1);
    std::vector<bool> launcher(count, false);
    for (std::size_t p = 0; p < count; ++p) {
        if (out.ranks[p] >= 0)
            if (std::optional<std::size_t> parent = parentOf(p); parent && out.ranks[*parent] < 0)
                launcher[*parent] = true;
    }
    // Each rank's main process: the first of its processes whose parent is not of the rank.
    std::set<int> withMain;
    for (std::size_t p = 0; p < count; ++p) {
        const int rank = out.ranks[p];
        if (rank < 0)
            continue;
        const std::optional<std::size_t> parent = parentOf(p);
        if ((!parent || out.ranks[*parent] != rank) && withMain.insert(rank).second) {
            out.mainThread[p] = mainThreadIndex(parsed.processes[p]);
            continue;
        }
        out.roles[p] = parent && out.ranks[*parent] == rank             ? kDataLoaderRole
                       : looksLikeDataLoaderWorker(parsed.processes[p]) ? kDataLoaderRole
                                                                        : kOtherProcessRole;
    }

    std::string unknown;
    int unknownCount = 0;
    std::size_t unknownThreads = 0;
    for (std::size_t p = 0; p < count; ++p) {
        const ParsedProcess &process = parsed.processes[p];
        if (out.ranks[p] >= 0)
            continue;
        if (launcher[p]) {
            out.roles[p] = kLauncherRole;
            out.problems.push_back(
                {0, "process " + std::to_string(process.pid) + " (" + shortCommand(process) +
                        ") launched the ranks of this file and is none itself; its stacks are "
                        "left out"});
            continue;
        }
        if (unknownCount++ == 0)
            unknown = std::to_string(process.pid) + " (" + shortCommand(process) + ")";
        unknownThreads += process.threads.size();
    }
    if (unknownCount > 0) {
        std::string message = "cannot tell the rank of process " + unknown;
        if (unknownCount > 1)
            message += " and " + std::to_string(unknownCount - 1) + " more";
        message += ": no RANK= or --rank in the command line, no rank in the file's path, and no "
                   "\"pids\" entry in job.json for the pid; " +
                   std::to_string(unknownThreads) + " thread(s) left out";
        out.problems.push_back({0, std::move(message)});
    }
    return out;
}

} // namespace rankscope
