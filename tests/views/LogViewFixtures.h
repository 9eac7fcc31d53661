#pragma once

// Hand-built log analysis and log lines for the Logs view tests and screenshot: the story of
// issue 4. 128 ranks on 16 nodes (8 a node); rank 37 (node-04) stops logging after iteration
// 1520, the other 127 hit the NCCL watchdog timeout at 12:31:04 UTC; node-05's ranks 40-47
// saw an InfiniBand port error burst; rank 0 prints Megatron's argument dump and checkpoint
// lines. About 140 templates. No importer, no cache: just the structs the views take.
#include "TraceViewFixtures.h"
#include "core/logs/LogAnalysis.h"
#include "views/logs/LogLineSource.h"

#include <QDateTime>
#include <QTimeZone>

#include <memory>
#include <string>
#include <vector>

namespace rankscope_test {

using namespace rankscope;

constexpr int kLogRanks = 128;
constexpr int kLogRanksPerNode = 8;
constexpr int kSilentRank = 37;
constexpr std::int64_t kLastIteration = 1521;

// 2024-05-01 06:25:00 UTC: the job's start.
inline std::int64_t logJobStartNs()
{
    return QDateTime(QDate(2024, 5, 1), QTime(6, 25), QTimeZone::utc()).toMSecsSinceEpoch() *
           1'000'000;
}
// 12:31:04 UTC the same day: the first watchdog timeout.
inline std::int64_t watchdogNs()
{
    return QDateTime(QDate(2024, 5, 1), QTime(12, 31, 4), QTimeZone::utc()).toMSecsSinceEpoch() *
           1'000'000;
}
// Iteration i starts here (about 14.4 s a step).
inline std::int64_t iterationNs(std::int64_t i)
{
    return logJobStartNs() + 180'000'000'000 + i * 14'300'000'000;
}

// Template ids the tests refer to.
namespace LogFixtureId {
inline constexpr TemplateId Watchdog = 1;
inline constexpr TemplateId PortError = 2;
inline constexpr TemplateId SomeFailed = 3;
inline constexpr TemplateId TakingDown = 4;
inline constexpr TemplateId Terminate = 5;
inline constexpr TemplateId Iteration = 10;
inline constexpr TemplateId InitComplete = 11;
inline constexpr TemplateId SavingCheckpoint = 20;
inline constexpr TemplateId Download = 21;
inline constexpr TemplateId FirstArgument = 100;
} // namespace LogFixtureId

inline RankSet allLogRanks()
{
    return RankSet::range(0, kLogRanks - 1);
}

inline LogTemplateSummary logTemplate(TemplateId id, std::string text, LogSeverity severity,
                                      std::int64_t count, RankSet has, std::int64_t firstNs,
                                      std::int64_t firstIteration, std::uint32_t flags = 0,
                                      double score = 0, std::string builtinName = {},
                                      std::string role = "trainer")
{
    LogTemplateSummary t;
    t.id = id;
    t.text = std::move(text);
    t.severity = severity;
    t.builtinName = std::move(builtinName);
    t.builtin = t.builtinName.empty() ? -1 : int(id);
    t.role = std::move(role);
    t.count = count;
    // Trainer templates are compared over all ranks; role-scoped ones within their role (here
    // a single process, so nothing can miss them).
    if (t.role == "trainer")
        t.missing = allLogRanks() - has;
    t.has = std::move(has);
    t.firstTimeNs = firstNs;
    t.firstIteration = firstIteration;
    t.firstRank = t.has.first();
    t.flags = flags;
    t.score = score;
    return t;
}

inline std::shared_ptr<JobInfo> makeLogJob()
{
    return makeJob(kLogRanks, kLogRanksPerNode);
}

inline std::shared_ptr<LogAnalysis> makeLogAnalysis()
{
    namespace F = LogTemplateFlag;
    namespace Id = LogFixtureId;
    auto a = std::make_shared<LogAnalysis>();
    const RankSet all = allLogRanks();
    RankSet waiting = all;
    waiting.erase(kSilentRank);
    const RankSet node05 = RankSet::range(40, 47);
    const RankSet rank0 = RankSet::range(0, 0);
    const std::int64_t t0 = logJobStartNs();
    const std::int64_t wd = watchdogNs();
    auto &ts = a->templates;

    ts.push_back(logTemplate(
        Id::Watchdog,
        "[Rank <RANK>] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=<*>, "
        "OpType=ALLREDUCE, NumelIn=<NUM>, NumelOut=<NUM>, Timeout(ms)=<NUM>) ran for <NUM> "
        "milliseconds before timing out.",
        LogSeverity::Fatal, 127, waiting, wd, kLastIteration,
        F::MinorityLacks | F::NewLate | F::ErrorSeverity | F::Suspect, 9.6,
        "nccl-watchdog-timeout"));
    ts.push_back(logTemplate(Id::PortError, "NCCL WARN NET/IB : Got async event : port error <*>",
                             LogSeverity::Warning, 1184, node05, t0 + 4'812'000'000'000, 321,
                             F::MinorityHas | F::Burst | F::ErrorSeverity | F::Suspect, 6.2,
                             "nccl-warn"));
    ts.push_back(logTemplate(
        Id::SomeFailed,
        "[E ProcessGroupNCCL.cpp:<NUM>] Some NCCL operations have failed or timed out. Due to "
        "the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
        "corrupted/incomplete data.",
        LogSeverity::Error, 127, waiting, wd + 2'000'000, kLastIteration,
        F::MinorityLacks | F::NewLate | F::ErrorSeverity | F::Suspect, 5.1));
    ts.push_back(logTemplate(Id::TakingDown,
                             "[E ProcessGroupNCCL.cpp:<NUM>] To avoid data inconsistency, we "
                             "are taking the entire process down.",
                             LogSeverity::Error, 127, waiting, wd + 3'000'000, kLastIteration,
                             F::MinorityLacks | F::NewLate | F::ErrorSeverity | F::Suspect, 4.9));
    ts.push_back(logTemplate(Id::Terminate,
                             "terminate called after throwing an instance of "
                             "'c10::DistBackendError'",
                             LogSeverity::Fatal, 127, waiting, wd + 9'000'000, kLastIteration,
                             F::MinorityLacks | F::NewLate | F::ErrorSeverity | F::Suspect, 4.7,
                             "fatal-signal"));
    ts.push_back(logTemplate(6,
                             "torch.distributed.elastic.multiprocessing.api: [ERROR] failed "
                             "(exitcode: -6) local_rank: <NUM> (pid: <NUM>) of binary: <PATH>",
                             LogSeverity::Error, 15, {}, wd + 31'000'000'000, -1,
                             F::ErrorSeverity | F::Suspect, 2.1, {}, "launcher"));
    ts.push_back(logTemplate(7,
                             "[W ProcessGroupNCCL.cpp:<NUM>] Warning: TORCH_NCCL_AVOID_RECORD_"
                             "STREAMS=1 has no effect for point-to-point collectives.",
                             LogSeverity::Warning, 128, all, t0 + 95'000'000'000, 0,
                             F::ErrorSeverity, 0.4));
    ts.push_back(logTemplate(8,
                             "UserWarning: torch.utils.checkpoint: please pass in "
                             "use_reentrant=True or use_reentrant=False explicitly.",
                             LogSeverity::Warning, 128, all, t0 + 181'000'000'000, 1,
                             F::ErrorSeverity, 0.3, "python-warning"));

    // The steady state: iteration lines, NCCL init, memory and timers.
    ts.push_back(logTemplate(
        Id::Iteration,
        "iteration <*>/ <*> | consumed samples: <*> | elapsed time per iteration (ms): <*> | "
        "learning rate: <*> | global batch size: <NUM> | lm loss: <*> | loss scale: <*> | "
        "grad norm: <*> | number of skipped iterations: <NUM> | number of nan iterations: "
        "<NUM> |",
        LogSeverity::Info, 1521, RankSet::range(127, 127), t0 + 194'000'000'000, 1, F::RankZeroOnly,
        0, {}, "last-stage"));
    ts.push_back(logTemplate(Id::InitComplete,
                             "NCCL INFO comm <HEX> rank <NUM> nranks <NUM> cudaDev <NUM> busId "
                             "<HEX> commId <HEX> - Init COMPLETE",
                             LogSeverity::Info, 1536, all, t0 + 61'000'000'000, 0));
    const char *ncclInfo[] = {
        "NCCL INFO Bootstrap : Using ib0:<IP><<NUM>>",
        "NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation",
        "NCCL INFO cudaDriverVersion <NUM>",
        "NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB ; "
        "OOB ib0:<IP><<NUM>>",
        "NCCL INFO Using network IB",
        "NCCL INFO Setting affinity for GPU <NUM> to <HEX>",
        "NCCL INFO Channel <NUM>/<NUM> : <NUM>[<NUM>] -> <NUM>[<NUM>] via P2P/IPC/read",
        "NCCL INFO Channel <NUM>/<NUM> : <NUM>[<NUM>] -> <NUM>[<NUM>] [send] via NET/IB/<NUM>/"
        "GDRDMA",
        "NCCL INFO Channel <NUM>/<NUM> : <NUM>[<NUM>] -> <NUM>[<NUM>] [receive] via NET/IB/"
        "<NUM>/GDRDMA",
        "NCCL INFO Trees [0] <NUM>/<NUM>/<NUM>-><NUM>-><NUM> [1] <NUM>/<NUM>/<NUM>-><NUM>-><NUM>",
        "NCCL INFO threadThresholds <NUM>/<NUM>/<NUM> | <NUM>/<NUM>/<NUM> | <NUM>/<NUM>/<NUM> | "
        "<NUM>/<NUM>/<NUM>",
        "NCCL INFO <NUM> coll channels, <NUM> nvls channels, <NUM> p2p channels, <NUM> p2p "
        "channels per peer",
        "NCCL INFO Connected all rings",
        "NCCL INFO Connected all trees",
        "NCCL INFO NVLS multicast support is not available on dev <NUM>",
        "NCCL INFO comm <HEX> rank <NUM> nRanks <NUM> nNodes <NUM> localRanks <NUM> localRank "
        "<NUM> MNNVL <NUM>",
        "NCCL INFO P2P Chunksize set to <NUM>",
        "NCCL INFO NCCL_IB_TIMEOUT set by environment to <NUM>.",
        "NCCL INFO NCCL_SOCKET_IFNAME set by environment to ib0",
        "NCCL INFO NCCL_DEBUG set by environment to INFO.",
    };
    TemplateId id = 30;
    std::int64_t count = 128 * 12;
    for (const char *text : ncclInfo) {
        count -= 7;
        ts.push_back(logTemplate(id, text, LogSeverity::Info, count, all,
                                 t0 + 58'000'000'000 + id * 40'000'000, 0));
        ++id;
    }
    ts.push_back(logTemplate(id++,
                             "[Rank <NUM>] (after <*> iterations) memory (MB) | allocated: <*> | "
                             "max allocated: <*> | reserved: <*> | max reserved: <*>",
                             LogSeverity::Info, 128, all, t0 + 196'000'000'000, 1));
    ts.push_back(logTemplate(id++,
                             "time (ms) | forward-compute: <*> | backward-compute: <*> | "
                             "backward-params-all-reduce: <*> | optimizer: <*> | "
                             "batch-generator: <*>",
                             LogSeverity::Info, 1521, rank0, t0 + 194'500'000'000, 1,
                             F::RankZeroOnly, 0, {}, "rank-0"));
    ts.push_back(logTemplate(id++,
                             "[INFO] [logging.py:<NUM>:log_dist] [Rank 0] step=<*>, skipped=<*>, "
                             "lr=[<*>], mom=[(<*>, <*>)]",
                             LogSeverity::Info, 1521, rank0, t0 + 194'600'000'000, 1,
                             F::RankZeroOnly, 0, {}, "rank-0"));
    ts.push_back(logTemplate(id++,
                             "[INFO] [timer.py:<NUM>:stop] epoch=<NUM>/micro_step=<*>/"
                             "global_step=<*>, RunningAvgSamplesPerSec=<*>, CurrSamplesPerSec=<*>,"
                             " MemAllocated=<*>GB, MaxMemAllocated=<*>GB",
                             LogSeverity::Info, 1521, rank0, t0 + 194'700'000'000, 1,
                             F::RankZeroOnly, 0, {}, "rank-0"));
    ts.push_back(logTemplate(Id::SavingCheckpoint, "saving checkpoint at iteration <*> to <PATH>",
                             LogSeverity::Info, 15, rank0, t0 + 1'620'000'000'000, 100,
                             F::RankZeroOnly | F::ControlPlane, 0, "checkpoint-save", "rank-0"));
    ts.push_back(logTemplate(id++, "  successfully saved checkpoint at iteration <*> to <PATH>",
                             LogSeverity::Info, 15, rank0, t0 + 1'641'000'000'000, 100,
                             F::RankZeroOnly | F::ControlPlane, 0, "checkpoint-save", "rank-0"));
    ts.push_back(logTemplate(Id::Download,
                             "Downloading (…)<*>: <NUM>%|<*>| <*>/<*> [<*><<*>, <*>/s]",
                             LogSeverity::Unknown, 212, rank0, t0 + 5'000'000'000, -1,
                             F::RankZeroOnly | F::ControlPlane, 0, {}, "rank-0"));
    ts.push_back(logTemplate(id++, "HTTP Request: GET <URL> \"HTTP/1.1 200 OK\"", LogSeverity::Info,
                             24, rank0, t0 + 4'000'000'000, -1, F::RankZeroOnly | F::ControlPlane,
                             0, {}, "rank-0"));
    ts.push_back(logTemplate(id++, "> building train, validation, and test datasets ...",
                             LogSeverity::Info, 1, rank0, t0 + 120'000'000'000, 0, F::RankZeroOnly,
                             0, {}, "rank-0"));
    ts.push_back(logTemplate(
        id++, " > elapsed time to build and save sample-idx mapping (seconds): <*>",
        LogSeverity::Info, 3, rank0, t0 + 141'000'000'000, 0, F::RankZeroOnly, 0, {}, "rank-0"));

    // Megatron's argument dump on rank 0: one template per argument, the bulk of the list.
    const char *arguments[] = {
        "accumulate_allreduce_grads_in_fp32",
        "adam_beta1",
        "adam_beta2",
        "adam_eps",
        "add_bias_linear",
        "apply_query_key_layer_scaling",
        "apply_residual_connection_post_"
        "layernorm",
        "attention_dropout",
        "barrier_with_L1_time",
        "bf16",
        "bias_dropout_fusion",
        "bias_gelu_fusion",
        "clip_grad",
        "consumed_train_samples",
        "data_impl",
        "data_parallel_size",
        "data_path",
        "dataloader_type",
        "DDP_impl",
        "decoder_seq_length",
        "deepspeed",
        "deepspeed_config",
        "distribute_checkpointed_activations",
        "distributed_backend",
        "embedding_path",
        "encoder_seq_length",
        "eod_mask_loss",
        "eval_interval",
        "eval_iters",
        "exit_duration_in_mins",
        "exit_interval",
        "ffn_hidden_size",
        "finetune",
        "fp16",
        "fp16_lm_cross_entropy",
        "fp32_residual_connection",
        "global_batch_size",
        "hidden_dropout",
        "hidden_size",
        "hysteresis",
        "init_method_std",
        "initial_loss_scale",
        "kv_channels",
        "layernorm_epsilon",
        "lazy_mpu_init",
        "load",
        "local_rank",
        "log_batch_size_to_tensorboard",
        "log_interval",
        "log_learning_rate_to_tensorboard",
        "log_num_zeros_in_grad",
        "log_params_norm",
        "log_timers_to_tensorboard",
        "loss_scale",
        "loss_scale_window",
        "lr",
        "lr_decay_iters",
        "lr_decay_samples",
        "lr_decay_style",
        "lr_warmup_fraction",
        "lr_warmup_samples",
        "make_vocab_size_divisible_by",
        "mask_prob",
        "masked_softmax_fusion",
        "max_position_embeddings",
        "merge_file",
        "micro_batch_size",
        "min_loss_scale",
        "min_lr",
        "no_load_optim",
        "no_load_rng",
        "no_save_optim",
        "no_save_rng",
        "num_attention_heads",
        "num_layers",
        "num_workers",
        "onnx_safe",
        "optimizer",
        "override_lr_scheduler",
        "params_dtype",
        "pipeline_model_parallel_size",
        "rampup_batch_size",
        "rank",
        "recompute_granularity",
        "reset_attention_mask",
        "reset_position_ids",
        "save",
        "save_interval",
        "seed",
        "seq_length",
        "sequence_parallel",
        "split",
        "tensor_model_parallel_size",
        "tensorboard_dir",
        "tokenizer_type",
        "train_iters",
        "train_samples",
        "use_checkpoint_lr_scheduler",
        "use_cpu_initialization",
        "use_distributed_optimizer",
        "vocab_file",
        "weight_decay",
        "world_size",
        "zero_stage",
    };
    id = LogFixtureId::FirstArgument;
    for (const char *name : arguments) {
        std::string text = std::string("  ") + name + " ";
        text.append(std::size_t(std::max<int>(4, 48 - int(text.size()))), '.');
        text += " <*>";
        ts.push_back(logTemplate(id, text, LogSeverity::Info, 1, rank0,
                                 t0 + 30'000'000'000 + id * 1'000'000, -1, F::RankZeroOnly, 0, {},
                                 "rank-0"));
        ++id;
    }

    LogSuspect rankSuspect;
    rankSuspect.kind = LogSuspectKind::Rank;
    rankSuspect.templ = Id::Watchdog;
    rankSuspect.ranks = RankSet::range(kSilentRank, kSilentRank);
    rankSuspect.score = 9.8;
    rankSuspect.reason = "rank 37: nothing after iteration 1520 while others reached 1521";
    a->suspects.push_back(rankSuspect);
    LogSuspect watchdog;
    watchdog.kind = LogSuspectKind::Template;
    watchdog.templ = Id::Watchdog;
    watchdog.ranks = waiting;
    watchdog.score = 9.6;
    watchdog.reason = "NCCL watchdog timeout on 127 of 128 ranks from 12:31:04; rank 37 lacks it";
    a->suspects.push_back(watchdog);
    LogSuspect launcher;
    launcher.kind = LogSuspectKind::Template;
    launcher.templ = 6;
    launcher.score = 2.1;
    launcher.reason = "the launcher reports 15 failed processes";
    a->suspects.push_back(launcher);
    a->suspiciousTemplates = 6; // the templates marked LogTemplateFlag::Suspect above
    a->anchorTimeNs = wd;
    a->anchorRank = 0;
    a->lastIteration.assign(kLogRanks, kLastIteration);
    a->lastIteration[kSilentRank] = kLastIteration - 1;
    a->summary = "Rank 37 (node-04) logged nothing after iteration 1520 while the other 127 "
                 "ranks reached 1521 and hit the NCCL watchdog timeout (ALLREDUCE) from "
                 "12:31:04.";
    return a;
}

// The node log a rank's lines come from.
inline QString logFileOf(int rank)
{
    return QStringLiteral("logs/node-%1.log").arg(rank / kLogRanksPerNode, 2, 10, QLatin1Char('0'));
}

// Lines in time order: NCCL init on every rank, rank 127's iteration lines, node-05's port
// errors, then the end: the watchdog timeout (with its C++ frames), the NCCL errors and the
// terminate of the 127 waiting ranks. About 9,000 lines.
inline std::vector<LogLine> makeLogLines()
{
    namespace Id = LogFixtureId;
    std::vector<LogLine> lines;
    const std::int64_t t0 = logJobStartNs();
    auto add = [&](int rank, std::int64_t t, LogSeverity s, TemplateId templ, QString text) {
        LogLine l;
        l.rank = rank;
        l.timeNs = t;
        l.severity = s;
        l.templateId = templ;
        l.fileLabel = logFileOf(std::max(rank, 0));
        l.lineNumber = qint64(lines.size()) / 16 + 1;
        l.text = std::move(text);
        lines.push_back(std::move(l));
    };
    for (int r = 0; r < kLogRanks; ++r)
        add(r, t0 + 61'000'000'000 + r * 3'100'000, LogSeverity::Info, Id::InitComplete,
            QStringLiteral("NCCL INFO comm 0x%1 rank %2 nranks 128 cudaDev %3 busId %4 "
                           "commId 0x7d1e0c5f9a21b3e4 - Init COMPLETE")
                .arg(0x55d4a0b0 + r * 0x1f0, 0, 16)
                .arg(r)
                .arg(r % 8)
                .arg(QString::number(0x10 + (r % 8) * 0x10, 16) + QStringLiteral("000")));
    for (std::int64_t i = 1; i <= kLastIteration; ++i) {
        const double step = 14290.0 + double((i * 7919) % 300) - 150.0;
        const double loss = 2.1 + 6.0 / double(i + 8);
        add(127, iterationNs(i), LogSeverity::Info, Id::Iteration,
            QStringLiteral("iteration %1/ 300000 | consumed samples: %2 | elapsed time per "
                           "iteration (ms): %3 | learning rate: %4 | global batch size: 2048 | "
                           "lm loss: %5 | loss scale: 1.0 | grad norm: %6 | number of skipped "
                           "iterations: 0 | number of nan iterations: 0 |")
                .arg(i)
                .arg(i * 2048)
                .arg(step, 0, 'f', 1)
                .arg(6e-5 * std::min<double>(1.0, double(i) / 500.0), 0, 'E', 3)
                .arg(loss, 0, 'E', 6)
                .arg(0.21 + double(i % 13) / 100.0, 0, 'f', 3));
        if (i >= 321 && i % 3 == 0) {
            for (int r = 40; r < 48; r += 3)
                add(r, iterationNs(i) + 5'000'000'000 + r * 1'000'000, LogSeverity::Warning,
                    Id::PortError,
                    QStringLiteral("NCCL WARN NET/IB : Got async event : port error %1")
                        .arg(r % 4 + 1));
        }
    }
    const std::int64_t wd = watchdogNs();
    for (int r = 0; r < kLogRanks; ++r) {
        if (r == kSilentRank)
            continue;
        const std::int64_t t = wd + std::int64_t((r * 7) % 128) * 1'700'000;
        add(r, t, LogSeverity::Fatal, Id::Watchdog,
            QStringLiteral(
                "[Rank %1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48712, "
                "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for %2 "
                "milliseconds before timing out.\n"
                "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/"
                "ProcessGroupNCCL.cpp:565 (most recent call first):\n"
                "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f3a1c "
                "in libc10.so)\n"
                "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::"
                "chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (libtorch_cuda.so)\n"
                "frame #2: c10d::ProcessGroupNCCL::workCleanupLoop() + 0x233 (libtorch_cuda.so)\n"
                "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (libtorch_cuda.so)\n"
                "frame #4: <unknown function> + 0xdc253 (libstdc++.so.6)\n"
                "frame #5: <unknown function> + 0x94ac3 (libc.so.6)")
                .arg(r)
                .arg(1800000 + (r * 37) % 900));
    }
    for (int r = 0; r < kLogRanks; ++r) {
        if (r == kSilentRank)
            continue;
        const std::int64_t t = wd + 240'000'000 + std::int64_t((r * 7) % 128) * 1'700'000;
        add(r, t, LogSeverity::Error, Id::SomeFailed,
            QStringLiteral("[E ProcessGroupNCCL.cpp:1182] Some NCCL operations have failed or "
                           "timed out. Due to the asynchronous nature of CUDA kernels, "
                           "subsequent GPU operations might run on corrupted/incomplete data."));
        add(r, t + 1'000'000, LogSeverity::Error, Id::TakingDown,
            QStringLiteral("[E ProcessGroupNCCL.cpp:1188] To avoid data inconsistency, we are "
                           "taking the entire process down."));
        add(r, t + 9'000'000, LogSeverity::Fatal, Id::Terminate,
            QStringLiteral("terminate called after throwing an instance of "
                           "'c10::DistBackendError'\n  what():  [Rank %1] Watchdog caught "
                           "collective operation timeout: WorkNCCL(SeqNum=48712, "
                           "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran "
                           "for 1800466 milliseconds before timing out.")
                .arg(r));
    }
    std::stable_sort(lines.begin(), lines.end(),
                     [](const LogLine &a, const LogLine &b) { return a.timeNs < b.timeNs; });
    return lines;
}

} // namespace rankscope_test
