#pragma once

#include "core/logs/LogModel.h"
#include "core/logs/TemplateMiner.h"
#include "core/model/RankSet.h"

#include <QMetaType>
#include <QRegularExpression>
#include <QString>
#include <QtGlobal>

namespace rankscope {

struct LogLine;

// What the filter bar asks of the line source: the lead turns it into the cache query (or
// applies LogLineMatcher to an in-memory source). Every part left at its default lets all
// lines through.
struct LogLineFilter
{
    static constexpr qint64 kOpen = -1; // an open end of the time window

    RankSet ranks;         // empty: every rank (and the lines of no rank)
    qint64 fromNs = kOpen; // inclusive
    qint64 toNs = kOpen;   // exclusive
    QString windowLabel;   // "iteration 1498" when the window came from the heatmap
    LogSeverity minSeverity = LogSeverity::Unknown; // Unknown: every severity
    QString text; // substring (case-insensitive) or regular expression
    bool regex = false;
    TemplateId templ = kNoTemplate; // kNoTemplate: every template
    // Also the lines that copy another file's (the same event in a rank's log and in the
    // launcher's output): hidden by default, as every count leaves them out.
    bool copies = false;

    bool isEmpty() const;
    bool hasWindow() const { return fromNs != kOpen || toNs != kOpen; }
    friend bool operator==(const LogLineFilter &a, const LogLineFilter &b);
    friend bool operator!=(const LogLineFilter &a, const LogLineFilter &b) { return !(a == b); }
};

// A filter compiled once (the regular expression) and applied line by line: what an in-memory
// source uses, and the definition of what a cache query must return.
class LogLineMatcher
{
public:
    explicit LogLineMatcher(const LogLineFilter &filter);

    bool isValid() const { return m_error.isEmpty(); } // false: the regex does not compile
    QString errorString() const { return m_error; }
    bool matches(const LogLine &line) const;

private:
    LogLineFilter m_filter;
    QRegularExpression m_regex;
    QString m_error;
};

} // namespace rankscope

Q_DECLARE_METATYPE(rankscope::LogLineFilter)
