#pragma once

#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SyntheticLogStream.h"
#include "core/synth/SyntheticRankIdentity.h"

#include <cstdint>

namespace rankscope {

// NCCL's and ProcessGroupNCCL's lines of one rank (NCCL 2.21, PyTorch 2.4 wording).

// NCCL_DEBUG=INFO while the world communicator is created: bootstrap, network, rings and
// trees, "Init COMPLETE". Rank 0 also lists the rings. Returns when the last line is written.
std::int64_t appendNcclInit(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                            const SyntheticScenario &scenario, std::int64_t startNs);

// ProcessGroupNCCL's warning at the first barrier, on every rank.
void appendBarrierDeviceWarning(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                                std::int64_t atNs);

// A flaky InfiniBand link on a slow node: "NCCL WARN NET/IB : Got completion with error 12 ...".
void appendNcclLinkWarning(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                           std::int64_t atNs);
inline constexpr const char *kNcclLinkWarningTemplate = "Got completion with error 12";

// The NCCL watchdog's timeout of the gradient all-reduce enqueued at `enqueuedNs`, fired at
// `firedNs`, and the process going down: the error lines, the C++ frames, "terminate called".
void appendWatchdogTimeout(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                           const SyntheticLogPlan &plan, std::int64_t enqueuedNs,
                           std::int64_t firedNs);
inline constexpr const char *kWatchdogTemplate = "Watchdog caught collective operation timeout";

} // namespace rankscope
