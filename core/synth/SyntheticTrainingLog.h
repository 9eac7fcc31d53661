#pragma once

#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SyntheticLogStream.h"
#include "core/synth/SyntheticRankIdentity.h"

#include <cstdint>
#include <string>

namespace rankscope {

// The Python side of a Megatron-LM trainer's output (Megatron-core 0.8 wording): rank 0's
// start-up report, tqdm bars, wandb and its HTTP traffic, checkpoints; every rank's DataLoader
// lines; the iteration lines; the fault rank's traceback.

// Rank 0 from `startNs`: arguments, initialization, model, checkpoint load, and the datasets,
// ready at `datasetsReadyNs` at the earliest. Returns the time of its last line.
std::int64_t appendMegatronStartup(SyntheticLogStream &out, const SyntheticScenario &scenario,
                                   const SyntheticLogPlan &plan, std::int64_t startNs,
                                   std::int64_t datasetsReadyNs);
// Rank 0: "training ..." and the datetime just before the first iteration at `atNs`.
void appendTrainingStart(SyntheticLogStream &out, std::int64_t atNs);
// Rank 0: wandb's start-up lines.
void appendWandbStart(SyntheticLogStream &out, const SyntheticScenario &scenario,
                      std::int64_t atNs);
// Rank 0: wandb's periodic upload, as urllib3 logs it.
void appendWandbUpload(SyntheticLogStream &out, const SyntheticScenario &scenario,
                       std::int64_t atNs);
// Rank 0: the checkpoint save after plan.checkpointIteration.
void appendCheckpointSave(SyntheticLogStream &out, const SyntheticScenario &scenario,
                          const SyntheticLogPlan &plan);
// Rank 0: the last lines of a job that finished.
void appendTrainingDone(SyntheticLogStream &out, std::int64_t atNs);

// Every rank: PyTorch's warning about the DataLoader's worker count and the workers it started
// (the worker pids of the rank's stacks).
void appendDataLoaderStart(SyntheticLogStream &out, const SyntheticRankIdentity &id,
                           std::int64_t atNs);

// " iteration     1480/  500000 | consumed samples: ... | lm loss: ... |" at step.endNs.
void appendIterationLine(SyntheticLogStream &out, const SyntheticScenario &scenario,
                         const SyntheticLogPlan &plan, const SyntheticLoggedStep &step);

// The hang's fault rank when its DataLoader worker's read() finally fails: the traceback through
// get_batch and DataLoader.__next__, re-raising the worker's OSError.
void appendLoaderTraceback(SyntheticLogStream &out, const SyntheticScenario &scenario,
                           std::int64_t atNs);
inline constexpr const char *kLoaderErrorTemplate = "OSError: [Errno 5] Input/output error";

} // namespace rankscope
