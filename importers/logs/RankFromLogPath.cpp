#include "importers/logs/RankFromLogPath.h"
#include "core/model/AsciiText.h"

#include "importers/bundle/RankFromPath.h"

#include <vector>

namespace rankscope {

namespace {

bool isPathNameLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool isAlnum(char c)
{
    return isPathNameLetter(c) || (c >= '0' && c <= '9');
}

bool equalsNoCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (lower(a[i]) != b[i])
            return false;
    }
    return true;
}

// The file name without its log and compression extensions ("node-17.log.gz" -> "node-17").
std::string_view withoutExtensions(std::string_view name)
{
    for (bool stripped = true; stripped;) {
        stripped = false;
        for (std::string_view ext : {".gz", ".zst", ".log", ".txt", ".out", ".err"}) {
            if (name.size() > ext.size() &&
                equalsNoCase(name.substr(name.size() - ext.size()), ext)) {
                name.remove_suffix(ext.size());
                stripped = true;
            }
        }
    }
    return name;
}

std::string nodeInComponent(std::string_view component)
{
    for (std::string_view word : {"node", "host"}) {
        for (std::size_t at = 0; at + word.size() < component.size(); ++at) {
            if (!equalsNoCase(component.substr(at, word.size()), word))
                continue;
            if (at > 0 && isPathNameLetter(component[at - 1]))
                continue;
            std::size_t end = at + word.size();
            const char next = component[end];
            if (next == '-' || next == '_' || next == '.')
                ++end;
            else if (!(next >= '0' && next <= '9'))
                continue;
            const std::size_t nameStart = end;
            while (end < component.size() && isAlnum(component[end]))
                ++end;
            if (end > nameStart)
                return std::string(component.substr(at, end - at));
        }
    }
    return {};
}

} // namespace

LogPathIdentity logIdentityFromPath(std::string_view relativePath)
{
    LogPathIdentity identity;
    identity.rank = rankFromPath(relativePath);

    std::vector<std::string_view> components;
    std::size_t start = 0;
    while (start <= relativePath.size()) {
        std::size_t slash = relativePath.find_first_of("/\\", start);
        if (slash == std::string_view::npos)
            slash = relativePath.size();
        if (slash > start)
            components.push_back(relativePath.substr(start, slash - start));
        start = slash + 1;
    }
    if (!components.empty())
        components.back() = withoutExtensions(components.back());

    for (std::size_t i = components.size(); i-- > 0;) {
        std::string node = nodeInComponent(components[i]);
        if (!node.empty()) {
            identity.node = std::move(node);
            return identity;
        }
    }
    // "nodes/r6i4n5/rank3.log": a folder per node under a "nodes" / "hosts" folder.
    for (std::size_t i = 0; i + 1 < components.size(); ++i) {
        if (equalsNoCase(components[i], "nodes") || equalsNoCase(components[i], "hosts")) {
            identity.node = std::string(components[i + 1]);
            return identity;
        }
    }
    return identity;
}

} // namespace rankscope
