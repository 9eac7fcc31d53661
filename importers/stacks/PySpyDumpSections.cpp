#include "importers/stacks/PySpyDumpSections.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace rankscope {

namespace {

void appendDumpAsPrinted(std::vector<PySpyDumpSection> &dump, std::vector<ParsedProcess> *out)
{
    for (PySpyDumpSection &section : dump)
        out->push_back(std::move(section.process));
}

// One dump in which some child pid was printed more than once.
void appendRepairedDump(std::vector<PySpyDumpSection> &dump, std::vector<ParsedProcess> *out,
                        std::vector<ParseProblem> *problems)
{
    std::map<std::int64_t, std::size_t> lastSection;
    std::map<std::int64_t, int> timesPrinted;
    for (std::size_t i = 0; i < dump.size(); ++i) {
        lastSection[dump[i].process.pid] = i;
        ++timesPrinted[dump[i].process.pid];
    }
    std::map<std::int64_t, std::set<std::uint64_t>> completeThreads; // from each last section
    std::map<std::uint64_t, std::int64_t> ownerOfThread;
    for (const auto &[pid, index] : lastSection) {
        for (const ParsedThread &thread : dump[index].process.threads) {
            completeThreads[pid].insert(thread.threadId);
            ownerOfThread.emplace(thread.threadId, pid);
        }
    }

    std::vector<ParsedProcess> merged; // one per pid, in order of first appearance
    std::map<std::int64_t, std::size_t> mergedIndex;
    std::map<std::int64_t, std::set<std::uint64_t>> kept;
    for (PySpyDumpSection &section : dump) {
        if (mergedIndex.emplace(section.process.pid, merged.size()).second) {
            merged.push_back(section.process);
            merged.back().threads.clear();
        }
    }
    int givenBack = 0;
    for (PySpyDumpSection &section : dump) {
        const std::int64_t pid = section.process.pid;
        for (ParsedThread &thread : section.process.threads) {
            std::int64_t owner = pid;
            if (!completeThreads[pid].count(thread.threadId)) {
                auto found = ownerOfThread.find(thread.threadId);
                if (found != ownerOfThread.end())
                    owner = found->second;
                else if (section.isChild && mergedIndex.count(section.process.parentPid))
                    owner = section.process.parentPid;
            }
            if (owner != pid)
                ++givenBack;
            if (kept[owner].insert(thread.threadId).second)
                merged[mergedIndex[owner]].threads.push_back(std::move(thread));
        }
    }

    std::string repeated;
    for (const auto &[pid, count] : timesPrinted) {
        if (count < 2)
            continue;
        if (!repeated.empty())
            repeated += ", ";
        repeated += std::to_string(pid) + " (" + std::to_string(count) + " times)";
    }
    std::string message =
        "py-spy --subprocesses printed child processes more than once: " + repeated +
        "; kept the first snapshot of each thread (py-spy repeats every child "
        "after each thread of its parent)";
    if (givenBack > 0) {
        message += "; " + std::to_string(givenBack) +
                   " thread(s) printed after a child's stack were given back to their parent";
    }
    problems->push_back({dump.front().line, std::move(message)});
    for (ParsedProcess &process : merged)
        out->push_back(std::move(process));
}

// Asked once per dump of every file, so a sorted vector rather than a set of tree nodes.
bool hasRepeatedPid(const std::vector<PySpyDumpSection> &dump)
{
    std::vector<std::int64_t> pids;
    pids.reserve(dump.size());
    for (const PySpyDumpSection &section : dump)
        pids.push_back(section.process.pid);
    std::sort(pids.begin(), pids.end());
    return std::adjacent_find(pids.begin(), pids.end()) != pids.end();
}

} // namespace

std::vector<ParsedProcess> mergePySpyDumpSections(std::vector<PySpyDumpSection> sections,
                                                  std::vector<ParseProblem> *problems)
{
    std::vector<ParsedProcess> out;
    std::vector<PySpyDumpSection> dump;
    auto flush = [&] {
        if (dump.empty())
            return;
        if (hasRepeatedPid(dump))
            appendRepairedDump(dump, &out, problems);
        else
            appendDumpAsPrinted(dump, &out);
        dump.clear();
    };
    for (PySpyDumpSection &section : sections) {
        if (!section.isChild)
            flush();
        dump.push_back(std::move(section));
    }
    flush();
    return out;
}

} // namespace rankscope
