#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rankscope {

// What a log file's path (relative to the bundle root) says about whose output it is.
struct LogPathIdentity
{
    std::optional<int> rank; // "rank3.log", "logs/rank-0003/out.txt", "worker-3-node-5.out"
    std::string node;        // "node-17.log" -> "node-17", "logs/host-a/..." -> "host-a"
};

// Ranks as stack files name them (rankFromPath: "rank", then "worker"/"process"/"default", then
// "r<digits>"). Nodes: innermost first, the word "node" or "host" at the start of a path
// component or after a non-letter, followed by '-', '_', '.' or a digit and then letters or
// digits ("node17", "node-17", "host_a"); or the component after a "nodes" / "hosts" folder.
LogPathIdentity logIdentityFromPath(std::string_view relativePath);

} // namespace rankscope
