#pragma once

#include "core/findings/FindingsJoin.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rankscope {

// The joined verdict as `rankscope-cli findings` prints it (docs/findings.md, "Output").

// {verdict, world_size, culprits: [{ranks, nodes, whole_nodes, subject, sentence, window,
// confidence, confidence_label, layers, disagreeing_layers, evidence: [{layer, kind, sentence,
// ref, ...}], effects, would_confirm}], effects, context, anchor, undecided, layers}
nlohmann::json findingsJson(const FindingsVerdict &verdict);

// Plain text: the verdict, the first anomaly, each culprit with its evidence per layer and its
// effects, the effects of no culprit, what would settle it, and what each layer said.
std::string findingsText(const FindingsVerdict &verdict);

// The same as Markdown, for an incident ticket; `title` names the bundle.
std::string findingsMarkdown(const FindingsVerdict &verdict, const std::string &title);

} // namespace rankscope
