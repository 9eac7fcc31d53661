#include "HeadlessExport.h"

#include "StackResults.h"
#include "StackViewExport.h"
#include "importers/bundle/BundleImport.h"
#include "views/flamegraph/FlameGraphScene.h"

#include <QCoreApplication>
#include <QFileInfo>

using namespace rankscope;

namespace HeadlessExport {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("HeadlessExport", text);
}
} // namespace

bool run(const Request &request, QString *error)
{
    if (request.view != QLatin1String("flamegraph")) {
        *error = tr("unknown view \"%1\" (available: flamegraph)").arg(request.view);
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

    StackTreeOptions treeOptions;
    treeOptions.identity = *identity;
    treeOptions.threads = ThreadSelection::fromText(request.threads.toStdString());
    const StackResults results = StackResults::compute(
        std::shared_ptr<const StackDataset>(imported, &imported->stacks), treeOptions);
    // An incident picture should show the finding: the top suspect selected, its rank traced.
    const StackResults::Focus focus = results.topSuspect();
    FlameGraphScene scene;
    scene.setTree(results.tree, results.data);
    scene.setEquivalenceClasses(results.analysis->classes);
    return StackViewExport::write(scene, results, QFileInfo(request.bundle).fileName(), focus.node,
                                  focus.rank, request.out, std::max(400, request.width), error);
}

} // namespace HeadlessExport
