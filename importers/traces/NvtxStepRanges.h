#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rankscope {

// A range text that names a training step: a step word and the step's number.
struct StepRangeName
{
    std::string word; // lower case: "iteration", "step", "train_step", ... or the chosen name
    std::int64_t step = -1;
};

// "iteration 12", "Iteration_12", "step#3", "train_step 7", "Batch 0", "global_step=40": a step
// word, separators (space, '_', '#', ':', '=', '-'), the number, and nothing but punctuation or
// spaces after it. The words: iteration, iter, step, train_step, training_step, train step,
// global_step, batch (any case). `chosen`, when not empty, is the only word accepted (the
// user's own range name, RANKSCOPE_NVTX_STEP_RANGE).
std::optional<StepRangeName> parseStepRangeName(std::string_view text,
                                                std::string_view chosen = {});

// The range name a user chose for steps: the environment variable RANKSCOPE_NVTX_STEP_RANGE
// (empty when not set).
std::string chosenStepRangeName();

// When a trace has no ProfilerStep#N iteration, its NVTX ranges on CPU threads that name steps
// (parseStepRangeName) become its iterations: Megatron-LM, NeMo and hand-written training loops
// annotate steps their own way ("iteration 12", "step 3", "train_step 7"). The commonest step
// word wins; without a chosen name at least two distinct steps are needed (one "step 1" range
// is not a training loop). Those events become IterationMarkers, as ProfilerStep ranges are.
// Returns the step word used, empty when none.
std::string iterationsFromStepRanges(TraceData &trace, std::string_view chosen);

} // namespace rankscope
