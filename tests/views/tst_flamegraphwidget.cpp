// The flame graph widget on the offscreen platform: what it paints and how it reacts.
#include "StackTreeFixture.h"
#include "views/flamegraph/FlameGraphPalette.h"
#include "views/flamegraph/FlameGraphText.h"
#include "views/flamegraph/FlameGraphView.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

constexpr int kRanks = 64;
constexpr int kCulprit = 37;

const char *kLoaderPath = "main;train;step;next_batch";
const char *kAllReducePath = "main;train;step;backward;all_reduce";
const char *kBackwardPath = "main;train;step;backward";

bool isWarm(QColor c)
{
    return c.red() > 150 && c.red() > c.blue() + 60;
}

bool isCool(QColor c)
{
    return c.blue() > c.red() + 15;
}

int lightness(QColor c)
{
    return c.red() + c.green() + c.blue();
}

// A pixel inside a node's box, away from its label (labels start at the left edge).
QColor pixelOf(FlameGraphWidget &widget, const QImage &image, int node)
{
    const QRect rect = widget.nodeRect(node);
    if (rect.isEmpty())
        return QColor();
    return image.pixelColor(rect.right() - 5, rect.bottom() - 4); // inside any outline
}

} // namespace

class FlameGraphWidgetTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void minorityFrameIsWarmAndMajorityCool();
    void searchHighlightsMatchesAndReportsRanks();
    void invalidRegexIsReportedNotApplied();
    void highlightRankDimsOtherPaths();
    void highlightRanksKeepsEveryRanksPath();
    void clickSelectsTheFrameUnderTheMouse();
    void clickOnEmptySpaceClearsSelection();
    void doubleClickZoomsAndBreadcrumbFollows();
    void clickOnSelectedFrameZoomsIn();
    void flameOrientationPutsRootAtTheBottom();
    void selectNodeZoomsToAFindableWidth();
    void narrowFramesArePaintedGrey();
    void tooltipNamesHasMissingAndNoData();
    void emptyTreeShowsAMessage();
    void frameTimeReadoutIsDrawnWhenAsked();
    void colourByEquivalenceClass();

private:
    std::shared_ptr<const StackTree> m_tree;
    std::shared_ptr<const StackDataset> m_data;
};

void FlameGraphWidgetTest::init()
{
    // Rank 63 sent nothing: it is "no data", not "missing".
    auto stacks = hangStacks(kRanks - 1, kCulprit);
    m_data = std::make_shared<const StackDataset>(makeDataset(kRanks, stacks));
    m_tree = makeTree(*m_data);
}

void FlameGraphWidgetTest::minorityFrameIsWarmAndMajorityCool()
{
    FlameGraphWidget widget;
    widget.resize(1200, 400);
    widget.setTree(m_tree, m_data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage image = widget.viewport()->grab().toImage();

    const QColor loader = pixelOf(widget, image, nodeOf(*m_tree, kLoaderPath));
    const QColor allReduce = pixelOf(widget, image, nodeOf(*m_tree, kAllReducePath));
    const QColor main = pixelOf(widget, image, nodeOf(*m_tree, "main"));
    QVERIFY2(isWarm(loader), qPrintable(loader.name()));
    QVERIFY2(isCool(allReduce), qPrintable(allReduce.name()));
    QVERIFY2(isCool(main), qPrintable(main.name()));
    // The full-coverage frame has exactly the palette's "everyone" colour.
    QCOMPARE(main, FlameGraphPalette::coverageColour(kRanks - 1, kRanks - 1));
}

void FlameGraphWidgetTest::searchHighlightsMatchesAndReportsRanks()
{
    FlameGraphWidget widget;
    widget.resize(1200, 400);
    widget.setTree(m_tree, m_data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage before = widget.viewport()->grab().toImage();

    QSignalSpy spy(&widget, &FlameGraphWidget::searchMatched);
    widget.setSearch(QStringLiteral("ALL_red"), false); // substring, case-insensitive
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 1);
    const auto ranks = spy.at(0).at(1).value<RankSet>();
    QCOMPARE(QString::fromStdString(ranks.toString()), QStringLiteral("0-36,38-62"));

    const QImage after = widget.viewport()->grab().toImage();
    const int allReduce = nodeOf(*m_tree, kAllReducePath);
    const int backward = nodeOf(*m_tree, kBackwardPath);
    // The match keeps its colour; the same-coverage parent that does not match is dimmed.
    QCOMPARE(pixelOf(widget, after, allReduce), pixelOf(widget, before, allReduce));
    QVERIFY(lightness(pixelOf(widget, after, backward)) >
            lightness(pixelOf(widget, before, backward)) + 60);
    // The match is outlined in the search colour.
    const QRect rect = widget.nodeRect(allReduce);
    QCOMPARE(after.pixelColor(rect.center().x(), rect.top()),
             FlameGraphPalette::searchOutlineColour());

    widget.setSearch(QStringLiteral("^queue\\.get$|^wait$"), true);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).toInt(), 2);
    QCOMPARE(QString::fromStdString(spy.at(1).at(1).value<RankSet>().toString()),
             QStringLiteral("0-62"));

    widget.setSearch(QString(), false);
    const QImage cleared = widget.viewport()->grab().toImage();
    QCOMPARE(pixelOf(widget, cleared, backward), pixelOf(widget, before, backward));
}

void FlameGraphWidgetTest::invalidRegexIsReportedNotApplied()
{
    FlameGraphWidget widget;
    widget.resize(800, 300);
    widget.setTree(m_tree, m_data);
    QSignalSpy invalid(&widget, &FlameGraphWidget::searchInvalid);
    QSignalSpy matched(&widget, &FlameGraphWidget::searchMatched);
    widget.setSearch(QStringLiteral("all_(reduce"), true);
    QCOMPARE(invalid.count(), 1);
    QVERIFY(!invalid.at(0).at(0).toString().isEmpty());
    QCOMPARE(matched.count(), 0);
    QVERIFY(!widget.scene().isDimmed(nodeOf(*m_tree, kBackwardPath)));
}

void FlameGraphWidgetTest::highlightRankDimsOtherPaths()
{
    FlameGraphWidget widget;
    widget.resize(1200, 400);
    widget.setTree(m_tree, m_data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage before = widget.viewport()->grab().toImage();
    widget.highlightRank(kCulprit);
    const QImage after = widget.viewport()->grab().toImage();

    const int loader = nodeOf(*m_tree, kLoaderPath);
    const int allReduce = nodeOf(*m_tree, kAllReducePath);
    QCOMPARE(pixelOf(widget, after, loader), pixelOf(widget, before, loader));
    QVERIFY(lightness(pixelOf(widget, after, allReduce)) >
            lightness(pixelOf(widget, before, allReduce)) + 60);
    QVERIFY(!widget.scene().isDimmed(nodeOf(*m_tree, "main;train")));

    widget.highlightRank(-1);
    QVERIFY(!widget.scene().isDimmed(allReduce));
}

// A finding naming the culprit and a rank in all_reduce: both paths stay bright, the summary
// names both ranks, and the signal reports the first.
void FlameGraphWidgetTest::highlightRanksKeepsEveryRanksPath()
{
    FlameGraphWidget widget;
    widget.resize(1200, 400);
    widget.setTree(m_tree, m_data);
    QSignalSpy changed(&widget, &FlameGraphWidget::highlightedRankChanged);
    const RankSet ranks = RankSet::fromVector({3, kCulprit});
    widget.highlightRanks(ranks);
    QCOMPARE(widget.highlightedRanks(), ranks);
    QCOMPARE(widget.highlightedRank(), 3);
    QCOMPARE(changed.count(), 1);
    QVERIFY(!widget.scene().isDimmed(nodeOf(*m_tree, kLoaderPath)));
    QVERIFY(!widget.scene().isDimmed(nodeOf(*m_tree, kAllReducePath)));
    widget.highlightRanks(RankSet::fromVector({kCulprit}));
    QVERIFY(!widget.scene().isDimmed(nodeOf(*m_tree, kLoaderPath)));
    QVERIFY(widget.scene().isDimmed(nodeOf(*m_tree, kAllReducePath)));
    QCOMPARE(changed.count(), 2);
    widget.highlightRanks({});
    QCOMPARE(widget.highlightedRank(), -1);
    QVERIFY(!widget.scene().isDimmed(nodeOf(*m_tree, kAllReducePath)));
}

void FlameGraphWidgetTest::clickSelectsTheFrameUnderTheMouse()
{
    FlameGraphWidget widget;
    widget.resize(1200, 400);
    widget.setTree(m_tree, m_data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QSignalSpy spy(&widget, &FlameGraphWidget::frameSelected);

    for (const char *path : {kLoaderPath, kAllReducePath}) {
        const int node = nodeOf(*m_tree, path);
        const QRect rect = widget.nodeRect(node);
        QVERIFY(!rect.isEmpty());
        QTest::mouseClick(widget.viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(spy.last().at(0).toInt(), node);
        QCOMPARE(widget.selectedNode(), node);
    }
    QCOMPARE(spy.count(), 2);
    QCOMPARE(widget.zoomRoot(), StackTree::kRoot); // a click on a new frame does not zoom
}

void FlameGraphWidgetTest::clickOnEmptySpaceClearsSelection()
{
    FlameGraphWidget widget;
    widget.resize(1200, 600);
    widget.setTree(m_tree, m_data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    widget.selectNode(nodeOf(*m_tree, kAllReducePath));
    QSignalSpy spy(&widget, &FlameGraphWidget::frameSelected);
    // Below the deepest row there are no frames.
    QTest::mouseClick(widget.viewport(), Qt::LeftButton, {}, QPoint(600, 590));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), -1);
    QCOMPARE(widget.selectedNode(), -1);
}

void FlameGraphWidgetTest::doubleClickZoomsAndBreadcrumbFollows()
{
    FlameGraphView view;
    view.resize(1200, 500);
    view.setTree(m_tree, m_data);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    FlameGraphWidget *graph = view.flameGraph();
    QCOMPARE(view.breadcrumb()->crumbNodes(), QList<int>{StackTree::kRoot});

    const int loader = nodeOf(*m_tree, kLoaderPath);
    QSignalSpy zoomSpy(graph, &FlameGraphWidget::zoomChanged);
    QTest::mouseDClick(graph->viewport(), Qt::LeftButton, {}, graph->nodeRect(loader).center());
    QCOMPARE(graph->zoomRoot(), loader);
    QVERIFY(zoomSpy.count() >= 1);
    QCOMPARE(zoomSpy.last().at(0).toInt(), loader);
    QCOMPARE(view.breadcrumb()->crumbNodes().last(), loader);
    QCOMPARE(view.breadcrumb()->crumbTexts().last(), QStringLiteral("next_batch"));
    QCOMPARE(view.breadcrumb()->crumbNodes().size(), 5); // all ranks, main, train, step, here
    // Zoomed, the one-rank frame spans the width.
    QVERIFY(graph->nodeRect(loader).width() >= graph->viewport()->width() - 2);

    // A later click still selects normally (the double-click's release was consumed).
    const int queueGet = nodeOf(*m_tree, std::string(kLoaderPath) + ";DataLoader.__next__");
    QTest::mouseClick(graph->viewport(), Qt::LeftButton, {}, graph->nodeRect(queueGet).center());
    QCOMPARE(graph->selectedNode(), queueGet);
    QCOMPARE(graph->zoomRoot(), loader);

    graph->setFocus();
    // Escape clears the selection and keeps the zoom; Backspace zooms out.
    QTest::keyClick(graph, Qt::Key_Escape);
    QCOMPARE(graph->selectedNode(), -1);
    QCOMPARE(graph->zoomRoot(), loader);
    QTest::keyClick(graph, Qt::Key_Backspace);
    QCOMPARE(graph->zoomRoot(), StackTree::kRoot);
    QCOMPARE(view.breadcrumb()->crumbNodes(), QList<int>{StackTree::kRoot});

    // Clicking a crumb zooms back to that frame.
    graph->zoomTo(queueGet);
    QCOMPARE(view.breadcrumb()->crumbNodes().size(), 6);
    const int train = nodeOf(*m_tree, "main;train");
    emit view.breadcrumb()->crumbClicked(train);
    QCOMPARE(graph->zoomRoot(), train);
    QTest::keyClick(graph, Qt::Key_Backspace); // back to the previous zoom
    QCOMPARE(graph->zoomRoot(), queueGet);
}

void FlameGraphWidgetTest::clickOnSelectedFrameZoomsIn()
{
    FlameGraphWidget widget;
    widget.resize(1200, 400);
    widget.setTree(m_tree, m_data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const int backward = nodeOf(*m_tree, kBackwardPath);
    const QPoint at = widget.nodeRect(backward).center();
    QTest::mouseClick(widget.viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(widget.zoomRoot(), StackTree::kRoot);
    QTest::qWait(QApplication::doubleClickInterval() + 50); // two clicks, not a double-click
    QTest::mouseClick(widget.viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(widget.zoomRoot(), backward);
}

void FlameGraphWidgetTest::flameOrientationPutsRootAtTheBottom()
{
    FlameGraphWidget widget;
    widget.resize(1000, 500);
    widget.setTree(m_tree, m_data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const int header = widget.scene().headerHeight();
    const int rowHeight = widget.scene().rowHeight();

    const QRect icicleRoot = widget.nodeRect(StackTree::kRoot);
    QCOMPARE(icicleRoot.top(), header);
    widget.setOrientation(FlameOrientation::Flame);
    const QRect flameRoot = widget.nodeRect(StackTree::kRoot);
    QCOMPARE(flameRoot.top(), widget.viewport()->height() - rowHeight);
    const QRect flameMain = widget.nodeRect(nodeOf(*m_tree, "main"));
    QCOMPARE(flameMain.top(), flameRoot.top() - rowHeight);

    // The pixel colours follow: the bottom row is the root's steel blue in the flame graph.
    const QImage image = widget.viewport()->grab().toImage();
    QVERIFY(isCool(image.pixelColor(500, widget.viewport()->height() - 3)));
}

void FlameGraphWidgetTest::selectNodeZoomsToAFindableWidth()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 1024; ++r)
        stacks.push_back({r, "main;work;leaf" + std::to_string(r)});
    const auto tree = makeTree(makeDataset(1024, stacks));
    FlameGraphWidget widget;
    widget.resize(600, 300);
    widget.setTree(tree);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));

    const int leaf = nodeOf(*tree, "main;work;leaf700");
    const FlameExtent before = widget.scene().layout().extent(leaf);
    QVERIFY((before.x1 - before.x0) * widget.viewport()->width() < 1); // inside a grey box
    QSignalSpy spy(&widget, &FlameGraphWidget::frameSelected);
    widget.selectNode(leaf);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(widget.selectedNode(), leaf);
    QVERIFY(widget.zoomRoot() != StackTree::kRoot);
    const QRect rect = widget.nodeRect(leaf);
    QVERIFY(rect.width() >= 8);
    QCOMPARE(widget.nodeAt(rect.center()), leaf); // its own box, not a merged one
}

void FlameGraphWidgetTest::narrowFramesArePaintedGrey()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 1024; ++r)
        stacks.push_back({r, "main;leaf" + std::to_string(r)});
    const auto tree = makeTree(makeDataset(1024, stacks));
    FlameGraphWidget widget;
    widget.resize(500, 300);
    widget.setTree(tree);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage image = widget.viewport()->grab().toImage();
    const int y = widget.scene().headerHeight() + 2 * widget.scene().rowHeight() + 3;
    int grey = 0;
    for (int x = 5; x < 495; x += 7) {
        const QColor c = image.pixelColor(x, y);
        if (qAbs(c.red() - c.green()) < 8 && qAbs(c.green() - c.blue()) < 8 && c.red() < 200)
            ++grey;
    }
    QVERIFY2(grey > 60, qPrintable(QString::number(grey)));
    const int leaf = nodeOf(*tree, "main;leaf3");
    const auto hit = widget.scene().hitTest(QPointF(250, y), widget.viewport()->size(), 0);
    QCOMPARE(hit.merged, 1024);
    QVERIFY(hit.node >= 0);
    Q_UNUSED(leaf);
}

void FlameGraphWidgetTest::tooltipNamesHasMissingAndNoData()
{
    const int loader = nodeOf(*m_tree, kLoaderPath);
    const QString tip = FlameGraphText::frameTooltip(*m_tree, m_data.get(), loader);
    QVERIFY2(tip.contains(QStringLiteral("next_batch.py")), qPrintable(tip)); // full frame
    QVERIFY(tip.contains(QStringLiteral("1 rank: 37")));
    QVERIFY(tip.contains(QStringLiteral("62 ranks: 0-36,38-62"))); // missing
    QVERIFY(tip.contains(QStringLiteral("1 rank: 63")));           // no data
    QCOMPARE(FlameGraphText::rankPart(*m_tree, loader),
             QStringLiteral("has: 37 | missing: 0-36,38-62"));
    QCOMPARE(FlameGraphText::rankPart(*m_tree, nodeOf(*m_tree, "main")),
             QStringLiteral("all 63 ranks"));
}

void FlameGraphWidgetTest::emptyTreeShowsAMessage()
{
    FlameGraphWidget widget;
    widget.resize(400, 200);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QCOMPARE(widget.nodeAt(QPoint(200, 100)), -1);
    const QImage image = widget.viewport()->grab().toImage();
    int dark = 0;
    for (int x = 0; x < 400; ++x) {
        for (int y = 60; y < 140; ++y)
            dark += lightness(image.pixelColor(x, y)) < 600 ? 1 : 0;
    }
    QVERIFY(dark > 20); // the message text
    widget.setTree(m_tree);
    widget.setTree(nullptr);
    QCOMPARE(widget.nodeAt(QPoint(200, 100)), -1);
}

void FlameGraphWidgetTest::frameTimeReadoutIsDrawnWhenAsked()
{
    FlameGraphWidget widget;
    widget.resize(800, 400);
    widget.setTree(m_tree, m_data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    auto darkInCorner = [&] {
        const QImage image = widget.viewport()->grab().toImage();
        int dark = 0;
        for (int x = image.width() - 60; x < image.width() - 8; ++x)
            dark += lightness(image.pixelColor(x, image.height() - 10)) < 400 ? 1 : 0;
        return dark;
    };
    QCOMPARE(darkInCorner(), 0); // below the rows: background only
    widget.setShowFrameTime(true);
    QVERIFY(darkInCorner() > 20);
}

void FlameGraphWidgetTest::colourByEquivalenceClass()
{
    FlameGraphWidget widget;
    widget.resize(1200, 400);
    widget.setTree(m_tree, m_data);
    EquivalenceClass waiters;
    waiters.ranks = *RankSet::parse("0-36,38-62");
    EquivalenceClass culprit;
    culprit.ranks = RankSet::fromVector({kCulprit});
    widget.setEquivalenceClasses({waiters, culprit});
    widget.setColourMode(FlameColourMode::EquivalenceClass);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage image = widget.viewport()->grab().toImage();
    QCOMPARE(pixelOf(widget, image, nodeOf(*m_tree, kAllReducePath)),
             FlameGraphPalette::classColour(0));
    QCOMPARE(pixelOf(widget, image, nodeOf(*m_tree, kLoaderPath)),
             FlameGraphPalette::classColour(1));
    // Frames shared by both classes are neutral.
    QCOMPARE(pixelOf(widget, image, nodeOf(*m_tree, "main")),
             FlameGraphPalette::mixedClassColour());
}

QTEST_MAIN(FlameGraphWidgetTest)
#include "tst_flamegraphwidget.moc"
