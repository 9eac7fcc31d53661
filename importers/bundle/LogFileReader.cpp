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
    return record;
}

// The ranks its events belong to and the largest world size a line states. A per-rank file
// without line prefixes knows its rank from its path.
FileRanks rankFactsOf(const ParsedLog &parsed)
{
    FileRanks facts;
    facts.source = parsed.info.kind == LogFileKind::PerRank && parsed.info.prefixFormat.empty()
                       ? FileRankSource::Path
                       : FileRankSource::Content;
    int previous = -1;
    for (const LogEvent &event : parsed.events) {
        if (event.rank >= 0 && event.rank != previous) {
            facts.ranks.insert(event.rank);
            previous = event.rank;
        }
        facts.statedWorldSize = std::max(facts.statedWorldSize, statedWorldSize(event.text));
    }
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
        ParsedLog parsed = importLogFile((bundleRoot / file.path).string(), file.path);
        record.rankFacts = rankFactsOf(parsed); // before its info moves into the record
        record.info = std::move(parsed.info);
        record.iterations = std::move(parsed.iterations);
        record.rankTimings = std::move(parsed.rankTimings);
        record.collectives = std::move(parsed.collectives);
        record.problems = std::move(parsed.problems);
        record.rankNodes = std::move(parsed.rankNodes);
        record.events = std::int64_t(parsed.events.size());
        const std::span<const LogEvent> events(parsed.events);
        for (std::size_t begin = 0; begin < events.size(); begin += kLogBlockEvents) {
            const std::size_t count = std::min(kLogBlockEvents, events.size() - begin);
            record.textBlocks.push_back(encodeLogTextBlock(events.subspan(begin, count)));
        }
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
