// The stacks part of the Diff view on the offscreen platform: the differential flame graph's
// colours and hatching, the reverse direction, coupled zoom / search / selection / rank between
// the side-by-side graphs, and the list of changed paths.
#include "../views/StackTreeFixture.h"
#include "core/diff/StackDiff.h"
#include "views/common/ElidedLabel.h"
#include "views/diff/StackChangeList.h"
#include "views/diff/StackChangeModel.h"
#include "views/diff/StackComparisonView.h"
#include "views/flamegraph/FlameGraphPalette.h"
#include "views/flamegraph/FlameGraphText.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

const char *kAllReduce = "main;train;step;backward;all_reduce;wait";
const char *kOptimizer = "main;train;step;optimizer;adam";
const char *kCheckpoint = "main;train;step;checkpoint;save";
const char *kLoader = "main;train;step;next_batch;DataLoader.__next__;queue.get";

// Last week (32 ranks): 20 in all_reduce, 8 in the optimizer, 4 saving a checkpoint.
StackDataset baselineData()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 32; ++r)
        stacks.push_back({r, r < 20 ? kAllReduce : r < 28 ? kOptimizer : kCheckpoint});
    return makeDataset(32, stacks);
}

// Tonight (64 ranks): the same share in all_reduce (62.5%), half the share in the optimizer,
// nobody saves, and a quarter of the ranks wait on the data loader (new).
StackDataset targetData()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 64; ++r)
        stacks.push_back({r, r < 40 ? kAllReduce : r < 48 ? kOptimizer : kLoader});
    return makeDataset(64, stacks);
}

std::vector<std::string> framesOf(const char *folded, int depth = -1)
{
    std::vector<std::string> frames = splitFolded(folded);
    if (depth >= 0)
        frames.resize(std::size_t(depth));
    return frames;
}

bool isRed(QColor c)
{
    return c.red() > 150 && c.red() > c.blue() + 60;
}

bool isBlue(QColor c)
{
    return c.blue() > c.red() + 60;
}

bool isNeutral(QColor c)
{
    return std::abs(c.red() - c.blue()) < 20 && c.red() + c.green() + c.blue() > 600;
}

// The most frequent colour in the right part of a node's box (labels start at the left edge).
QColor fillOf(FlameGraphWidget *graph, const QImage &image, int node)
{
    const QRect rect = graph->nodeRect(node);
    if (rect.width() < 60)
        return QColor();
    std::map<QRgb, int> counts;
    for (int x = rect.right() - 40; x < rect.right() - 3; ++x)
        for (int y = rect.top() + 3; y < rect.bottom() - 2; ++y)
            ++counts[image.pixel(x, y)];
    auto best = counts.begin();
    for (auto it = counts.begin(); it != counts.end(); ++it)
        if (it->second > best->second)
            best = it;
    return QColor(best->first);
}

// Pixels in the right part of a node's box clearly darker than its fill: the hatch lines.
int hatchPixels(FlameGraphWidget *graph, const QImage &image, int node)
{
    const QRect rect = graph->nodeRect(node);
    const QColor fill = fillOf(graph, image, node);
    const int fillLight = fill.red() + fill.green() + fill.blue();
    int dark = 0;
    for (int x = rect.right() - 40; x < rect.right() - 3; ++x)
        for (int y = rect.top() + 3; y < rect.bottom() - 2; ++y) {
            const QColor c = image.pixelColor(x, y);
            if (c.red() + c.green() + c.blue() < fillLight - 60)
                ++dark;
        }
    return dark;
}

QImage render(FlameGraphWidget *graph)
{
    return graph->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
}

} // namespace

class TestStackComparisonView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void headerNamesBothRuns();
    void differentialColoursGainedRedLostBlueNewHatched();
    void differenceTooltipSaysBothRunsAndTheChange();
    void reverseShowsTheVanishedPath();
    void zoomInOneGraphZoomsTheOther();
    void searchMatchesInBothRuns();
    void showPathSelectsInGraphsAndList();
    void activatingARowRevealsAGonePath();
    void rankHighlightIsCoupled();
    void changeListRowsAreTheDiffChanges();
    void missingStacksAreNamed();
    void existingColourModesStillWork();
    void renderBothModes();

private:
    std::shared_ptr<const StackTree> m_baselineTree;
    std::shared_ptr<const StackTree> m_targetTree;
    std::shared_ptr<const StackDiff> m_diff;
    std::unique_ptr<StackComparisonView> m_view;
};

void TestStackComparisonView::initTestCase()
{
    QLocale::setDefault(QLocale::c());
    m_baselineTree = makeTree(baselineData());
    m_targetTree = makeTree(targetData());
    m_diff = std::make_shared<const StackDiff>(diffStackTrees(*m_baselineTree, *m_targetTree));
}

void TestStackComparisonView::init()
{
    m_view = std::make_unique<StackComparisonView>();
    m_view->setData(m_baselineTree, {}, m_targetTree, {}, m_diff, QStringLiteral("last-week"),
                    QStringLiteral("tonight"));
    m_view->resize(1400, 800);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestStackComparisonView::cleanup()
{
    m_view.reset();
}

void TestStackComparisonView::headerNamesBothRuns()
{
    const auto labels = m_view->findChildren<QLabel *>();
    bool found = false;
    for (const QLabel *label : labels)
        found = found ||
                label->text() == QStringLiteral("baseline: last-week (32 ranks)  \u00b7  target: "
                                                "tonight (64 ranks)");
    QVERIFY(found);
}

void TestStackComparisonView::differentialColoursGainedRedLostBlueNewHatched()
{
    m_view->setMode(StackComparisonView::Mode::Differential);
    QCOMPARE(m_view->mode(), StackComparisonView::Mode::Differential);
    FlameGraphWidget *graph = m_view->differentialGraph();
    QCOMPARE(graph->tree(), m_targetTree);
    QVERIFY(graph->scene().showsDifference());
    const QImage image = render(graph);

    const int loader = nodeOf(*m_targetTree, "main;train;step;next_batch");
    const int loaderLeaf = nodeOf(*m_targetTree, kLoader);
    const int optimizer = nodeOf(*m_targetTree, kOptimizer);
    const int allReduce = nodeOf(*m_targetTree, kAllReduce);
    const int step = nodeOf(*m_targetTree, "main;train;step");
    QVERIFY(isRed(fillOf(graph, image, loader)));
    QVERIFY(isRed(fillOf(graph, image, loaderLeaf)));
    QVERIFY(isBlue(fillOf(graph, image, optimizer)));
    QVERIFY(isNeutral(fillOf(graph, image, allReduce)));
    QVERIFY(isNeutral(fillOf(graph, image, step)));
    // The new path (+25 points, the largest change) gets full colour; the optimizer (-12.5) half.
    QCOMPARE(graph->scene().baseColour(loader),
             FlameGraphPalette::differenceStepColour(FlameGraphPalette::kDifferenceSteps - 1));
    QVERIFY(
        graph->scene().baseColour(optimizer).blue() <
        FlameGraphPalette::differenceStepColour(FlameGraphPalette::kDifferenceNeutralStep).blue());

    // Only the frames the baseline lacks are hatched.
    QVERIFY(graph->scene().isOnlyHere(loader));
    QVERIFY(!graph->scene().isOnlyHere(optimizer));
    QVERIFY(hatchPixels(graph, image, loader) > 10);
    QVERIFY(hatchPixels(graph, image, loaderLeaf) > 10);
    QCOMPARE(hatchPixels(graph, image, optimizer), 0);
    QCOMPARE(hatchPixels(graph, image, allReduce), 0);

    // The side-by-side graphs keep their coverage colours.
    QCOMPARE(m_view->targetGraph()->colourMode(), FlameColourMode::Coverage);
    QVERIFY(!m_view->targetGraph()->scene().showsDifference());
}

void TestStackComparisonView::differenceTooltipSaysBothRunsAndTheChange()
{
    FlameGraphScene &scene = m_view->differentialGraph()->scene();
    const int loader = nodeOf(*m_targetTree, "main;train;step;next_batch");
    QCOMPARE(FlameGraphText::differenceDescription(*m_targetTree, loader, scene.difference()),
             QStringLiteral("tonight: 16 of 64 ranks (25%); last-week: 0 of 32 (0%); "
                            "+25.0 points; only in tonight (new)"));
    const int optimizer = nodeOf(*m_targetTree, kOptimizer);
    QCOMPARE(FlameGraphText::differenceDescription(*m_targetTree, optimizer, scene.difference()),
             QStringLiteral("tonight: 8 of 64 ranks (12.5%); last-week: 8 of 32 (25%); "
                            "\u221212.5 points"));
    const QString tooltip =
        FlameGraphText::frameTooltip(*m_targetTree, nullptr, loader, &scene.difference());
    QVERIFY(tooltip.contains(QStringLiteral("16 of 64 ranks (25%)")));
    QVERIFY(tooltip.contains(QStringLiteral("0 of 32 ranks (0%)")));
    QVERIFY(tooltip.contains(QStringLiteral("+25.0 points")));
    QVERIFY(tooltip.contains(QStringLiteral("only in tonight (new)")));
    QCOMPARE(scene.rankPart(loader), QStringLiteral("+25.0 pts \u00b7 16 of 64 ranks"));
    // Unchanged frames say only their ranks.
    QCOMPARE(scene.rankPart(nodeOf(*m_targetTree, kAllReduce)), QStringLiteral("40 of 64 ranks"));
}

void TestStackComparisonView::reverseShowsTheVanishedPath()
{
    m_view->setMode(StackComparisonView::Mode::Differential);
    FlameGraphWidget *graph = m_view->differentialGraph();
    QVERIFY(nodeOf(*graph->tree(), kCheckpoint) < 0);
    const QColor optimizerForward = graph->scene().baseColour(nodeOf(*m_targetTree, kOptimizer));
    m_view->setReversed(true);
    QVERIFY(m_view->isReversed());
    QCOMPARE(graph->tree(), m_baselineTree);
    const QImage image = render(graph);
    const int checkpoint = nodeOf(*m_baselineTree, "main;train;step;checkpoint");
    const int optimizer = nodeOf(*m_baselineTree, kOptimizer);
    const int allReduce = nodeOf(*m_baselineTree, kAllReduce);
    QVERIFY(checkpoint > 0);
    // Blue still means "the target has less here": the checkpoint path vanished, hatched.
    QVERIFY(isBlue(fillOf(graph, image, checkpoint)));
    QVERIFY(graph->scene().isOnlyHere(checkpoint));
    QVERIFY(hatchPixels(graph, image, checkpoint) > 10);
    QVERIFY(isBlue(fillOf(graph, image, optimizer)));
    QVERIFY(isNeutral(fillOf(graph, image, allReduce)));
    QCOMPARE(hatchPixels(graph, image, optimizer), 0);
    // One scale for both directions: the optimizer's -12.5 points look the same either way.
    QCOMPARE(graph->scene().baseColour(optimizer), optimizerForward);
    QCOMPARE(FlameGraphText::onlyHereText(graph->scene().difference()),
             QStringLiteral("only in last-week (gone from tonight)"));

    m_view->setReversed(false);
    QCOMPARE(graph->tree(), m_targetTree);
}

void TestStackComparisonView::zoomInOneGraphZoomsTheOther()
{
    FlameGraphWidget *baseline = m_view->baselineGraph();
    FlameGraphWidget *target = m_view->targetGraph();
    const char *backward = "main;train;step;backward";
    baseline->zoomTo(nodeOf(*m_baselineTree, backward));
    QCOMPARE(target->zoomRoot(), nodeOf(*m_targetTree, backward));
    QCOMPARE(m_view->differentialGraph()->zoomRoot(), nodeOf(*m_targetTree, backward));

    // A path the baseline lacks: the baseline zooms to the deepest frame it shares.
    target->zoomTo(nodeOf(*m_targetTree, "main;train;step;next_batch;DataLoader.__next__"));
    QCOMPARE(baseline->zoomRoot(), nodeOf(*m_baselineTree, "main;train;step"));

    target->resetZoom();
    QCOMPARE(baseline->zoomRoot(), int(StackTree::kRoot));
}

void TestStackComparisonView::searchMatchesInBothRuns()
{
    m_view->searchField()->setText(QStringLiteral("adam"));
    QTRY_COMPARE(m_view->baselineGraph()->scene().search().matches, 1);
    QCOMPARE(m_view->targetGraph()->scene().search().matches, 1);
    QCOMPARE(m_view->differentialGraph()->scene().search().matches, 1);
    // An ElidedLabel, so that the shares never widen the window (issue 12, point 1).
    auto *matched = m_view->findChild<ElidedLabel *>(QStringLiteral("searchMatched"));
    QVERIFY(matched);
    QCOMPARE(matched->text(), QStringLiteral("Matched: 25% / 12.5%"));

    m_view->searchField()->setText(QStringLiteral("queue.get"));
    QTRY_COMPARE(matched->text(), QStringLiteral("Matched: 0% / 25%"));
    QCOMPARE(m_view->targetGraph()->scene().search().matches, 1);
    QCOMPARE(m_view->baselineGraph()->scene().search().matches, 0);

    m_view->searchField()->clear();
    QTRY_VERIFY(!m_view->targetGraph()->scene().search().active);
    QVERIFY(matched->text().isEmpty());
}

void TestStackComparisonView::showPathSelectsInGraphsAndList()
{
    const std::vector<std::string> path = framesOf(kOptimizer);
    QVERIFY(m_view->showPath(path));
    QCOMPARE(m_view->baselineGraph()->selectedNode(), nodeOf(*m_baselineTree, kOptimizer));
    QCOMPARE(m_view->targetGraph()->selectedNode(), nodeOf(*m_targetTree, kOptimizer));
    QCOMPARE(m_view->differentialGraph()->selectedNode(), nodeOf(*m_targetTree, kOptimizer));
    const int change = m_view->changeList()->findChange(path);
    QVERIFY(change >= 0);
    QCOMPARE(m_view->currentChange(), change);

    // Selecting in one graph selects the same path in the other.
    const char *step = "main;train;step";
    m_view->targetGraph()->selectNode(nodeOf(*m_targetTree, step));
    QCOMPARE(m_view->baselineGraph()->selectedNode(), nodeOf(*m_baselineTree, step));
    QCOMPARE(m_view->currentChange(), -1); // not a changed path

    QVERIFY(!m_view->showPath({"main", "nowhere"}));
    QCOMPARE(m_view->baselineGraph()->selectedNode(), -1);
}

void TestStackComparisonView::activatingARowRevealsAGonePath()
{
    m_view->setMode(StackComparisonView::Mode::Differential);
    QVERIFY(!m_view->isReversed());
    StackChangeList *list = m_view->changeList();
    const int gone = list->findChange(framesOf(kCheckpoint, 4));
    QVERIFY(gone >= 0);
    QCOMPARE(m_diff->changes[std::size_t(gone)].kind, StackPathChangeKind::Gone);
    emit list->activated(list->model()->index(list->rowOfChange(gone), 0));
    // The target's graph has no such path: the view turns to the baseline's widths to show it.
    QVERIFY(m_view->isReversed());
    QCOMPARE(m_view->differentialGraph()->selectedNode(),
             nodeOf(*m_baselineTree, "main;train;step;checkpoint"));
    QCOMPARE(m_view->baselineGraph()->selectedNode(),
             nodeOf(*m_baselineTree, "main;train;step;checkpoint"));
    QCOMPARE(m_view->targetGraph()->selectedNode(), -1);
    QCOMPARE(m_view->currentChange(), gone);

    // Clicking (or arrowing to) a row reveals it too.
    const int optimizer = list->findChange(framesOf(kOptimizer));
    list->setCurrentIndex(list->model()->index(list->rowOfChange(optimizer), 1));
    QCOMPARE(m_view->baselineGraph()->selectedNode(), nodeOf(*m_baselineTree, kOptimizer));
    QCOMPARE(m_view->differentialGraph()->selectedNode(), nodeOf(*m_baselineTree, kOptimizer));
    QCOMPARE(m_view->currentChange(), optimizer);
}

void TestStackComparisonView::rankHighlightIsCoupled()
{
    QSignalSpy spy(m_view.get(), &StackComparisonView::rankHighlighted);
    m_view->baselineGraph()->highlightRank(21);
    QCOMPARE(m_view->targetGraph()->highlightedRank(), 21);
    QCOMPARE(m_view->differentialGraph()->highlightedRank(), 21);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 21);
    m_view->targetGraph()->highlightRank(-1);
    QCOMPARE(m_view->baselineGraph()->highlightedRank(), -1);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).toInt(), -1);
}

void TestStackComparisonView::changeListRowsAreTheDiffChanges()
{
    StackChangeList *list = m_view->changeList();
    QCOMPARE(m_diff->changes.size(), std::size_t(3)); // new loader, gone checkpoint, optimizer
    QCOMPARE(list->rowCount(), int(m_diff->changes.size()));
    const QAbstractItemModel *model = list->model();
    for (int row = 0; row < list->rowCount(); ++row) {
        const StackPathChange &change = m_diff->changes[std::size_t(row)];
        QCOMPARE(list->changeAtRow(row), row); // the diff's order until sorted
        QCOMPARE(model->index(row, StackChangeList::KindColumn).data().toString(),
                 StackChangeModel::kindText(change.kind));
        QCOMPARE(model->index(row, StackChangeList::PathColumn).data().toString(),
                 StackChangeModel::shortPath(change.frames));
        QCOMPARE(model->index(row, StackChangeList::PathColumn).data(Qt::ToolTipRole).toString(),
                 StackChangeModel::fullPath(change.frames));
        QCOMPARE(model->index(row, StackChangeList::ChangeColumn).data().toString(),
                 FlameGraphText::points(change.change()));
    }
    QCOMPARE(model->index(0, StackChangeList::KindColumn).data().toString(), QStringLiteral("new"));
    QCOMPARE(model->index(0, StackChangeList::PathColumn).data().toString(),
             QStringLiteral("\u2026 \u203a train \u203a step \u203a next_batch"));
    QCOMPARE(model->index(0, StackChangeList::BaselineColumn).data().toString(),
             QStringLiteral("0 of 32 (0%)"));
    QCOMPARE(model->index(0, StackChangeList::TargetColumn).data().toString(),
             QStringLiteral("16 of 64 (25%)"));
    const QColor chip =
        model->index(0, StackChangeList::KindColumn).data(Qt::DecorationRole).value<QColor>();
    QVERIFY(isRed(chip));

    // Sorted by change, ascending: the losses first.
    list->sortByColumn(StackChangeList::ChangeColumn, Qt::AscendingOrder);
    QVERIFY(m_diff->changes[std::size_t(list->changeAtRow(0))].change() < 0);
    QVERIFY(m_diff->changes[std::size_t(list->changeAtRow(2))].change() > 0);
    QVERIFY(isBlue(
        model->index(0, StackChangeList::KindColumn).data(Qt::DecorationRole).value<QColor>()));
}

void TestStackComparisonView::missingStacksAreNamed()
{
    m_view->setData(nullptr, {}, m_targetTree, {}, std::make_shared<const StackDiff>(),
                    QStringLiteral("last-week"), QStringLiteral("tonight"));
    bool header = false;
    bool pane = false;
    for (const QLabel *label : m_view->findChildren<QLabel *>()) {
        header = header || label->text() == QStringLiteral("baseline: last-week (no stacks)  "
                                                           "\u00b7  target: tonight (64 ranks)");
        pane = pane || (label->isVisible() &&
                        label->text().startsWith(QStringLiteral("last-week has no stacks")));
    }
    QVERIFY(header);
    QVERIFY(pane);
    QVERIFY(!m_view->baselineGraph()->tree());
    QCOMPARE(m_view->targetGraph()->tree(), m_targetTree);
    QVERIFY(!m_view->differentialGraph()->tree());
    QCOMPARE(m_view->changeList()->rowCount(), 0);
    // Coupling skips the graph without a tree.
    m_view->targetGraph()->zoomTo(nodeOf(*m_targetTree, "main;train"));
    QCOMPARE(m_view->targetGraph()->zoomRoot(), nodeOf(*m_targetTree, "main;train"));
}

void TestStackComparisonView::existingColourModesStillWork()
{
    // Difference mode without changes falls back to coverage; coverage and classes are untouched.
    FlameGraphWidget graph;
    graph.setTree(m_targetTree);
    const int loader = nodeOf(*m_targetTree, "main;train;step;next_batch");
    const QColor coverage = graph.scene().baseColour(loader);
    QCOMPARE(coverage, FlameGraphPalette::coverageColour(16, 64));
    graph.setColourMode(FlameColourMode::Difference);
    QVERIFY(!graph.scene().showsDifference());
    QCOMPARE(graph.scene().baseColour(loader), coverage);
    FlameDifference difference;
    difference.changes = stackNodeChanges(*m_targetTree, *m_baselineTree);
    difference.otherRanksWithData = 32;
    graph.setDifference(difference);
    QVERIFY(graph.scene().showsDifference());
    QVERIFY(isRed(graph.scene().baseColour(loader)));
    graph.setColourMode(FlameColourMode::Coverage);
    QCOMPARE(graph.scene().baseColour(loader), coverage);
    QVERIFY(!graph.scene().isOnlyHere(loader));
    QVERIFY(graph.scene().rankPart(loader).startsWith(QStringLiteral("has: ")));
    // A new tree drops the changes (its node ids are another tree's).
    graph.setColourMode(FlameColourMode::Difference);
    graph.setTree(m_baselineTree);
    QVERIFY(!graph.scene().showsDifference());
}

void TestStackComparisonView::renderBothModes()
{
    m_view->searchField()->setText(QStringLiteral("all_reduce"));
    QTRY_VERIFY(m_view->baselineGraph()->scene().search().active);
    m_view->showPath(framesOf(kOptimizer));
    const QString dir = QDir::tempPath();
    const QImage sideBySide = m_view->grab().toImage();
    QCOMPARE(sideBySide.size(), QSize(1400, 800));
    QVERIFY(sideBySide.save(QDir(dir).filePath(QStringLiteral("stack-diff-sbs.png"))));

    m_view->searchField()->clear();
    QTRY_VERIFY(!m_view->baselineGraph()->scene().search().active);
    m_view->setMode(StackComparisonView::Mode::Differential);
    m_view->showPath(framesOf("main;train;step;next_batch"));
    QVERIFY(m_view->grab().toImage().save(
        QDir(dir).filePath(QStringLiteral("stack-diff-differential.png"))));
    m_view->setReversed(true);
    QVERIFY(m_view->grab().toImage().save(
        QDir(dir).filePath(QStringLiteral("stack-diff-reversed.png"))));
}

QTEST_MAIN(TestStackComparisonView)
#include "test_stack_comparison_view.moc"
