#pragma once

#include "core/model/JobInfo.h"

#include <QCoreApplication>
#include <QString>

namespace rankscope {

// The GUI's words for core/report/CoverageText.h: which layers each rank has ("ranks 0-7:
// traces, logs; no stacks in this bundle") and where the world size comes from, translated.
// The English text is the CLI's, word for word.
class CoverageText
{
    Q_DECLARE_TR_FUNCTIONS(CoverageText)

public:
    static QString coverage(const JobInfo &job, int maxRangeChars = 240);
    // "world size 8 (distributedInfo.world_size in the traces)"
    static QString worldSize(const JobInfo &job);
    // "stacks, logs" for one rank, "no data" when it has none.
    static QString layersOf(const JobInfo &job, int rank);
};

} // namespace rankscope
