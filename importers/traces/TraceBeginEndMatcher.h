#pragma once

#include "core/model/TraceModel.h"
#include "importers/traces/TraceProblemLog.h"

#include <cstdint>
#include <vector>

namespace rankscope {

// A "B" or "E" event waiting for its partner.
struct PendingBeginEnd
{
    std::int64_t tsNs = 0;
    std::int64_t externalId = 0;
    std::int64_t correlationId = 0;
    std::int64_t index = 0; // position in traceEvents, for problems
    std::int64_t byteOffset = 0;
    std::uint32_t track = 0;
    TraceStringId name = kEmptyTraceString;
    TraceStringId category = kEmptyTraceString;
    char phase = 'B';
};

// Pairs "B" and "E" events into slices appended to data.events, per track, the way Chrome's
// trace viewer does: events are taken in time order (a track written out of order is sorted
// first, and reported), and an "E" closes the innermost open "B". Events with the same
// timestamp are paired by name first, so writers that emit simultaneous ends or a zero-length
// "E" before its "B" are read as meant. An "E" naming a slice open further out closes the
// innermost one anyway (reported); an "E" naming nothing open is ignored (reported); a "B" never
// closed is kept as lasting until traceEndNs, flagged EndInferred (reported).
void matchBeginEnd(std::vector<PendingBeginEnd> records, std::int64_t traceEndNs, TraceData &data,
                   TraceProblemLog &problems);

} // namespace rankscope
