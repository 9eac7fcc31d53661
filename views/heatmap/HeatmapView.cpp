#include "views/heatmap/HeatmapView.h"
#include "views/common/CaptionLabel.h"
#include "views/common/ElidedLabel.h"
#include "views/common/ElidingComboBox.h"
#include "views/common/FlowLayout.h"

#include "views/heatmap/HeatmapText.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace rankscope {

namespace {

// Grouping entries store "mode:key" as item data.
QString groupingData(const HeatmapGrouping &grouping)
{
    return QString::number(int(grouping.mode)) + QLatin1Char(':') +
           QString::fromStdString(grouping.key);
}

HeatmapGrouping groupingFromData(const QString &data)
{
    HeatmapGrouping grouping;
    const qsizetype colon = data.indexOf(QLatin1Char(':'));
    grouping.mode = HeatmapGroupingMode(data.left(colon).toInt());
    grouping.key = data.mid(colon + 1).toStdString();
    return grouping;
}

} // namespace

HeatmapView::HeatmapView(QWidget *parent)
    : QWidget(parent), m_heatmap(new HeatmapWidget(this)), m_metric(new ElidingComboBox(13, this)),
      m_axis(new QComboBox(this)), m_reduction(new QComboBox(this)),
      m_grouping(new QComboBox(this)), m_colorMode(new QComboBox(this)),
      m_presentation(new QComboBox(this)), m_lines(new HeatmapLineChart(this)),
      m_stack(new QStackedWidget(this)), m_resetZoom(new QToolButton(this)),
      m_difference(new QToolButton(this)), m_status(new ElidedLabel(this))
{
    for (int m = 0; m < kTraceMetricCount; ++m) {
        m_metric->addItem(HeatmapText::metricTitle(TraceMetric(m)), m);
        m_metric->setItemData(m, HeatmapText::metricDescription(TraceMetric(m)), Qt::ToolTipRole);
    }
    m_metric->setToolTip(tr("The per-window measurement the cells are coloured by."));
    m_axis->addItem(tr("Iterations"), int(WindowAxis::Iteration));
    m_axis->addItem(tr("Time bins"), int(WindowAxis::TimeBin));
    m_axis->setToolTip(tr("Columns: one per training iteration (ProfilerStep), or fixed time "
                          "bins of the aligned clock."));
    for (const HeatmapReduction r :
         {HeatmapReduction::Max, HeatmapReduction::Mean, HeatmapReduction::P95})
        m_reduction->addItem(HeatmapText::reductionName(r), int(r));
    m_reduction->setToolTip(tr("When a pixel holds several cells: their maximum (a single slow "
                               "cell stays visible), mean, or 95th percentile."));
    for (const HeatmapColorMode mode :
         {HeatmapColorMode::Automatic, HeatmapColorMode::Value, HeatmapColorMode::PeerMedian}) {
        m_colorMode->addItem(HeatmapText::colorModeName(mode), int(mode));
        m_colorMode->setItemData(m_colorMode->count() - 1, HeatmapText::colorModeDescription(mode),
                                 Qt::ToolTipRole);
    }
    m_colorMode->setToolTip(tr("What the colour shows: the value itself, or each cell against "
                               "the median of its peers in the same window (white at the median, "
                               "blue below, red above). Automatic: against the peer median for "
                               "the metrics measured against other ranks."));
    m_presentation->addItem(tr("auto"), int(HeatmapPresentation::Automatic));
    m_presentation->addItem(tr("grid"), int(HeatmapPresentation::Grid));
    m_presentation->addItem(tr("lines"), int(HeatmapPresentation::Lines));
    m_presentation->setToolTip(
        tr("Grid: a coloured cell per rank and window. Lines: one line per rank over the "
           "windows (or per window over the ranks), with the peer median dashed. Automatic: "
           "lines for up to %1 ranks or up to %2 windows, where cells would be giant blocks.")
            .arg(kLineChartMaxRanks)
            .arg(kLineChartMaxWindows));
    m_grouping->setToolTip(tr("How rows are banded: by node, by role, by a parallel group, or "
                              "in plain rank order."));
    fillGroupingCombo(nullptr);
    m_resetZoom->setText(tr("Show All"));
    m_resetZoom->setToolTip(tr("Show every rank and window (Home)."));
    // The status takes the rest of the controls' last row, or a row of its own when it does not
    // fit there; it is cut (whole in its tooltip) only when a row is too short for it.
    m_status->setObjectName(QStringLiteral("heatmapStatus"));
    m_status->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_status->setElideMode(Qt::ElideLeft);
    m_status->setAlignment(Qt::AlignRight);
    m_status->setMinimumWidth(160);
    m_difference->setText(tr("Difference from baseline"));
    m_difference->setCheckable(true);
    m_difference->setVisible(false);
    updateDifferenceButton();

    // The metric combo (an ElidingComboBox) may be narrower than its longest title: the shown
    // one ends with "…", its popup shows every title whole.
    // The choices wrap onto a second row in a narrow window: in one row they made the window at
    // least 1,326 px wide. Each caption stays with its choice.
    auto *controls = new FlowLayout;
    controls->setContentsMargins(4, 4, 4, 0);
    const auto addChoice = [this, controls](const QString &caption, QWidget *choice) {
        auto *group = new QHBoxLayout;
        group->setSpacing(4);
        group->addWidget(captionLabel(caption, this));
        group->addWidget(choice);
        controls->addLayout(group);
    };
    addChoice(tr("Metric:"), m_metric);
    addChoice(tr("Columns:"), m_axis);
    addChoice(tr("Pixel:"), m_reduction);
    addChoice(tr("Colour:"), m_colorMode);
    addChoice(tr("Rows:"), m_grouping);
    addChoice(tr("Draw:"), m_presentation);
    controls->addWidget(m_resetZoom);
    controls->addWidget(m_difference);
    controls->addWidget(m_status);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(controls);
    m_stack->addWidget(m_heatmap);
    m_stack->addWidget(m_lines);
    layout->addWidget(m_stack, 1);

    connect(m_metric, &QComboBox::currentIndexChanged, this,
            [this] { emit metricChanged(metric()); });
    connect(m_axis, &QComboBox::currentIndexChanged, this, [this] {
        updateDifferenceButton(); // before the owner asks isDifferenceRequested()
        emit axisChanged(axis());
    });
    connect(m_reduction, &QComboBox::currentIndexChanged, this, [this] {
        const auto reduction = HeatmapReduction(m_reduction->currentData().toInt());
        m_heatmap->setReduction(reduction);
        emit reductionChanged(reduction);
    });
    connect(m_grouping, &QComboBox::currentIndexChanged, this, &HeatmapView::applyGrouping);
    connect(m_colorMode, &QComboBox::currentIndexChanged, this, [this] {
        const auto mode = HeatmapColorMode(m_colorMode->currentData().toInt());
        m_heatmap->setColorMode(mode);
        updateStatus();
        emit colorModeChanged(mode);
    });
    connect(m_resetZoom, &QToolButton::clicked, m_heatmap, &HeatmapWidget::resetZoom);
    connect(m_difference, &QToolButton::toggled, this, [this](bool on) {
        if (on && !differenceBlocker().isEmpty()) {
            setDifferenceChecked(false); // checked from code (a Diff tab link) on a blocked axis
            return;
        }
        emit differenceModeChanged(on);
    });
    connect(m_heatmap, &HeatmapWidget::viewportChanged, this, &HeatmapView::updateStatus);
    connect(m_heatmap, &HeatmapWidget::cellActivated, this, &HeatmapView::cellActivated);
    connect(m_heatmap, &HeatmapWidget::selectionChanged, this, &HeatmapView::selectionChanged);
    connect(m_presentation, &QComboBox::currentIndexChanged, this,
            &HeatmapView::updatePresentation);
    // A click on the chart selects like a click on a cell; the grid follows, so switching back
    // keeps the selection.
    connect(m_lines, &HeatmapLineChart::selectionChanged, this, [this](int rank, qint64 window) {
        m_heatmap->setSelectedCell(rank, window);
        emit selectionChanged(rank, window);
    });
    connect(m_lines, &HeatmapLineChart::cellActivated, this, &HeatmapView::cellActivated);
    connect(m_heatmap, &HeatmapWidget::selectionChanged, m_lines,
            [this](int rank) { m_lines->setSelectedRank(rank); });
}

void HeatmapView::setData(std::shared_ptr<const MetricMatrix> matrix,
                          std::shared_ptr<const SpatialOutliers> outliers,
                          std::shared_ptr<const JobInfo> job)
{
    m_differenceNote.clear();
    showMatrix(std::move(matrix), std::move(outliers), std::move(job), false, 0);
}

void HeatmapView::setDifferenceData(std::shared_ptr<const MetricMatrix> difference,
                                    std::shared_ptr<const JobInfo> job, const QString &note,
                                    double typicalValue)
{
    m_differenceNote = note;
    // Outlier flags belong to one run's values, not to a difference: none here.
    showMatrix(std::move(difference), {}, std::move(job), true, typicalValue);
}

void HeatmapView::showMatrix(std::shared_ptr<const MetricMatrix> matrix,
                             std::shared_ptr<const SpatialOutliers> outliers,
                             std::shared_ptr<const JobInfo> job, bool difference,
                             double typicalValue)
{
    if (matrix) {
        setMetric(matrix->metric);
        setAxis(matrix->axis);
    }
    setDifferenceChecked(difference);
    fillGroupingCombo(job.get());
    m_heatmap->setDifferenceMode(difference, typicalValue);
    m_shownMatrix = matrix;
    m_shownOutliers = outliers;
    m_heatmap->setData(std::move(matrix), std::move(outliers), std::move(job));
    applyGrouping();
    updatePresentation();
    updateStatus();
}

void HeatmapView::setDifferenceAvailable(bool available)
{
    m_differenceAvailable = available;
    m_difference->setVisible(available);
    for (QString &blocker : m_differenceBlockers)
        blocker.clear();
    if (!available)
        setDifferenceChecked(
            false); // the owner reloads the plain matrix when it drops the baseline
    updateDifferenceButton();
}

void HeatmapView::setDifferenceOverlap(WindowAxis axis,
                                       const std::optional<WindowTableOverlap> &overlap)
{
    m_differenceBlockers[int(axis)] =
        overlap ? HeatmapText::differenceBlocker(*overlap, axis) : QString();
    updateDifferenceButton();
    updateStatus();
}

QString HeatmapView::differenceBlocker() const
{
    return m_differenceBlockers[int(axis())];
}

void HeatmapView::updateDifferenceButton()
{
    const QString blocker = differenceBlocker();
    m_difference->setEnabled(blocker.isEmpty());
    if (!blocker.isEmpty()) {
        setDifferenceChecked(false);
        m_difference->setToolTip(tr("Not available: %1.").arg(blocker));
    } else {
        m_difference->setToolTip(tr("Colour each cell by the target run minus the baseline (same "
                                    "rank, aligned iteration): red where the target is higher, "
                                    "blue where it is lower."));
    }
    m_difference->setAccessibleDescription(m_difference->toolTip());
}

void HeatmapView::setDifferenceChecked(bool on)
{
    const QSignalBlocker block(m_difference);
    m_difference->setChecked(on);
}

bool HeatmapView::isDifferenceMode() const
{
    return m_heatmap->isDifferenceMode();
}

bool HeatmapView::isDifferenceRequested() const
{
    return m_differenceAvailable && m_difference->isChecked() && differenceBlocker().isEmpty();
}

void HeatmapView::clear(const QString &message)
{
    m_heatmap->clear(message);
    m_shownMatrix.reset();
    m_shownOutliers.reset();
    updatePresentation();
    updateStatus();
}

bool HeatmapView::isLineChartShown() const
{
    return m_stack->currentWidget() == m_lines;
}

void HeatmapView::updatePresentation()
{
    const auto choice = HeatmapPresentation(m_presentation->currentData().toInt());
    const MetricMatrix *matrix = m_shownMatrix.get();
    const bool lines = matrix && showsAsLines(choice, matrix->rowCount(), matrix->columnCount());
    if (lines) {
        m_lines->setData(m_shownMatrix, m_shownOutliers, m_heatmap->isDifferenceMode());
        m_lines->setSelectedRank(m_heatmap->selectedRank());
    } else {
        m_lines->setData({}, {}, false); // no second copy of a large matrix's series
    }
    m_stack->setCurrentWidget(lines ? static_cast<QWidget *>(m_lines) : m_heatmap);
    // Pixel reduction and zoom belong to the grid; a difference has its own scale around zero.
    m_reduction->setEnabled(!lines);
    m_colorMode->setEnabled(!lines && !m_heatmap->isDifferenceMode());
    updateStatus();
}

void HeatmapView::setStuckRanks(const std::vector<int> &ranks)
{
    m_heatmap->setStuckRanks(ranks);
}

TraceMetric HeatmapView::metric() const
{
    return TraceMetric(m_metric->currentData().toInt());
}

WindowAxis HeatmapView::axis() const
{
    return WindowAxis(m_axis->currentData().toInt());
}

void HeatmapView::setMetric(TraceMetric metric)
{
    const QSignalBlocker block(m_metric);
    m_metric->setCurrentIndex(m_metric->findData(int(metric)));
}

void HeatmapView::setAvailableMetrics(const std::array<bool, kTraceMetricCount> &available)
{
    auto *model = qobject_cast<QStandardItemModel *>(m_metric->model());
    for (int m = 0; m < kTraceMetricCount; ++m) {
        const int row = m_metric->findData(m);
        if (row < 0)
            continue;
        const TraceMetric metric = TraceMetric(m);
        const bool on = available[std::size_t(m)];
        if (model) {
            if (QStandardItem *item = model->item(row))
                item->setEnabled(on);
        }
        m_metric->setItemData(row,
                              on ? HeatmapText::metricDescription(metric)
                                 : HeatmapText::metricDescription(metric) + QLatin1Char(' ') +
                                       tr("(No value of it in this bundle.)"),
                              Qt::ToolTipRole);
    }
}

void HeatmapView::setColorMode(HeatmapColorMode mode)
{
    const QSignalBlocker block(m_colorMode);
    m_colorMode->setCurrentIndex(m_colorMode->findData(int(mode)));
    m_heatmap->setColorMode(mode);
}

void HeatmapView::setAxis(WindowAxis axis)
{
    const QSignalBlocker block(m_axis);
    m_axis->setCurrentIndex(m_axis->findData(int(axis)));
    updateDifferenceButton();
}

void HeatmapView::fillGroupingCombo(const JobInfo *job)
{
    const QString current = m_grouping->currentData().toString();
    const QSignalBlocker block(m_grouping);
    m_grouping->clear();
    std::vector<HeatmapGrouping> options{{HeatmapGroupingMode::Node, {}},
                                         {HeatmapGroupingMode::Role, {}}};
    if (job) {
        for (const std::string &key : parallelGroupKeys(*job))
            options.push_back({HeatmapGroupingMode::ParallelGroup, key});
    }
    options.push_back({HeatmapGroupingMode::None, {}});
    for (const HeatmapGrouping &grouping : options)
        m_grouping->addItem(HeatmapText::groupingName(grouping), groupingData(grouping));
    const int index = m_grouping->findData(current);
    m_grouping->setCurrentIndex(index >= 0 ? index : 0);
}

void HeatmapView::applyGrouping()
{
    const HeatmapGrouping grouping = groupingFromData(m_grouping->currentData().toString());
    if (grouping == m_heatmap->grouping())
        return;
    m_heatmap->setGrouping(grouping);
    emit groupingChanged(grouping);
}

void HeatmapView::updateStatus()
{
    const MetricMatrix *matrix = m_heatmap->matrix();
    m_resetZoom->setEnabled(matrix && m_heatmap->viewport().isZoomed() && !isLineChartShown());
    const QString blocker = m_differenceAvailable ? differenceBlocker() : QString();
    if (!matrix) {
        m_status->setText(blocker.isEmpty() ? QString() : tr("No difference: %1").arg(blocker));
        return;
    }
    const HeatmapViewport &v = m_heatmap->viewport();
    QString text = HeatmapText::shape(*matrix);
    if (m_heatmap->isDifferenceMode()) {
        text = tr("target − baseline") + QStringLiteral(" · ") + text;
        if (!m_differenceNote.isEmpty())
            text += QStringLiteral(" · ") + m_differenceNote;
    }
    if (v.isZoomed())
        text += QStringLiteral(" · ") +
                tr("showing %1 × %2").arg(qRound(v.rowSpan())).arg(qRound(v.columnSpan()));
    if (const SpatialOutliers *outliers = m_heatmap->scene().outliers()) {
        int slow = 0;
        for (const std::uint8_t flags : outliers->cellFlags)
            slow += (flags & OutlierFlag::Slow) ? 1 : 0;
        text += QStringLiteral(" · ") + (slow == 1 ? tr("%n outlier cell", nullptr, slow)
                                                   : tr("%n outlier cells", nullptr, slow));
    }
    if (!blocker.isEmpty())
        text += QStringLiteral(" · ") + tr("no difference: %1").arg(blocker);
    m_status->setText(text);
}

} // namespace rankscope
