#include "AppTranslations.h"
#include "CollectiveResults.h"
#include "DemoBundle.h"
#include "HeadlessExport.h"
#include "MainWindow.h"
#include "views/logs/LogsView.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QIcon>
#include <QSettings>
#include <QTextStream>
#include <QTimer>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("rankscope"));
    QApplication::setOrganizationName(QStringLiteral("rankscope"));
    QApplication::setApplicationVersion(QStringLiteral(RANKSCOPE_VERSION));
    // Ties the windows to the installed .desktop entry (Wayland) and its icon.
    QGuiApplication::setDesktopFileName(QStringLiteral(RANKSCOPE_APP_ID));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral(RANKSCOPE_APP_ID),
                                                 QIcon(QStringLiteral(":/icons/rankscope.svg"))));

    // The language must be known before any translated text is created, including --help.
    QString language;
    const QStringList args = QApplication::arguments();
    const qsizetype langAt = args.indexOf(QStringLiteral("--lang"));
    if (langAt >= 0 && langAt + 1 < args.size())
        language = args.at(langAt + 1);
    else if (!args.contains(QStringLiteral("--screenshot")) &&
             !args.contains(QStringLiteral("--export-view")))
        language = AppTranslations::storedLanguage(); // View > Language; pictures for the docs
                                                      // do not follow this user's choice
    AppTranslations::install(app, language);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Find the rank that stalls a distributed training job: merged cross-rank flame "
                "graphs of py-spy dumps, with the ranks that have, miss or sent no data for "
                "every frame."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("bundle"),
        QApplication::translate("main", "Job bundle: a folder, .tar, .tar.gz or .tar.zst "
                                        "archive, or a single trace, stack dump or log."));
    const QCommandLineOption demo(
        QStringLiteral("demo"), QApplication::translate("main", "Open the built-in demo bundle."));
    const QCommandLineOption exportView(
        QStringLiteral("export-view"),
        QApplication::translate("main",
                                "Render VIEW (flamegraph, heatmap, diff or collectives) to --out "
                                "without a window."),
        QStringLiteral("view"));
    const QCommandLineOption out(
        QStringLiteral("out"), QApplication::translate("main", "Picture to write (.png or .svg)."),
        QStringLiteral("file"));
    const QCommandLineOption frames(
        QStringLiteral("frames"),
        QApplication::translate("main", "Frame identity: function, file or line."),
        QStringLiteral("mode"), QStringLiteral("function"));
    const QCommandLineOption threads(
        QStringLiteral("threads"),
        QApplication::translate("main", "Threads: main, all, or a thread name."),
        QStringLiteral("choice"), QStringLiteral("main"));
    const QCommandLineOption width(
        QStringLiteral("width"),
        QApplication::translate("main", "Exported picture width in pixels."),
        QStringLiteral("pixels"), QStringLiteral("1600"));
    const QCommandLineOption lang(
        QStringLiteral("lang"),
        QApplication::translate("main", "User interface language (zh_CN, ja, en)."),
        QStringLiteral("language"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Open the bundle, save a picture of the whole window to "
                                        "FILE once the analysis is shown, and quit (for docs)."),
        QStringLiteral("file"));
    const QCommandLineOption demoScenario(
        QStringLiteral("demo-scenario"),
        QApplication::translate("main", "Which demo --demo opens: hang-dataloader (stacks of a "
                                        "hang), straggler-gpu or slow-node (profiler traces)."),
        QStringLiteral("name"), QStringLiteral("hang-dataloader"));
    const QCommandLineOption view(
        QStringLiteral("view"),
        QApplication::translate(
            "main", "View to show first: overview (the default), stacks, functions (the Stacks "
                    "view with its Functions table on the top suspect's "
                    "frame), heatmap, logs, logs-steps (the Logs tab's "
                    "step-time and loss chart), diff, heatmap-diff (the "
                    "heatmap minus the baseline's) or collectives."),
        QStringLiteral("view"));
    const QCommandLineOption baseline(
        QStringLiteral("baseline"),
        QApplication::translate("main", "A healthy run (folder or archive) to compare the bundle "
                                        "with, side by side (the Diff view)."),
        QStringLiteral("bundle"));
    const QCommandLineOption metric(
        QStringLiteral("metric"),
        QApplication::translate("main", "Heatmap metric for --export-view heatmap (step_time, "
                                        "compute, communication, exposed_comm, ...)."),
        QStringLiteral("name"));
    const QCommandLineOption windowSize(
        QStringLiteral("window-size"),
        QApplication::translate("main", "Window size for --screenshot, WIDTHxHEIGHT in pixels "
                                        "(default: 1500x900)."),
        QStringLiteral("size"), QStringLiteral("1500x900"));
    const QCommandLineOption report(
        QStringLiteral("report"),
        QApplication::translate("main", "Write the incident report of the bundle to FILE (HTML, "
                                        "or Markdown with a folder of pictures for .md) once "
                                        "every layer is loaded, and quit."),
        QStringLiteral("file"));
    parser.addOptions({demo, demoScenario, exportView, out, frames, threads, width, metric, view,
                       baseline, lang, screenshot, windowSize, report});
    parser.process(app);

    QString bundle = parser.positionalArguments().value(0);
    QTextStream err(stderr);
    if (parser.isSet(demo)) {
        QString error;
        bundle = DemoBundle::ensure(parser.value(demoScenario), &error);
        if (bundle.isEmpty()) {
            err << "rankscope: "
                << QApplication::translate("main", "cannot write the demo bundle: %1").arg(error)
                << '\n';
            return 2;
        }
    }

    if (parser.isSet(exportView)) {
        HeadlessExport::Request request;
        request.bundle = bundle;
        request.view = parser.value(exportView);
        request.out = parser.value(out);
        request.frames = parser.value(frames);
        request.threads = parser.value(threads);
        request.width = parser.value(width).toInt();
        request.metric = parser.value(metric);
        request.baseline = parser.value(baseline);
        QString error;
        if (!HeadlessExport::run(request, &error)) {
            err << "rankscope: " << error << '\n';
            return 2;
        }
        return 0;
    }

    if (parser.isSet(screenshot)) {
        // Pictures for the docs show the default layout, not this user's saved one.
        QApplication::setOrganizationName(QStringLiteral("rankscope-screenshot"));
        QSettings().clear();
    }
    // On the heap: View > Language replaces it by a window built in the new language, and the
    // replaced one is deleted when it closes.
    auto *first = new MainWindow;
    first->setAttribute(Qt::WA_DeleteOnClose);
    MainWindow &window = *first;
    window.show();
    const bool heatmapFirst = parser.value(view) == QLatin1String("heatmap");
    const bool stepsFirst = parser.value(view) == QLatin1String("logs-steps");
    const bool logsFirst = parser.value(view) == QLatin1String("logs") || stepsFirst;
    const bool diffFirst = parser.value(view) == QLatin1String("diff");
    const bool heatmapDiffFirst = parser.value(view) == QLatin1String("heatmap-diff");
    const bool collectivesFirst = parser.value(view) == QLatin1String("collectives");
    const bool stacksFirst = parser.value(view) == QLatin1String("stacks") ||
                             parser.value(view) == QLatin1String("functions");
    if (stacksFirst)
        QObject::connect(window.session(), &BundleSession::importFinished, &window,
                         [&window] { window.showCentralView(MainWindow::CentralView::Stacks); });
    if (parser.isSet(report)) {
        if (bundle.isEmpty()) {
            err << "rankscope: "
                << QApplication::translate("main", "--report needs a bundle (or --demo)") << '\n';
            return 2;
        }
        const QString file = parser.value(report);
        QObject::connect(
            window.session(), &BundleSession::importFinished, &window,
            [&window, file, &err] {
                window.whenSettled([&window, file, &err](bool settled) {
                    QString error;
                    if (!settled)
                        err << "rankscope: "
                            << QApplication::translate("main", "not every layer loaded in time; "
                                                               "the report has what was in")
                            << '\n';
                    if (!window.exportReport(file, &error)) {
                        err << "rankscope: " << error << '\n';
                        err.flush();
                        QApplication::exit(2);
                        return;
                    }
                    QApplication::quit();
                });
            },
            Qt::SingleShotConnection);
        QObject::connect(window.session(), &BundleSession::importFailed, &app,
                         [&err](const QString &message) {
                             err << "rankscope: " << message << '\n';
                             err.flush();
                             QApplication::exit(2);
                         });
    }
    if (parser.value(view) == QLatin1String("functions")) {
        // Once the stacks are merged: the Functions dock on the top suspect's frame.
        QObject::connect(
            window.session(), &BundleSession::resultsReady, &window,
            [&window](const StackResults &results) { window.showTopSuspectFunction(results); },
            Qt::SingleShotConnection);
    }
    if (collectivesFirst) {
        // Once the collectives are in: their tab, with the top finding selected.
        QObject::connect(window.collectiveLoader(), &CollectiveLoader::ready, &window, [&window] {
            window.showCentralView(MainWindow::CentralView::Collectives);
            window.activateTopCollectiveFinding();
        });
    }
    if (heatmapDiffFirst) {
        const auto metricKey = parser.value(metric).toStdString();
        const rankscope::TraceMetric chosen =
            rankscope::traceMetricFromKey(metricKey).value_or(rankscope::TraceMetric::StepTime);
        // Once: later diffs (new tree options, a swap) leave the user's choices alone.
        QObject::connect(
            window.comparison(), &BaselineComparison::diffReady, &window,
            [&window, chosen] { window.showHeatmapDifference(chosen); }, Qt::SingleShotConnection);
    }
    if (diffFirst) {
        QObject::connect(
            window.comparison(), &BaselineComparison::diffReady, &window,
            [&window] { window.showCentralView(MainWindow::CentralView::Diff); },
            Qt::SingleShotConnection);
    }
    if (logsFirst) {
        QObject::connect(window.session(), &BundleSession::importFinished, &window,
                         [&window, stepsFirst] {
                             window.showCentralView(MainWindow::CentralView::Logs);
                             if (stepsFirst)
                                 window.logsView()->showStepSeries();
                         });
    }
    if (heatmapFirst) {
        // After the import settles on a view, show the heatmap and open the top suspect's cell.
        QObject::connect(window.session(), &BundleSession::importFinished, &window, [&window] {
            window.showCentralView(MainWindow::CentralView::Heatmap);
            const TraceResults &traces = window.session()->traces();
            if (traces.stragglers && !traces.stragglers->suspects.empty()) {
                const rankscope::StragglerSuspect &top = traces.stragglers->suspects.front();
                if (!top.ranks.empty())
                    window.openRankDetail(top.ranks.front(), top.axis, top.firstWindow);
            }
        });
    }
    if (parser.isSet(screenshot)) {
        const QStringList size = parser.value(windowSize).split(QLatin1Char('x'));
        const int windowWidth = size.value(0).toInt();
        const int windowHeight = size.value(1).toInt();
        if (size.size() != 2 || windowWidth <= 0 || windowHeight <= 0) {
            err << "rankscope: "
                << QApplication::translate("main", "--window-size needs WIDTHxHEIGHT, e.g. "
                                                   "1024x768")
                << '\n';
            return 2;
        }
        window.resize(windowWidth, windowHeight);
        const QString file = parser.value(screenshot);
        const QSize requested(windowWidth, windowHeight);
        const auto take = [&window, file, requested] {
            // Again: a dock shown while the bundle loaded may have made the window taller.
            window.resize(requested);
            QTimer::singleShot(400, &window, [&window, file] {
                window.grab().save(file);
                QApplication::quit();
            });
        };
        // No picture without a comparison: say why and fail instead of waiting forever.
        const auto fail = [&err](const QString &why) {
            err << "rankscope: " << why << '\n';
            err.flush();
            QApplication::exit(2);
        };
        if (diffFirst || heatmapDiffFirst) {
            // The comparison needs the height: the bottom docks (import problems, rank detail)
            // are closed for the picture.
            for (const char *name : {"problemsDock", "rankDetailDock"})
                if (auto *dock = window.findChild<QDockWidget *>(QString::fromLatin1(name)))
                    dock->hide();
            QObject::connect(window.comparison(), &BaselineComparison::diffFailed, &app, fail);
            QObject::connect(window.comparison(), &BaselineComparison::baselineFailed, &app, fail);
            QObject::connect(
                window.session(), &BundleSession::importFinished, &app, [&window, fail] {
                    if (!window.comparison()->hasBaseline())
                        fail(QApplication::translate("main",
                                                     "no baseline: use --baseline or \"baseline\" "
                                                     "in the bundle's job.json"));
                });
        }
        if (heatmapDiffFirst) {
            QObject::connect(window.comparison(), &BaselineComparison::heatmapDifferenceReady,
                             &window, take);
            QObject::connect(
                window.comparison(), &BaselineComparison::diffReady, &app, [&window, fail] {
                    if (!window.comparison()->canCompareHeatmaps())
                        fail(QApplication::translate("main",
                                                     "both runs need profiler traces for the "
                                                     "heatmap difference"));
                });
        } else if (diffFirst) {
            QObject::connect(window.comparison(), &BaselineComparison::diffReady, &window, take);
        } else if (stepsFirst && parser.isSet(baseline)) {
            // The chart shows the baseline's series once the comparison is in.
            QObject::connect(window.comparison(), &BaselineComparison::diffReady, &window, take);
        } else if (collectivesFirst) {
            QObject::connect(window.collectiveLoader(), &CollectiveLoader::ready, &window, take);
            QObject::connect(window.collectiveLoader(), &CollectiveLoader::failed, &app, fail);
        } else if (logsFirst) {
            // The picture waits for the first page of lines.
            QObject::connect(window.session(), &BundleSession::logLinesReady, &window, take);
        } else if (heatmapFirst) {
            // Room for the rank's timeline and op table below the heatmap.
            QTimer::singleShot(0, &window, [&window] {
                if (auto *dock = window.findChild<QDockWidget *>(QStringLiteral("rankDetailDock")))
                    window.resizeDocks({dock}, {window.height() * 45 / 100}, Qt::Vertical);
            });
            // The picture waits for the rank detail (or for the heatmap when nothing is
            // suspicious), so both views are filled.
            QObject::connect(window.session(), &BundleSession::rankDetailReady, &window, take);
            QObject::connect(window.session(), &BundleSession::heatmapReady, &window,
                             [&window, take] {
                                 const TraceResults &traces = window.session()->traces();
                                 // Windows of logs alone have no rank detail to wait for.
                                 if (!traces.stragglers || traces.stragglers->suspects.empty() ||
                                     traces.reportedTimingsOnly)
                                     take();
                             });
            // Without traces there is no heatmap to wait for: its placeholder says why.
            QObject::connect(window.session(), &BundleSession::importFinished, &window,
                             [&window, take] {
                                 if (window.session()->traces().empty())
                                     take();
                             });
        } else if (!stacksFirst) {
            // The Overview: once every layer is in and joined.
            QObject::connect(
                window.session(), &BundleSession::importFinished, &window,
                [&window, take] { window.whenSettled([take](bool) { take(); }); },
                Qt::SingleShotConnection);
        } else {
            QObject::connect(window.session(), &BundleSession::resultsReady, &window,
                             [&window, take] {
                                 // Select and trace the top suspect, as a user clicking it
                                 // would, then take the picture after the views have painted.
                                 window.activateTopSuspect();
                                 take();
                             });
        }
        QObject::connect(window.session(), &BundleSession::importFailed, &app,
                         [] { QApplication::exit(2); });
        if (bundle.isEmpty())
            take(); // the start page
    }
    if (parser.isSet(baseline))
        window.openBaseline(parser.value(baseline));
    if (!bundle.isEmpty())
        window.openBundle(bundle);
    return app.exec();
}
