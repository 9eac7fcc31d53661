#pragma once

#include "core/logs/LogModel.h"
#include "core/logs/TemplateMiner.h"

#include <QString>
#include <QtGlobal>

#include <vector>

namespace rankscope {

// One event as the line view shows it. `text` is the event's content with merged lines joined
// by '\n' (a traceback, a frame list): the view shows the first line and "+N lines".
struct LogLine
{
    int rank = -1;     // -1: not one rank's (launcher, node-level line)
    qint64 timeNs = 0; // ns since the Unix epoch, 0 when the file had no timestamp yet
    LogSeverity severity = LogSeverity::Unknown;
    TemplateId templateId = kNoTemplate;
    QString fileLabel;     // "logs/node-04.log", what the tooltip names as the place
    qint64 lineNumber = 0; // 1-based line of the event's first line in that file
    QString text;
    // The same event in another file (a rank's own log and the launcher's output): a copy is
    // counted where its primary is, at `otherFile`, `otherLine`; a primary with copies names
    // its first copy there and counts them.
    bool duplicate = false;
    int copies = 0;
    QString otherFile;
    qint64 otherLine = 0;
};

// The rows of the line view, already filtered: the lead backs it with the SQLite cache, tests
// with vectors or generators. The view asks only for the rows it paints, so a source of
// millions of rows must answer line(row) without reading everything (an indexed query, a
// cached page). Called on the UI thread only.
class LogLineSource
{
public:
    virtual ~LogLineSource();

    virtual qint64 lineCount() const = 0;
    virtual LogLine line(qint64 row) const = 0;
    // `count` consecutive rows from `first` (fewer at the end): one query per paint instead of
    // one per row. The default calls line() for each.
    virtual std::vector<LogLine> lines(qint64 first, qint64 count) const;
    // The first row at or after `timeNs` (rows are in time order), lineCount() when none; -1
    // when the source cannot tell (the default), and the view then does not jump.
    virtual qint64 rowAtTime(qint64 timeNs) const;
};

} // namespace rankscope
