#include "importers/bundle/ProcessRoles.h"

#include "core/model/StackDataset.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <unordered_map>

namespace rankscope {

namespace {

bool containsNoCase(std::string_view text, std::string_view word)
{
    auto it = std::search(text.begin(), text.end(), word.begin(), word.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) ==
               std::tolower(static_cast<unsigned char>(b));
    });
    return it != text.end();
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

bool looksLikeDataLoaderWorker(const ParsedProcess &process)
{
    if (containsNoCase(process.commandLine, "dataloader") ||
        containsNoCase(process.commandLine, "pt_data_worker"))
        return true;
    for (const ParsedThread &thread : process.threads) {
        if (containsNoCase(thread.threadName, "dataloader") ||
            containsNoCase(thread.threadName, "pt_data_worker"))
            return true;
        for (const Frame &frame : thread.stackFrames()) {
            if (endsWith(frame.file, "utils/data/_utils/worker.py"))
                return true;
        }
    }
    return false;
}

namespace {

bool descendsFrom(const ParsedStacks &parsed, std::size_t index, std::int64_t ancestorPid,
                  const std::unordered_map<std::int64_t, std::size_t> &byPid)
{
    std::int64_t parent = parsed.processes[index].parentPid;
    // Bounded walk: a malformed file may describe a parent cycle.
    for (std::size_t steps = 0; parent != 0 && steps < parsed.processes.size(); ++steps) {
        if (parent == ancestorPid)
            return true;
        auto it = byPid.find(parent);
        if (it == byPid.end())
            return false;
        parent = parsed.processes[it->second].parentPid;
    }
    return false;
}

} // namespace

int mainThreadIndex(const ParsedProcess &process)
{
    if (process.threads.empty())
        return -1;
    for (std::size_t t = 0; t < process.threads.size(); ++t) {
        if (process.threads[t].threadName == "MainThread")
            return int(t);
    }
    for (std::size_t t = 0; t < process.threads.size(); ++t) {
        if (process.pid > 0 && process.threads[t].threadId == std::uint64_t(process.pid))
            return int(t);
    }
    return 0;
}

ProcessRoles assignProcessRoles(const ParsedStacks &parsed)
{
    ProcessRoles result;
    const std::size_t count = parsed.processes.size();
    result.roles.assign(count, std::string());
    if (count == 0)
        return result;

    auto root = std::find_if(parsed.processes.begin(), parsed.processes.end(),
                             [](const ParsedProcess &p) { return p.parentPid == 0; });
    result.mainProcess = root == parsed.processes.end() ? 0 : int(root - parsed.processes.begin());
    const ParsedProcess &main = parsed.processes[result.mainProcess];
    result.mainThread = mainThreadIndex(main);

    std::unordered_map<std::int64_t, std::size_t> byPid;
    for (std::size_t p = 0; p < count; ++p) {
        if (parsed.processes[p].pid != 0)
            byPid.emplace(parsed.processes[p].pid, p);
    }
    for (std::size_t p = 0; p < count; ++p) {
        if (int(p) == result.mainProcess)
            continue;
        const bool child = main.pid != 0 && descendsFrom(parsed, p, main.pid, byPid);
        result.roles[p] = (child || looksLikeDataLoaderWorker(parsed.processes[p]))
                              ? kDataLoaderRole
                              : kOtherProcessRole;
    }
    return result;
}

} // namespace rankscope
