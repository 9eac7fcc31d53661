#include "views/collectives/CollectiveText.h"

#include "views/common/MessageText.h"

#include <QDateTime>

#include <array>

namespace rankscope {

namespace {

constexpr int kMaxFrames = 12; // a tooltip is not a stack view; the detail pane shows them all

QString html(const std::string &text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

QString row(const QString &name, const QString &value)
{
    return QStringLiteral("<tr><td style='padding-right:8px'><i>%1</i></td><td>%2</td></tr>")
        .arg(name.toHtmlEscaped(), value);
}

} // namespace

QString CollectiveText::kindText(CollectiveSuspectKind kind)
{
    switch (kind) {
    case CollectiveSuspectKind::Behind:
        return tr("behind");
    case CollectiveSuspectKind::Mismatch:
        return tr("mismatch");
    case CollectiveSuspectKind::Stuck:
        return tr("stuck");
    case CollectiveSuspectKind::NoDump:
        return tr("no dump");
    case CollectiveSuspectKind::Failed:
        return tr("failed");
    }
    return {};
}

QString CollectiveText::stateText(CollectiveState state)
{
    switch (state) {
    case CollectiveState::Unknown:
        return tr("state unknown");
    case CollectiveState::Scheduled:
        return tr("scheduled");
    case CollectiveState::Started:
        return tr("started");
    case CollectiveState::Completed:
        return tr("completed");
    }
    return {};
}

QString CollectiveText::evidenceText(CollectiveEvidence evidence)
{
    switch (evidence) {
    case CollectiveEvidence::FlightRecorder:
        return tr("Flight Recorder dump");
    case CollectiveEvidence::WatchdogTimeout:
        return tr("NCCL watchdog timeout");
    case CollectiveEvidence::ProgressLine:
        return tr("NCCL progress line");
    case CollectiveEvidence::DesyncReport:
        return tr("desync report");
    case CollectiveEvidence::AnalyserReport:
        return tr("Flight Recorder analyser");
    case CollectiveEvidence::HorovodStall:
        return tr("Horovod stall inspector");
    case CollectiveEvidence::NcclRas:
        return tr("NCCL RAS report");
    case CollectiveEvidence::Trace:
        return tr("profiler trace");
    case CollectiveEvidence::MonitoredBarrier:
        return tr("Gloo monitored barrier");
    }
    return {};
}

QString CollectiveText::groupName(const std::string &name, const std::string &desc)
{
    const QString n = QString::fromStdString(name);
    const QString d = QString::fromStdString(desc);
    if (d.isEmpty() || d == n)
        return tr("pg %1").arg(n);
    return tr("pg %1 (%2)").arg(n, d);
}

QString CollectiveText::groupLabel(const CollectiveStrip &strip)
{
    QString label = groupName(strip.name, strip.desc);
    label += QStringLiteral(" · ") + (strip.members == 1 ? tr("%n rank", nullptr, 1)
                                                         : tr("%n ranks", nullptr, strip.members));
    if (strip.lead)
        label += QStringLiteral(" · ") + tr("most ranks blocked here");
    return label;
}

QString CollectiveText::sequenceLabel(std::int64_t seq, bool p2p)
{
    return p2p ? tr("p2p #%1").arg(seq) : tr("#%1").arg(seq);
}

QString CollectiveText::timeText(std::int64_t ns)
{
    if (ns < 0)
        return tr("not recorded");
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(ns / 1000000, Qt::UTC);
    return time.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")) + QStringLiteral(" UTC");
}

QString CollectiveText::sourceText(const CollectiveSource &source)
{
    const QString file = QString::fromStdString(source.file);
    if (source.line >= 0)
        return tr("%1, line %2").arg(file).arg(source.line);
    if (source.byteOffset >= 0)
        return tr("%1, byte %2").arg(file).arg(source.byteOffset);
    return file;
}

QStringList CollectiveText::claimTexts(const CollectiveSuspect &suspect)
{
    QStringList texts;
    for (std::size_t i = 0; i < suspect.claims.size(); ++i)
        texts << (i < suspect.claimMessages.size()
                      ? messageText(suspect.claimMessages[i], suspect.claims[i])
                      : QString::fromStdString(suspect.claims[i]));
    return texts;
}

QString CollectiveText::claimsHtml(const CollectiveSuspect &suspect)
{
    const QStringList texts = claimTexts(suspect);
    if (texts.isEmpty())
        return {};
    QString text =
        QStringLiteral("<p><b>") +
        (suspect.fromRecords ? tr("What other tools and logs say about it")
                             : tr("What the tool's report says (no dump or log line shows it "
                                  "first-hand)")) +
        QStringLiteral("</b></p><ul style='margin-top:0'>");
    for (const QString &claim : texts)
        text += QStringLiteral("<li>") + claim.toHtmlEscaped() + QStringLiteral("</li>");
    return text + QStringLiteral("</ul>");
}

QString CollectiveText::entryDetails(const CollectiveEntry &e)
{
    const bool p2p = e.isP2p;
    const std::int64_t seq = p2p ? e.p2pSeq : e.collectiveSeq;
    const QString op = html(e.op.empty() ? e.profilingName : e.op);
    QString text = QStringLiteral("<b>%1 %2</b>").arg(op, sequenceLabel(seq, p2p));
    text += QStringLiteral(" &nbsp;") + tr("rank %1").arg(e.rank);
    if (e.groupRank >= 0)
        text += tr(" (rank %1 in the group)").arg(e.groupRank);
    text += QStringLiteral("<table>");
    text += row(tr("Group"), groupName(e.pgName, e.pgDesc).toHtmlEscaped());
    text += row(tr("State"),
                stateText(e.state) + (e.retired && e.state != CollectiveState::Completed
                                          ? QStringLiteral(" · ") + tr("retired (timed out)")
                                          : QString()));
    if (!e.profilingName.empty() && e.profilingName != e.op)
        text += row(tr("Profiling name"), html(e.profilingName));
    if (p2p && e.peerGroupRank >= 0)
        text += row(tr("Peer"), tr("rank %1 in the group").arg(e.peerGroupRank));
    const auto sizes = [](const std::string &shape, std::int64_t numel, const std::string &dtypes) {
        QStringList parts;
        if (!shape.empty())
            parts << html(shape);
        if (numel >= 0)
            parts << tr("%1 elements").arg(numel);
        if (!dtypes.empty())
            parts << html(dtypes);
        return parts.isEmpty() ? tr("not recorded") : parts.join(QStringLiteral(" · "));
    };
    text += row(tr("Input"), sizes(e.inputSizes, e.inputNumel, e.inputDtypes));
    text += row(tr("Output"), sizes(e.outputSizes, e.outputNumel, e.outputDtypes));
    text += row(tr("Enqueued"), timeText(e.createdNs));
    text += row(tr("Started"), timeText(e.startedNs));
    text += row(tr("Completed"), timeText(e.completedNs));
    if (e.timeoutMs >= 0)
        text += row(tr("Timeout"), tr("%1 ms").arg(e.timeoutMs));
    if (e.ranForMs >= 0)
        text += row(tr("Ran for"), tr("%1 ms before timing out").arg(e.ranForMs));
    if (!e.threadName.empty() || !e.threadId.empty())
        text += row(tr("Thread"),
                    html(e.threadName) + (e.threadId.empty()
                                              ? QString()
                                              : QStringLiteral(" (%1)").arg(html(e.threadId))));
    text += row(tr("Evidence"), evidenceText(e.evidence));
    text += row(tr("Source"), sourceText(e.source).toHtmlEscaped());
    text += QStringLiteral("</table>");
    if (e.frames.empty()) {
        text += QStringLiteral("<i>") + tr("No call site: the record has no frames.") +
                QStringLiteral("</i>");
    } else {
        text += QStringLiteral("<b>") + tr("Call site") + QStringLiteral("</b><br>");
        const int shown = std::min(int(e.frames.size()), kMaxFrames);
        for (int i = 0; i < shown; ++i) {
            const CollectiveFrame &f = e.frames[std::size_t(i)];
            text += QStringLiteral("&nbsp;&nbsp;%1 <span style='color:#5a6270'>%2:%3</span><br>")
                        .arg(html(f.name), html(f.file))
                        .arg(f.line);
        }
        if (int(e.frames.size()) > shown)
            text += (int(e.frames.size()) - shown == 1
                         ? tr("… and %n more frame", nullptr, 1)
                         : tr("… and %n more frames", nullptr, int(e.frames.size()) - shown));
    }
    return text;
}

QString CollectiveText::columnSummary(const CollectiveStrip &strip, int column)
{
    if (column < 0 || column >= strip.columns)
        return {};
    std::array<int, kCollectiveCellStateCount> counts{};
    for (int row = 0; row < strip.rows(); ++row)
        ++counts[std::size_t(strip.state(row, column))];
    const QString op = QString::fromStdString(strip.columnOps[std::size_t(column)]);
    QString text = QStringLiteral("<b>%1 %2</b>")
                       .arg(op.toHtmlEscaped(), sequenceLabel(strip.seqOf(column), strip.p2p));
    QStringList parts;
    for (CollectiveCellState state : CollectiveCellStyle::legendStates())
        if (counts[std::size_t(state)] > 0)
            parts << tr("%1: %2")
                         .arg(CollectiveCellStyle::name(state))
                         .arg(counts[std::size_t(state)]);
    if (!parts.isEmpty())
        text += QStringLiteral("<br>") + parts.join(QStringLiteral(" · "));
    return text;
}

QString CollectiveText::legendText()
{
    QString text;
    for (CollectiveCellState state : CollectiveCellStyle::legendStates())
        text += QStringLiteral("<b>%1</b>: %2<br>")
                    .arg(CollectiveCellStyle::name(state).toHtmlEscaped(),
                         CollectiveCellStyle::description(state).toHtmlEscaped());
    return text;
}

QString CollectiveText::tooltip(const CollectiveStripScene &scene, const CollectiveStripHit &hit)
{
    const CollectiveStrip *strip = scene.strip();
    const CollectiveViewData *data = scene.data();
    if (!strip || !data)
        return {};
    if (hit.area == CollectiveStripHit::Area::ColumnHeader && hit.column >= 0)
        return columnSummary(*strip, hit.column);
    if (hit.row < 0)
        return {};
    QString prefix;
    if (hit.rows.count() > 1) {
        RankSet ranks;
        for (int r = hit.rows.first; r <= hit.rows.last; ++r)
            ranks.insert(strip->rowRanks[std::size_t(r)]);
        prefix = tr("This pixel row holds %n ranks: %1; the worst state is shown.", nullptr,
                    hit.rows.count())
                     .arg(QString::fromStdString(ranks.toString())) +
                 QStringLiteral("<br>");
    }
    if (hit.area == CollectiveStripHit::Area::RowHeader) {
        const std::int64_t reached = strip->reached[std::size_t(hit.row)];
        return prefix + (reached >= 0 ? tr("Rank %1 reached %2.")
                                            .arg(hit.rank)
                                            .arg(sequenceLabel(reached, strip->p2p))
                                      : tr("Rank %1 left no record of this group.").arg(hit.rank));
    }
    if (!hit.isCell())
        return {};
    const CollectiveCellState state = strip->state(hit.row, hit.column);
    const QString seq = sequenceLabel(hit.seq, strip->p2p);
    if (hit.entry >= 0 && hit.entry < std::int64_t(data->dataset->entries.size())) {
        QString text = prefix + entryDetails(data->dataset->entries[std::size_t(hit.entry)]);
        if (state == CollectiveCellState::Mismatched) {
            const std::string &majority = strip->columnOps[std::size_t(hit.column)];
            text += QStringLiteral("<br><b>") +
                    (majority.empty()
                         ? tr("Mismatched: other members run a different op, sizes or dtypes "
                              "at %1.")
                               .arg(seq)
                         : tr("Mismatched: most members run %1 at %2.")
                               .arg(QString::fromStdString(majority).toHtmlEscaped(), seq)) +
                    QStringLiteral("</b>");
        }
        return text;
    }
    const QString op = QString::fromStdString(strip->columnOps[std::size_t(hit.column)]);
    switch (state) {
    case CollectiveCellState::NoRecord:
        return prefix + tr("Rank %1 left no record of %2 (no dump, no log line).")
                            .arg(hit.rank)
                            .arg(groupName(strip->name, strip->desc).toHtmlEscaped());
    case CollectiveCellState::Missing: {
        QString text = prefix + (op.isEmpty() ? tr("Rank %1 never reached %2, which other "
                                                   "members of the group are in.")
                                                    .arg(hit.rank)
                                                    .arg(seq)
                                              : tr("Rank %1 never reached %2 %3, which other "
                                                   "members of the group are in.")
                                                    .arg(hit.rank)
                                                    .arg(op.toHtmlEscaped(), seq));
        const std::int64_t last = strip->lastEntry[std::size_t(hit.row)];
        if (last >= 0 && last < std::int64_t(data->dataset->entries.size())) {
            const CollectiveEntry &e = data->dataset->entries[std::size_t(last)];
            text += QStringLiteral("<br>") +
                    tr("Its last entry is %1 %2, %3.")
                        .arg(QString::fromStdString(e.op).toHtmlEscaped(),
                             sequenceLabel(strip->p2p ? e.p2pSeq : e.collectiveSeq, strip->p2p),
                             stateText(e.state));
        }
        return text;
    }
    case CollectiveCellState::Completed:
        return prefix + tr("Rank %1 completed %2 (said by its progress status; the entry is "
                           "older than its dump keeps).")
                            .arg(hit.rank)
                            .arg(seq);
    default:
        return prefix + tr("Rank %1 has no entry at %2.").arg(hit.rank).arg(seq);
    }
}

} // namespace rankscope
