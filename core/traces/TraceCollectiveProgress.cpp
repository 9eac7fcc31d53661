#include "core/traces/TraceCollectiveProgress.h"

#include "core/model/CollectiveTail.h"
#include "core/traces/CollectiveRecords.h"

namespace rankscope {

CollectiveRecords traceCollectiveProgress(const TraceData &trace, const std::string &bundlePath)
{
    CollectiveRecords records;
    if (trace.rank < 0)
        return records;
    for (const TraceCollective &collective : trace.collectives) {
        if (collective.sequence < 0 || collective.event >= trace.events.size())
            continue;
        const TraceEvent &event = trace.events[collective.event];
        if (event.kind != TraceEventKind::CommunicationKernel)
            continue;
        const std::string_view name = trace.string(collective.collectiveName);
        CollectiveEntry entry;
        entry.rank = trace.rank;
        entry.pgName = trace.string(collective.processGroupName);
        entry.pgDesc = trace.string(collective.processGroupDescription);
        if (entry.pgDesc == "undefined")
            entry.pgDesc.clear();
        entry.isP2p = isPointToPoint(name, trace.eventName(collective.event));
        (entry.isP2p ? entry.p2pSeq : entry.collectiveSeq) = collective.sequence;
        entry.op = canonicalCollectiveOp(name.empty() ? trace.eventName(collective.event) : name);
        entry.profilingName = std::string(name);
        entry.inputNumel = collective.inMessageElements;
        entry.outputNumel = collective.outMessageElements;
        entry.inputDtypes = trace.string(collective.dtype);
        entry.outputDtypes = entry.inputDtypes;
        entry.startedNs = event.startNs;
        const bool running = event.endNs() >= trace.lastNs && trace.truncated;
        entry.state = running ? CollectiveState::Started : CollectiveState::Completed;
        if (!running)
            entry.completedNs = event.endNs();
        entry.evidence = CollectiveEvidence::Trace;
        entry.source.file = bundlePath;
        entry.source.line = collective.event;
        records.entries.push_back(std::move(entry));
    }
    keepCollectiveTail(records);
    return records;
}

} // namespace rankscope
