#include "StragglersPanel.h"

#include "core/model/RankSet.h"
#include "views/common/DurationText.h"
#include "views/common/MessageText.h"
#include "views/heatmap/HeatmapText.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace rankscope;

namespace {

constexpr int kRankRole = Qt::UserRole;
constexpr int kWindowRole = Qt::UserRole + 1;

QString offsetText(std::int64_t ns)
{
    return QStringLiteral("%1 ms").arg(double(ns) / 1e6, 0, 'f', 3);
}

} // namespace

// How an offset was found, in the user's language (the keys are the CLI's and the JSON's).
QString StragglersPanel::sourceText(ClockOffsetSource source)
{
    switch (source) {
    case ClockOffsetSource::Reference:
        return tr("reference");
    case ClockOffsetSource::Collectives:
        return tr("collective ends");
    case ClockOffsetSource::PointToPoint:
        return tr("send/recv bounds");
    case ClockOffsetSource::Steps:
        return tr("step starts");
    case ClockOffsetSource::Node:
        return tr("same node");
    case ClockOffsetSource::Manifest:
        return tr("job.json");
    case ClockOffsetSource::None:
        break;
    }
    return tr("not aligned");
}

// "iteration 103", or for a periodic suspect "every 10 iterations from iteration 103".
QString StragglersPanel::whenText(const StragglerSuspect &suspect, const QString &first)
{
    if (suspect.period < 2)
        return first;
    return suspect.axis == WindowAxis::Iteration
               ? tr("every %1 iterations from %2").arg(suspect.period).arg(first)
               : tr("every %1 time bins from %2").arg(suspect.period).arg(first);
}

// "confirmed (60 of 100)" or "tentative (one window)".
QString StragglersPanel::confidenceText(const StragglerSuspect &suspect)
{
    if (suspect.confidence == StragglerConfidence::Tentative)
        return suspect.windowsTotal <= 1
                   ? tr("tentative (one window)")
                   : tr("tentative (%n window(s))", nullptr, suspect.windowsTotal);
    return tr("confirmed (%1 of %2)").arg(suspect.windowsFlagged).arg(suspect.windowsTotal);
}

// "~38 ms per step (7.6 s in all)", "~24 ms in that step", or a dash when unknown (waiters).
QString StragglersPanel::costText(const StragglerSuspect &suspect)
{
    if (std::isnan(suspect.costPerWindowNs) || suspect.costWindows <= 0)
        return QStringLiteral("\u2014");
    const QString perWindow = DurationText::duration(suspect.costPerWindowNs);
    const bool steps = suspect.axis == WindowAxis::Iteration;
    if (suspect.costWindows == 1)
        return steps ? tr("~%1 in that step").arg(perWindow)
                     : tr("~%1 in that time bin").arg(perWindow);
    const QString total = DurationText::duration(suspect.costTotalNs);
    return steps ? tr("~%1 per step (%2 in all)").arg(perWindow, total)
                 : tr("~%1 per time bin (%2 in all)").arg(perWindow, total);
}

QString StragglersPanel::qualityText(ClockQuality quality)
{
    switch (quality) {
    case ClockQuality::Good:
        return tr("good");
    case ClockQuality::Fair:
        return tr("fair");
    case ClockQuality::Poor:
        break;
    }
    return tr("poor");
}

StragglersPanel::StragglersPanel(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_suspects(new QTreeWidget(this)),
      m_arrivalsHeader(new QLabel(this)), m_arrivals(new QTreeWidget(this)),
      m_clocksHeader(new QLabel(this)), m_clocks(new QTreeWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    layout->addWidget(splitter, 1);
    m_suspects->setObjectName(QStringLiteral("stragglerSuspects"));
    m_suspects->setColumnCount(7);
    m_suspects->setHeaderLabels({tr("Role"), tr("Ranks"), tr("Metric"), tr("Change"), tr("From"),
                                 tr("Confidence"), tr("Costs the job")});
    m_suspects->setRootIsDecorated(false);
    m_suspects->setAlternatingRowColors(true);
    m_suspects->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    splitter->addWidget(m_suspects);

    auto *arrivals = new QWidget(splitter);
    auto *arrivalsLayout = new QVBoxLayout(arrivals);
    arrivalsLayout->setContentsMargins(0, 0, 0, 0);
    m_arrivalsHeader->setWordWrap(true);
    arrivalsLayout->addWidget(m_arrivalsHeader);
    m_arrivals->setColumnCount(4);
    m_arrivals->setHeaderLabels({tr("Rank"), tr("Node"), tr("Last at"), tr("Wait caused")});
    m_arrivals->setRootIsDecorated(false);
    m_arrivals->setUniformRowHeights(true);
    m_arrivals->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    arrivalsLayout->addWidget(m_arrivals);
    splitter->addWidget(arrivals);

    auto *clocks = new QWidget(splitter);
    auto *clocksLayout = new QVBoxLayout(clocks);
    clocksLayout->setContentsMargins(0, 0, 0, 0);
    m_clocksHeader->setWordWrap(true);
    clocksLayout->addWidget(m_clocksHeader);
    m_clocks->setColumnCount(7);
    m_clocks->setHeaderLabels({tr("Rank"), tr("Node"), tr("Offset"), tr("Aligned by"),
                               tr("Anchors"), tr("Quality"), tr("Uncertainty")});
    m_clocks->setRootIsDecorated(false);
    m_clocks->setUniformRowHeights(true);
    m_clocks->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    clocksLayout->addWidget(m_clocks);
    splitter->addWidget(clocks);

    const auto activate = [this](QTreeWidgetItem *item) {
        if (!item)
            return;
        emit suspectActivated(item->data(0, kRankRole).toInt(),
                              WindowAxis(item->data(1, kRankRole).toInt()),
                              item->data(0, kWindowRole).toLongLong());
    };
    connect(m_suspects, &QTreeWidget::itemActivated, this,
            [activate](QTreeWidgetItem *item, int) { activate(item); });
    connect(m_suspects, &QTreeWidget::itemClicked, this,
            [activate](QTreeWidgetItem *item, int) { activate(item); });
    connect(m_arrivals, &QTreeWidget::itemActivated, this,
            [activate](QTreeWidgetItem *item, int) { activate(item); });
    connect(m_arrivals, &QTreeWidget::itemClicked, this,
            [activate](QTreeWidgetItem *item, int) { activate(item); });
    setTraces({});
}

void StragglersPanel::setTraces(const TraceResults &traces)
{
    m_suspects->clear();
    m_arrivals->clear();
    m_clocks->clear();
    if (!traces.stragglers) {
        m_summary->setText(tr("No profiler traces in this bundle. Put one PyTorch profiler trace "
                              "per rank into traces/ to see step times and stragglers."));
        m_arrivalsHeader->clear();
        m_clocksHeader->clear();
        return;
    }
    const StragglerReport &report = *traces.stragglers;
    if (traces.timing.fromLogs) {
        // The same verdict as rankscope-cli stragglers on the windows the logs give.
        m_summary->setText(tr("No profiler traces in this bundle; from the logs: %1")
                               .arg(messageText(report.summaryMessage, report.summary)));
    } else {
        m_summary->setText(messageText(report.summaryMessage, report.summary));
    }
    const QString windowWord =
        report.axis == WindowAxis::Iteration ? tr("iteration %1") : tr("time bin %1");
    QList<QTreeWidgetItem *> items;
    for (const StragglerSuspect &suspect : report.suspects) {
        auto *item = new QTreeWidgetItem;
        item->setText(0, suspect.role == StragglerRole::Blocker ? tr("makes others wait")
                                                                : tr("waits"));
        QString ranks = QString::fromStdString(RankSet::fromVector(suspect.ranks).toString());
        if (!suspect.nodes.empty())
            ranks += QStringLiteral(" (%1)").arg(QString::fromStdString(suspect.nodes.front()));
        item->setText(1, ranks);
        item->setText(2, HeatmapText::metricTitle(suspect.metric));
        item->setText(3, QStringLiteral("%1%2%")
                             .arg(suspect.magnitude >= 0 ? QStringLiteral("+") : QString())
                             .arg(suspect.magnitude * 100, 0, 'f', 0));
        item->setText(4, whenText(suspect, windowWord.arg(suspect.firstWindow)));
        item->setText(5, confidenceText(suspect));
        item->setToolTip(
            5, suspect.confidence == StragglerConfidence::Tentative
                   ? tr("The traces hold too few windows to test whether the rank "
                        "stays slow: it was slow at its own work in each of them.")
                   : tr("Persistently slower than its peers: tested over all of the rank's "
                        "windows, not only consecutive ones."));
        item->setText(6, costText(suspect));
        item->setToolTip(
            6, suspect.costMeasured
                   ? tr("The time its peers waited for it, measured from the arrival order at "
                        "the collectives it arrived last at, per step and summed from its first "
                        "slow window on.")
                   : tr("The time its peers wait for it, estimated: by how much it arrives "
                        "after the next-slowest peer, per step and summed from its first slow "
                        "window on."));
        item->setToolTip(1, messageText(suspect.reasonMessage, suspect.reason));
        item->setToolTip(2, messageText(suspect.reasonMessage, suspect.reason));
        item->setData(0, kRankRole, suspect.ranks.empty() ? -1 : suspect.ranks.front());
        item->setData(0, kWindowRole, qint64(suspect.firstWindow));
        item->setData(1, kRankRole, int(suspect.axis));
        if (suspect.role == StragglerRole::Blocker) {
            QFont bold = item->font(1);
            bold.setBold(true);
            item->setFont(1, bold);
        }
        if (suspect.confidence == StragglerConfidence::Tentative) {
            QFont italic = item->font(5);
            italic.setItalic(true);
            item->setFont(5, italic);
        }
        items.append(item);
    }
    m_suspects->addTopLevelItems(items);
    showArrivals(traces);
    showClocks(traces);
}

// The ranks the others waited for, most first: arrival order points at the cause.
void StragglersPanel::showArrivals(const TraceResults &traces)
{
    const ArrivalSummary empty;
    const ArrivalSummary &arrivals = traces.arrivals ? *traces.arrivals : empty;
    if (!traces.overview || traces.overview->traceFiles == 0) {
        m_arrivalsHeader->clear(); // windows from logs: no collective to order
        m_arrivals->hide();
        return;
    }
    if (arrivals.collectives == 0) {
        m_arrivalsHeader->setText(tr("Arrival order: no collective was matched across ranks."));
        m_arrivals->hide();
        return;
    }
    m_arrivals->show();
    if (arrivals.clearLast == 0)
        m_arrivalsHeader->setText(
            tr("Arrival order at %1 matched collectives: no clear last arriver (the last two "
               "arrived within the clocks' uncertainty every time).")
                .arg(arrivals.collectives));
    else
        m_arrivalsHeader->setText(tr("Arrival order at %1 matched collectives, %2 with a clear "
                                     "last arriver: the ranks the others waited for most.")
                                      .arg(arrivals.collectives)
                                      .arg(arrivals.clearLast));
    std::vector<RankArrivalStats> ranks;
    for (const RankArrivalStats &rank : arrivals.ranks) {
        if (rank.lastArrivals > 0)
            ranks.push_back(rank);
    }
    std::stable_sort(ranks.begin(), ranks.end(),
                     [](const RankArrivalStats &a, const RankArrivalStats &b) {
                         return a.causedWaitNs > b.causedWaitNs;
                     });
    constexpr std::size_t kShown = 20;
    QList<QTreeWidgetItem *> items;
    for (std::size_t i = 0; i < std::min(kShown, ranks.size()); ++i) {
        const RankArrivalStats &rank = ranks[i];
        auto *item = new QTreeWidgetItem;
        item->setText(0, QString::number(rank.rank));
        item->setText(1, QString::fromStdString(traces.job.nodeOf(rank.rank)));
        item->setText(
            2, tr("%1 of %2 (%3%)")
                   .arg(rank.lastArrivals)
                   .arg(rank.collectives)
                   .arg(100.0 * rank.lastArrivals / std::max(rank.collectives, 1), 0, 'f', 0));
        item->setText(3, offsetText(std::int64_t(rank.causedWaitNs)));
        item->setToolTip(3, tr("Sum over the collectives it arrived at last of the mean time the "
                               "other members waited for it"));
        // Selects the rank at its first window: the heatmap row shows when it was late.
        qint64 window = 0;
        if (const TraceWindowTable *table = traces.table(traces.preferredAxis())) {
            const auto first =
                std::find_if(table->rows.begin(), table->rows.end(),
                             [&](const TraceWindowRow &row) { return row.rank == rank.rank; });
            if (first != table->rows.end())
                window = first->window;
        }
        item->setData(0, kRankRole, rank.rank);
        item->setData(0, kWindowRole, window);
        item->setData(1, kRankRole, int(traces.preferredAxis()));
        item->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
        items.append(item);
    }
    m_arrivals->addTopLevelItems(items);
}

void StragglersPanel::showClocks(const TraceResults &traces)
{
    if (!traces.overview || traces.overview->clocks.empty()) {
        m_clocksHeader->clear();
        return;
    }
    QList<QTreeWidgetItem *> clockItems;
    std::int64_t largest = 0;
    for (const TraceRankClock &clock : traces.overview->clocks) {
        auto *item = new QTreeWidgetItem;
        item->setText(0, QString::number(clock.rank));
        item->setText(1, QString::fromStdString(clock.node));
        item->setText(2, offsetText(clock.offset.offsetNs));
        item->setText(3, sourceText(clock.offset.source));
        item->setToolTip(
            3,
            tr("spread of the per-anchor differences: %1").arg(offsetText(clock.offset.spreadNs)));
        item->setText(4, QString::number(clock.offset.anchors));
        item->setText(5, qualityText(clock.offset.quality));
        item->setText(6, offsetText(clock.offset.uncertaintyNs));
        item->setToolTip(
            6, tr("How far this rank's aligned times may be off: residual of its collective ends "
                  "against the other members', p2p bounds, step spread (typical collective: %1)")
                   .arg(offsetText(clock.offset.typicalDurationNs)));
        item->setToolTip(0, QString::fromStdString(clock.file));
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        clockItems.append(item);
        largest = std::max(largest, std::abs(clock.offset.offsetNs));
    }
    m_clocks->addTopLevelItems(clockItems);
    const ClockAlignmentSummary quality =
        summarizeClockAlignment(traces.clocks ? *traces.clocks : std::vector<ClockOffset>());
    QString header = tr("Clock offsets applied to align %n rank(s) (largest %1); job.json "
                        "\"clock_offsets_ns\" overrides them.",
                        nullptr, int(clockItems.size()))
                         .arg(offsetText(largest));
    header +=
        QLatin1Char(' ') + tr("Alignment: %1 (uncertainty %2; %3 good, %4 fair, %5 poor).")
                               .arg(qualityText(quality.quality), offsetText(quality.uncertaintyNs))
                               .arg(quality.good)
                               .arg(quality.fair)
                               .arg(quality.poor);
    if (quality.quality == ClockQuality::Poor)
        header += QLatin1Char(' ') + tr("Waits and arrival order are not reliable and were left "
                                        "out of the analysis.");
    m_clocksHeader->setText(header);
}

int StragglersPanel::suspectCount() const
{
    return m_suspects->topLevelItemCount();
}

QString StragglersPanel::summaryText() const
{
    return m_summary->text();
}
