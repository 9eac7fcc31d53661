#include "core/cache/StackFileSamples.h"

#include "core/cache/StackSampleCodec.h"

namespace rankscope {

EncodedStackSamples
encodeStackFileSamples(const StackFileRecord &record,
                       const std::function<StackId(std::size_t p, std::size_t t)> &stackOf)
{
    StackSampleEncoder encoder;
    for (std::size_t p = 0; p < record.parsed.processes.size(); ++p) {
        const ParsedProcess &process = record.parsed.processes[p];
        const std::string &role = record.processRoles.at(p);
        for (std::size_t t = 0; t < process.threads.size(); ++t) {
            const ParsedThread &thread = process.threads[t];
            StoredStackSample sample;
            sample.stack = stackOf(p, t);
            sample.isMain = record.processMainThread.empty()
                                ? int(p) == record.mainProcess && int(t) == record.mainThread
                                : record.processMainThread[p] == int(t);
            if (!role.empty())
                sample.role = role;
            sample.pid = process.pid;
            sample.threadId = thread.threadId;
            sample.threadName = thread.threadName;
            sample.state = thread.state;
            sample.weight = thread.weight;
            if (!record.rank && !record.processRanks.empty())
                sample.rank = record.processRanks[p];
            sample.cut = thread.truncated;
            encoder.add(sample);
        }
    }
    return {std::int64_t(encoder.count()), encoder.finish()};
}

void encodeInternedSamples(StackFileRecord &record)
{
    if (!record.ok || record.encoded || record.stackIds.size() != record.parsed.processes.size())
        return;
    record.encoded = encodeStackFileSamples(
        record, [&](std::size_t p, std::size_t t) { return record.stackIds[p].at(t); });
    // Move-assigned so that the memory goes now, on this thread.
    record.parsed.processes = std::vector<ParsedProcess>();
    record.stackIds = std::vector<std::vector<StackId>>();
}

} // namespace rankscope
