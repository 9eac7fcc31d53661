#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace rankscope {

// What a training-progress line says. Missing numbers are NaN, a missing step is -1.
struct IterationLine
{
    std::int64_t iteration = -1;
    double stepTimeMs = std::numeric_limits<double>::quiet_NaN();
    double loss = std::numeric_limits<double>::quiet_NaN();
    double learningRate = std::numeric_limits<double>::quiet_NaN();
    const char *framework = ""; // "megatron", "deepspeed", "hf-trainer", "tqdm"
};

// A line's content (prefix, timestamp and level removed) as a progress line:
//   Megatron-LM  " iteration 20/1000 | consumed samples: 80 | elapsed time per iteration (ms):
//                 2711.1 | learning rate: 3.750E-05 | ... | lm loss: 1.249319E+01 | ..."
//   DeepSpeed    "steps: 2 loss: 12.8004 iter time (s): 145.206 samples/sec: 7.052"
//   HF Trainer   "{'loss': 2.3456, 'learning_rate': 4.5e-05, 'epoch': 0.1}" (no step unless a
//                'step' key is present: the caller numbers them)
std::optional<IterationLine> parseIterationLine(std::string_view text);

// One state of a tqdm progress bar: " 25%|██▌       | 1/4 [03:45<11:15, 225.28s/it]" (step 1,
// 225.28 s per step) or "... 120/500 [00:30<01:35, 3.98it/s]". tqdm's rate is a smoothed
// average, so these are approximate step times; only bars with a rate are accepted.
std::optional<IterationLine> parseProgressBar(std::string_view segment);

} // namespace rankscope
