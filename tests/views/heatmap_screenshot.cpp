// Renders the trace views of a realistic hand-built job to PNG, for the documentation and for
// looking at them as a user would:
//   heatmap_screenshot OUTDIR [--size 1400x820]
// writes OUTDIR/heatmap.png (compute time), OUTDIR/heatmap-collective-wait.png and
// OUTDIR/rank-detail.png. The job: 256 ranks on 32 nodes, 120 iterations; rank 137 (node-17)
// computes 38% slower from iteration 60 and its 255 peers wait for it in the all-reduce.
#include "TraceViewFixtures.h"
#include "views/heatmap/HeatmapView.h"
#include "views/traces/RankDetailView.h"

#include <QApplication>
#include <QDir>
#include <QSplitter>

#include <cstdio>

using namespace rankscope;
using namespace rankscope_test;

namespace {

constexpr int kRanks = 256;
constexpr int kWindows = 120;
constexpr int kStraggler = 137;
constexpr int kSlowFrom = 60;
constexpr std::int64_t kT0 = 1'700'000'000'000'000'000;
constexpr std::int64_t kStepNs = 100'000'000;

struct Job
{
    HeatmapFixture compute;
    HeatmapFixture wait;
};

std::shared_ptr<MetricMatrix> emptyMatrix(TraceMetric metric)
{
    auto m = std::make_shared<MetricMatrix>();
    m->metric = metric;
    for (int r = 0; r < kRanks; ++r)
        m->ranks.push_back(r);
    for (int c = 0; c < kWindows; ++c) {
        m->windows.push_back(c);
        m->windowStartNs.push_back(kT0 + c * kStepNs);
        m->windowEndNs.push_back(kT0 + (c + 1) * kStepNs);
    }
    m->values.assign(std::size_t(kRanks) * kWindows, 0.0);
    return m;
}

Job makeJob()
{
    Job job;
    auto info = rankscope_test::makeJob(kRanks, 8);
    auto compute = emptyMatrix(TraceMetric::ComputeTime);
    auto wait = emptyMatrix(TraceMetric::CollectiveWait);
    auto computeFlags = std::make_shared<SpatialOutliers>();
    auto waitFlags = std::make_shared<SpatialOutliers>();
    for (auto *flags : {computeFlags.get(), waitFlags.get()}) {
        flags->cellFlags.assign(compute->values.size(), 0);
        flags->peerMedian.assign(compute->values.size(), 0);
    }
    for (int r = 0; r < kRanks; ++r) {
        for (int c = 0; c < kWindows; ++c) {
            const std::size_t i = std::size_t(r) * kWindows + std::size_t(c);
            // Healthy: 62 ms of kernels; node-05 runs 3% warmer; every 40th iteration the
            // data loader refills and everyone computes a little longer.
            double busy = 62e6 + jitterNs(r, c) * 1.6 + (r / 8 == 5 ? 1.9e6 : 0.0) +
                          (c % 40 == 0 ? 2.5e6 : 0.0);
            const bool slow = r == kStraggler && c >= kSlowFrom;
            if (slow)
                busy *= 1.38;
            compute->values[i] = busy;
            computeFlags->peerMedian[i] = 62e6;
            if (slow)
                computeFlags->cellFlags[i] = OutlierFlag::Slow;
            // Waiting: everyone but the straggler waits for it in the all-reduce.
            double waited = 3e6 + std::fabs(jitterNs(c, r)) * 2.0;
            if (c >= kSlowFrom)
                waited = r == kStraggler ? 0.4e6 + std::fabs(jitterNs(r, c)) * 0.3
                                         : 26.5e6 + jitterNs(c, r) * 2.0;
            wait->values[i] = waited;
            waitFlags->peerMedian[i] = c >= kSlowFrom ? 26.5e6 : 3.5e6;
            if (r == kStraggler && c >= kSlowFrom)
                waitFlags->cellFlags[i] = OutlierFlag::Fast;
        }
    }
    // Rank 235's trace was cut short for five iterations: no data, not zero.
    for (int c = 100; c < 105; ++c) {
        compute->at(235, c) = kNoMetricValue;
        wait->at(235, c) = kNoMetricValue;
    }
    // Node-05's warm iterations leave its group without a clear majority twice.
    for (int r = 40; r < 48; ++r)
        computeFlags->cellFlags[std::size_t(r) * kWindows + 40] = OutlierFlag::Inconclusive;
    job.compute = {compute, computeFlags, info};
    job.wait = {wait, waitFlags, info};
    return job;
}

bool save(QWidget &widget, const QString &path)
{
    widget.show();
    QApplication::processEvents();
    const bool ok = widget.grab().save(path, "PNG");
    std::fprintf(stderr, "%s %s\n", ok ? "wrote" : "FAILED to write", qPrintable(path));
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = app.arguments();
    args.removeFirst();
    if (args.isEmpty()) {
        std::fprintf(stderr, "usage: heatmap_screenshot OUTDIR [--size 1400x820]\n");
        return 2;
    }
    const QDir out(args.takeFirst());
    QDir().mkpath(out.path());
    QSize size(1400, 820);
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--size") && i + 1 < args.size()) {
            const QStringList wh = args[++i].split(QLatin1Char('x'));
            if (wh.size() == 2)
                size = QSize(wh[0].toInt(), wh[1].toInt());
        }
    }

    const Job job = makeJob();
    bool ok = true;
    {
        HeatmapView view;
        view.resize(size);
        view.setData(job.compute.matrix, job.compute.outliers, job.compute.job);
        view.heatmap()->setSelectedCell(kStraggler, 75);
        ok &= save(view, out.filePath(QStringLiteral("heatmap.png")));
        view.setData(job.wait.matrix, job.wait.outliers, job.wait.job);
        ok &= save(view, out.filePath(QStringLiteral("heatmap-collective-wait.png")));
    }
    {
        RankDetailView view;
        // Four lanes and seven ops need less height than the heatmap.
        const QSize detailSize(size.width(), std::min(size.height(), 640));
        view.resize(detailSize);
        RankDetail detail;
        detail.rank = kStraggler;
        detail.node = QString::fromStdString(job.compute.job->nodeOf(kStraggler));
        detail.windowLabel = QStringLiteral("iteration 75");
        const std::int64_t start = kT0 + 75 * kStepNs;
        detail.windowStartNs = start;
        detail.windowEndNs = start + 132'000'000;
        detail.clockOffsetKnown = true;
        detail.clockOffsetNs = -1'842'000;
        detail.trace = makeIterationTrace(start + 500'000, 1.38, 400, 75);
        detail.ops = makeOpComparisons();
        detail.highlightNs = start + 47'300'000;
        view.setDetail(std::move(detail));
        view.splitter()->setSizes({detailSize.height() / 2, detailSize.height() / 2});
        ok &= save(view, out.filePath(QStringLiteral("rank-detail.png")));
    }
    return ok ? 0 : 1;
}
