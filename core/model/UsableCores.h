#pragma once

namespace rankscope {

// The cores this process may use: the machine's, fewer when its CPU affinity allows fewer
// (taskset, a cgroup cpuset, a scheduler that binds tasks), and no more than a Slurm job step
// was given (SLURM_CPUS_PER_TASK), which Slurm without task binding leaves to the program.
// At least 1. What the importers size their thread pools by: a shard import on a shared node
// should not run 128 threads on its 4 CPUs.
unsigned usableCores();

} // namespace rankscope
