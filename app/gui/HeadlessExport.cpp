#include "HeadlessExport.h"

#include "BaselineComparison.h"
#include "CollectiveResults.h"
#include "StackResults.h"
#include "StackViewExport.h"
#include "TraceResults.h"
#include "core/diff/BundleDiff.h"
#include "core/notes/NoteSidecar.h"
#include "core/notes/NoteStore.h"
#include "importers/bundle/BundleImport.h"
#include "views/annotations/HeatmapNoteCanvas.h"
#include "views/annotations/NoteExport.h"
#include "views/collectives/CollectivesView.h"
#include "views/common/MessageText.h"
#include "views/diff/DiffView.h"
#include "views/flamegraph/FlameGraphScene.h"
#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapScene.h"
#include "views/heatmap/HeatmapText.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace rankscope;

namespace HeadlessExport {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("HeadlessExport", text);
}

// The bundle's notes as the window would show them: its notes database beside the cache (not
// created when missing: a picture changes nothing) with the sidecar next to the bundle merged
// in, in memory.
std::vector<Note> bundleNotes(const ImportResult &imported, const QString &bundle)
{
    std::vector<Note> notes;
    const auto file = NoteStore::fileFor(imported.summary.cacheFile);
    std::error_code error;
    if (std::filesystem::exists(file, error)) {
        try {
            NoteStore store(file);
            notes = store.all();
        } catch (const std::exception &) {
            // Unreadable notes leave the picture without them.
        }
    }
    const auto sidecar = notesSidecarPath(QFileInfo(bundle).absoluteFilePath().toStdString());
    if (std::filesystem::exists(sidecar, error)) {
        const NotesSidecarRead read = readNotesSidecar(sidecar);
        if (read.ok) {
            const NoteMergePlan plan = planNoteMerge(notes, read.notes);
            for (const Note &updated : plan.updated)
                for (Note &note : notes)
                    if (note.id == updated.id)
                        note = updated;
            notes.insert(notes.end(), plan.added.begin(), plan.added.end());
        }
    }
    return notes;
}

// The heatmap of the bundle's traces, with the top straggler suspect's row selected.
bool writeHeatmap(const Request &request, const ImportResult &imported, QString *error,
                  const NoteLayer &notes)
{
    TraceResults traces;
    try {
        traces = TraceResults::load(imported.summary.cacheFile, imported.stacks.job);
    } catch (const std::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    if (traces.empty()) {
        if (traces.timing.fromLogs && !traces.timing.enough)
            *error = tr("the bundle has no profiler traces (traces/ folder) to draw a heatmap of, "
                        "and its logs cannot tell stragglers: %1")
                         .arg(messageText(traces.timing.reasonMessage, traces.timing.reason));
        else
            *error = tr("the bundle has no profiler traces (traces/ folder) to draw a heatmap of");
        return false;
    }
    // The GUI's default view: the wait caused at collectives when the traces have it.
    TraceMetric metric = traces.defaultMetric();
    const WindowAxis axis = traces.defaultAxis();
    int selectedRank = -1;
    std::int64_t selectedWindow = 0;
    if (traces.stragglers && !traces.stragglers->suspects.empty()) {
        const StragglerSuspect &top = traces.stragglers->suspects.front();
        selectedRank = top.ranks.empty() ? -1 : top.ranks.front();
        selectedWindow = top.firstWindow;
    }
    if (!request.metric.isEmpty()) {
        const auto chosen = traceMetricFromKey(request.metric.toStdString());
        if (!chosen) {
            *error = tr("unknown metric \"%1\"").arg(request.metric);
            return false;
        }
        metric = *chosen;
    }
    auto heatmap = std::make_shared<HeatmapResult>(HeatmapResult::compute(traces, metric, axis));
    HeatmapScene scene;
    scene.setData(std::shared_ptr<const MetricMatrix>(heatmap, &heatmap->matrix),
                  std::shared_ptr<const SpatialOutliers>(heatmap, &heatmap->outliers),
                  std::make_shared<const JobInfo>(traces.job));
    scene.setTraceContext(traces.arrivals, traces.clocks);
    scene.setTraceFormats(traces.traceFormats);
    if (selectedRank >= 0)
        scene.setSelection(selectedRank, selectedWindow, true);
    const int width = std::max(400, request.width);
    const QSize size(width, std::clamp(width * 9 / 16, 300, 2000));
    ExportCaption caption;
    caption.job = QString::fromStdString(traces.job.jobId);
    if (caption.job.isEmpty())
        caption.job = QFileInfo(request.bundle).fileName();
    caption.view =
        tr("Heatmap: %1 by %2").arg(HeatmapText::metricTitle(metric), HeatmapText::axisTitle(axis));
    if (selectedRank >= 0 && traces.stragglers)
        caption.selection = messageText(traces.stragglers->suspects.front().reasonMessage,
                                        traces.stragglers->suspects.front().reason);
    const ViewExporter::PaintFunction paint = NoteExport::annotate(
        [&scene](QPainter &painter, QSize viewSize) {
            HeatmapPainter::paint(painter, scene, viewSize);
        },
        notes, [&scene](QSize at) { return std::make_unique<HeatmapNoteCanvas>(scene, at); }, size,
        &caption);
    return ViewExporter::exportView(paint, size, caption, request.out, error);
}

// The Collectives view of the group most ranks are blocked in, its top finding selected.
bool writeCollectives(const Request &request, const ImportResult &imported, QString *error,
                      const NoteLayer &notes)
{
    CollectiveResults collectives;
    try {
        collectives = CollectiveResults::load(imported.summary.cacheFile, imported.stacks.job);
    } catch (const std::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    if (collectives.empty() || collectives.view->strips.empty()) {
        *error = tr("the bundle has no collective records (Flight Recorder dumps, NCCL watchdog "
                    "or desync lines, trace collectives) to draw");
        return false;
    }
    QString job = QString::fromStdString(imported.stacks.job.jobId);
    if (job.isEmpty())
        job = QFileInfo(request.bundle).fileName();
    const auto &report = collectives.view->report;
    const int finding = report && !report->suspects.empty() ? 0 : -1;
    int strip = 0;
    if (finding >= 0)
        for (std::size_t i = 0; i < collectives.view->strips.size(); ++i)
            if (collectives.view->strips[i].name == report->suspects.front().pgName) {
                strip = int(i);
                break;
            }
    const int width = std::max(400, request.width);
    const QSize size(width, std::clamp(width * 9 / 16, 300, 2000));
    return CollectivesView::writeImage(collectives.view, strip, finding, size, job, request.out,
                                       error, &notes);
}

// The Diff view against the baseline (--baseline, else the manifest's), opened on the page of
// the summary's first line, as the window shows it.
bool writeDiff(const Request &request, const std::shared_ptr<ImportResult> &target,
               const StackTreeOptions &treeOptions, QString *error)
{
    QString baselinePath = request.baseline;
    if (baselinePath.isEmpty() && !target->stacks.job.baseline.empty()) {
        const QString written = QString::fromStdString(target->stacks.job.baseline);
        const QFileInfo bundle(request.bundle);
        const QDir root = bundle.isDir() ? QDir(bundle.absoluteFilePath()) : bundle.absoluteDir();
        baselinePath = QDir::isAbsolutePath(written) ? written : root.absoluteFilePath(written);
    }
    if (baselinePath.isEmpty()) {
        *error = tr("the diff view needs a baseline: --baseline BUNDLE, or \"baseline\" in the "
                    "bundle's job.json");
        return false;
    }
    ImportOptions options;
    options.bundlePath = baselinePath.toStdString();
    std::shared_ptr<const BundleDiff> diff;
    try {
        auto baseline = std::make_shared<ImportResult>(importBundle(options));
        BundleDiffSide baselineSide{
            QFileInfo(baselinePath).fileName().toStdString(),
            std::shared_ptr<const StackDataset>(baseline, &baseline->stacks),
            baseline->summary.cacheFile};
        BundleDiffSide targetSide{BaselineComparison::runName(request.bundle).toStdString(),
                                  std::shared_ptr<const StackDataset>(target, &target->stacks),
                                  target->summary.cacheFile};
        BundleDiffOptions diffOptions;
        diffOptions.tree = treeOptions;
        diff = std::make_shared<const BundleDiff>(
            computeBundleDiff(baselineSide, targetSide, diffOptions));
    } catch (const std::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    DiffView view;
    view.resize(std::max(800, request.width), std::max(600, request.width * 9 / 16));
    view.setDiff(diff);
    // Shown off screen, so that the graphs have a size and zoom to the selected path as they do
    // in the window, without a window appearing on a real display.
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    QCoreApplication::processEvents();
    return view.exportImage(request.out, error);
}

} // namespace

bool run(const Request &request, QString *error)
{
    const bool heatmap = request.view == QLatin1String("heatmap");
    const bool diffView = request.view == QLatin1String("diff");
    const bool collectives = request.view == QLatin1String("collectives");
    if (request.view != QLatin1String("flamegraph") && !heatmap && !diffView && !collectives) {
        *error = tr("unknown view \"%1\" (available: flamegraph, heatmap, diff, collectives)")
                     .arg(request.view);
        return false;
    }
    if (request.bundle.isEmpty()) {
        *error = tr("no bundle given (name one, or use --demo)");
        return false;
    }
    const QString suffix = QFileInfo(request.out).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg")) {
        *error = tr("--out must name a .png or .svg file");
        return false;
    }
    const auto identity = frameIdentityFromName(request.frames.toStdString());
    if (!identity) {
        *error = tr("unknown frame identity \"%1\" (function, file or line)").arg(request.frames);
        return false;
    }

    ImportOptions options;
    options.bundlePath = request.bundle.toStdString();
    std::shared_ptr<ImportResult> imported;
    try {
        imported = std::make_shared<ImportResult>(importBundle(options));
    } catch (const std::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    const std::vector<Note> notes = bundleNotes(*imported, request.bundle);
    if (heatmap)
        return writeHeatmap(request, *imported, error, NoteLayer::of(notes, NoteView::Heatmap));
    if (collectives)
        return writeCollectives(request, *imported, error,
                                NoteLayer::of(notes, NoteView::Collectives));

    StackTreeOptions treeOptions;
    treeOptions.identity = *identity;
    treeOptions.threads = ThreadSelection::fromText(request.threads.toStdString());
    if (diffView)
        return writeDiff(request, imported, treeOptions, error);
    const StackResults results = StackResults::compute(
        std::shared_ptr<const StackDataset>(imported, &imported->stacks), treeOptions);
    // An incident picture should show the finding: the top suspect selected, its rank traced.
    const StackResults::Focus focus = results.topSuspect();
    FlameGraphScene scene;
    scene.setTree(results.tree, results.data);
    scene.setEquivalenceClasses(results.analysis->classes);
    scene.setEmphasisedNodes(results.emphasisedNodes());
    RankSet traced;
    if (focus.rank >= 0)
        traced.insert(focus.rank);
    const NoteLayer flameNotes = NoteLayer::of(notes, NoteView::FlameGraph);
    return StackViewExport::write(scene, results, QFileInfo(request.bundle).fileName(), focus.node,
                                  traced, request.out, std::max(400, request.width), error,
                                  &flameNotes);
}

} // namespace HeadlessExport
