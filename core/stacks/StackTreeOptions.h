#pragma once

#include "core/stacks/FrameIdentity.h"

#include <string>

namespace rankscope {

// Which threads of a rank enter the merged tree.
struct ThreadSelection
{
    enum class Kind
    {
        MainThread,
        AllThreads,
        ByName
    };
    Kind kind = Kind::MainThread;
    std::string name; // for ByName: exact thread name, e.g. "pt_autograd_0"

    static ThreadSelection fromText(const std::string &text); // "main", "all", or a name
    std::string toText() const;
};

// Which sampling moments enter the tree: all of them (a rank is "in" a frame if any sample of it
// was), or only each rank's latest.
enum class SampleChoice
{
    All,
    Latest
};

enum class WidthMode
{
    Ranks,
    Samples
};

struct StackTreeOptions
{
    FrameIdentityMode identity = FrameIdentityMode::Function;
    ThreadSelection threads;
    SampleChoice samples = SampleChoice::All;
    // Compare within one process type. Empty = the role of the ranks' main processes
    // ("trainer" unless the manifest says otherwise); "*" = every process type merged.
    std::string role;
};

} // namespace rankscope
