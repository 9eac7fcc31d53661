#pragma once

#include "core/model/ParsedStacks.h"

#include <string>
#include <vector>

namespace rankscope {

// Role given to processes of a rank's file that are neither its main process nor recognizably
// helpers of it (for example an unrelated process dumped into the same file).
inline constexpr const char *kOtherProcessRole = "other";

struct ProcessRoles
{
    // Per process: its role; empty for the rank's main process, whose role is the rank's own
    // (from job.json, else "trainer"), decided when the cache is loaded.
    std::vector<std::string> roles;
    int mainProcess = -1; // -1 when the file has no process
    int mainThread = -1;  // thread index within the main process, -1 when it has no thread
};

// Decides which process of one rank's dump is the rank itself and what the others are:
//  - main process: the first process without a parent pid, else the first process;
//  - "dataloader": a process that looks like a PyTorch DataLoader worker (a frame in
//    torch/utils/data/_utils/worker.py, or "DataLoader"/"pt_data_worker" in its command line or
//    thread names), or any descendant of the main process (DataLoader and compile workers are
//    the usual children of a trainer);
//  - "other": anything else.
// The main thread of the main process is the thread named "MainThread", else the thread whose
// id equals the pid, else its first thread.
ProcessRoles assignProcessRoles(const ParsedStacks &parsed);

// The rules above for one process: its main thread (-1 without threads), and whether it looks
// like a PyTorch DataLoader worker.
int mainThreadIndex(const ParsedProcess &process);
bool looksLikeDataLoaderWorker(const ParsedProcess &process);

} // namespace rankscope
