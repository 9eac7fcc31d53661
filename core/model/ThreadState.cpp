#include "core/model/ThreadState.h"

namespace rankscope {

const char *threadStateName(ThreadState state)
{
    switch (state) {
    case ThreadState::Idle:
        return "idle";
    case ThreadState::Active:
        return "active";
    case ThreadState::ActiveGil:
        return "active+gil";
    case ThreadState::Unknown:
        break;
    }
    return "unknown";
}

ThreadState threadStateFromName(std::string_view name)
{
    if (name == "idle")
        return ThreadState::Idle;
    if (name == "active")
        return ThreadState::Active;
    if (name == "active+gil")
        return ThreadState::ActiveGil;
    return ThreadState::Unknown;
}

} // namespace rankscope
