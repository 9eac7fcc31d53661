#include "core/model/UsableCores.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <sched.h>

namespace rankscope {

unsigned usableCores()
{
    unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        const int allowed = CPU_COUNT(&set);
        if (allowed > 0)
            cores = std::min(cores, unsigned(allowed));
    }
    if (const char *slurm = std::getenv("SLURM_CPUS_PER_TASK")) {
        unsigned given = 0;
        const char *end = slurm + std::strlen(slurm);
        const auto [at, error] = std::from_chars(slurm, end, given);
        if (error == std::errc() && at == end && given > 0)
            cores = std::min(cores, given);
    }
    return cores;
}

} // namespace rankscope
