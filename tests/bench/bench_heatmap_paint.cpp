// Paint cost of the trace heatmap: 1,024 ranks x 200 iterations (128 nodes of 8) at 1920x1080.
// Target: a full repaint under 16 ms (one frame at 60 Hz), with the cell image cached (hover,
// selection, tooltips) and rebuilt (zoom, pan, resize, reduction, new data).
#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapScene.h"

#include <QApplication>
#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>

#include <memory>
#include <random>

using namespace rankscope;

namespace {

constexpr int kRanks = 1024;
constexpr int kWindows = 200;
constexpr int kRanksPerNode = 8;
const QSize kScreen(1920, 1080);

struct Data
{
    std::shared_ptr<const MetricMatrix> matrix;
    std::shared_ptr<const SpatialOutliers> outliers;
    std::shared_ptr<const JobInfo> job;
};

// Step times around 100 ms with noise, one straggler from iteration 120, a slow node, some
// missing cells and scattered inconclusive flags: every painting path is exercised.
const Data &data()
{
    static const Data d = [] {
        std::mt19937 rng(7);
        std::normal_distribution<double> noise(0.0, 1.5e6);
        auto matrix = std::make_shared<MetricMatrix>();
        auto outliers = std::make_shared<SpatialOutliers>();
        auto job = std::make_shared<JobInfo>();
        for (int r = 0; r < kRanks; ++r) {
            matrix->ranks.push_back(r);
            RankInfo info;
            info.rank = r;
            info.node = "node-" + std::to_string(r / kRanksPerNode);
            info.role = "trainer";
            info.groups = {{"dp", r % kRanksPerNode}, {"pp", r / 256}};
            job->ranks.push_back(info);
        }
        for (int c = 0; c < kWindows; ++c) {
            matrix->windows.push_back(1000 + c);
            matrix->windowStartNs.push_back(std::int64_t(c) * 100'000'000);
            matrix->windowEndNs.push_back(std::int64_t(c + 1) * 100'000'000);
        }
        const std::size_t cells = std::size_t(kRanks) * kWindows;
        matrix->values.resize(cells);
        outliers->cellFlags.assign(cells, 0);
        outliers->peerMedian.assign(cells, 100e6);
        for (int r = 0; r < kRanks; ++r) {
            for (int c = 0; c < kWindows; ++c) {
                const std::size_t i = std::size_t(r) * kWindows + std::size_t(c);
                double v = 100e6 + noise(rng) + (r / kRanksPerNode == 77 ? 6e6 : 0.0);
                if (r == 613 && c >= 120) {
                    v *= 1.38;
                    outliers->cellFlags[i] = OutlierFlag::Slow;
                }
                if (r % 97 == 5 && c % 50 < 3)
                    v = kNoMetricValue;
                if ((r * 31 + c * 17) % 997 == 0)
                    outliers->cellFlags[i] |= OutlierFlag::Inconclusive;
                matrix->values[i] = v;
            }
        }
        job->worldSize = kRanks;
        return Data{matrix, outliers, job};
    }();
    return d;
}

std::unique_ptr<HeatmapScene> makeScene()
{
    auto scene = std::make_unique<HeatmapScene>();
    scene->setFont(QApplication::font());
    scene->setData(data().matrix, data().outliers, data().job);
    scene->setStuckRanks({613, 900});
    scene->setSelection(613, 1150, true);
    return scene;
}

void paintOnce(HeatmapScene &scene, QImage &image)
{
    QPainter painter(&image);
    HeatmapPainter::paint(painter, scene, image.size());
}

void addCounters(benchmark::State &state, HeatmapScene &scene)
{
    const HeatmapRaster &raster = scene.raster(kScreen);
    state.counters["cells"] = double(kRanks) * kWindows;
    state.counters["rows_per_px"] = raster.maxRowsPerPixel;
    state.counters["outline_runs"] = double(raster.outlines.size());
}

// A repaint with the cell image cached: hover, selection, tooltips, expose.
void BM_PaintCached(benchmark::State &state)
{
    auto scene = makeScene();
    scene->setReduction(HeatmapReduction(state.range(0)));
    QImage image(kScreen, QImage::Format_ARGB32_Premultiplied);
    paintOnce(*scene, image);
    for (auto _ : state)
        paintOnce(*scene, image);
    addCounters(state, *scene);
}
BENCHMARK(BM_PaintCached)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// A repaint that rebuilds the cell image first: the cost of every zoom, pan or resize step.
// Alternates two nearly full views (the second starts half a rank lower) so every iteration
// really rebuilds.
void BM_PaintNewImage(benchmark::State &state)
{
    auto scene = makeScene();
    scene->setReduction(HeatmapReduction(state.range(0)));
    QImage image(kScreen, QImage::Format_ARGB32_Premultiplied);
    HeatmapViewport a = scene->viewport();
    HeatmapViewport b = a;
    b.setRows(0.5, kRanks - 0.5);
    int i = 0;
    for (auto _ : state) {
        scene->setViewport(i++ % 2 == 0 ? b : a);
        paintOnce(*scene, image);
    }
    addCounters(state, *scene);
}
BENCHMARK(BM_PaintNewImage)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// Zoomed to 64 ranks x 50 iterations: big cells with grid gaps, outlines inside cells.
void BM_PaintZoomedNewImage(benchmark::State &state)
{
    auto scene = makeScene();
    QImage image(kScreen, QImage::Format_ARGB32_Premultiplied);
    HeatmapViewport a = scene->viewport();
    a.setRows(580, 64);
    a.setColumns(100, 50);
    HeatmapViewport b = a;
    b.setColumns(101, 50);
    int i = 0;
    for (auto _ : state) {
        scene->setViewport(i++ % 2 == 0 ? b : a);
        paintOnce(*scene, image);
    }
    addCounters(state, *scene);
}
BENCHMARK(BM_PaintZoomedNewImage)->Unit(benchmark::kMillisecond);

// Only the cell image, without headers and legend.
void BM_RasterOnly(benchmark::State &state)
{
    auto scene = makeScene();
    const HeatmapRowOrder &order = scene->rowOrder();
    HeatmapRasterInput input;
    input.matrix = data().matrix.get();
    input.order = &order;
    input.outliers = data().outliers.get();
    input.scale = &scene->colorScale();
    input.reduction = HeatmapReduction(state.range(0));
    const QSize cells = scene->layout(kScreen).cells.size();
    for (auto _ : state) {
        HeatmapRaster raster = buildHeatmapRaster(input, scene->viewport(), cells);
        benchmark::DoNotOptimize(raster.image.constBits());
    }
    state.counters["width"] = cells.width();
    state.counters["height"] = cells.height();
}
BENCHMARK(BM_RasterOnly)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
