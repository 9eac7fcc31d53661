#pragma once

#include "core/logs/LogModel.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace rankscope {

// Takes a log file's events while the file is read, so that a file of any number of lines
// holds only a window of them (LogEventBuilder). Events come in file order, in runs of whole
// blocks of blockEvents() (the last run of the file may end in a part-block): event `first` is
// always a multiple of blockEvents(). An event is handed on once nothing can change it any
// more except its rank, which only the whole file may tell (a worker tag resolved at the end, a
// file whose prefixes all name one rank): ParsedLog::streamedRanks then has every event's final
// rank and ParsedLog::reRankedBlocks the blocks whose ranks changed after they were taken.
class LogEventSink
{
public:
    virtual ~LogEventSink() = default;
    virtual std::size_t blockEvents() const = 0;
    virtual void take(std::int64_t first, std::span<const LogEvent> events) = 0;
};

} // namespace rankscope
