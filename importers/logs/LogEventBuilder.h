#pragma once

#include "core/logs/LogModel.h"
#include "importers/logs/LogLineSplitter.h"
#include "importers/logs/LogTimestamp.h"
#include "importers/logs/MultiLineMerge.h"
#include "importers/logs/NcclProcessRanks.h"
#include "importers/logs/RankPrefix.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace rankscope {

// What a first look at a file's opening lines decides before the real pass.
struct LogFileSurvey
{
    bool srunLabels = false; // "N: " prefixes are srun's, not text
    int year = 0;            // for yearless timestamps (syslog, glog): from a dated line, else now
};
LogFileSurvey surveyLogText(std::string_view text);

// Turns a file's lines into events, one line at a time: removes the rank prefix, timestamp and
// level; inherits the previous time; merges multi-line events per rank; turns progress lines
// into iteration records; remembers what NCCL lines say about ranks. finish() settles what
// needs the whole file (NCCL ranks, the file's kind and formats).
class LogEventBuilder
{
public:
    LogEventBuilder(ParsedLog *log, const LogFileSurvey &survey, int pathRank);

    void add(const RawLogLine &line);
    void finish();

private:
    int streamRank(int rank) const { return rank; }
    void addIterations(const RawLogLine &line, std::string_view content, int rank);
    void addProgressBar(const RawLogLine &line, std::string_view segment, int rank);
    void addIteration(LogIterationRecord record, bool replaceSameStep);
    void noteTimestamp(const TimestampMatch &match);

    ParsedLog *m_log;
    LogFileSurvey m_survey;
    int m_pathRank;
    std::int64_t m_time = 0;
    int m_lastYearlessMonth = 0;
    MultiLineMerger m_merger;
    NcclProcessRanks m_nccl;
    std::vector<std::pair<std::uint32_t, std::int64_t>> m_ncclEvents; // event, process key
    std::array<std::int64_t, 7> m_prefixFormCounts{};
    std::array<std::int64_t, 6> m_timestampFormCounts{};
    std::vector<char> m_prefixRanks; // ranks seen in prefixes (index rank)
    int m_distinctPrefixRanks = 0;
    int m_onlyPrefixRank = -1;
    // Per stream (rank + 1): the last iteration record, the last tqdm step, HF dict count.
    struct StreamProgress
    {
        std::int64_t lastRecord = -1;
        std::int64_t lastProgressStep = 0;
        std::int64_t hfRecords = 0;
    };
    std::vector<StreamProgress> m_progress;
    StreamProgress &progress(int rank);
};

} // namespace rankscope
