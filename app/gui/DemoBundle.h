#pragma once

#include <QString>

// The built-in demos, written once by the synthetic generator into the cache directory, so
// `rankscope --demo` needs nothing from the user: "hang-dataloader" (default: a 64-rank job hung
// in one rank's data loader, stacks only), "straggler-gpu" and "slow-node" (64 ranks with
// profiler traces and stacks; one slow GPU, or one node with slow links). Each comes with its
// healthy baseline beside it ("<demo>-baseline", named in job.json), so the Diff view has a pair.
namespace DemoBundle {
// Returns the bundle directory, writing it first when absent; empty with *error set on failure
// (an unknown scenario included).
QString ensure(const QString &scenario, QString *error);
} // namespace DemoBundle
