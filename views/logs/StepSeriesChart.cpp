#include "views/logs/StepSeriesChart.h"

#include "core/diff/StepTimeComparison.h"
#include "views/export/ViewExporter.h"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QStackedWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// Tableau's blue and orange: step time and loss; the baseline's in lighter, dashed tones.
const QColor kStepColour(0x1f, 0x77, 0xb4);
const QColor kLossColour(0xe0, 0x6c, 0x00);
const QColor kBaselineStepColour(0x7f, 0xb2, 0xd9);
const QColor kBaselineLossColour(0xf4, 0xb0, 0x70);

QString stepText(double ms)
{
    return QString::fromStdString(stepTimeText(ms));
}

// The framework as its users name it.
QString frameworkName(const std::string &key)
{
    if (key == "megatron")
        return QStringLiteral("Megatron-LM");
    if (key == "deepspeed")
        return QStringLiteral("DeepSpeed");
    if (key == "hf-trainer")
        return QStringLiteral("HF Trainer");
    return QString::fromStdString(key);
}

QString lossText(double loss)
{
    return QLocale().toString(loss, 'g', 4);
}

// The point of `series` nearest to `iteration`, nullptr when the iteration is outside it.
const JobStepPoint *nearest(const JobStepSeries *series, double iteration)
{
    if (!series || series->points.empty())
        return nullptr;
    const std::vector<JobStepPoint> &points = series->points;
    const double first = double(points.front().iteration);
    const double last = double(points.back().iteration);
    const double margin = points.size() > 1 ? (last - first) / double(points.size() - 1) : 1.0;
    if (iteration < first - margin / 2 || iteration > last + margin / 2)
        return nullptr;
    auto after = std::lower_bound(
        points.begin(), points.end(), iteration,
        [](const JobStepPoint &point, double value) { return double(point.iteration) < value; });
    if (after == points.end())
        return &points.back();
    if (after != points.begin() &&
        iteration - double(std::prev(after)->iteration) < double(after->iteration) - iteration)
        return &*std::prev(after);
    return &*after;
}

// Shows the values under the mouse: the owner says what they are.
class HoverChartView : public QChartView
{
public:
    HoverChartView(QChart *chart, const StepSeriesChart *owner, QWidget *parent)
        : QChartView(chart, parent), m_owner(owner)
    {
        setMouseTracking(true);
        setRenderHint(QPainter::Antialiasing);
    }

protected:
    void mouseMoveEvent(QMouseEvent *event) override
    {
        QChart *c = chart();
        const QPointF inChart = c->mapFromScene(mapToScene(event->position().toPoint()));
        const QString text = !c->series().isEmpty() && c->plotArea().contains(inChart)
                                 ? m_owner->hoverText(c->mapToValue(inChart).x())
                                 : QString();
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), text, this);
        QChartView::mouseMoveEvent(event);
    }

private:
    const StepSeriesChart *m_owner;
};

QLineSeries *line(const QString &name, const QColor &colour, bool dashed)
{
    auto *series = new QLineSeries;
    series->setName(name);
    QPen pen(colour);
    pen.setWidthF(dashed ? 1.6 : 2.0);
    if (dashed)
        pen.setStyle(Qt::DashLine);
    series->setPen(pen);
    return series;
}

} // namespace

StepSeriesChart::StepSeriesChart(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_empty(new QLabel(this)),
      m_stack(new QStackedWidget(this)), m_chart(new QChart)
{
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setContentsMargins(6, 4, 6, 2);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setTextFormat(Qt::PlainText);
    m_empty->setContentsMargins(24, 24, 24, 24);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setBackgroundRoundness(0);
    m_view = new HoverChartView(m_chart, this, m_stack);
    m_view->setAccessibleName(tr("Step time and loss per iteration"));
    m_view->setMinimumHeight(240); // axes with their labels and the legend need the room
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_empty);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_summary);
    layout->addWidget(m_stack, 1);
    rebuild();
}

StepSeriesChart::~StepSeriesChart() = default;

void StepSeriesChart::setSeries(std::shared_ptr<const JobStepSeries> series, const QString &name)
{
    m_series = std::move(series);
    m_name = name;
    rebuild();
}

void StepSeriesChart::setBaseline(std::shared_ptr<const JobStepSeries> series, const QString &name)
{
    m_baseline = std::move(series);
    m_baselineName = name;
    rebuild();
}

bool StepSeriesChart::hasData() const
{
    return m_series && !m_series->empty() && (m_series->hasStepTimes() || m_series->hasLosses());
}

QString StepSeriesChart::summaryText() const
{
    return m_summary->text();
}

int StepSeriesChart::lineCount() const
{
    return int(m_chart->series().size());
}

QString StepSeriesChart::stepAxisTitle() const
{
    for (QAbstractAxis *axis : m_chart->axes(Qt::Vertical)) {
        if (axis->alignment() == Qt::AlignLeft)
            return axis->titleText();
    }
    return QString();
}

QString StepSeriesChart::runSummary(const JobStepSeries &series, const SteadyStepTime &steady) const
{
    if (!steady.known)
        return tr("%n iteration lines, too few after the warm-up for a steady step time.", nullptr,
                  int(series.points.size()));
    return tr("%1 per iteration (the median of iterations %2–%3; the first %n lines skipped as "
              "warm-up).",
              nullptr, steady.warmupSkipped)
        .arg(stepText(steady.medianMs))
        .arg(steady.fromIteration)
        .arg(steady.toIteration);
}

QString StepSeriesChart::hoverText(double iteration) const
{
    QStringList lines;
    const auto describe = [&](const JobStepPoint &point) {
        QStringList parts;
        if (!std::isnan(point.stepTimeMs))
            parts << tr("step time %1").arg(stepText(point.stepTimeMs));
        if (!std::isnan(point.loss))
            parts << tr("loss %1").arg(lossText(point.loss));
        return parts.join(QStringLiteral(" · "));
    };
    const JobStepPoint *point = nearest(m_series.get(), iteration);
    if (point)
        lines << tr("Iteration %1").arg(point->iteration) << describe(*point);
    if (const JobStepPoint *base = nearest(m_baseline.get(), iteration)) {
        if (!point)
            lines << tr("Iteration %1").arg(base->iteration);
        lines << tr("baseline %1, iteration %2: %3")
                     .arg(m_baselineName)
                     .arg(base->iteration)
                     .arg(describe(*base));
    }
    return lines.join(QLatin1Char('\n'));
}

void StepSeriesChart::rebuild()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    if (!hasData()) {
        m_summary->hide();
        m_empty->setText(
            m_series ? tr("No iteration lines in the logs: Megatron-LM's \"iteration N/M | ... "
                          "elapsed time per iteration (ms)\", DeepSpeed's \"steps: N loss: ... "
                          "iter time (s)\", HF Trainer's {'loss': ...} or a tqdm bar give the "
                          "job's step time and loss per iteration.")
                     : tr("No logs analysed yet."));
        m_stack->setCurrentWidget(m_empty);
        return;
    }

    const JobStepSeries &series = *m_series;
    const bool withBaseline = m_baseline && !m_baseline->empty();
    const SteadyStepTime steady = steadyStepTime(series);
    const QString framework = frameworkName(series.framework);
    QString summary = (series.source == JobStepSource::Unprefixed
                           ? tr("From %1's iteration lines of no rank (its last rank prints them).")
                                 .arg(framework)
                           : tr("From %1 iteration lines: per iteration the median over %n ranks.",
                                nullptr, series.ranks)
                                 .arg(framework)) +
                      QLatin1Char(' ') + tr("%1: %2").arg(m_name, runSummary(series, steady));
    if (withBaseline) {
        const StepTimeComparison comparison = compareStepTimes(*m_baseline, series);
        summary +=
            QLatin1Char(' ') +
            tr("Baseline %1: %2").arg(m_baselineName, runSummary(*m_baseline, comparison.baseline));
        if (comparison.significant) {
            const QString percent =
                QLocale().toString(100.0 * std::abs(comparison.relativeChange), 'g', 2);
            summary += QLatin1Char('\n') +
                       (comparison.relativeChange > 0
                            ? tr("Iterations take %1, %2% longer than the baseline's %3.")
                            : tr("Iterations take %1, %2% less than the baseline's %3."))
                           .arg(stepText(comparison.target.medianMs), percent,
                                stepText(comparison.baseline.medianMs));
        } else if (comparison.comparable) {
            summary +=
                QLatin1Char('\n') +
                tr("No significant change in step time against the baseline (%1%2%; a "
                   "change needs at least 5% and a rank-sum test with |z| ≥ 3).")
                    .arg(comparison.relativeChange >= 0 ? QStringLiteral("+") : QStringLiteral("−"))
                    .arg(QLocale().toString(100.0 * std::abs(comparison.relativeChange), 'g', 2));
        }
    }
    m_summary->setText(summary);
    m_summary->show();
    m_stack->setCurrentWidget(m_view);

    // Axes: iterations below, step time left (seconds for steps of a second or more), loss right.
    double maxStep = 0;
    double minLoss = std::numeric_limits<double>::max();
    double maxLoss = std::numeric_limits<double>::lowest();
    double firstIteration = double(series.points.front().iteration);
    double lastIteration = double(series.points.back().iteration);
    for (const JobStepSeries *run : {&series, withBaseline ? m_baseline.get() : nullptr}) {
        if (!run)
            continue;
        firstIteration = std::min(firstIteration, double(run->points.front().iteration));
        lastIteration = std::max(lastIteration, double(run->points.back().iteration));
        for (const JobStepPoint &point : run->points) {
            if (!std::isnan(point.stepTimeMs))
                maxStep = std::max(maxStep, point.stepTimeMs);
            if (!std::isnan(point.loss)) {
                minLoss = std::min(minLoss, point.loss);
                maxLoss = std::max(maxLoss, point.loss);
            }
        }
    }
    m_stepScale = maxStep >= 1000 ? 1000.0 : 1.0;
    auto *iterations = new QValueAxis;
    iterations->setTitleText(tr("Iteration"));
    iterations->setLabelFormat(QStringLiteral("%d"));
    iterations->setRange(firstIteration, std::max(lastIteration, firstIteration + 1));
    m_chart->addAxis(iterations, Qt::AlignBottom);
    QValueAxis *steps = nullptr;
    if (maxStep > 0) {
        steps = new QValueAxis;
        const QString unit = m_stepScale > 1 ? tr("s") : tr("ms");
        steps->setTitleText(series.stepTimeFromGaps
                                ? tr("Step time (%1, from the time between lines)").arg(unit)
                                : tr("Step time (%1)").arg(unit));
        steps->setRange(0, maxStep / m_stepScale * 1.05);
        steps->applyNiceNumbers();
        steps->setLabelFormat(QStringLiteral("%.4g"));
        steps->setLinePenColor(kStepColour);
        steps->setLabelsColor(kStepColour.darker(130));
        m_chart->addAxis(steps, Qt::AlignLeft);
    }
    QValueAxis *losses = nullptr;
    if (maxLoss >= minLoss) {
        losses = new QValueAxis;
        losses->setTitleText(tr("Loss"));
        const double pad = std::max((maxLoss - minLoss) * 0.05, 1e-3);
        losses->setRange(minLoss - pad, maxLoss + pad);
        losses->applyNiceNumbers();
        losses->setLabelFormat(QStringLiteral("%.4g"));
        losses->setLinePenColor(kLossColour);
        losses->setLabelsColor(kLossColour.darker(130));
        losses->setGridLineVisible(false);
        m_chart->addAxis(losses, Qt::AlignRight);
    }

    const auto addRun = [&](const JobStepSeries &run, const QString &name, bool baseline) {
        QLineSeries *step = steps && run.hasStepTimes()
                                ? line(baseline ? tr("Step time (baseline %1)").arg(name)
                                                : tr("Step time (%1)").arg(name),
                                       baseline ? kBaselineStepColour : kStepColour, baseline)
                                : nullptr;
        QLineSeries *loss =
            losses && run.hasLosses()
                ? line(baseline ? tr("Loss (baseline %1)").arg(name) : tr("Loss (%1)").arg(name),
                       baseline ? kBaselineLossColour : kLossColour, baseline)
                : nullptr;
        for (const JobStepPoint &point : run.points) {
            if (step && !std::isnan(point.stepTimeMs))
                step->append(double(point.iteration), point.stepTimeMs / m_stepScale);
            if (loss && !std::isnan(point.loss))
                loss->append(double(point.iteration), point.loss);
        }
        for (auto [series, axis] : {std::pair{step, steps}, std::pair{loss, losses}}) {
            if (!series)
                continue;
            // One point would draw nothing as a line: show it as a marker.
            series->setPointsVisible(series->count() < 60);
            m_chart->addSeries(series);
            series->attachAxis(iterations);
            series->attachAxis(axis);
        }
    };
    // The baseline first, so the open bundle's lines are drawn over it.
    if (withBaseline)
        addRun(*m_baseline, m_baselineName, true);
    addRun(series, m_name, false);
}

bool StepSeriesChart::exportImage(const QString &file, QString *error) const
{
    ExportCaption caption;
    caption.view = tr("Step time and loss");
    caption.job = m_name;
    if (m_baseline && !m_baseline->empty())
        caption.selection = tr("baseline %1 vs %2").arg(m_baselineName, m_name);
    QLabel *summary = m_summary;
    QStackedWidget *stack = m_stack;
    const QSize size = this->size().isEmpty() ? QSize(1200, 600) : this->size();
    const int summaryHeight = summary->isVisible() ? summary->height() : 0;
    return ViewExporter::exportView(
        [summary, stack, summaryHeight](QPainter &painter, QSize) {
            if (summaryHeight > 0)
                summary->render(&painter, QPoint(0, 0), QRegion(),
                                QWidget::DrawWindowBackground | QWidget::DrawChildren);
            stack->render(&painter, QPoint(0, summaryHeight), QRegion(),
                          QWidget::DrawWindowBackground | QWidget::DrawChildren);
        },
        size, caption, file, error);
}

} // namespace rankscope
