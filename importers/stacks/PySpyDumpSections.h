#pragma once

#include "core/model/ParsedStacks.h"

#include <cstdint>
#include <vector>

namespace rankscope {

// One "Process <pid>:" block of a py-spy text dump with the threads printed under it.
struct PySpyDumpSection
{
    ParsedProcess process;
    bool isChild = false; // had a "Parent Process" line (printed by --subprocesses)
    std::int64_t line = 0;
};

// Turns the sections of a py-spy text file into processes. Each section without a parent line
// starts a new dump (files may hold several dumps, e.g. of the same process over time; those
// stay separate processes). Within one dump, py-spy releases up to 0.4 print every child again
// after each thread of the parent (benfred/py-spy#832), and the parent's next thread then
// directly follows the last child's stack. This undoes that: each child keeps one snapshot of
// each of its threads, and a thread printed inside a child section that the child's last
// (complete) section does not have goes back to the parent. Only the direct parent can be
// recovered that way, which covers the usual trainer -> DataLoader-worker tree.
std::vector<ParsedProcess> mergePySpyDumpSections(std::vector<PySpyDumpSection> sections,
                                                  std::vector<ParseProblem> *problems);

} // namespace rankscope
