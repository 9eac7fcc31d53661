#include "importers/collectives/FlightRecorderEntry.h"

#include "core/model/TimeArithmetic.h"
#include "importers/collectives/FlightRecorderValues.h"

#include <charconv>

namespace rankscope {

namespace {

// Times: None in a pickle and 0 in JSON both mean "not seen".
// A time beyond 2116 (TimeArithmetic.h) is as unknown as a missing one: kept, it could overflow
// where it meets other times.
std::int64_t timeOrUnknown(PickleValue value)
{
    std::int64_t v = -1;
    return fieldInteger(value, v) && v > 0 && isPlausibleTimeNs(v) ? v : -1;
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

void readProcessGroup(PickleValue value, std::string &name, std::string &desc)
{
    if (value.is(PickleType::Tuple) || value.is(PickleType::List)) {
        int i = 0;
        value.forEachItem([&](PickleValue part) {
            if (i == 0)
                name = fieldText(part);
            else if (i == 1)
                desc = fieldText(part);
            ++i;
        });
    } else {
        name = fieldText(value);
    }
}

const FlightRecorderEntryReader::NameInfo &FlightRecorderEntryReader::nameInfo(PickleValue value,
                                                                               NameInfo &fresh)
{
    auto fill = [](NameInfo &info, std::string_view name) {
        info.op = canonicalCollectiveOp(name);
        info.p2pPair = p2pGroupRanks(name, info.self, info.peer);
    };
    if (value.is(PickleType::String)) {
        if (m_lastName && m_lastNameIndex == value.index())
            return *m_lastName; // the next entry is mostly the same op
        // Not every writer memoizes equal strings: the text, not the node, finds the name.
        const std::string_view text = value.text();
        if (!m_lastName || m_lastNameText != text) {
            auto it = m_names.find(text);
            if (it == m_names.end()) {
                it = m_names.emplace(std::string(text), NameInfo()).first;
                fill(it->second, text);
            }
            m_lastName = &it->second;
            m_lastNameText = it->first;
        }
        m_lastNameIndex = value.index();
        return *m_lastName;
    }
    fill(fresh, fieldText(value));
    return fresh;
}

// Before is_p2p existed (and in writers that omit it) send and recv are still p2p.
bool FlightRecorderEntryReader::isP2p(const EntryFields &fields, const NameInfo &name,
                                      bool &stated) const
{
    bool b = false;
    stated = fieldBool(fields[EntryField::IsP2p], b);
    return stated ? b : name.op == "send" || name.op == "recv";
}

bool FlightRecorderEntryReader::tailItem(const EntryFields &fields, TailFacts &facts)
{
    const std::int64_t id = integerOr(fields[EntryField::PgId], -1);
    facts.pgId = id >= 0 && id <= 0x7FFFFFFF ? int(id) : -1;
    facts.processGroup = fields[EntryField::ProcessGroup];
    // Current dumps state is_p2p: then the profiling name (its op, a map lookup or a parse of
    // the name) is not needed to choose the tail.
    bool b = false;
    if (fieldBool(fields[EntryField::IsP2p], b)) {
        facts.isP2p = b;
    } else {
        NameInfo fresh;
        bool stated = false;
        facts.isP2p = isP2p(fields, nameInfo(fields[EntryField::ProfilingName], fresh), stated);
    }
    facts.seq =
        integerOr(fields[facts.isP2p ? EntryField::P2pSeqId : EntryField::CollectiveSeqId], -1);
    facts.recordId = integerOr(fields[EntryField::RecordId], -1);
    facts.completed = stateFrom(fields[EntryField::State].text()) == CollectiveState::Completed;
    return facts.seq >= 0;
}

PickleValue groupNameValue(PickleValue processGroup)
{
    if (!processGroup.is(PickleType::Tuple) && !processGroup.is(PickleType::List))
        return processGroup;
    PickleValue first;
    bool seen = false;
    processGroup.forEachItem([&](PickleValue part) {
        if (!seen)
            first = part;
        seen = true;
    });
    return first;
}

void FlightRecorderEntryReader::read(const EntryFields &fields, CollectiveEntry &entry)
{
    entry.rank = m_rank;
    entry.evidence = CollectiveEvidence::FlightRecorder;
    entry.source.file = m_path;
    const std::int64_t pgId = integerOr(fields[EntryField::PgId], -1);
    entry.pgId = pgId >= 0 && pgId <= 0x7FFFFFFF ? int(pgId) : -1;
    entry.opId = integerOr(fields[EntryField::OpId], -1);
    entry.state = stateFrom(fields[EntryField::State].text());
    if (m_readFrames)
        readFrames(fields[EntryField::Frames], entry);
    bool b = false;
    if (fieldBool(fields[EntryField::Retired], b))
        entry.retired = b;
    entry.recordId = integerOr(fields[EntryField::RecordId], -1);
    if (const PickleValue v = fields[EntryField::ThreadId]; v.valid())
        entry.threadId = fieldText(v);
    entry.p2pSeq = integerOr(fields[EntryField::P2pSeqId], -1);
    entry.timeoutMs = integerOr(fields[EntryField::TimeoutMs], -1);
    if (const PickleValue v = fields[EntryField::InputSizes]; v.valid())
        fieldShapes(v, entry.inputSizes, entry.inputNumel);
    if (const PickleValue v = fields[EntryField::DurationMs];
        v.is(PickleType::Float) || v.is(PickleType::Int))
        entry.durationMs = v.real();
    if (const PickleValue v = fields[EntryField::ThreadName]; v.valid())
        entry.threadName = fieldText(v);
    if (const PickleValue v = fields[EntryField::OutputSizes]; v.valid())
        fieldShapes(v, entry.outputSizes, entry.outputNumel);
    if (const PickleValue v = fields[EntryField::InputDtypes]; v.valid())
        entry.inputDtypes = fieldStringList(v);
    if (const PickleValue v = fields[EntryField::OutputDtypes]; v.valid())
        entry.outputDtypes = fieldStringList(v);
    if (const PickleValue v = fields[EntryField::ProcessGroup]; v.valid())
        readProcessGroup(v, entry.pgName, entry.pgDesc);
    const PickleValue nameValue = fields[EntryField::ProfilingName];
    if (nameValue.valid())
        entry.profilingName = fieldText(nameValue);
    entry.createdNs = timeOrUnknown(fields[EntryField::TimeCreatedNs]);
    entry.collectiveSeq = integerOr(fields[EntryField::CollectiveSeqId], -1);
    entry.startedNs = timeOrUnknown(fields[EntryField::TimeDiscoveredStartedNs]);
    entry.completedNs = timeOrUnknown(fields[EntryField::TimeDiscoveredCompletedNs]);

    NameInfo fresh;
    const NameInfo &name = nameInfo(nameValue, fresh);
    entry.op = name.op;
    if (name.p2pPair) {
        entry.groupRank = name.self;
        entry.peerGroupRank = name.peer;
    }
    bool stated = false;
    const bool p2p = isP2p(fields, name, stated);
    if (stated || p2p)
        entry.isP2p = p2p;
}

} // namespace rankscope
