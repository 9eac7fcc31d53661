// Renders the Logs view of the issue-4 story to PNG, for the documentation and for looking at
// it as a user would:
//   logs_screenshot OUTDIR [--size 1400x900]
// writes OUTDIR/logs-view.png: 128 ranks, about 140 templates, the NCCL watchdog timeout
// template on ranks 0-36,38-127 selected (rank 37 lacks it) and its lines below, the third
// event expanded to all its lines.
#include "LogViewFixtures.h"
#include "views/logs/LogLineView.h"
#include "views/logs/LogTemplateModel.h"
#include "views/logs/LogsView.h"
#include "views/logs/MemoryLogLineSource.h"

#include <QApplication>
#include <QDir>
#include <QSplitter>

#include <cstdio>

using namespace rankscope;
using namespace rankscope_test;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: logs_screenshot OUTDIR [--size WxH]\n");
        return 2;
    }
    QSize size(1400, 900);
    if (const qsizetype i = args.indexOf(QStringLiteral("--size")); i > 0 && i + 1 < args.size()) {
        const QStringList wh = args[i + 1].split(QLatin1Char('x'));
        if (wh.size() == 2)
            size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    const QDir out(args[1]);
    if (!QDir().mkpath(out.path())) {
        std::fprintf(stderr, "cannot create %s\n", qPrintable(out.path()));
        return 1;
    }

    auto all = std::make_shared<VectorLogLineSource>(makeLogLines());
    LogsView view;
    view.resize(size);
    view.setAnalysis(makeLogAnalysis(), makeLogJob());
    view.setLineSource(all);
    QObject::connect(&view, &LogsView::filterChanged, &view, [&](const LogLineFilter &f) {
        view.setLineSource(std::make_shared<FilteredLogLineSource>(all, f));
    });
    view.setSelectedWindow(iterationNs(1520), iterationNs(1521), QStringLiteral("iteration 1520"));
    LogLineFilter filter;
    filter.templ = LogFixtureId::Watchdog;
    view.setFilter(filter);
    view.splitter()->setSizes({size.height() * 2 / 5, size.height() * 3 / 5});
    view.lineView()->selectRows(2, 2);
    view.lineView()->setExpanded(2, true); // a merged event shown whole, in place
    view.show();
    app.processEvents();

    const QString path = out.filePath(QStringLiteral("logs-view.png"));
    if (!view.grab().toImage().save(path, "PNG")) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return 1;
    }
    std::printf("%s\n", qPrintable(path));
    return 0;
}
