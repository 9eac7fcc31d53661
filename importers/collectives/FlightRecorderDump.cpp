// The dump dict (FlightRecorder::dump_dict / dump_json upstream) to CollectiveRecords.

#include "importers/collectives/FlightRecorderDump.h"

#include "importers/bundle/RankFromPath.h"
#include "importers/collectives/FlightRecorderEntry.h"
#include "importers/collectives/FlightRecorderJson.h"
#include "importers/collectives/FlightRecorderValues.h"
#include "importers/collectives/PickleReader.h"

#include "core/model/CollectiveTail.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace rankscope {

namespace {

// A 16k-rank world's ranks text is ~100 KB; a million members is no process group.
constexpr std::size_t kMaxGroupRanks = 1u << 20;

bool looksLikeJson(std::string_view bytes)
{
    std::size_t i = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    while (i < bytes.size() &&
           (bytes[i] == ' ' || bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t'))
        ++i;
    return i < bytes.size() && bytes[i] == '{';
}

// The tail facts of each entry dict, noted by the pickle reader as the dict is filled, while
// its values are in the cache: read after the whole dump, the same facts cost a cache miss per
// value (a 2,000-entry dump's values are megabytes).
class EntryFactsCollector final : public PickleDictObserver
{
public:
    struct Noted
    {
        std::uint32_t dict = 0;
        std::size_t pairs = 0; // a dict changed after it was noted is read again
        bool sequenced = false;
        // Its values by node index: readPickle() returns the document it was building, which
        // may be moved on the way, so handles taken during the parse are rebuilt on the one
        // the caller holds (see find()).
        FlightRecorderEntryReader::TailFacts facts;
        std::uint32_t processGroup = kNoNode;
        std::uint32_t name = kNoNode; // groupNameValue(facts.processGroup)
    };
    static constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;

    // `name` and `processGroup` of a noted entry, on the document `entry` belongs to.
    static PickleValue onDocument(PickleValue entry, std::uint32_t node)
    {
        return node == kNoNode ? PickleValue() : PickleValue(entry.document(), node);
    }

    explicit EntryFactsCollector(const std::string &path) : m_reader(path, -1, false) {}

    void dictFilled(PickleValue dict) override
    {
        if (!m_fields.readIfEntry(dict))
            return;
        Noted noted;
        noted.dict = dict.index();
        noted.pairs = dict.size();
        noted.sequenced = m_reader.tailItem(m_fields, noted.facts);
        // A list (not a tuple) can still be changed through the memo: read it at the end.
        if (noted.facts.processGroup.is(PickleType::List))
            return;
        const PickleValue name = groupNameValue(noted.facts.processGroup);
        if (name.isContainer())
            return;
        const auto index = [](PickleValue v) { return v.valid() ? v.index() : kNoNode; };
        noted.processGroup = index(noted.facts.processGroup);
        noted.name = index(name);
        noted.facts.processGroup = PickleValue();
        m_noted.push_back(noted);
    }

    // What was noted of `entry`, when it still holds; nullptr otherwise. Entries are asked for
    // in list order, which is the order they were filled in.
    const Noted *find(PickleValue entry)
    {
        while (m_next < m_noted.size() && m_noted[m_next].dict < entry.index())
            ++m_next;
        if (m_next == m_noted.size() || m_noted[m_next].dict != entry.index() ||
            m_noted[m_next].pairs != entry.size())
            return nullptr;
        return &m_noted[m_next++];
    }

private:
    FlightRecorderEntryReader m_reader;
    EntryFields m_fields;
    std::vector<Noted> m_noted;
    std::size_t m_next = 0;
};

class DumpMapper
{
public:
    DumpMapper(FlightRecorderReadResult &result, const std::string &path, bool json,
               const FlightRecorderReadOptions &options, EntryFactsCollector *noted)
        : m_result(result), m_path(path), m_json(json), m_options(options), m_noted(noted)
    {}

    void read(PickleValue root);

private:
    FlightRecorderReadResult &m_result;
    const std::string &m_path;
    bool m_json;
    const FlightRecorderReadOptions &m_options;
    EntryFactsCollector *m_noted; // may be null
    std::unordered_map<std::int64_t, std::pair<std::string, std::string>> m_groupOfPgId;

    void problem(std::int64_t offset, const std::string &message)
    {
        ImportProblem p;
        p.file = m_path;
        // The file is the problem's; the sentence says the place once.
        p.message =
            (offset >= 0 && !m_json ? "byte " + std::to_string(offset) + ": " : "") + message;
        m_result.problems.push_back(std::move(p));
    }
    void readGroups(PickleValue config);
    void readEntries(PickleValue entries);
    std::vector<bool> chooseTail(PickleValue entries, FlightRecorderEntryReader &reader,
                                 EntryFields &fields);
    void readStatuses(PickleValue status);
    void pairStatusesByCreationOrder();
    void inferRank();
    void fillRanks();
};

// Every dump of a job states the big groups again: default_pg of a 16k-rank job is the same
// 107 KB "[0, 1, ..., 16383]" in each of 16k dumps. Each worker thread remembers the member
// lists it parsed last (long texts only), so a repeated list costs a compare, not a parse.
struct ParsedRanks
{
    std::vector<int> ranks;
    std::size_t skipped = 0;
};

const ParsedRanks &parseGroupRanks(PickleValue ranks)
{
    constexpr std::size_t kRemembered = 32;
    constexpr std::size_t kLongText = 256;
    struct TextHash
    {
        using is_transparent = void;
        // A 16k-rank group's text is 90 KB, in every dump: its length and three samples tell
        // the lists of a job apart; equality still compares all of it.
        std::size_t operator()(std::string_view text) const
        {
            constexpr std::size_t kSample = 64;
            if (text.size() <= 3 * kSample)
                return std::hash<std::string_view>()(text);
            const std::size_t middle = text.size() / 2 - kSample / 2;
            return std::hash<std::string_view>()(text.substr(0, kSample)) ^
                   (std::hash<std::string_view>()(text.substr(middle, kSample)) << 1) ^
                   (std::hash<std::string_view>()(text.substr(text.size() - kSample)) << 2) ^
                   text.size();
        }
    };
    thread_local std::unordered_map<std::string, ParsedRanks, TextHash, std::equal_to<>> remembered;
    thread_local ParsedRanks scratch;
    const bool text = ranks.is(PickleType::String) || ranks.is(PickleType::Bytes);
    if (text && ranks.text().size() >= kLongText) {
        if (auto it = remembered.find(ranks.text()); it != remembered.end())
            return it->second;
    }
    ParsedRanks parsed;
    for (std::int64_t r : fieldIntegerList(ranks, kMaxGroupRanks, parsed.skipped)) {
        if (r < 0 || r > kMaxSupportedRank)
            ++parsed.skipped;
        else
            parsed.ranks.push_back(int(r));
    }
    if (!text || ranks.text().size() < kLongText) {
        scratch = std::move(parsed);
        return scratch;
    }
    if (remembered.size() >= kRemembered)
        remembered.clear();
    return remembered.emplace(std::string(ranks.text()), std::move(parsed)).first->second;
}

void DumpMapper::readGroups(PickleValue config)
{
    config.forEachPair([&](PickleValue key, PickleValue value) {
        if (value.cut())
            return;
        ProcessGroupConfig group;
        group.name = fieldText(key);
        group.source = m_path;
        PickleValue ranks = value;
        if (value.is(PickleType::Dict)) {
            if (PickleValue name = value.get("name"); name.valid())
                group.name = fieldText(name);
            group.desc = fieldText(value.get("desc"));
            ranks = value.get("ranks");
        }
        const ParsedRanks &parsed = parseGroupRanks(ranks);
        group.ranks = parsed.ranks;
        const std::size_t skipped = parsed.skipped;
        if (skipped > 0)
            problem(value.offset(), "process group " + group.name + ": " + std::to_string(skipped) +
                                        " ranks are not ranks");
        m_result.records.groups.push_back(std::move(group));
    });
}

// Lane numbers for selectCollectiveTail: (group name, pg_id when the name is empty, sequence
// kind), as keepCollectiveTail forms them (a dump is one rank). The name's node answers again
// without reading its text: writers memoize the group names.
class DumpLanes
{
public:
    std::uint32_t of(PickleValue nameValue, int pgId, bool p2p)
    {
        const std::uint32_t node = nameValue.valid() ? nameValue.index() : 0xFFFFFFFFu;
        const std::tuple<std::uint32_t, int, bool> key{node, pgId, p2p};
        if (m_last && m_last->first == key)
            return m_last->second; // runs of one group are the rule
        const auto [hit, added] = m_byNode.try_emplace(key, 0);
        m_last = &*hit;
        if (!added)
            return hit->second;
        std::string name = fieldText(nameValue);
        const int id = name.empty() ? pgId : -1;
        const auto lane =
            m_byText.try_emplace({std::move(name), id, p2p}, std::uint32_t(m_byText.size()));
        hit->second = lane.first->second;
        return hit->second;
    }

private:
    std::map<std::tuple<std::uint32_t, int, bool>, std::uint32_t> m_byNode;
    const std::pair<const std::tuple<std::uint32_t, int, bool>, std::uint32_t> *m_last = nullptr;
    std::map<std::tuple<std::string, int, bool>, std::uint32_t> m_byText;
};

// Reads the few facts of every entry that say which ones keepCollectiveTail would keep, and
// which group name each pg_id has (entries not kept still name their pg_id for pg_status).
std::vector<bool> DumpMapper::chooseTail(PickleValue entries, FlightRecorderEntryReader &reader,
                                         EntryFields &fields)
{
    std::vector<bool> keep(entries.size(), true);
    std::vector<CollectiveTailItem> items;
    std::vector<std::size_t> itemEntry;
    DumpLanes lanes;
    std::size_t index = 0;
    int lastNamedPgId = -1;
    entries.forEachItem([&](PickleValue item) {
        const std::size_t i = index++;
        if (item.cut() || !item.is(PickleType::Dict))
            return;
        FlightRecorderEntryReader::TailFacts facts;
        bool sequenced = false;
        PickleValue nameValue;
        if (const EntryFactsCollector::Noted *noted = m_noted ? m_noted->find(item) : nullptr) {
            facts = noted->facts;
            facts.processGroup = EntryFactsCollector::onDocument(item, noted->processGroup);
            sequenced = noted->sequenced;
            nameValue = EntryFactsCollector::onDocument(item, noted->name);
        } else {
            fields.read(item);
            sequenced = reader.tailItem(fields, facts);
            nameValue = groupNameValue(facts.processGroup);
        }
        // Runs of one group are the rule: its name is looked up once per run.
        if (facts.pgId >= 0 && facts.pgId != lastNamedPgId) {
            bool named = m_groupOfPgId.count(facts.pgId) != 0;
            if (!named) {
                std::string name, desc;
                readProcessGroup(facts.processGroup, name, desc);
                named = !name.empty();
                if (named)
                    m_groupOfPgId.try_emplace(facts.pgId, std::move(name), std::move(desc));
            }
            if (named)
                lastNamedPgId = facts.pgId;
        }
        if (!sequenced)
            return;
        items.push_back({lanes.of(nameValue, facts.pgId, facts.isP2p), facts.seq, facts.recordId,
                         facts.completed});
        itemEntry.push_back(i);
    });
    const std::vector<bool> kept = selectCollectiveTail(items, *m_options.tail);
    for (std::size_t k = 0; k < items.size(); ++k)
        keep[itemEntry[k]] = kept[k];
    return keep;
}

void DumpMapper::readEntries(PickleValue entries)
{
    FlightRecorderEntryReader reader(m_path, m_result.info.rank, m_options.frames);
    EntryFields fields;
    const std::vector<bool> keep =
        m_options.tail ? chooseTail(entries, reader, fields) : std::vector<bool>();
    if (keep.empty())
        m_result.records.entries.reserve(entries.size());
    int notDicts = 0;
    int complete = 0;
    std::size_t position = 0;
    entries.forEachItem([&](PickleValue item) {
        const std::size_t index = position++;
        if (item.cut())
            return; // the entry the end of the file cut: its complete neighbours are kept
        if (!item.is(PickleType::Dict)) {
            if (notDicts++ == 0)
                problem(item.offset(), std::string("an entry is a ") + pickleTypeName(item.type()) +
                                           ", not a dict");
            return;
        }
        ++complete;
        if (!keep.empty() && !keep[index])
            return;
        fields.read(item);
        CollectiveEntry &entry = m_result.records.entries.emplace_back();
        reader.read(fields, entry);
        entry.source.byteOffset = m_json ? -1 : item.offset();
        if (entry.pgId >= 0 && !entry.pgName.empty())
            m_groupOfPgId.try_emplace(entry.pgId, entry.pgName, entry.pgDesc);
    });
    m_result.info.entries = complete;
    m_result.info.hasFrames = reader.sawFrames();
    if (reader.framesCapped())
        problem(entries.offset(), "more call-site frames than kept; the deepest were dropped");
}

// pg_status is keyed by the rank-local pg_id, pg_config by the group name: the entries say
// which name each pg_id has. A pg_id with no entry keeps only its id.
void DumpMapper::readStatuses(PickleValue status)
{
    status.forEachPair([&](PickleValue key, PickleValue value) {
        if (value.cut() || !value.is(PickleType::Dict))
            return;
        CollectiveGroupStatus s;
        s.rank = m_result.info.rank;
        std::int64_t pgId = -1;
        if (fieldInteger(key, pgId) && pgId >= 0 && pgId <= 0x7FFFFFFF)
            s.pgId = int(pgId);
        if (auto it = m_groupOfPgId.find(s.pgId); it != m_groupOfPgId.end()) {
            s.pgName = it->second.first;
            s.pgDesc = it->second.second;
        }
        std::int64_t v = -1;
        if (fieldInteger(value.get("last_enqueued_collective"), v))
            s.lastEnqueued = v;
        if (fieldInteger(value.get("last_started_collective"), v))
            s.lastStarted = v;
        if (fieldInteger(value.get("last_completed_collective"), v))
            s.lastCompleted = v;
        s.source.file = m_path;
        s.source.byteOffset = m_json ? -1 : value.offset();
        m_result.records.statuses.push_back(std::move(s));
    });
    pairStatusesByCreationOrder();
}

// PyTorch numbers a rank's process groups twice, both in creation order: the global name
// ("0", "35", "43": a counter every rank advances) and the local pg_id (a counter of the groups
// this rank built). So when a dump has as many pg_status ids as pg_config names, sorting both
// pairs them. Used only when every pair the entries do show agrees with it; the statuses
// named this way say so (pgNameInferred).
void DumpMapper::pairStatusesByCreationOrder()
{
    auto &statuses = m_result.records.statuses;
    const auto &groups = m_result.records.groups;
    if (statuses.empty() || statuses.size() != groups.size())
        return;
    std::vector<std::pair<std::int64_t, std::size_t>> names; // (numeric name, group index)
    for (std::size_t i = 0; i < groups.size(); ++i) {
        std::int64_t n = 0;
        const auto [end, error] = std::from_chars(groups[i].name.data(),
                                                  groups[i].name.data() + groups[i].name.size(), n);
        if (error != std::errc() || end != groups[i].name.data() + groups[i].name.size())
            return;
        names.emplace_back(n, i);
    }
    std::vector<std::pair<int, std::size_t>> ids; // (pg_id, status index)
    for (std::size_t i = 0; i < statuses.size(); ++i) {
        if (statuses[i].pgId < 0)
            return;
        ids.emplace_back(statuses[i].pgId, i);
    }
    std::sort(names.begin(), names.end());
    std::sort(ids.begin(), ids.end());
    for (std::size_t k = 0; k < ids.size(); ++k) {
        if (k > 0 && (ids[k].first == ids[k - 1].first || names[k].first == names[k - 1].first))
            return;
        const CollectiveGroupStatus &s = statuses[ids[k].second];
        if (!s.pgName.empty() && s.pgName != groups[names[k].second].name)
            return; // an entry contradicts the pairing: keep only what the entries say
    }
    for (std::size_t k = 0; k < ids.size(); ++k) {
        CollectiveGroupStatus &s = statuses[ids[k].second];
        if (!s.pgName.empty())
            continue;
        s.pgName = groups[names[k].second].name;
        s.pgDesc = groups[names[k].second].desc;
        s.pgNameInferred = true;
    }
}

// A dump does not store its global rank; a point-to-point entry does store its group rank
// ("send 2->3" on group rank 2), which a group's rank list turns into the global rank.
void DumpMapper::inferRank()
{
    for (const CollectiveEntry &e : m_result.records.entries) {
        if (e.groupRank < 0)
            continue;
        for (const ProcessGroupConfig &g : m_result.records.groups)
            if (g.name == e.pgName && std::size_t(e.groupRank) < g.ranks.size()) {
                m_result.info.rank = g.ranks[std::size_t(e.groupRank)];
                return;
            }
    }
}

void DumpMapper::fillRanks()
{
    const int rank = m_result.info.rank;
    std::unordered_map<std::string_view, int> groupRank;
    for (const ProcessGroupConfig &g : m_result.records.groups) {
        int position = -1;
        for (std::size_t i = 0; i < g.ranks.size(); ++i)
            if (g.ranks[i] == rank) {
                position = int(i);
                break;
            }
        groupRank.emplace(g.name, position);
    }
    auto lookup = [&](const std::string &name) {
        const auto it = groupRank.find(name);
        return it == groupRank.end() ? -1 : it->second;
    };
    for (CollectiveEntry &e : m_result.records.entries) {
        e.rank = rank;
        if (e.groupRank < 0)
            e.groupRank = lookup(e.pgName);
    }
    for (CollectiveGroupStatus &s : m_result.records.statuses) {
        s.rank = rank;
        s.groupRank = lookup(s.pgName);
    }
}

void DumpMapper::read(PickleValue root)
{
    PickleValue config, status, entries;
    root.forEachPair([&](PickleValue key, PickleValue value) {
        const std::string_view k = key.text();
        if (k == "version")
            m_result.info.version = fieldText(value);
        else if (k == "nccl_version" || k == "comm_lib_version")
            m_result.info.libVersion = fieldText(value);
        else if (k == "pg_config")
            config = value;
        else if (k == "pg_status")
            status = value;
        else if (k == "entries")
            entries = value;
    });
    readGroups(config);
    readEntries(entries);
    readStatuses(status);
    if (m_result.info.rank < 0)
        inferRank();
    fillRanks();
}

bool isDumpDict(PickleValue root)
{
    if (!root.is(PickleType::Dict))
        return false;
    bool found = false;
    root.forEachPair([&](PickleValue key, PickleValue) {
        const std::string_view k = key.text();
        found = found || k == "entries" || k == "pg_config" || k == "pg_status" || k == "version" ||
                k == "nccl_version" || k == "comm_lib_version";
    });
    return found;
}

} // namespace

FlightRecorderReadResult readFlightRecorderDump(std::string_view bytes,
                                                const std::string &bundlePath, int rank)
{
    return readFlightRecorderDump(bytes, bundlePath, rank, FlightRecorderReadOptions());
}

FlightRecorderReadResult readFlightRecorderDump(std::string_view bytes,
                                                const std::string &bundlePath, int rank,
                                                const FlightRecorderReadOptions &options)
{
    FlightRecorderReadResult result;
    result.info.file = bundlePath;
    result.info.rank = rank;
    result.info.json = looksLikeJson(bytes);

    auto addProblem = [&](std::string message) {
        ImportProblem p;
        p.file = bundlePath;
        p.message = std::move(message);
        result.problems.push_back(std::move(p));
    };

    std::optional<EntryFactsCollector> noted;
    if (options.tail && !result.info.json)
        noted.emplace(bundlePath);
    const PickleReadResult document = result.info.json
                                          ? readJsonDocument(bytes)
                                          : readPickle(bytes, {}, noted ? &*noted : nullptr);
    if (document.status == PickleStatus::Refused) {
        addProblem(document.error);
        return result;
    }
    const PickleValue root = document.document.root();
    if (!isDumpDict(root)) {
        if (document.status == PickleStatus::Truncated)
            addProblem(document.error + "; nothing of the dump was complete");
        else
            addProblem(bundlePath + ": not a Flight Recorder dump (the " +
                       (result.info.json ? "JSON" : "pickle") + " holds a " +
                       pickleTypeName(root.type()) + " without the dump's keys)");
        return result;
    }

    DumpMapper(result, bundlePath, result.info.json, options, noted ? &*noted : nullptr).read(root);

    if (document.status == PickleStatus::Truncated) {
        result.info.truncated = true;
        addProblem(document.error + "; kept the " + std::to_string(result.info.entries) +
                   " complete entries");
    }
    if (result.info.rank < 0) {
        addProblem(bundlePath + ": no rank: the file name ends in no number and no "
                                "point-to-point entry names the rank");
        return result;
    }
    result.ok = !(result.info.truncated && result.info.entries == 0);
    return result;
}

} // namespace rankscope
