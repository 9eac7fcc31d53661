#pragma once

#include "core/logs/LogMasker.h"

#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// The default masks for training logs (algorithms.md 1.2.3), as one hand-written pass over the
// text instead of a chain of regexes. At each value boundary (the previous character is not a
// letter or digit) the most specific form wins: 0x hex, UUID, ISO date/time and clock time,
// IPv4[:port], host names (node-17.cluster.local, gpu-a100-003), paths, "rank 37" (the word
// kept, the number masked), long hex runs, floats, integers. A value must also end at a
// boundary, so "10ms" and "r6i4n5" stay words (Drain routes tokens with digits by wildcard).
//
// `typedPlaceholders` chooses the replacement text: "<HEX>", "<UUID>", "<TIME>", "<IP>",
// "<HOST>", "<PATH>", "<RANK>", "<NUM>" (floats and integers alike), or "<*>" for all.
void maskTrainingLog(std::string_view content, std::string &out,
                     std::vector<MaskedParameter> *parameters, bool typedPlaceholders);

// The placeholder of a kind: "<HEX>", ..., "<NUM>" for Float and Number, "<*>" for Custom.
std::string_view maskPlaceholder(MaskKind kind);

} // namespace rankscope
