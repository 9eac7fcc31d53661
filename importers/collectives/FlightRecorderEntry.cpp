#include "importers/collectives/FlightRecorderEntry.h"

#include "importers/collectives/FlightRecorderValues.h"

#include <charconv>

namespace rankscope {

namespace {

// Times: None in a pickle and 0 in JSON both mean "not seen".
std::int64_t timeOrUnknown(PickleValue value)
{
    std::int64_t v = -1;
    return fieldInteger(value, v) && v > 0 ? v : -1;
}

std::int64_t integerOr(PickleValue value, std::int64_t fallback)
{
    std::int64_t v = fallback;
    return fieldInteger(value, v) ? v : fallback;
}

CollectiveState stateFrom(std::string_view text)
{
    if (text == "completed")
        return CollectiveState::Completed;
    if (text == "started")
        return CollectiveState::Started;
    if (text == "scheduled")
        return CollectiveState::Scheduled;
    return CollectiveState::Unknown;
}

bool parseGroupRank(std::string_view text, int &out)
{
    int v = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (error != std::errc() || end != text.data() + text.size() || v < 0)
        return false;
    out = v;
    return true;
}

} // namespace

bool p2pGroupRanks(std::string_view profilingName, int &self, int &peer)
{
    std::string_view arrow = "->";
    auto at = profilingName.find(arrow);
    if (at == std::string_view::npos) {
        arrow = "<-";
        at = profilingName.find(arrow);
    }
    if (at == std::string_view::npos)
        return false;
    const auto space = profilingName.rfind(' ', at);
    const std::size_t begin = space == std::string_view::npos ? 0 : space + 1;
    std::string_view after = profilingName.substr(at + 2);
    after = after.substr(0, after.find(' '));
    return parseGroupRank(profilingName.substr(begin, at - begin), self) &&
           parseGroupRank(after, peer);
}

void FlightRecorderEntryReader::readFrames(PickleValue frames, CollectiveEntry &entry)
{
    std::size_t kept = 0;
    frames.forEachItem([&](PickleValue frame) {
        if (!frame.is(PickleType::Dict))
            return;
        if (kept >= kMaxFramesPerEntry || m_frames >= kMaxFramesPerDump) {
            m_framesCapped = true;
            return;
        }
        CollectiveFrame &f = entry.frames.emplace_back();
        frame.forEachPair([&](PickleValue key, PickleValue value) {
            const std::string_view k = key.text();
            if (k == "name")
                f.name = fieldText(value);
            else if (k == "filename")
                f.file = fieldText(value);
            else if (k == "line")
                f.line = int(integerOr(value, -1));
        });
        ++kept;
        ++m_frames;
    });
    if (kept > 0)
        m_sawFrames = true;
}

void FlightRecorderEntryReader::read(PickleValue dict, CollectiveEntry &entry)
{
    entry.rank = m_rank;
    entry.evidence = CollectiveEvidence::FlightRecorder;
    entry.source.file = m_path;
    bool sawP2pKey = false;
    PickleValue nameValue;
    dict.forEachPair([&](PickleValue key, PickleValue value) {
        const std::string_view k = key.text();
        switch (k.size()) {
        case 5:
            if (k == "pg_id") {
                const std::int64_t v = integerOr(value, -1);
                entry.pgId = v >= 0 && v <= 0x7FFFFFFF ? int(v) : -1;
            } else if (k == "op_id") {
                entry.opId = integerOr(value, -1);
            } else if (k == "state") {
                entry.state = stateFrom(value.text());
            }
            break;
        case 6:
            if (k == "is_p2p") {
                bool b = false;
                if (fieldBool(value, b)) {
                    entry.isP2p = b;
                    sawP2pKey = true;
                }
            } else if (k == "frames" && m_readFrames) {
                readFrames(value, entry);
            }
            break;
        case 7:
            if (k == "retired") {
                bool b = false;
                if (fieldBool(value, b))
                    entry.retired = b;
            }
            break;
        case 9:
            if (k == "record_id")
                entry.recordId = integerOr(value, -1);
            else if (k == "thread_id")
                entry.threadId = fieldText(value);
            break;
        case 10:
            if (k == "p2p_seq_id")
                entry.p2pSeq = integerOr(value, -1);
            else if (k == "timeout_ms")
                entry.timeoutMs = integerOr(value, -1);
            break;
        case 11:
            if (k == "input_sizes")
                fieldShapes(value, entry.inputSizes, entry.inputNumel);
            else if (k == "duration_ms") {
                if (value.is(PickleType::Float) || value.is(PickleType::Int))
                    entry.durationMs = value.real();
            } else if (k == "thread_name")
                entry.threadName = fieldText(value);
            break;
        case 12:
            if (k == "output_sizes")
                fieldShapes(value, entry.outputSizes, entry.outputNumel);
            else if (k == "input_dtypes")
                entry.inputDtypes = fieldStringList(value);
            break;
        case 13:
            if (k == "process_group") {
                if (value.is(PickleType::Tuple) || value.is(PickleType::List)) {
                    int i = 0;
                    value.forEachItem([&](PickleValue part) {
                        if (i == 0)
                            entry.pgName = fieldText(part);
                        else if (i == 1)
                            entry.pgDesc = fieldText(part);
                        ++i;
                    });
                } else {
                    entry.pgName = fieldText(value);
                }
            } else if (k == "output_dtypes") {
                entry.outputDtypes = fieldStringList(value);
            }
            break;
        case 14:
            if (k == "profiling_name") {
                entry.profilingName = fieldText(value);
                nameValue = value;
            }
            break;
        case 15:
            if (k == "time_created_ns")
                entry.createdNs = timeOrUnknown(value);
            break;
        case 17:
            if (k == "collective_seq_id")
                entry.collectiveSeq = integerOr(value, -1);
            break;
        case 26:
            if (k == "time_discovered_started_ns")
                entry.startedNs = timeOrUnknown(value);
            break;
        case 28:
            if (k == "time_discovered_completed_ns")
                entry.completedNs = timeOrUnknown(value);
            break;
        default:
            break;
        }
    });
    const NameInfo *name = nullptr;
    NameInfo fresh;
    if (nameValue.is(PickleType::String)) {
        auto [it, added] = m_names.try_emplace(nameValue.index());
        if (added) {
            it->second.op = canonicalCollectiveOp(entry.profilingName);
            it->second.p2pPair =
                p2pGroupRanks(entry.profilingName, it->second.self, it->second.peer);
        }
        name = &it->second;
    } else {
        fresh.op = canonicalCollectiveOp(entry.profilingName);
        fresh.p2pPair = p2pGroupRanks(entry.profilingName, fresh.self, fresh.peer);
        name = &fresh;
    }
    entry.op = name->op;
    if (name->p2pPair) {
        entry.groupRank = name->self;
        entry.peerGroupRank = name->peer;
    }
    // Before is_p2p existed (and in writers that omit it) send and recv are still p2p.
    if (!sawP2pKey && (entry.op == "send" || entry.op == "recv"))
        entry.isP2p = true;
}

} // namespace rankscope
