#include "core/model/IntegerMath.h"
#include "core/model/TimeArithmetic.h"
#include "core/traces/TraceWindowMetrics.h"

#include <algorithm>

namespace rankscope {

std::vector<WindowSpan> iterationSpans(const TraceData &trace)
{
    std::vector<WindowSpan> spans;
    spans.reserve(trace.iterations.size());
    for (const TraceIteration &iteration : trace.iterations)
        spans.push_back({iteration.step, iteration.startNs, iteration.endNs});
    return spans;
}

std::vector<WindowSpan> timeBinSpans(const TraceData &trace, std::int64_t offsetNs,
                                     std::int64_t originNs, std::int64_t binWidthNs)
{
    std::vector<WindowSpan> spans;
    if (binWidthNs <= 0 || trace.events.empty() || trace.lastNs < trace.firstNs)
        return spans;
    // Stored times and offsets are plausible (TimeArithmetic.h), so an aligned time fits; what
    // is derived from it and the origin is saturated.
    const std::int64_t alignedFirst = trace.firstNs - offsetNs;
    // The bin holding the last instant of the trace; a trace of instants only still gets one.
    const std::int64_t alignedLast = std::max(trace.lastNs - 1, trace.firstNs) - offsetNs;
    const std::int64_t firstBin = floorDivide(saturatingSub(alignedFirst, originNs), binWidthNs);
    std::int64_t lastBin = floorDivide(saturatingSub(alignedLast, originNs), binWidthNs);
    // A bin width far too small for the trace would ask for billions of spans: stop at the cap
    // rather than exhaust memory (callers choose widths that give a few thousand bins).
    lastBin = std::min(lastBin, saturatingAdd(firstBin, kMaxTimeBinsPerTrace - 1));
    spans.reserve(std::size_t(lastBin - firstBin + 1));
    for (std::int64_t bin = firstBin; bin <= lastBin; ++bin) {
        const std::int64_t alignedStart = saturatingAdd(originNs, saturatingMul(bin, binWidthNs));
        spans.push_back({bin, saturatingAdd(alignedStart, offsetNs),
                         saturatingAdd(saturatingAdd(alignedStart, binWidthNs), offsetNs)});
    }
    return spans;
}

} // namespace rankscope
