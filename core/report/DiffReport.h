#pragma once

#include "core/diff/BundleDiff.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rankscope {

// `rankscope-cli diff` output (documented in docs/cli.md). JSON keys: "baseline", "target"
// (name and ranks), "stacks" (changed paths, largest change first: frames, kind,
// baseline_ranks and target_ranks as range strings, baseline_share, target_share, change),
// "logs" (unit and templates new, gone and changed), "ops" (per-op changes, largest first, and
// the step-time distributions), "summary" (the plain-word lines with their evidence).
nlohmann::ordered_json bundleDiffJson(const BundleDiff &diff);

struct DiffTextOptions
{
    int maxPerSection = 15;
    bool color = false;
};
std::string bundleDiffText(const BundleDiff &diff, const DiffTextOptions &options = {});

} // namespace rankscope
