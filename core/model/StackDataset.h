#pragma once

#include "core/model/Frame.h"
#include "core/model/JobInfo.h"
#include "core/model/ThreadState.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

using FrameId = std::uint32_t;
using StackId = std::uint32_t;

// The role given to processes that are children of a rank's main process (DataLoader workers,
// compile workers) when nothing better is known.
inline constexpr const char *kTrainerRole = "trainer";
inline constexpr const char *kDataLoaderRole = "dataloader";

// One thread of one process of one rank at one sampling moment.
struct StackSample
{
    int rank = -1;
    int sampleIndex = 0;     // 0, 1, 2 ... in time order within the rank
    std::int64_t timeNs = 0; // sampling time (ns since epoch), 0 when unknown
    std::string role;        // process type: "trainer", "dataloader", ...
    std::int64_t pid = 0;
    std::uint64_t threadId = 0;
    std::string threadName;
    ThreadState state = ThreadState::Unknown;
    bool isMainThread = false;    // main thread of the rank's main (trainer) process
    StackId stack = 0;            // index into StackDataset::stacks
    std::uint64_t weight = 1;     // samples this stack stands for
    std::uint32_t sourceFile = 0; // index into StackDataset::sourceFiles
    // The dump was cut inside this stack (frames missing at one end): shown, not compared.
    bool cut = false;
};

// A problem met while importing the bundle, phrased for the user: which file, where, what.
struct ImportProblem
{
    std::string file; // path relative to the bundle root
    std::int64_t line = 0;
    std::string message;
};

// Every stack sample of a bundle, with frames and stacks interned so that 16k ranks x 3 samples
// x several threads stay small in memory.
struct StackDataset
{
    JobInfo job;
    std::vector<Frame> frames;                // FrameId -> frame
    std::vector<std::vector<FrameId>> stacks; // StackId -> frames, root first
    std::vector<std::string> sourceFiles;     // paths relative to the bundle root
    std::vector<StackSample> samples;
    std::vector<ImportProblem> problems;

    int worldSize() const { return job.worldSize; }
};

} // namespace rankscope
