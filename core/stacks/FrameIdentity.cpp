#include "core/stacks/FrameIdentity.h"

namespace rankscope {

const char *frameIdentityName(FrameIdentityMode mode)
{
    switch (mode) {
    case FrameIdentityMode::Function:
        return "function";
    case FrameIdentityMode::FunctionFile:
        return "file";
    case FrameIdentityMode::FunctionFileLine:
        return "line";
    }
    return "function";
}

std::optional<FrameIdentityMode> frameIdentityFromName(std::string_view name)
{
    if (name == "function" || name == "func")
        return FrameIdentityMode::Function;
    if (name == "file" || name == "function+file")
        return FrameIdentityMode::FunctionFile;
    if (name == "line" || name == "function+file+line")
        return FrameIdentityMode::FunctionFileLine;
    return std::nullopt;
}

std::string frameKey(const Frame &frame, FrameIdentityMode mode)
{
    // Native frames have no line; their library stands in for the file so that
    // "wait (libc.so.6)" and "wait (threading.py)" stay apart once files are part of identity.
    const std::string &where = frame.file.empty() ? frame.module : frame.file;
    if (mode == FrameIdentityMode::Function || where.empty())
        return frame.function;
    std::string key;
    key.reserve(frame.function.size() + where.size() + 12);
    key += frame.function;
    key += " (";
    key += where;
    if (mode == FrameIdentityMode::FunctionFileLine && frame.line > 0) {
        key += ':';
        key += std::to_string(frame.line);
    }
    key += ')';
    return key;
}

std::string frameDescription(const Frame &frame)
{
    std::string text = frame.function;
    if (!frame.file.empty()) {
        text += " (" + frame.file;
        if (frame.line > 0)
            text += ':' + std::to_string(frame.line);
        text += ')';
    }
    if (!frame.module.empty())
        text += " [" + frame.module + ']';
    if (frame.kind == FrameKind::Native)
        text += " native";
    return text;
}

} // namespace rankscope
