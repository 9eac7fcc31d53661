#include "core/stacks/StackTreeOptions.h"

namespace rankscope {

ThreadSelection ThreadSelection::fromText(const std::string &text)
{
    ThreadSelection selection;
    if (text.empty() || text == "main")
        selection.kind = Kind::MainThread;
    else if (text == "all")
        selection.kind = Kind::AllThreads;
    else {
        selection.kind = Kind::ByName;
        selection.name = text;
    }
    return selection;
}

std::string ThreadSelection::toText() const
{
    switch (kind) {
    case Kind::MainThread:
        return "main";
    case Kind::AllThreads:
        return "all";
    case Kind::ByName:
        return name;
    }
    return "main";
}

} // namespace rankscope
