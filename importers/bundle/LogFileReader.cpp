#include "importers/bundle/LogFileReader.h"

#include "core/cache/LogBlockCodec.h"
#include "importers/FileFailure.h"
#include "importers/bundle/StatedWorldSize.h"
#include "importers/logs/LogImport.h"

#include <algorithm>
#include <span>

namespace rankscope {

namespace {

LogFileRecord emptyRecord(const BundleFile &file)
{
    LogFileRecord record;
    record.path = file.path;
    record.size = file.size;
    record.mtimeNs = file.mtimeNs;
    record.changeStamp = file.changeStamp;
    return record;
}

// Encodes a file's events into the cache's text blocks as the importer hands them on, so that
// the file's events are never all in memory: its blocks (about a tenth of the text) are.
class TextBlockSink final : public LogEventSink
{
public:
    explicit TextBlockSink(LogFileRecord *record) : m_record(record) {}

    std::size_t blockEvents() const override { return kLogBlockEvents; }
    void take(std::int64_t, std::span<const LogEvent> events) override
    {
        for (std::size_t begin = 0; begin < events.size(); begin += kLogBlockEvents) {
            const std::size_t count = std::min(kLogBlockEvents, events.size() - begin);
            m_record->textBlocks.push_back(encodeLogTextBlock(events.subspan(begin, count)));
        }
        for (const LogEvent &event : events)
            m_statedWorldSize = std::max(m_statedWorldSize, rankscope::statedWorldSize(event.text));
        m_events += std::int64_t(events.size());
    }

    std::int64_t events() const { return m_events; }
    int statedWorldSize() const { return m_statedWorldSize; }

private:
    LogFileRecord *m_record;
    std::int64_t m_events = 0;
    int m_statedWorldSize = 0;
};

// Blocks taken before the end of the file told some of their events' ranks: written again with
// the final ranks.
void reRankBlocks(const ParsedLog &parsed, std::vector<std::string> &blocks)
{
    for (const std::size_t block : parsed.reRankedBlocks) {
        std::string &blob = blocks.at(block);
        std::vector<LogEvent> events =
            decodeLogTextBlock(std::as_bytes(std::span<const char>(blob)), 0);
        const std::size_t first = block * kLogBlockEvents;
        for (std::size_t i = 0; i < events.size(); ++i)
            events[i].rank = parsed.streamedRanks.at(first + i);
        blob = encodeLogTextBlock(events);
    }
}

// The ranks its events belong to and the largest world size a line states. A per-rank file
// without line prefixes knows its rank from its path.
FileRanks rankFactsOf(const ParsedLog &parsed, int statedWorldSize)
{
    FileRanks facts;
    facts.source = parsed.info.kind == LogFileKind::PerRank && parsed.info.prefixFormat.empty()
                       ? FileRankSource::Path
                       : FileRankSource::Content;
    int previous = -1;
    for (const std::int32_t rank : parsed.streamedRanks) {
        if (rank >= 0 && rank != previous) {
            facts.ranks.insert(rank);
            previous = rank;
        }
    }
    facts.statedWorldSize = statedWorldSize;
    return facts;
}

} // namespace

LogFileRecord readLogFile(const std::filesystem::path &bundleRoot, const BundleFile &file,
                          std::uint64_t maxFileBytes)
{
    LogFileRecord record = emptyRecord(file);
    if (file.size >= 0 && std::uint64_t(file.size) > maxFileBytes) {
        record.problems.push_back({0, "is " + std::to_string(file.size) + " bytes, more than the " +
                                          std::to_string(maxFileBytes) +
                                          "-byte limit per file; skipped"});
        return record;
    }
    try {
        TextBlockSink blocks(&record);
        ParsedLog parsed = importLogFile((bundleRoot / file.path).string(), file.path, &blocks);
        reRankBlocks(parsed, record.textBlocks);
        record.rankFacts = rankFactsOf(parsed, blocks.statedWorldSize()); // before info moves
        record.info = std::move(parsed.info);
        record.iterations = std::move(parsed.iterations);
        record.rankTimings = std::move(parsed.rankTimings);
        record.collectives = std::move(parsed.collectives);
        record.problems = std::move(parsed.problems);
        record.rankNodes = std::move(parsed.rankNodes);
        record.events = blocks.events();
        record.ok = record.events > 0;
        if (!record.ok && record.problems.empty())
            record.problems.push_back({0, "has no log lines"});
    } catch (const std::exception &error) {
        // Out of memory, most likely (importLogFile itself does not throw): this file fails,
        // the import goes on.
        record = emptyRecord(file);
        record.problems.push_back({0, fileFailureMessage(error)});
    }
    return record;
}

} // namespace rankscope
