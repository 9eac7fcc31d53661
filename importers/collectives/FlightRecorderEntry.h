#pragma once

#include "core/model/CollectiveProgress.h"
#include "importers/collectives/FlightRecorderEntryFields.h"
#include "importers/collectives/PickleDocument.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace rankscope {

// One entry dict of a dump (getCollectiveTrace upstream) to a CollectiveEntry. Missing keys
// keep the record's defaults, unknown keys are ignored, numbers may be strings.
class FlightRecorderEntryReader
{
public:
    // Python stacks of training jobs are tens of frames deep; a dump whose entries each claim
    // thousands (or share one huge list through the memo) is capped, not amplified.
    static constexpr std::size_t kMaxFramesPerEntry = 256;
    static constexpr std::size_t kMaxFramesPerDump = 200000;

    FlightRecorderEntryReader(const std::string &path, int rank, bool frames = true)
        : m_path(path), m_rank(rank), m_readFrames(frames)
    {}

    // The entry whose fields were read last.
    void read(const EntryFields &fields, CollectiveEntry &entry);

    // What choosing an entry's lane tail needs, read without building the entry (with the same
    // rules as read()). False when the entry has no sequence number (it is always kept).
    struct TailFacts
    {
        PickleValue processGroup; // the group's name is its first item (or the value itself)
        int pgId = -1;
        bool isP2p = false;
        std::int64_t seq = -1;
        std::int64_t recordId = -1;
        bool completed = false;
    };
    bool tailItem(const EntryFields &fields, TailFacts &facts);

    bool sawFrames() const { return m_sawFrames; }
    bool framesCapped() const { return m_framesCapped; }

private:
    const std::string &m_path;
    int m_rank;
    bool m_readFrames;
    std::size_t m_frames = 0;
    // Profiling names repeat: their op and p2p ranks are worked out once per distinct text.
    struct NameInfo
    {
        std::string op;
        int self = -1;
        int peer = -1;
        bool p2pPair = false;
    };
    struct NameHash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const
        {
            return std::hash<std::string_view>()(text);
        }
    };
    std::unordered_map<std::string, NameInfo, NameHash, std::equal_to<>> m_names;
    std::uint32_t m_lastNameIndex = 0;
    const NameInfo *m_lastName = nullptr; // into m_names (node-based: stable)
    std::string_view m_lastNameText;      // its key
    bool m_sawFrames = false;
    bool m_framesCapped = false;

    void readFrames(PickleValue frames, CollectiveEntry &entry);
    const NameInfo &nameInfo(PickleValue profilingName, NameInfo &fresh);
    bool isP2p(const EntryFields &fields, const NameInfo &name, bool &stated) const;
};

// process_group ("0", "default_pg"), or a bare name, to the group's name and description.
void readProcessGroup(PickleValue value, std::string &name, std::string &desc);
// The value that holds the group's name: the first item of process_group, or the value itself.
PickleValue groupNameValue(PickleValue processGroup);

// "send 0->3" / "recv 3<-0" (after any backend prefix): the recording rank's and the peer's
// group ranks. False when the name has no such pair.
bool p2pGroupRanks(std::string_view profilingName, int &self, int &peer);

} // namespace rankscope
