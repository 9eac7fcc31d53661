#include "views/common/CoverageText.h"

#include "core/report/CoverageText.h"

#include <QStringList>

namespace rankscope {

namespace {

QString ranges(const RankSet &ranks, int maxChars)
{
    QString text = QString::fromStdString(ranks.toString());
    if (maxChars > 3 && text.size() > maxChars)
        text = text.left(maxChars - 3) + QStringLiteral("...");
    return text;
}

QString layerList(bool stacks, bool traces, bool logs, bool dumps)
{
    QStringList names;
    if (stacks)
        names << CoverageText::tr("stacks");
    if (traces)
        names << CoverageText::tr("traces");
    if (logs)
        names << CoverageText::tr("logs");
    if (dumps)
        names << CoverageText::tr("flight recorder dumps");
    return names.isEmpty() ? CoverageText::tr("no data") : names.join(QStringLiteral(", "));
}

QString sourceText(WorldSizeSource source)
{
    switch (source) {
    case WorldSizeSource::Manifest:
        return CoverageText::tr("job.json");
    case WorldSizeSource::TraceInfo:
        return CoverageText::tr("distributedInfo.world_size in the traces");
    case WorldSizeSource::Logs:
        return CoverageText::tr("stated in the logs");
    case WorldSizeSource::RanksSeen:
        return CoverageText::tr("highest rank seen + 1");
    case WorldSizeSource::FilePaths:
        return CoverageText::tr("from file paths");
    case WorldSizeSource::SingleFile:
        return CoverageText::tr("one file, taken as rank 0");
    case WorldSizeSource::None:
        break;
    }
    return {};
}

} // namespace

QString CoverageText::coverage(const JobInfo &job, int maxRangeChars)
{
    const RankCoverage coverage = rankCoverage(job);
    QStringList parts;
    for (const CoverageGroup &group : coverage.groups) {
        const QString ranks = ranges(group.ranks, maxRangeChars);
        const QString layers = layerList(group.stacks, group.traces, group.logs, group.dumps);
        parts << (group.ranks.count() == 1 ? tr("rank %1: %2") : tr("ranks %1: %2"))
                     .arg(ranks, layers);
    }
    // Each absent combination has its own sentence, so every language can order it.
    const int absent =
        (coverage.anyStacks ? 0 : 1) | (coverage.anyTraces ? 0 : 2) | (coverage.anyLogs ? 0 : 4);
    switch (absent) {
    case 1:
        parts << tr("no stacks in this bundle");
        break;
    case 2:
        parts << tr("no traces in this bundle");
        break;
    case 4:
        parts << tr("no logs in this bundle");
        break;
    case 3:
        parts << tr("no stacks or traces in this bundle");
        break;
    case 5:
        parts << tr("no stacks or logs in this bundle");
        break;
    case 6:
        parts << tr("no traces or logs in this bundle");
        break;
    case 7:
        parts << tr("no stacks, traces or logs in this bundle");
        break;
    default:
        break;
    }
    return parts.join(QStringLiteral("; "));
}

QString CoverageText::worldSize(const JobInfo &job)
{
    const QString source = sourceText(job.worldSizeSource);
    return source.isEmpty() ? tr("world size %1").arg(job.worldSize)
                            : tr("world size %1 (%2)").arg(job.worldSize).arg(source);
}

QString CoverageText::layersOf(const JobInfo &job, int rank)
{
    return layerList(job.layers.stacks.contains(rank), job.layers.traces.contains(rank),
                     job.layers.logs.contains(rank), job.layers.dumps.contains(rank));
}

} // namespace rankscope
