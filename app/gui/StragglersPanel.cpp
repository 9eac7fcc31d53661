#include "StragglersPanel.h"

#include "core/analysis/RankSet.h"
#include "views/heatmap/HeatmapText.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

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

StragglersPanel::StragglersPanel(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_suspects(new QTreeWidget(this)),
      m_clocksHeader(new QLabel(this)), m_clocks(new QTreeWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    layout->addWidget(splitter, 1);
    m_suspects->setColumnCount(5);
    m_suspects->setHeaderLabels({tr("Role"), tr("Ranks"), tr("Metric"), tr("Change"), tr("From")});
    m_suspects->setRootIsDecorated(false);
    m_suspects->setAlternatingRowColors(true);
    m_suspects->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    splitter->addWidget(m_suspects);

    auto *clocks = new QWidget(splitter);
    auto *clocksLayout = new QVBoxLayout(clocks);
    clocksLayout->setContentsMargins(0, 0, 0, 0);
    m_clocksHeader->setWordWrap(true);
    clocksLayout->addWidget(m_clocksHeader);
    m_clocks->setColumnCount(5);
    m_clocks->setHeaderLabels(
        {tr("Rank"), tr("Node"), tr("Offset"), tr("Aligned by"), tr("Anchors")});
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
    setTraces({});
}

void StragglersPanel::setTraces(const TraceResults &traces)
{
    m_suspects->clear();
    m_clocks->clear();
    if (traces.empty() || !traces.stragglers) {
        m_summary->setText(tr("No profiler traces in this bundle. Put one PyTorch profiler trace "
                              "per rank into traces/ to see step times and stragglers."));
        m_clocksHeader->clear();
        return;
    }
    const StragglerReport &report = *traces.stragglers;
    m_summary->setText(QString::fromStdString(report.summary));
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
        item->setText(4, windowWord.arg(suspect.firstWindow));
        item->setToolTip(1, QString::fromStdString(suspect.reason));
        item->setToolTip(2, QString::fromStdString(suspect.reason));
        item->setData(0, kRankRole, suspect.ranks.empty() ? -1 : suspect.ranks.front());
        item->setData(0, kWindowRole, qint64(suspect.firstWindow));
        item->setData(1, kRankRole, int(suspect.axis));
        if (suspect.role == StragglerRole::Blocker) {
            QFont bold = item->font(1);
            bold.setBold(true);
            item->setFont(1, bold);
        }
        items.append(item);
    }
    m_suspects->addTopLevelItems(items);

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
        item->setToolTip(0, QString::fromStdString(clock.file));
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        clockItems.append(item);
        largest = std::max(largest, std::abs(clock.offset.offsetNs));
    }
    m_clocks->addTopLevelItems(clockItems);
    m_clocksHeader->setText(tr("Clock offsets applied to align %n rank(s) (largest %1); job.json "
                               "\"clock_offsets_ns\" overrides them.",
                               nullptr, int(clockItems.size()))
                                .arg(offsetText(largest)));
}

int StragglersPanel::suspectCount() const
{
    return m_suspects->topLevelItemCount();
}

QString StragglersPanel::summaryText() const
{
    return m_summary->text();
}
