#pragma once

#include "core/collectives/CollectiveAnalysis.h"
#include "views/collectives/CollectiveStripScene.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace rankscope {

// The words of the Collectives view: entry details, tooltips, finding kinds, group labels.
class CollectiveText
{
    Q_DECLARE_TR_FUNCTIONS(CollectiveText)

public:
    static QString kindText(CollectiveSuspectKind kind); // "behind", "mismatch", ...
    static QString stateText(CollectiveState state);
    static QString evidenceText(CollectiveEvidence evidence);
    // "pg 3 · DATA_PARALLEL_GROUP · 512 ranks" (the selector's entry).
    static QString groupLabel(const CollectiveStrip &strip);
    // "pg 3 (DATA_PARALLEL_GROUP)"
    static QString groupName(const std::string &name, const std::string &desc);
    static QString sequenceLabel(std::int64_t seq, bool p2p); // "#20417", "p2p #12"
    static QString timeText(std::int64_t ns);                 // UTC wall clock with ms

    // Everything about one entry (rich text): op and sequence, group, state, sizes and dtypes,
    // the three times, timeout, thread, the call site's frames and where it was read.
    static QString entryDetails(const CollectiveEntry &entry);
    // What a hit of the strip shows: the entry, or why there is none (behind, no record), and
    // for a reduced pixel which ranks it holds.
    static QString tooltip(const CollectiveStripScene &scene, const CollectiveStripHit &hit);
    // A sequence's op and how many members are in each state there (the column header's tip).
    static QString columnSummary(const CollectiveStrip &strip, int column);
    // Every state with its meaning (the legend's tip).
    static QString legendText();
    // The source of a record as "file:line" or "file (byte N)".
    static QString sourceText(const CollectiveSource &source);
    // What other tools' reports (and records that repeat the finding) say about it, one line
    // each in the user's language; the tools' own words stay as they wrote them.
    static QStringList claimTexts(const CollectiveSuspect &suspect);
    // The claims under a heading that says whose words they are (rich text), "" without any.
    static QString claimsHtml(const CollectiveSuspect &suspect);
};

} // namespace rankscope
