#pragma once

#include "core/model/Frame.h"

#include <string>
#include <vector>

namespace rankscope {

// Semantic class of what a stack is doing, from its innermost meaningful frame
// (../shared/reference/algorithms.md section 5.2, rule 8).
enum class StackClass
{
    CollectiveWait,
    P2PWait,
    DataLoader,
    CheckpointIo,
    GarbageCollection,
    CudaSync,
    ComputeLaunch,
    IdleOther,
    PythonOther,
    Empty,
};

const char *stackClassName(StackClass cls); // "collective-wait", "dataloader", ...
bool isWaitClass(StackClass cls);           // CollectiveWait or P2PWait

struct StackClassification
{
    StackClass cls = StackClass::Empty;
    int decidingFrame = -1; // index (root first) of the frame that decided the class
    // Outermost frame of the unbroken run of frames of the same class that ends at the deciding
    // frame: where the stack enters the data loader (DataLoader.__next__), the collective, ...
    int entryFrame = -1;
    std::string operation; // collective or wait name, e.g. "all_reduce", "barrier", "queue.get"
};

// Classifies one root-first stack. Looks from the leaf towards the root for the first frame a
// rule recognises, so the innermost meaningful frame wins.
StackClassification classifyStack(const std::vector<const Frame *> &rootFirst);

} // namespace rankscope
