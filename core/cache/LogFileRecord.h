#pragma once

#include "core/cache/FileRanks.h"
#include "core/logs/LogModel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// One log file of the bundle as the importer read it, ready to be stored: its events already
// encoded into text blocks (LogBlockCodec) by the parsing thread, which then frees them.
struct LogFileRecord
{
    std::string path; // relative to the bundle root
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t changeStamp = 0; // files.change_stamp: BundleFile::changeStamp
    bool ok = false; // false: nothing usable (unreadable, empty of events), problems say why
    LogFileInfo info;
    std::int64_t events = 0;
    std::vector<std::string> textBlocks; // kLogBlockEvents events each, the last one shorter
    std::vector<LogIterationRecord> iterations;
    std::vector<LogRankTimingRecord> rankTimings;
    std::vector<LogProblem> problems;
    FileRanks rankFacts;                // the ranks of its events, the world size its lines state
    std::vector<LogRankNode> rankNodes; // the node each rank ran on, as the file names it
    // The collective evidence its lines hold (CollectiveLogParser), each record's source the
    // file and 1-based line; empty for most logs.
    CollectiveRecords collectives;
};

} // namespace rankscope
