// Renders the flame graph view of a synthetic job to a PNG, for the documentation and for
// looking at the widget as a user would:
//   flamegraph_screenshot OUT.png [--scenario hang-dataloader] [--ranks 64] [--flame]
//                         [--search TEXT] [--select-suspect] [--size 1400x820] [--classes]
//                         [--threads main|all|NAME] [--export PICTURE.png|.svg] [--panels]
#include "core/stacks/StackAnalysis.h"
#include "core/synth/SyntheticBundle.h"
#include "importers/bundle/BundleImport.h"
#include "views/export/ViewExporter.h"
#include "views/flamegraph/FlameGraphPainter.h"
#include "views/flamegraph/FlameGraphText.h"
#include "views/flamegraph/FlameGraphView.h"
#include "views/stacks/RankListPanel.h"
#include "views/stacks/SuspectsPanel.h"

#include <QApplication>
#include <QLineEdit>
#include <QPainter>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

using namespace rankscope;

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = app.arguments();
    args.removeFirst();
    if (args.isEmpty()) {
        std::fprintf(stderr, "usage: flamegraph_screenshot OUT.png [options]\n");
        return 2;
    }
    const QString out = args.takeFirst();
    SynthOptions synth;
    QString search;
    QString exportFile;
    bool flame = false, selectSuspect = false, classes = false, panels = false;
    QSize size(1400, 820);
    StackTreeOptions treeOptions;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        auto next = [&] { return i + 1 < args.size() ? args[++i] : QString(); };
        if (a == QLatin1String("--scenario"))
            synth.scenario = next().toStdString();
        else if (a == QLatin1String("--ranks"))
            synth.ranks = next().toInt();
        else if (a == QLatin1String("--flame"))
            flame = true;
        else if (a == QLatin1String("--search"))
            search = next();
        else if (a == QLatin1String("--select-suspect"))
            selectSuspect = true;
        else if (a == QLatin1String("--threads"))
            treeOptions.threads = ThreadSelection::fromText(next().toStdString());
        else if (a == QLatin1String("--panels"))
            panels = true;
        else if (a == QLatin1String("--export"))
            exportFile = next();
        else if (a == QLatin1String("--classes"))
            classes = true;
        else if (a == QLatin1String("--size")) {
            const QStringList wh = next().split(QLatin1Char('x'));
            if (wh.size() == 2)
                size = QSize(wh[0].toInt(), wh[1].toInt());
        }
    }

    QTemporaryDir dir;
    synth.outDir = QString(dir.path() + QStringLiteral("/bundle")).toStdString();
    writeSyntheticBundle(synth);
    ImportOptions options;
    options.bundlePath = synth.outDir;
    options.cacheDir = QString(dir.path() + QStringLiteral("/cache")).toStdString();
    auto data = std::make_shared<StackDataset>(importBundle(options).stacks);
    auto tree = std::make_shared<const StackTree>(StackTreeBuilder::build(*data, treeOptions));
    const auto analysis = std::make_shared<const StackAnalysis>(analyzeStacks(*data, *tree));

    // With --panels: the suspects and rank lists beside the graph, wired as a main window would.
    QSplitter window;
    FlameGraphView &view = *new FlameGraphView(&window);
    if (panels) {
        auto *side = new QSplitter(Qt::Vertical, &window);
        auto *suspects = new SuspectsPanel(side);
        auto *ranks = new RankListPanel(side);
        suspects->setAnalysis(analysis);
        ranks->setRanks(data->job, tree, analysis);
        QObject::connect(
            suspects, &SuspectsPanel::suspectActivated, view.flameGraph(),
            [&view](int node, const RankSet &) { view.flameGraph()->selectNode(node); });
        QObject::connect(ranks, &RankListPanel::rankChosen, view.flameGraph(),
                         &FlameGraphWidget::highlightRank);
        window.setSizes({int(size.width() * 0.68), int(size.width() * 0.32)});
    }
    window.resize(size);
    view.setTree(tree, data);
    view.setEquivalenceClasses(analysis->classes);
    if (flame)
        view.flameGraph()->setOrientation(FlameOrientation::Flame);
    if (classes)
        view.flameGraph()->setColourMode(FlameColourMode::EquivalenceClass);
    if (!search.isEmpty()) {
        view.searchField()->setText(search);
        view.flameGraph()->setSearch(search, false);
    }
    if (selectSuspect && !analysis->suspects.empty())
        view.flameGraph()->selectNode(analysis->suspects.front().node);
    window.show();
    QTimer::singleShot(300, &app, [&] {
        if (!window.grab().save(out)) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(out));
            app.exit(1);
            return;
        }
        if (!exportFile.isEmpty()) {
            FlameGraphScene &scene = view.flameGraph()->scene();
            ExportCaption caption;
            caption.job = QString::fromStdString(data->job.jobId);
            caption.view = QStringLiteral("Flame graph");
            const int selected = scene.selected();
            if (selected >= 0)
                caption.selection = QString::fromStdString(tree->node(selected).label) +
                                    QStringLiteral(" · ") +
                                    FlameGraphText::rankPart(*tree, selected);
            caption.frameIdentity = QString::fromUtf8(frameIdentityName(tree->options().identity));
            caption.threads = QString::fromStdString(tree->options().threads.toText());
            QString error;
            const auto paint = [&scene](QPainter &p, QSize s) {
                FlameGraphPainter::paint(p, scene, s);
            };
            if (!ViewExporter::exportView(paint, FlameGraphPainter::fullSize(scene, size.width()),
                                          caption, exportFile, &error)) {
                std::fprintf(stderr, "%s\n", qPrintable(error));
                app.exit(1);
                return;
            }
        }
        std::printf("%s: %d nodes, verdict: %s\n", qPrintable(out), tree->size(),
                    analysis->verdict.summary.c_str());
        app.exit(0);
    });
    return app.exec();
}
