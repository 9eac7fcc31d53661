#pragma once

#include <cstdint>
#include <string_view>

namespace rankscope {

// Thread status as py-spy reports it ("idle", "active", "active+gil"); pystack's GIL flags map
// onto the same scale. Unknown when the format has no status (folded stacks).
enum class ThreadState : std::uint8_t
{
    Unknown,
    Idle,
    Active,
    ActiveGil
};

const char *threadStateName(ThreadState state);
ThreadState threadStateFromName(std::string_view name);

} // namespace rankscope
