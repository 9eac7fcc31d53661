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

// The NCCL watchdog's timeout of the hang's collective (default_pg's plan.hangSeqNum, OpType
// `opType`, enqueued at `enqueuedNs`), fired at `firedNs`, and the process going down: the
// error lines with ProcessGroupNCCL's "[PG ID 0 PG GUID 0(default_pg) Rank r]" prefix (last
// enqueued the hang's collective, last completed the one before, as the rank's Flight Recorder
// dump has it), the C++ frames, "terminate called".
void appendWatchdogTimeout(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                           const SyntheticLogPlan &plan, const char *opType,
                           std::int64_t enqueuedNs, std::int64_t firedNs);

// The heartbeat monitor of a rank that never enqueued the hang's collective: "Received a dump
// signal due to a collective timeout from rank <fromRank> ... Last enqueued NCCL work: N-1,
// last completed NCCL work: N-1."
void appendDumpSignalReceived(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                              const SyntheticLogPlan &plan, int fromRank, std::int64_t atNs);
inline constexpr const char *kDumpSignalTemplate = "Received a dump signal due to a collective";

// TORCH_DISTRIBUTED_DEBUG=DETAIL's check (ProcessGroupWrapper.cpp): the RuntimeError "Detected
// mismatch between collectives on ranks. Rank <rank> is running collective:
// CollectiveFingerPrint(SequenceNumber=<seq>, OpType=<opType>, ...), but Rank <otherRank> ...".
void appendDesyncReport(SyntheticLogStream &out, int rank, const char *opType, int otherRank,
                        const char *otherOpType, std::int64_t seq, std::int64_t atNs);
inline constexpr const char *kDesyncTemplate = "Detected mismatch between collectives on ranks";

// A failed InfiniBand link during a collective (NCCL 2.21 net_ib.cc): "NCCL WARN NET/IB : Got
// completion from peer <address><port> with error 12 ..." and the proxy's "-> 6" lines.
void appendNcclNetworkFailure(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                              const std::string &peerAddress, std::int64_t atNs);
inline constexpr const char *kNcclNetworkFailureTemplate = "Got completion from peer";
inline constexpr const char *kWatchdogTemplate = "Watchdog caught collective operation timeout";

} // namespace rankscope
