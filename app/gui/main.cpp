#include "AppTranslations.h"
#include "DemoBundle.h"
#include "HeadlessExport.h"
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QTextStream>
#include <QTimer>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("rankscope"));
    QApplication::setOrganizationName(QStringLiteral("rankscope"));
    QApplication::setApplicationVersion(QStringLiteral(RANKSCOPE_VERSION));

    // The language must be known before any translated text is created, including --help.
    QString language;
    const QStringList args = QApplication::arguments();
    const qsizetype langAt = args.indexOf(QStringLiteral("--lang"));
    if (langAt >= 0 && langAt + 1 < args.size())
        language = args.at(langAt + 1);
    AppTranslations::install(app, language);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Find the rank that stalls a distributed training job: merged cross-rank flame "
                "graphs of py-spy dumps, with the ranks that have, miss or sent no data for "
                "every frame."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("bundle"),
                                 QApplication::translate("main", "Job bundle: a folder, .tar, "
                                                                 ".tar.gz or .tar.zst archive."));
    const QCommandLineOption demo(
        QStringLiteral("demo"), QApplication::translate("main", "Open the built-in demo bundle."));
    const QCommandLineOption exportView(
        QStringLiteral("export-view"),
        QApplication::translate("main", "Render VIEW (flamegraph) to --out without a window."),
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
    parser.addOptions({demo, exportView, out, frames, threads, width, lang, screenshot});
    parser.process(app);

    QString bundle = parser.positionalArguments().value(0);
    QTextStream err(stderr);
    if (parser.isSet(demo)) {
        QString error;
        bundle = DemoBundle::ensure(&error);
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
    MainWindow window;
    window.show();
    if (parser.isSet(screenshot)) {
        window.resize(1500, 900);
        const QString file = parser.value(screenshot);
        QObject::connect(window.session(), &BundleSession::resultsReady, &window, [&window, file] {
            // Select and trace the top suspect, as a user clicking it would, then take the picture
            // after the views have painted.
            window.activateTopSuspect();
            QTimer::singleShot(300, &window, [&window, file] {
                window.grab().save(file);
                QApplication::quit();
            });
        });
        QObject::connect(window.session(), &BundleSession::importFailed, &app,
                         [] { QApplication::exit(2); });
    }
    if (!bundle.isEmpty())
        window.openBundle(bundle);
    return app.exec();
}
