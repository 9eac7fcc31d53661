#pragma once

#include "core/model/Frame.h"

#include <optional>
#include <string>
#include <string_view>

namespace rankscope {

// What makes two frames "the same" when stacks of different ranks are merged. STAT's default is
// the function alone; with file and line the same function at two call sites splits.
enum class FrameIdentityMode
{
    Function,
    FunctionFile,
    FunctionFileLine
};

const char *frameIdentityName(FrameIdentityMode mode); // "function", "file", "line"
std::optional<FrameIdentityMode> frameIdentityFromName(std::string_view name);

// The merge key of a frame under a mode, also its label: "all_reduce",
// "all_reduce (torch/distributed/distributed_c10d.py)" or "... (distributed_c10d.py:2050)".
std::string frameKey(const Frame &frame, FrameIdentityMode mode);

// The whole frame for tooltips: function, file, line and native module.
std::string frameDescription(const Frame &frame);

} // namespace rankscope
