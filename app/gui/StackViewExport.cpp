#include "StackViewExport.h"

#include "views/common/CoverageText.h"

#include "views/annotations/FlameGraphNoteCanvas.h"
#include "views/annotations/NoteExport.h"
#include "views/common/MessageText.h"
#include "views/flamegraph/FlameGraphPainter.h"
#include "views/flamegraph/FlameGraphScene.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QGuiApplication>
#include <QPainter>

using namespace rankscope;

namespace StackViewExport {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("StackViewExport", text);
}
} // namespace

ExportCaption caption(const StackResults &results, const QString &bundleName, int selectedNode,
                      int highlightedRank)
{
    RankSet ranks;
    if (highlightedRank >= 0)
        ranks.insert(highlightedRank);
    return caption(results, bundleName, selectedNode, ranks);
}

ExportCaption caption(const StackResults &results, const QString &bundleName, int selectedNode,
                      const RankSet &highlightedRanks)
{
    ExportCaption caption;
    caption.view = tr("Merged flame graph");
    caption.when = QDateTime::currentDateTime();
    if (results.data && !results.data->job.jobId.empty())
        caption.job = QString::fromStdString(results.data->job.jobId);
    else
        caption.job = bundleName;
    if (results.analysis)
        caption.verdict = messageText(results.analysis->verdict.summaryMessage,
                                      results.analysis->verdict.summary);
    if (const StackTree *tree = results.tree.get()) {
        caption.frameIdentity = QString::fromLatin1(frameIdentityName(tree->options().identity));
        caption.threads = QString::fromStdString(tree->options().threads.toText());
        QStringList selection;
        if (selectedNode > 0 && selectedNode < tree->size()) {
            const StackTreeNode &node = tree->node(selectedNode);
            const RankSet missing = tree->missing(selectedNode);
            selection << QString::fromStdString(node.label)
                      << tr("has %1").arg(QString::fromStdString(node.has.toString()));
            if (!missing.empty())
                selection << tr("missing %1").arg(QString::fromStdString(missing.toString()));
            if (!tree->noData().empty() && results.data && !results.data->job.layers.stacks.empty())
                selection
                    << tr("no data %1").arg(QString::fromStdString(tree->noData().toString()));
        }
        if (highlightedRanks.count() > 1)
            selection
                << tr("ranks %1 traced").arg(QString::fromStdString(highlightedRanks.toString()));
        else if (!highlightedRanks.empty())
            selection << tr("rank %1 traced").arg(highlightedRanks.first());
        caption.selection = selection.join(QStringLiteral(" · "));
    }
    // The picture travels without the window: it says what the bundle had of every rank.
    if (results.data)
        caption.coverage = CoverageText::worldSize(results.data->job) + QStringLiteral("; ") +
                           CoverageText::coverage(results.data->job, 160);
    return caption;
}

QSize pictureSize(const ExportCaption &caption, FlameGraphScene &scene, int width)
{
    const QSize view = FlameGraphPainter::fullSize(scene, width);
    return {view.width(),
            view.height() + ViewExporter::captionHeight(caption, QGuiApplication::font())};
}

bool write(FlameGraphScene &scene, const StackResults &results, const QString &bundleName,
           int selectedNode, const RankSet &highlightedRanks, const QString &file, int width,
           QString *error, const NoteLayer *notes)
{
    // The picture shows the same selection and traced ranks the caption names.
    const int previousSelected = scene.selected();
    const RankSet previousRanks = scene.highlightedRanks();
    scene.setSelected(selectedNode);
    scene.setHighlightedRanks(highlightedRanks);
    const QSize viewSize = FlameGraphPainter::fullSize(scene, width);
    ExportCaption picture = caption(results, bundleName, selectedNode, highlightedRanks);
    ViewExporter::PaintFunction paint = [&scene](QPainter &painter, QSize size) {
        FlameGraphPainter::paint(painter, scene, size);
    };
    if (notes)
        paint = NoteExport::annotate(
            std::move(paint), *notes,
            [&scene](QSize size) { return std::make_unique<FlameGraphNoteCanvas>(scene, size, 0); },
            viewSize, &picture);
    const bool ok = ViewExporter::exportView(paint, viewSize, picture, file, error);
    scene.setSelected(previousSelected);
    scene.setHighlightedRanks(previousRanks);
    return ok;
}

} // namespace StackViewExport
