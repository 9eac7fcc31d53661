#pragma once

#include "importers/collectives/PickleDocument.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace rankscope {

// The keys of an entry dict (getCollectiveTrace upstream) the reader uses.
enum class EntryField : std::uint8_t
{
    PgId,
    OpId,
    State,
    IsP2p,
    Frames,
    Retired,
    RecordId,
    ThreadId,
    P2pSeqId,
    TimeoutMs,
    InputSizes,
    DurationMs,
    ThreadName,
    OutputSizes,
    InputDtypes,
    ProcessGroup,
    OutputDtypes,
    ProfilingName,
    TimeCreatedNs,
    CollectiveSeqId,
    TimeDiscoveredStartedNs,
    TimeDiscoveredCompletedNs,
    Count,
};
constexpr std::size_t kEntryFieldCount = std::size_t(EntryField::Count);

// The field a key names; EntryField::Count for keys the reader does not use.
EntryField entryFieldOfKey(std::string_view key);

// Finds the known fields of entry dicts, one dict at a time. Writers give every entry of a dump
// the same keys in the same order, and memoize the key strings: when a dict's key nodes are the
// previous dict's, each field is where it was, and no key text is compared. When they differ
// (another writer, an extra key, a hand-edited dump) the keys are read again. As in Python, the
// last pair of a repeated key wins.
class EntryFields
{
public:
    void read(PickleValue dict);
    // read() for a dict that may be no entry at all (a frame, a pg_status value), as it is
    // filled: true, with the fields read, when its keys are the entries' keys or, when they are
    // new, include a sequence or record id. Frames' dicts (all with the same keys) are turned
    // away by their key nodes alone. False also for a dict built in pieces.
    bool readIfEntry(PickleValue dict);
    // The field's value in the last dict read; an invalid value when the dict lacks it.
    PickleValue operator[](EntryField field) const
    {
        const std::int32_t at = m_position[std::size_t(field)];
        if (at < 0)
            return PickleValue();
        return PickleValue(m_document,
                           m_pairs ? m_pairs[2 * std::size_t(at) + 1] : m_values[std::size_t(at)]);
    }

private:
    const PickleDocument *m_document = nullptr;
    // The last dict's pairs: in the document's pool when they are one run there (m_pairs),
    // copied otherwise.
    const std::uint32_t *m_pairs = nullptr;
    std::vector<std::uint32_t> m_keys;
    std::vector<std::uint32_t> m_values;
    std::vector<std::uint32_t> m_layoutKeys;   // the keys m_position was worked out for
    std::vector<std::uint32_t> m_rejectedKeys; // the keys readIfEntry() last turned away
    std::array<std::int32_t, kEntryFieldCount> m_position{};
    bool m_hasLayout = false;
};

} // namespace rankscope
