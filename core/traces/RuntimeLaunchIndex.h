#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace rankscope {

// The runtime calls of a trace (cudaLaunchKernel, cudaMemcpyAsync, ... : TraceEventKind::Runtime
// on CPU threads) by correlation id, so that GPU work can find the host call that launched it.
// A sorted vector rather than a hash map: one allocation, and lookups are rare enough.
class RuntimeLaunchIndex
{
public:
    explicit RuntimeLaunchIndex(const TraceData &trace);

    // The runtime call with this correlation id, or nullptr (also for id 0, which Kineto
    // writes when there is none). When several calls share an id the first is kept.
    const TraceEvent *launchOf(std::int64_t correlationId) const;
    bool empty() const { return m_launches.empty(); }

private:
    const TraceData &m_trace;
    std::vector<std::pair<std::int64_t, std::uint32_t>> m_launches; // (correlation id, event)
};

} // namespace rankscope
