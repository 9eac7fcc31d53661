// End to end on a synthetic 64-rank hang: bundle written by core/synth, imported through the
// real importers, merged by the core, shown by the widget. The one rank stuck in its data loader
// must stand out (warm colour, its rank in the label and tooltip) and be reachable by
// highlightRank and selectNode.
#include "core/synth/SyntheticBundle.h"
#include "core/synth/SyntheticScenario.h"
#include "importers/bundle/BundleImport.h"
#include "views/flamegraph/FlameGraphText.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;

class FlameGraphSyntheticTest : public QObject
{
    Q_OBJECT

private slots:
    void stuckRankStandsOut();
};

void FlameGraphSyntheticTest::stuckRankStandsOut()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    SynthOptions synth;
    synth.scenario = "hang-dataloader";
    synth.ranks = 64;
    synth.seed = 7;
    synth.outDir = QString(dir.path() + QStringLiteral("/bundle")).toStdString();
    writeSyntheticBundle(synth);
    const SyntheticScenario plan =
        SyntheticScenario::plan(synth.scenario, synth.ranks, synth.ranksPerNode, synth.seed);
    QCOMPARE(plan.faultRanks.size(), std::size_t(1));
    const int fault = plan.faultRanks.front();

    ImportOptions options;
    options.bundlePath = synth.outDir;
    options.cacheDir = QString(dir.path() + QStringLiteral("/cache")).toStdString();
    auto data = std::make_shared<const StackDataset>(importBundle(options).stacks);
    auto tree = std::make_shared<const StackTree>(StackTreeBuilder::build(*data, {}));
    QCOMPARE(tree->ranksWithData().count(), 64);

    // The shallowest frame that only the stuck rank has: where its path leaves the others.
    int divergence = -1;
    for (int node : tree->nodesOfRank(fault)) {
        if (tree->node(node).has == RankSet::fromVector({fault}) &&
            (divergence < 0 || tree->node(node).depth < tree->node(divergence).depth))
            divergence = node;
    }
    QVERIFY2(divergence > 0, "the stuck rank shares every frame with the others");

    FlameGraphWidget widget;
    widget.resize(1400, 600);
    widget.setTree(tree, data);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));

    const QRect rect = widget.nodeRect(divergence);
    QVERIFY(!rect.isEmpty());
    const QImage image = widget.viewport()->grab().toImage();
    const QColor colour = image.pixelColor(rect.center().x(), rect.bottom() - 2);
    QVERIFY2(colour.red() > 150 && colour.red() > colour.blue() + 60, qPrintable(colour.name()));
    QCOMPARE(widget.nodeAt(rect.center()), divergence);

    const QString tooltip = FlameGraphText::frameTooltip(*tree, data.get(), divergence);
    QVERIFY2(tooltip.contains(QStringLiteral("1 rank: %1").arg(fault)), qPrintable(tooltip));
    QVERIFY(tooltip.contains(QStringLiteral("63 ranks")));
    QVERIFY(FlameGraphText::rankPart(*tree, divergence)
                .startsWith(QStringLiteral("has: %1 |").arg(fault)));

    widget.highlightRank(fault);
    for (int node = 0; node < tree->size(); ++node)
        QCOMPARE(widget.scene().isDimmed(node), !tree->node(node).has.contains(fault));

    // Its deepest frame is reachable from a suspects list: selecting zooms until readable.
    const std::vector<int> path = tree->nodesOfRank(fault);
    const int leaf = *std::max_element(path.begin(), path.end(), [&](int a, int b) {
        return tree->node(a).depth < tree->node(b).depth;
    });
    widget.selectNode(leaf);
    QCOMPARE(widget.selectedNode(), leaf);
    QVERIFY(widget.nodeRect(leaf).width() >= 8);
}

QTEST_MAIN(FlameGraphSyntheticTest)
#include "tst_flamegraphsynthetic.moc"
