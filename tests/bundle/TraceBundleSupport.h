#pragma once

// Bundles with a traces/ folder for the trace import tests: copies of the hand-written Kineto
// fixture (rank and clock rewritten per rank) and of real captures from ../shared/data.
#include "BundleTestSupport.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/TraceCacheReader.h"

#include <QFile>

#include <cstdint>
#include <memory>

namespace bundle_test {

inline QByteArray traceFixture(const char *name)
{
    QFile file(rankscope_test::fixturesDir() + QStringLiteral("/traces/") +
               QString::fromUtf8(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return file.readAll();
}

// kineto-basic.json (rank 3, two ProfilerSteps, one NCCL all-reduce) as rank `rank`, its clock
// `clockShiftNs` ahead: the same job seen from another rank with an offset clock.
inline QByteArray kinetoTraceForRank(int rank, std::int64_t clockShiftNs = 0)
{
    QByteArray json = traceFixture("kineto-basic.json");
    json.replace("\"rank\": 3,", QByteArray("\"rank\": " + QByteArray::number(rank) + ","));
    const std::int64_t base = 1727740800000000000 + clockShiftNs;
    json.replace("\"baseTimeNanoseconds\": 1727740800000000000",
                 QByteArray("\"baseTimeNanoseconds\": " + QByteArray::number(qint64(base))));
    return json;
}

inline void copyInto(const QString &from, const QString &root, const QString &relative)
{
    QFile source(from);
    if (!source.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(from));
    writeFile(root, relative, source.readAll());
}

inline std::unique_ptr<rankscope::SqliteDatabase> openCache(const rankscope::ImportResult &result)
{
    return rankscope::openStackCacheReader(result.summary.cacheFile);
}

inline const rankscope::TraceRankClock *clockOf(const rankscope::TraceOverview &overview, int rank)
{
    for (const rankscope::TraceRankClock &clock : overview.clocks) {
        if (clock.rank == rank)
            return &clock;
    }
    return nullptr;
}

} // namespace bundle_test
