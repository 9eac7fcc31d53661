#include "core/synth/SyntheticNcclLog.h"
#include "core/synth/SynthTime.h"

#include "core/synth/LogTimeText.h"
#include "core/synth/SyntheticFlightRecorder.h"

#include <algorithm>
#include <cstdio>

namespace rankscope {

namespace {

constexpr const char *kTorchLib = "/usr/local/lib/python3.10/dist-packages/torch/lib/";

std::string &ncclLine(SyntheticLogStream &out, const SyntheticRankIdentity &id, std::int64_t atNs,
                      std::int64_t thread, const char *level = "INFO")
{
    std::string &text = out.line(atNs);
    appendNcclHeader(text, id, thread, level);
    return text;
}

// glog's header of a c10 message: "[E1129 12:31:04.123456 7263 ProcessGroupNCCL.cpp:616] ".
std::string &glogLine(SyntheticLogStream &out, std::int64_t alignedNs, std::int64_t localNs,
                      char level, std::int64_t thread, int sourceLine)
{
    std::string &text = out.line(alignedNs);
    text += '[';
    text += level;
    appendGlogTime(text, localNs);
    text += ' ';
    text += std::to_string(thread);
    text += " ProcessGroupNCCL.cpp:";
    text += std::to_string(sourceLine);
    text += "] ";
    return text;
}

int nodesOf(const SyntheticLayout &layout)
{
    return (layout.worldSize + layout.ranksPerNode - 1) / layout.ranksPerNode;
}

// The ring neighbours: ranks in order, so the ring leaves a node from its last local rank.
int nextInRing(int rank, int worldSize)
{
    return (rank + 1) % worldSize;
}

std::string peerText(int rank, const SyntheticLayout &layout)
{
    static constexpr const char *kBusIds[8] = {"18000", "2a000", "3a000", "5d000",
                                               "9a000", "ab000", "ba000", "db000"};
    return std::to_string(rank) + "[" + kBusIds[layout.localRankOf(rank) % 8] + "]";
}

} // namespace

std::int64_t appendNcclInit(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                            const SyntheticScenario &scenario, std::int64_t startNs)
{
    const SyntheticLayout &layout = scenario.layout;
    const int world = layout.worldSize;
    const int nodes = nodesOf(layout);
    const std::int64_t main = id.ids.pid;
    std::int64_t t = startNs;
    ncclLine(out, id, t, main) += "cudaDriverVersion 12040";
    t += 2 * kMs;
    ncclLine(out, id, t, main) += "Bootstrap : Using eth0:" + id.address + "<0>";
    ncclLine(out, id, t, main) += "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object "
                                  "file: No such file or directory No plugin found "
                                  "(libnccl-net.so), using internal implementation";
    t += 40 * kMs;
    ncclLine(out, id, t, main) += "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB "
                                  "[3]mlx5_3:1/IB [RO]; OOB eth0:" +
                                  id.address + "<0>";
    ncclLine(out, id, t, main) += "Using non-device net plugin version 0";
    ncclLine(out, id, t, main) += "Using network IB";
    t += 8 * kMs;
    const std::string commId = syntheticCommId(scenario.seed);
    {
        std::string &text = ncclLine(out, id, t, id.ncclThread);
        text += "ncclCommInitRank comm " + id.commPointer + " rank " + std::to_string(id.rank) +
                " nranks " + std::to_string(world) + " cudaDev " + std::to_string(id.localRank) +
                " nvmlDev " + std::to_string(id.localRank) + " busId " + id.busId + " commId " +
                commId + " - Init START";
    }
    t += 300 * kMs;
    ncclLine(out, id, t, id.ncclThread) +=
        "Setting affinity for GPU " + std::to_string(id.localRank) + " to " +
        (id.localRank < 4 ? "ffffffff,00000000,ffffffff" : "ffffffff,00000000,ffffffff,00000000");
    {
        std::string &text = ncclLine(out, id, t, id.ncclThread);
        text += "comm " + id.commPointer + " rank " + std::to_string(id.rank) + " nRanks " +
                std::to_string(world) + " nNodes " + std::to_string(nodes) + " localRanks " +
                std::to_string(std::min(layout.ranksPerNode, world)) + " localRank " +
                std::to_string(id.localRank) + " MNNVL 0";
    }
    if (id.rank == 0) {
        // Rank 0 lists the rings: every rank once per channel.
        for (int channel = 0; channel < 2; ++channel) {
            std::string &text = ncclLine(out, id, t, id.ncclThread);
            char head[32];
            std::snprintf(head, sizeof head, "Channel %02d/02 :", channel);
            text += head;
            for (int r = 0; r < world; ++r) {
                char cell[16];
                std::snprintf(cell, sizeof cell, " %3d", r);
                text += cell;
            }
        }
    }
    const int next = nextInRing(id.rank, world);
    const int previous = (id.rank + world - 1) % world;
    {
        std::string &text = ncclLine(out, id, t, id.ncclThread);
        text += "Trees [0] " + std::to_string(next) + "/-1/-1->" + std::to_string(id.rank) + "->" +
                std::to_string(previous) + " [1] " + std::to_string(next) + "/-1/-1->" +
                std::to_string(id.rank) + "->" + std::to_string(previous);
    }
    ncclLine(out, id, t, id.ncclThread) += "P2P Chunksize set to 524288";
    t += 120 * kMs;
    const bool sameNode = layout.nodeIndexOf(next) == id.node;
    for (int channel = 0; channel < 2; ++channel) {
        char head[32];
        std::snprintf(head, sizeof head, "Channel %02d/0 : ", channel);
        std::string &text = ncclLine(out, id, t, id.ncclThread);
        text += head;
        text += peerText(id.rank, layout) + " -> " + peerText(next, layout);
        text += sameNode ? " via P2P/CUMEM/read" : " [send] via NET/IB/" + std::to_string(channel);
    }
    t += 400 * kMs;
    ncclLine(out, id, t, id.ncclThread) += "Connected all rings";
    ncclLine(out, id, t, id.ncclThread) += "Connected all trees";
    ncclLine(out, id, t, id.ncclThread) += "threadThresholds 8/8/64 | 512/8/64 | 512 | 512";
    ncclLine(out, id, t, id.ncclThread) +=
        "2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p channels "
        "per peer";
    t += 25 * kMs;
    {
        std::string &text = ncclLine(out, id, t, id.ncclThread);
        text += "ncclCommInitRank comm " + id.commPointer + " rank " + std::to_string(id.rank) +
                " nranks " + std::to_string(world) + " cudaDev " + std::to_string(id.localRank) +
                " nvmlDev " + std::to_string(id.localRank) + " busId " + id.busId + " commId " +
                commId + " localSize 368 used 1048576 bytes - Init COMPLETE";
    }
    return t;
}

void appendBarrierDeviceWarning(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                                std::int64_t atNs)
{
    std::string &text = out.line(atNs);
    text += "[W";
    appendGlogTime(text, atNs + out.clockOffsetNs());
    text += ' ' + std::to_string(id.ids.pid) +
            " ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank " + std::to_string(id.rank) +
            "]  using GPU " + std::to_string(id.localRank) +
            " to perform barrier as devices used by this process are currently unknown. This can "
            "potentially cause a hang if this rank to GPU mapping is incorrect. Specify "
            "device_ids in barrier() to force use of a particular device, or call "
            "init_process_group() with a device_id.";
}

void appendNcclLinkWarning(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                           std::int64_t atNs)
{
    ncclLine(out, id, atNs, id.ncclThread, "WARN") +=
        "NET/IB : Got completion with error 12, opcode 0, len 0, vendor err 129";
}

namespace {

// ProcessGroupNCCL's logPrefix() of the default group (PyTorch 2.5 on).
std::string defaultPgLogPrefix(int rank)
{
    return "[PG ID 0 PG GUID 0(default_pg) Rank " + std::to_string(rank) + "] ";
}

} // namespace

void appendWatchdogTimeout(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                           const SyntheticLogPlan &plan, const char *opType,
                           std::int64_t enqueuedNs, std::int64_t firedNs)
{
    const std::int64_t ranForMs = (firedNs - enqueuedNs) / kMs;
    const std::int64_t localFired = firedNs + out.clockOffsetNs();
    const std::string prefix = defaultPgLogPrefix(id.rank);
    const std::string seq = std::to_string(plan.hangSeqNum);
    // The rank enqueued the hang's collective and completed the one before.
    const std::string progress =
        ", last enqueued NCCL work: " + seq +
        ", last completed NCCL work: " + std::to_string(plan.hangSeqNum - 1) + ".";
    const std::string numel = std::to_string(kSyntheticGradBucketNumel);
    const std::string work = "WorkNCCL(SeqNum=" + seq + ", OpType=" + opType +
                             ", NumelIn=" + numel + ", NumelOut=" + numel + ", Timeout(ms)=" +
                             std::to_string(SyntheticLogPlan::kWatchdogTimeoutMs) + ")";
    const std::string timeout = prefix + "Watchdog caught collective operation timeout: " + work +
                                " ran for " + std::to_string(ranForMs) +
                                " milliseconds before timing out.";
    const std::int64_t thread = id.watchdogThread;
    glogLine(out, firedNs, localFired, 'E', thread, 616) += timeout;
    glogLine(out, firedNs, localFired + 211'000, 'E', thread, 1785) +=
        prefix + "Exception (either an error or timeout) detected by watchdog at work: " + seq +
        progress;
    glogLine(out, firedNs, localFired + 219'000, 'E', thread, 1834) +=
        prefix + "Timeout at NCCL work: " + seq + progress;
    glogLine(out, firedNs, localFired + 233'000, 'E', thread, 630) +=
        prefix +
        "Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA "
        "kernels, subsequent GPU operations might run on corrupted/incomplete data.";
    glogLine(out, firedNs, localFired + 246'000, 'E', thread, 636) +=
        prefix + "To avoid data inconsistency, we are taking the entire process down.";
    glogLine(out, firedNs, localFired + 1'502'000, 'E', thread, 1595) +=
        prefix + "Process group watchdog thread terminated with exception: " + timeout;
    // what() of the exception carries the C++ stack where it was raised; std::terminate
    // prints it again.
    const std::int64_t at = firedNs + 2 * kMs;
    const std::string lib = kTorchLib;
    const std::string frames[] = {
        "Exception raised from checkTimeout at "
        "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f8e5a96c446 in " +
            lib + "libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::"
        "duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f8e0ba35772 in " +
            lib + "libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f8e0ba3cbb3 in " + lib +
            "libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f8e0ba3e61d in " + lib +
            "libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f8e59e7c253 in "
        "/lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f8e5b1a0ac3 in "
        "/lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x126850 (0x7f8e5b232850 in "
        "/lib/x86_64-linux-gnu/libc.so.6)",
    };
    for (const std::string &frame : frames)
        out.line(firedNs) += frame;
    out.line(at) += "terminate called after throwing an instance of 'c10::DistBackendError'";
    out.line(at) += "  what():  " + prefix +
                    "Process group watchdog thread terminated with exception: " + timeout;
    for (const std::string &frame : frames)
        out.line(at) += frame;
}

} // namespace rankscope

namespace rankscope {

void appendDumpSignalReceived(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                              const SyntheticLogPlan &plan, int fromRank, std::int64_t atNs)
{
    // The heartbeat monitor of a rank that has no collective pending (it never enqueued the
    // hang's collective) learns of the timeout from the store and dumps its Flight Recorder.
    const std::string done = std::to_string(plan.hangSeqNum - 1);
    glogLine(out, atNs, atNs + out.clockOffsetNs(), 'E', id.watchdogThread + 1, 1987) +=
        defaultPgLogPrefix(id.rank) +
        "Received a dump signal due to a collective timeout from  rank " +
        std::to_string(fromRank) +
        " and we will try our best to dump the debug info. Last enqueued NCCL work: " + done +
        ", last completed NCCL work: " + done +
        ".This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used "
        "across ranks, the order of collectives is not same for all ranks or the scheduled "
        "collective, for some reason, didn't run. Additionally, this can be caused by GIL "
        "deadlock or other reasons such as network errors or bugs in the communications library "
        "(e.g. NCCL), etc. ";
}

void appendDesyncReport(SyntheticLogStream &out, int rank, const char *opType, int otherRank,
                        const char *otherOpType, std::int64_t seq, std::int64_t atNs)
{
    const std::string numel = std::to_string(kSyntheticGradBucketNumel);
    auto fingerprint = [&](const char *op) {
        return "CollectiveFingerPrint(SequenceNumber=" + std::to_string(seq) + ", OpType=" + op +
               ", TensorShape=[" + numel + "], TensorDtypes=BFloat16, TensorDeviceTypes=cuda)";
    };
    const std::string message =
        "Detected mismatch between collectives on ranks. Rank " + std::to_string(rank) +
        " is running collective: " + fingerprint(opType) + ", but Rank " +
        std::to_string(otherRank) + " is running collective: " + fingerprint(otherOpType) +
        ".Collectives differ in the following aspects:   Op type: " + opType + "vs " + otherOpType;
    // ProcessGroupWrapper raises it in the calling (main) thread: Python's traceback.
    out.line(atNs) += "Traceback (most recent call last):";
    out.line(atNs) += "  File \"/workspace/megatron-lm/pretrain_gpt.py\", line 243, in <module>";
    out.line(atNs) += "    pretrain(";
    out.line(atNs) += "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/"
                      "c10d_logger.py\", line 79, in wrapper";
    out.line(atNs) += "    return func(*args, **kwargs)";
    out.line(atNs) += "RuntimeError: " + message;
}

void appendNcclNetworkFailure(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                              const std::string &peerAddress, std::int64_t atNs)
{
    // NCCL 2.21's net_ib.cc: a work completion with IBV_WC_RETRY_EXC_ERR (12), then the
    // proxy thread's error path.
    const std::int64_t proxy = id.ncclThread + 7;
    {
        std::string &text = out.line(atNs);
        appendNcclHeader(text, id, proxy, "WARN");
        // appendNcclHeader ends with "NCCL WARN "; NCCL puts the source place before it.
        text.insert(text.find("NCCL WARN"), "transport/net_ib.cc:1296 ");
        text += "NET/IB : Got completion from peer " + peerAddress +
                "<33092> with error 12, opcode 0, len 0, vendor err 129 (Recv)";
    }
    for (const char *place :
         {"transport/net.cc:1134 -> 6", "proxy.cc:679 -> 6", "proxy.cc:858 -> 6 [Proxy Thread]"}) {
        std::string &text = out.line(atNs);
        appendNcclHeader(text, id, proxy, "INFO");
        text += place;
    }
}

} // namespace rankscope
