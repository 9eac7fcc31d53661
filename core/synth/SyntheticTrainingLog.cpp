#include "core/synth/SyntheticTrainingLog.h"
#include "core/synth/SynthTime.h"

#include "core/synth/LogTimeText.h"

#include <algorithm>
#include <cstdio>

namespace rankscope {

namespace {

constexpr const char *kCheckpointDir = "/lustre/ckpt/gpt-7b";
constexpr const char *kSitePackages = "/usr/local/lib/python3.10/dist-packages/";
constexpr const char *kMegatron = "/workspace/Megatron-LM/";

// A wandb run id: 8 characters of [a-z0-9], from the seed.
std::string wandbRunId(std::uint64_t seed)
{
    static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::uint64_t h = syntheticLogHash(seed, 0x3A4DB);
    std::string id;
    for (int i = 0; i < 8; ++i, h /= 36)
        id += kAlphabet[h % 36];
    return id;
}

// tqdm's bar of `done` of `total` items: "100%|██████████| 8/8 [00:21<00:00,  2.66s/it]".
void appendTqdmState(std::string &out, const char *what, int done, int total, double elapsedS)
{
    static constexpr const char *kPartial[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
    char head[96];
    std::snprintf(head, sizeof head, "%s: %3d%%|", what, done * 100 / total);
    out += head;
    const int eighths = done * 80 / total;
    int cells = 0;
    for (; cells < eighths / 8; ++cells)
        out += "█";
    if (cells < 10 && eighths % 8 != 0) {
        out += kPartial[eighths % 8];
        ++cells;
    }
    out.append(static_cast<std::size_t>(10 - cells), ' ');
    char tail[96];
    const int elapsed = static_cast<int>(elapsedS);
    if (done == 0) {
        std::snprintf(tail, sizeof tail, "| %d/%d [00:00<?, ?it/s]", done, total);
    } else {
        const double perItem = elapsedS / done;
        const int left = static_cast<int>(perItem * (total - done));
        if (perItem >= 1.0)
            std::snprintf(tail, sizeof tail, "| %d/%d [%02d:%02d<%02d:%02d, %5.2fs/it]", done,
                          total, elapsed / 60, elapsed % 60, left / 60, left % 60, perItem);
        else
            std::snprintf(tail, sizeof tail, "| %d/%d [%02d:%02d<%02d:%02d, %5.2fit/s]", done,
                          total, elapsed / 60, elapsed % 60, left / 60, left % 60, 1.0 / perItem);
    }
    out += tail;
}

// A tqdm bar as it reaches a log: every refresh after a carriage return, one newline at the end.
void appendTqdmLine(SyntheticLogStream &out, std::int64_t endNs, const char *what, int total,
                    double secondsPerItem)
{
    std::string &text = out.line(endNs);
    for (int done = 0; done <= total; ++done) {
        if (done > 0)
            text += '\r';
        appendTqdmState(text, what, done, total, secondsPerItem * done);
    }
}

std::string parallelText(const SyntheticLayout &layout)
{
    return "[ t 1/" + std::to_string(layout.tensorParallel) + ", p 1/" +
           std::to_string(layout.pipelineParallel) + " ]";
}

void appendArguments(SyntheticLogStream &out, const SyntheticScenario &scenario,
                     const SyntheticLogPlan &plan, std::int64_t atNs)
{
    const SyntheticLayout &layout = scenario.layout;
    out.line(atNs) += "using world size: " + std::to_string(layout.worldSize) +
                      ", data-parallel size: " + std::to_string(layout.dataParallel) +
                      ", context-parallel size: 1, tensor-model-parallel size: " +
                      std::to_string(layout.tensorParallel) +
                      ", pipeline-model-parallel size: " + std::to_string(layout.pipelineParallel);
    out.line(atNs) += "------------------------ arguments ------------------------";
    const std::pair<const char *, std::string> arguments[] = {
        {"bf16", "True"},
        {"data_path", "['/lustre/data/gpt/my-gpt_text_document']"},
        {"global_batch_size", std::to_string(plan.globalBatchSize)},
        {"hidden_size", "4096"},
        {"load", kCheckpointDir},
        {"log_interval", "1"},
        {"lr", "6e-05"},
        {"micro_batch_size", "1"},
        {"num_attention_heads", "32"},
        {"num_layers", "32"},
        {"num_workers", "2"},
        {"pipeline_model_parallel_size", std::to_string(layout.pipelineParallel)},
        {"save", kCheckpointDir},
        {"save_interval", plan.traced ? std::to_string(plan.trainIterations) : "500"},
        {"seq_length", "4096"},
        {"tensor_model_parallel_size", std::to_string(layout.tensorParallel)},
        {"train_iters", std::to_string(plan.trainIterations)},
        {"wandb_project", "gpt-7b-pretrain"},
        {"world_size", std::to_string(layout.worldSize)},
    };
    for (const auto &[name, value] : arguments) {
        std::string text = "  ";
        text += name;
        text += ' ';
        // Megatron pads the names with dots to one column.
        text.append(static_cast<std::size_t>(std::max<int>(3, 50 - static_cast<int>(text.size()))),
                    '.');
        out.line(atNs) += text + ' ' + value;
    }
    out.line(atNs) += "-------------------- end of arguments ---------------------";
}

} // namespace

std::int64_t appendMegatronStartup(SyntheticLogStream &out, const SyntheticScenario &scenario,
                                   const SyntheticLogPlan &plan, std::int64_t startNs,
                                   std::int64_t datasetsReadyNs)
{
    const SyntheticLayout &layout = scenario.layout;
    std::int64_t t = startNs;
    appendArguments(out, scenario, plan, t);
    t += 120 * kMs;
    out.line(t) += "setting number of micro-batches to constant " +
                   std::to_string(plan.globalBatchSize / std::max(1, layout.dataParallel));
    out.line(t) += "> building GPT2BPETokenizer tokenizer ...";
    t += 400 * kMs;
    appendTqdmLine(out, t, "Fetching 4 files", 4, 0.31);
    out.line(t) += " > padded vocab (size: 50257) with 943 dummy tokens (new size: 51200)";
    out.line(t) += "> initializing torch distributed ...";
    t += 1800 * kMs; // NCCL comes up on every rank meanwhile
    out.line(t) +=
        "> initialized tensor model parallel with size " + std::to_string(layout.tensorParallel);
    out.line(t) += "> initialized pipeline model parallel with size " +
                   std::to_string(layout.pipelineParallel);
    out.line(t) += "> setting random seeds to 1234 ...";
    out.line(t) += "> compiling dataset index builder ...";
    t += 900 * kMs;
    out.line(t) += ">>> done with dataset index builder. Compilation time: 0.058 seconds";
    out.line(t) += "time to initialize megatron (seconds): 11.834";
    {
        std::string &text = out.line(t);
        text += "[after megatron is initialized] datetime: ";
        appendDateTime(text, t + out.clockOffsetNs());
    }
    out.line(t) += "building GPT model ...";
    t += 700 * kMs;
    out.line(t) +=
        " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): " +
        std::to_string(6'738'415'616LL / layout.tensorParallel / layout.pipelineParallel);
    t += 300 * kMs;
    if (plan.resumedFromIteration > 0) {
        out.line(t) += "loading checkpoint from " + std::string(kCheckpointDir) + " at iteration " +
                       std::to_string(plan.resumedFromIteration);
        t += 21 * kSecond;
        appendTqdmLine(out, t, "Loading checkpoint shards", 8, 2.66);
        out.line(t) += "  successfully loaded checkpoint from " + std::string(kCheckpointDir) +
                       " " + parallelText(layout) + " at iteration " +
                       std::to_string(plan.resumedFromIteration);
    } else {
        out.line(t) += "WARNING: could not find the metadata file " + std::string(kCheckpointDir) +
                       "/latest_checkpointed_iteration.txt";
        out.line(t) += "    will not load any checkpoints and will start from random";
        t += 2 * kSecond;
    }
    {
        std::string &text = out.line(t);
        text += "[after model, optimizer, and learning rate scheduler are built] datetime: ";
        appendDateTime(text, t + out.clockOffsetNs());
    }
    out.line(t) += "> building train, validation, and test datasets ...";
    out.line(t) += " > datasets target sizes (minimum size):";
    out.line(t) +=
        "    train:      " +
        std::to_string(static_cast<std::int64_t>(plan.trainIterations) * plan.globalBatchSize);
    out.line(t) += "    validation: " + std::to_string(plan.globalBatchSize * 10);
    out.line(t) += "    test:       " + std::to_string(plan.globalBatchSize * 10);
    t = std::max(t + 5200 * kMs, datasetsReadyNs);
    out.line(t) += "> finished creating GPT datasets ...";
    {
        std::string &text = out.line(t);
        text += "[after dataloaders are built] datetime: ";
        appendDateTime(text, t + out.clockOffsetNs());
    }
    return t;
}

void appendWandbStart(SyntheticLogStream &out, const SyntheticScenario &scenario, std::int64_t atNs)
{
    const std::string run = wandbRunId(scenario.seed);
    std::string stamp;
    appendUnderscoreDateTime(stamp, atNs + out.clockOffsetNs());
    // wandb's directory name: run-YYYYMMDD_HHMMSS-<id>
    std::string compact;
    for (char c : stamp)
        if (c != '-' && c != ':')
            compact += c;
    out.line(atNs) += "wandb: Currently logged in as: ml-team. Use `wandb login --relogin` to "
                      "force relogin";
    out.line(atNs) += "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): "
                      "api.wandb.ai:443";
    out.line(atNs) += "DEBUG:urllib3.connectionpool:https://api.wandb.ai:443 \"POST /graphql "
                      "HTTP/1.1\" 200 1528";
    atNs += 900 * kMs;
    out.line(atNs) += "wandb: Tracking run with wandb version 0.17.5";
    out.line(atNs) +=
        "wandb: Run data is saved locally in /workspace/wandb/run-" + compact + "-" + run;
    out.line(atNs) += "wandb: Run `wandb offline` to turn off syncing.";
    out.line(atNs) += "wandb: Syncing run gpt-7b-" + scenario.name;
    out.line(atNs) += "wandb: ⭐️ View project at https://wandb.ai/ml-team/gpt-7b-pretrain";
    out.line(atNs) += "wandb: 🚀 View run at https://wandb.ai/ml-team/gpt-7b-pretrain/runs/" + run;
}

void appendWandbUpload(SyntheticLogStream &out, const SyntheticScenario &scenario,
                       std::int64_t atNs)
{
    out.line(atNs) += "DEBUG:urllib3.connectionpool:https://api.wandb.ai:443 \"POST "
                      "/files/ml-team/gpt-7b-pretrain/" +
                      wandbRunId(scenario.seed) + "/file_stream HTTP/1.1\" 200 None";
}

void appendCheckpointSave(SyntheticLogStream &out, const SyntheticScenario &scenario,
                          const SyntheticLogPlan &plan)
{
    char iteration[16];
    std::snprintf(iteration, sizeof iteration, "%7d", plan.checkpointIteration);
    const std::int64_t start = plan.checkpointStartNs;
    out.line(start) += "saving checkpoint at iteration " + std::string(iteration) + " to " +
                       kCheckpointDir + " in torch format";
    out.line(start + plan.checkpointSaveNs) += "  successfully saved checkpoint from iteration " +
                                               std::string(iteration) + " to " + kCheckpointDir +
                                               " " + parallelText(scenario.layout);
}

void appendTrainingStart(SyntheticLogStream &out, std::int64_t atNs)
{
    out.line(atNs - 600 * kMs) += "done with setup ...";
    out.line(atNs - 600 * kMs) += "training ...";
    std::string &text = out.line(atNs - 30 * kMs);
    text += "[before the start of training step] datetime: ";
    appendDateTime(text, atNs - 30 * kMs + out.clockOffsetNs());
}

void appendTrainingDone(SyntheticLogStream &out, std::int64_t atNs)
{
    std::string &text = out.line(atNs);
    text += "[after training is done] datetime: ";
    appendDateTime(text, atNs + out.clockOffsetNs());
    out.line(atNs + 300 * kMs) += "wandb: 🚀 View run at https://wandb.ai/ml-team/gpt-7b-pretrain";
    out.line(atNs + 300 * kMs) += "wandb: Synced 6 W&B file(s), 0 media file(s), 2 artifact "
                                  "file(s) and 0 other file(s)";
}

void appendDataLoaderStart(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                           std::int64_t atNs)
{
    out.line(atNs) += std::string(kSitePackages) +
                      "torch/utils/data/dataloader.py:557: UserWarning: This DataLoader will "
                      "create 2 worker processes in total. Our suggested max number of worker in "
                      "current system is 1, which is smaller than what this DataLoader is going to "
                      "create. Please be aware that excessive worker creation might get "
                      "DataLoader running slow or even freeze, lower the worker number to avoid "
                      "potential slowness/freeze if necessary.";
    out.line(atNs) += "  warnings.warn(_create_warning_msg(";
    std::string &text = out.line(atNs + 40 * kMs);
    text += "INFO:megatron.training.utils:rank " + std::to_string(id.rank) +
            ": data loader started 2 workers (pids ";
    for (int w = 0; w < SyntheticProcessIds::kWorkers; ++w) {
        text += w > 0 ? ", " : "";
        text += std::to_string(id.ids.workerPids[w]);
    }
    text += "), prefetch_factor=2, pin_memory=True";
}

void appendIterationLine(SyntheticLogStream &out, const SyntheticScenario &scenario,
                         const SyntheticLogPlan &plan, const SyntheticLoggedStep &step)
{
    // The model's FLOPs per step over the step time: ~187 TFLOP/s per GPU at 812 ms.
    const double flopsPerStep = plan.traced ? 23.4 : 152.0;
    char text[512];
    std::snprintf(text, sizeof text,
                  " iteration %8d/%8d | consumed samples: %12lld | elapsed time per iteration "
                  "(ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.3E | "
                  "global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | "
                  "number of skipped iterations: %3d | number of nan iterations: %3d |",
                  step.iteration, plan.trainIterations,
                  static_cast<long long>(step.iteration) * plan.globalBatchSize, step.stepMs,
                  flopsPerStep * 1000.0 / step.stepMs, syntheticLearningRate(step.iteration),
                  plan.globalBatchSize, syntheticLoss(scenario.seed, step.iteration),
                  syntheticGradNorm(scenario.seed, step.iteration), 0, 0);
    out.line(step.endNs) += text;
}

void appendLoaderTraceback(SyntheticLogStream &out, const SyntheticScenario &scenario,
                           std::int64_t atNs)
{
    const std::string site = kSitePackages;
    const std::string meg = kMegatron;
    const bool pipelined = scenario.layout.pipelineParallel > 1;
    const std::string schedule = pipelined ? "forward_backward_pipelining_without_interleaving"
                                           : "forward_backward_no_pipelining";
    const std::string lines[] = {
        "Traceback (most recent call last):",
        "  File \"" + meg + "pretrain_gpt.py\", line 243, in <module>",
        "    pretrain(",
        "  File \"" + meg + "megatron/training/training.py\", line 349, in pretrain",
        "    iteration, num_floating_point_operations_so_far = train(",
        "  File \"" + meg + "megatron/training/training.py\", line 1237, in train",
        "    train_step(forward_step_func,",
        "  File \"" + meg + "megatron/training/training.py\", line 729, in train_step",
        "    losses_reduced = forward_backward_func(",
        "  File \"" + meg + "megatron/core/pipeline_parallel/schedules.py\", line " +
            (pipelined ? "1312" : "452") + ", in " + schedule,
        "    output_tensor, num_tokens = forward_step(",
        "  File \"" + meg +
            "megatron/core/pipeline_parallel/schedules.py\", line 274, in "
            "forward_step",
        "    output_tensor, loss_func = forward_step_func(data_iterator, model)",
        "  File \"" + meg + "pretrain_gpt.py\", line 184, in forward_step",
        "    tokens, labels, loss_mask, attention_mask, position_ids = get_batch(",
        "  File \"" + meg + "pretrain_gpt.py\", line 97, in get_batch",
        "    batch = get_batch_on_this_tp_rank(data_iterator)",
        "  File \"" + meg + "megatron/training/utils.py\", line 293, in get_batch_on_this_tp_rank",
        "    data = next(data_iterator)",
        "  File \"" + site + "torch/utils/data/dataloader.py\", line 630, in __next__",
        "    data = self._next_data()",
        "  File \"" + site + "torch/utils/data/dataloader.py\", line 1345, in _next_data",
        "    return self._process_data(data)",
        "  File \"" + site + "torch/utils/data/dataloader.py\", line 1371, in _process_data",
        "    data.reraise()",
        "  File \"" + site + "torch/_utils.py\", line 706, in reraise",
        "    raise exception",
        "OSError: Caught OSError in DataLoader worker process 0.",
        "Original Traceback (most recent call last):",
        "  File \"" + site + "torch/utils/data/_utils/worker.py\", line 351, in _worker_loop",
        "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
        "  File \"" + site + "torch/utils/data/_utils/fetch.py\", line 51, in fetch",
        "    data = [self.dataset[idx] for idx in possibly_batched_index]",
        "  File \"" + site + "torch/utils/data/_utils/fetch.py\", line 51, in <listcomp>",
        "    data = [self.dataset[idx] for idx in possibly_batched_index]",
        "  File \"" + meg + "megatron/core/datasets/gpt_dataset.py\", line 187, in __getitem__",
        "    text, _ = self._query_document_sample_shuffle_index(idx)",
        "  File \"" + meg +
            "megatron/core/datasets/gpt_dataset.py\", line 254, in "
            "_query_document_sample_shuffle_index",
        "    self.dataset.get(",
        "  File \"" + meg + "megatron/core/datasets/indexed_dataset.py\", line 877, in get",
        "    sequence = self.bin_reader.read(",
        "  File \"" + meg + "megatron/core/datasets/indexed_dataset.py\", line 256, in read",
        "    self._bin_buffer_file.readinto(sequence)",
        kLoaderErrorTemplate,
    };
    for (const std::string &line : lines)
        out.line(atNs) += line;
}

} // namespace rankscope
