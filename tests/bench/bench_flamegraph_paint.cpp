// Paint and layout cost of the flame graph on a synthetic 1,024-rank tree of ~100k frames.
// Target: a full 1920x1080 repaint in under 16 ms (one frame at 60 Hz).
#include "core/diff/StackDiff.h"
#include "core/stacks/FunctionTable.h"
#include "core/stacks/StackTree.h"
#include "views/flamegraph/FlameGraphGeometry.h"
#include "views/flamegraph/FlameGraphLayout.h"
#include "views/flamegraph/FlameGraphPainter.h"
#include "views/flamegraph/FlameGraphScene.h"

#include <QApplication>
#include <QFont>
#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <random>
#include <string>

using namespace rankscope;

namespace {

constexpr int kRanks = 1024;
constexpr int kSamplesPerRank = 4;
const QSize kScreen(1920, 1080);

// Random stacks that share their outer frames (the training loop) and branch more and more
// towards the leaves, like real Python stacks: a few hundred distinct paths near the root,
// tens of thousands near the leaves.
StackDataset syntheticDataset(std::uint64_t seed, int ranks = kRanks)
{
    StackDataset data;
    data.job.worldSize = ranks;
    std::mt19937_64 rng(seed);
    std::map<std::string, FrameId> frameIds;
    auto frameId = [&](const std::string &name) {
        auto [it, inserted] = frameIds.emplace(name, FrameId(data.frames.size()));
        if (inserted) {
            Frame f;
            f.function = name;
            f.file = "module_" + std::to_string(name.size() % 17) + ".py";
            f.line = int(name.size() * 7 % 900);
            data.frames.push_back(f);
        }
        return it->second;
    };
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    for (int rank = 0; rank < ranks; ++rank) {
        for (int s = 0; s < kSamplesPerRank; ++s) {
            std::vector<FrameId> stack;
            const int depth = 18 + int(rng() % 40);
            for (int d = 0; d < depth; ++d) {
                // Branching grows with depth; the exponential keeps most ranks on the
                // common (index 0) path at every level.
                const double spread = d < 6 ? 0.15 : 0.25 + 0.06 * d;
                const int choice = int(-std::log(1.0 - uniform(rng)) * spread);
                stack.push_back(frameId("fn_d" + std::to_string(d) + "_" + std::to_string(choice) +
                                        "_" + std::to_string(choice > 0 ? rng() % 3 : 0)));
            }
            data.stacks.push_back(std::move(stack));
            StackSample sample;
            sample.rank = rank;
            sample.sampleIndex = s;
            sample.role = kTrainerRole;
            sample.isMainThread = true;
            sample.stack = StackId(data.stacks.size() - 1);
            data.samples.push_back(sample);
        }
    }
    return data;
}

const std::shared_ptr<const StackTree> &sharedTree()
{
    static const std::shared_ptr<const StackTree> tree = [] {
        const StackDataset data = syntheticDataset(42);
        return std::make_shared<const StackTree>(StackTreeBuilder::build(data, {}));
    }();
    return tree;
}

void addTreeCounters(benchmark::State &state)
{
    state.counters["nodes"] = sharedTree()->size();
    state.counters["depth"] = sharedTree()->maxDepth();
}

// First layout of a new tree: builds the flat shape (counting every rank set), then places.
void BM_LayoutFirst(benchmark::State &state)
{
    const StackTree &tree = *sharedTree();
    for (auto _ : state) {
        FlameGraphLayout layout(tree, StackTree::kRoot, WidthMode::Ranks);
        benchmark::DoNotOptimize(layout.frameCount());
    }
    addTreeCounters(state);
}
BENCHMARK(BM_LayoutFirst)->Unit(benchmark::kMillisecond);

// Re-layout on zoom out to the root, with the tree shape the scene keeps per tree.
void BM_Relayout(benchmark::State &state)
{
    const StackTree &tree = *sharedTree();
    const FlameTreeShape shape = FlameTreeShape::of(tree, WidthMode::Ranks);
    for (auto _ : state) {
        FlameGraphLayout layout(tree, StackTree::kRoot, WidthMode::Ranks, &shape);
        benchmark::DoNotOptimize(layout.frameCount());
    }
    addTreeCounters(state);
}
BENCHMARK(BM_Relayout)->Unit(benchmark::kMillisecond);

void BM_Geometry1920(benchmark::State &state)
{
    const FlameGraphLayout layout(*sharedTree(), StackTree::kRoot, WidthMode::Ranks);
    std::size_t boxes = 0;
    for (auto _ : state) {
        FlameGraphGeometry geometry(layout, kScreen.width());
        boxes = geometry.boxCount();
        benchmark::DoNotOptimize(boxes);
    }
    addTreeCounters(state);
    state.counters["boxes"] = double(boxes);
}
BENCHMARK(BM_Geometry1920)->Unit(benchmark::kMillisecond);

std::unique_ptr<FlameGraphScene> makeScene()
{
    auto scene = std::make_unique<FlameGraphScene>();
    scene->setFont(QApplication::font());
    scene->setTree(sharedTree());
    return scene;
}

void paintOnce(FlameGraphScene &scene, QImage &image, double scrollY)
{
    QPainter painter(&image);
    FlameGraphPainter::Options options;
    options.scrollY = scrollY;
    FlameGraphPainter::paint(painter, scene, image.size(), options);
}

// A repaint with layout, geometry and labels cached: hover, selection, search changes.
void BM_PaintFullView(benchmark::State &state)
{
    auto scene = makeScene();
    QImage image(kScreen, QImage::Format_ARGB32_Premultiplied);
    paintOnce(*scene, image, 0);
    for (auto _ : state)
        paintOnce(*scene, image, 0);
    addTreeCounters(state);
    state.counters["boxes"] = double(scene->geometry(kScreen.width()).boxCount());
}
BENCHMARK(BM_PaintFullView)->Unit(benchmark::kMillisecond);

// The first paint after a tree, zoom or width change: layout + geometry + label shaping + paint.
void BM_PaintColdView(benchmark::State &state)
{
    auto scene = makeScene();
    QImage image(kScreen, QImage::Format_ARGB32_Premultiplied);
    int zoom = 0;
    for (auto _ : state) {
        // Alternate the zoom root so every iteration rebuilds everything.
        scene->setZoomRoot(zoom++ % 2 == 0 ? StackTree::kRoot : sharedTree()->node(0).children[0]);
        paintOnce(*scene, image, 0);
    }
    addTreeCounters(state);
}
BENCHMARK(BM_PaintColdView)->Unit(benchmark::kMillisecond);

// Scrolled to the deep rows, where the frames are many and narrow.
void BM_PaintDeepRows(benchmark::State &state)
{
    auto scene = makeScene();
    QImage image(kScreen, QImage::Format_ARGB32_Premultiplied);
    const double scroll = std::max(0, scene->contentHeight() - kScreen.height() / 2);
    paintOnce(*scene, image, scroll);
    for (auto _ : state)
        paintOnce(*scene, image, scroll);
    addTreeCounters(state);
}
BENCHMARK(BM_PaintDeepRows)->Unit(benchmark::kMillisecond);

void BM_PaintWithSearch(benchmark::State &state)
{
    auto scene = makeScene();
    scene->setSearch(QStringLiteral("_1_"), false);
    QImage image(kScreen, QImage::Format_ARGB32_Premultiplied);
    paintOnce(*scene, image, 0);
    for (auto _ : state)
        paintOnce(*scene, image, 0);
    addTreeCounters(state);
    state.counters["matches"] = scene->search().matches;
}
BENCHMARK(BM_PaintWithSearch)->Unit(benchmark::kMillisecond);

// The differential graph: the per-node changes against a second run of the same shape (another
// seed: most paths shared, the narrow ones differ), then a repaint in difference colours.
const std::shared_ptr<const StackTree> &otherTree()
{
    static const std::shared_ptr<const StackTree> tree = [] {
        const StackDataset data = syntheticDataset(43);
        return std::make_shared<const StackTree>(StackTreeBuilder::build(data, {}));
    }();
    return tree;
}

void BM_StackNodeChanges(benchmark::State &state)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(stackNodeChanges(*sharedTree(), *otherTree()).size());
    addTreeCounters(state);
}
BENCHMARK(BM_StackNodeChanges)->Unit(benchmark::kMillisecond);

void BM_PaintDifference(benchmark::State &state)
{
    auto scene = makeScene();
    FlameDifference difference;
    difference.changes = stackNodeChanges(*sharedTree(), *otherTree());
    difference.otherRanksWithData = otherTree()->ranksWithData().count();
    difference.shownName = QStringLiteral("tonight");
    difference.otherName = QStringLiteral("last-week");
    scene->setDifference(std::move(difference));
    scene->setColourMode(FlameColourMode::Difference);
    QImage image(kScreen, QImage::Format_ARGB32_Premultiplied);
    paintOnce(*scene, image, 0);
    for (auto _ : state)
        paintOnce(*scene, image, 0);
    addTreeCounters(state);
}
BENCHMARK(BM_PaintDifference)->Unit(benchmark::kMillisecond);

// The Functions table's aggregation (frames by identity, callers, callees) over the whole tree,
// built with the results off the UI thread: the 1,024-rank tree, and one of 2,048 ranks.
void BM_FunctionTable(benchmark::State &state)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(FunctionTable::build(*sharedTree()).size());
    addTreeCounters(state);
    state.counters["functions"] = FunctionTable::build(*sharedTree()).size();
}
BENCHMARK(BM_FunctionTable)->Unit(benchmark::kMillisecond);

void BM_FunctionTable2048(benchmark::State &state)
{
    static const StackTree tree = StackTreeBuilder::build(syntheticDataset(44, 2048), {});
    for (auto _ : state)
        benchmark::DoNotOptimize(FunctionTable::build(tree).size());
    state.counters["nodes"] = tree.size();
    state.counters["functions"] = FunctionTable::build(tree).size();
}
BENCHMARK(BM_FunctionTable2048)->Unit(benchmark::kMillisecond);

void BM_SearchSubstring(benchmark::State &state)
{
    auto scene = makeScene();
    for (auto _ : state)
        benchmark::DoNotOptimize(scene->setSearch(QStringLiteral("d12_3"), false).matches);
    addTreeCounters(state);
}
BENCHMARK(BM_SearchSubstring)->Unit(benchmark::kMillisecond);

void BM_SearchRegex(benchmark::State &state)
{
    auto scene = makeScene();
    for (auto _ : state)
        benchmark::DoNotOptimize(scene->setSearch(QStringLiteral("^fn_d1[0-9]_2_"), true).matches);
    addTreeCounters(state);
}
BENCHMARK(BM_SearchRegex)->Unit(benchmark::kMillisecond);

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
