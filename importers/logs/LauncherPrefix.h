#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace rankscope {

// Prefixes that containers, remote shells and launchers put before a process's line. They name
// where the line ran (a container, pod or host) or the process, never a global rank by
// themselves; a rank prefix often follows them.
enum class LauncherPrefixForm : std::uint8_t
{
    None,
    Compose,    // "trainer-1  | "       docker compose logs / up ("%-*s | ", width = longest + 1)
    Kubectl,    // "[pod/job-worker-3/pytorch] "  kubectl logs --prefix; "[node/gpu-7] "
    Pdsh,       // "worker-1: "          pdsh (DeepSpeed's multi-node launcher): "host: "
    PidBracket, // "[12345] "            a process id before another prefix
};
inline constexpr std::size_t kLauncherPrefixFormCount = 5;

// "service | ", "[pod/P/C] ", "host: ", "[PID] ".
const char *launcherPrefixFormText(LauncherPrefixForm form);

struct LauncherPrefixMatch
{
    LauncherPrefixForm form = LauncherPrefixForm::None;
    std::size_t length = 0; // bytes to remove, with the space after it
    std::string_view node;  // the container, pod or host
    std::int64_t pid = -1;  // PidBracket
};

// The launcher prefix at the start of `line`, if any. Compose and pdsh prefixes look like plain
// text ("loss     | 1.2", "step1: done"), so callers accept them only where the file uses them
// throughout (LinePrefixCensus); a PidBracket only before another prefix.
LauncherPrefixMatch matchLauncherPrefix(std::string_view line);

// Docker Compose names a container "<service>-<n>" (v2) or "<project>_<service>_<n>" (v1), where
// n counts the service's replicas from 1: never a rank. The service name itself may carry one
// the way file paths do ("rank3-1", "worker-3-1"), read with RankFromPath's rules; -1 otherwise.
int rankFromComposeName(std::string_view container);

} // namespace rankscope
