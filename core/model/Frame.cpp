#include "core/model/Frame.h"

namespace rankscope {

const char *frameKindName(FrameKind kind)
{
    switch (kind) {
    case FrameKind::Python:
        return "python";
    case FrameKind::Native:
        return "native";
    case FrameKind::Unknown:
        break;
    }
    return "unknown";
}

FrameKind frameKindFromName(std::string_view name)
{
    if (name == "python")
        return FrameKind::Python;
    if (name == "native")
        return FrameKind::Native;
    return FrameKind::Unknown;
}

} // namespace rankscope
