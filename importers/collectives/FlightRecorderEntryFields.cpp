#include "importers/collectives/FlightRecorderEntryFields.h"

namespace rankscope {

EntryField entryFieldOfKey(std::string_view k)
{
    switch (k.size()) {
    case 5:
        if (k == "pg_id")
            return EntryField::PgId;
        if (k == "op_id")
            return EntryField::OpId;
        if (k == "state")
            return EntryField::State;
        break;
    case 6:
        if (k == "is_p2p")
            return EntryField::IsP2p;
        if (k == "frames")
            return EntryField::Frames;
        break;
    case 7:
        if (k == "retired")
            return EntryField::Retired;
        break;
    case 9:
        if (k == "record_id")
            return EntryField::RecordId;
        if (k == "thread_id")
            return EntryField::ThreadId;
        break;
    case 10:
        if (k == "p2p_seq_id")
            return EntryField::P2pSeqId;
        if (k == "timeout_ms")
            return EntryField::TimeoutMs;
        break;
    case 11:
        if (k == "input_sizes")
            return EntryField::InputSizes;
        if (k == "duration_ms")
            return EntryField::DurationMs;
        if (k == "thread_name")
            return EntryField::ThreadName;
        break;
    case 12:
        if (k == "output_sizes")
            return EntryField::OutputSizes;
        if (k == "input_dtypes")
            return EntryField::InputDtypes;
        break;
    case 13:
        if (k == "process_group")
            return EntryField::ProcessGroup;
        if (k == "output_dtypes")
            return EntryField::OutputDtypes;
        break;
    case 14:
        if (k == "profiling_name")
            return EntryField::ProfilingName;
        break;
    case 15:
        if (k == "time_created_ns")
            return EntryField::TimeCreatedNs;
        break;
    case 17:
        if (k == "collective_seq_id")
            return EntryField::CollectiveSeqId;
        break;
    case 26:
        if (k == "time_discovered_started_ns")
            return EntryField::TimeDiscoveredStartedNs;
        break;
    case 28:
        if (k == "time_discovered_completed_ns")
            return EntryField::TimeDiscoveredCompletedNs;
        break;
    default:
        break;
    }
    return EntryField::Count;
}

namespace {

bool sameKeys(const std::uint32_t *items, std::size_t pairs, const std::vector<std::uint32_t> &keys)
{
    if (pairs != keys.size())
        return false;
    std::uint32_t differ = 0; // no early exit: nearly every dict matches, and this vectorizes
    for (std::size_t i = 0; i < pairs; ++i)
        differ |= items[2 * i] ^ keys[i];
    return differ == 0;
}

} // namespace

bool EntryFields::readIfEntry(PickleValue dict)
{
    std::size_t count = 0;
    const std::uint32_t *items = dict.is(PickleType::Dict) ? dict.singleRunItems(count) : nullptr;
    if (!items || count == 0)
        return false;
    const std::size_t pairs = count / 2;
    if (m_hasLayout && sameKeys(items, pairs, m_layoutKeys)) {
        m_document = dict.document();
        m_pairs = items;
        return true;
    }
    if (sameKeys(items, pairs, m_rejectedKeys))
        return false;
    bool entry = false;
    for (std::size_t i = 0; i < pairs && !entry; ++i) {
        const EntryField field = entryFieldOfKey(PickleValue(dict.document(), items[2 * i]).text());
        entry = field == EntryField::CollectiveSeqId || field == EntryField::P2pSeqId ||
                field == EntryField::RecordId;
    }
    if (!entry) {
        m_rejectedKeys.clear();
        for (std::size_t i = 0; i < pairs; ++i)
            m_rejectedKeys.push_back(items[2 * i]);
        return false;
    }
    read(dict);
    return true;
}

void EntryFields::read(PickleValue dict)
{
    m_document = dict.document();
    std::size_t count = 0;
    const std::uint32_t *items = dict.is(PickleType::Dict) ? dict.singleRunItems(count) : nullptr;
    m_keys.clear();
    m_values.clear();
    if (items) {
        // The usual case, without copying: the dict's pairs are one run in the pool.
        const std::size_t pairs = count / 2;
        if (m_hasLayout && sameKeys(items, pairs, m_layoutKeys)) {
            m_pairs = items;
            return;
        }
        for (std::size_t i = 0; i < pairs; ++i) {
            m_keys.push_back(items[2 * i]);
            m_values.push_back(items[2 * i + 1]);
        }
    } else {
        dict.forEachPair([&](PickleValue key, PickleValue value) {
            m_keys.push_back(key.index());
            m_values.push_back(value.index());
        });
    }
    m_pairs = nullptr;
    if (m_hasLayout && m_keys == m_layoutKeys)
        return;
    m_position.fill(-1);
    for (std::size_t i = 0; i < m_keys.size(); ++i) {
        const EntryField field = entryFieldOfKey(PickleValue(m_document, m_keys[i]).text());
        if (field != EntryField::Count)
            m_position[std::size_t(field)] = std::int32_t(i);
    }
    m_layoutKeys = m_keys;
    m_hasLayout = true;
}

} // namespace rankscope
