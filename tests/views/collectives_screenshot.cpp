// Renders the Collectives view of hand-built hangs to PNG, for the documentation and for looking
// at it as a user would:
//   collectives_screenshot OUTDIR [--size 1400x860] [--ranks N] [--zoom F]
// writes OUTDIR/collectives-64.png (64 ranks: rank 13 behind, rank 40 runs broadcast where the
// others run all_reduce, rank 50 left no dump) and OUTDIR/collectives-2048.png (2,048 ranks:
// ranks 130 and 131 behind in all_reduce #20417 of DATA_PARALLEL_GROUP, many ranks per pixel
// row). With --ranks N it renders only that size (collectives-N.png) and prints how long
// building the strips and painting took (for docs/performance.md). --zoom F zooms the strip's
// sequences and ranks by F around the centre first (to look at a zoomed strip).
#include "CollectiveViewFixtures.h"
#include "views/collectives/CollectivesView.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

using namespace rankscope;
using namespace rankscope_test;

namespace {

double g_zoom = 1;

bool render(const QString &dir, QSize size, const CollectiveFixtureOptions &options)
{
    QElapsedTimer timer;
    timer.start();
    auto data = makeCollectiveDataset(options);
    auto report = makeCollectiveReport(*data, options);
    const qint64 madeMs = timer.restart();
    auto view = std::make_shared<CollectiveViewData>();
    view->strips = buildCollectiveStrips(*data, *report);
    view->dataset = data;
    view->report = report;
    const qint64 builtMs = timer.restart();

    CollectivesView widget;
    widget.resize(size);
    widget.setData(view);
    widget.setAttribute(Qt::WA_DontShowOnScreen);
    widget.show();
    QCoreApplication::processEvents();
    widget.activateFinding(0);
    if (g_zoom != 1) {
        widget.strip()->zoomColumns(g_zoom);
        widget.strip()->zoomRows(g_zoom);
    }
    QCoreApplication::processEvents();
    timer.restart();
    const QImage image = widget.grab().toImage();
    const qint64 paintMs = timer.elapsed();
    const QString file =
        QDir(dir).filePath(QStringLiteral("collectives-%1.png").arg(options.ranks));
    if (!image.save(file)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(file));
        return false;
    }
    std::printf("%s: %d ranks, %zu entries: data %lld ms, strips %lld ms, first paint %lld ms\n",
                qPrintable(file), options.ranks, data->entries.size(), madeMs, builtMs, paintMs);
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: collectives_screenshot OUTDIR [--size WxH] [--ranks N]\n");
        return 2;
    }
    const QString dir = args.at(1);
    QDir().mkpath(dir);
    QSize size(1400, 860);
    int only = 0;
    for (int i = 2; i + 1 < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--size")) {
            const QStringList wh = args.at(i + 1).split(QLatin1Char('x'));
            if (wh.size() == 2)
                size = QSize(wh[0].toInt(), wh[1].toInt());
        } else if (args.at(i) == QLatin1String("--ranks")) {
            only = args.at(i + 1).toInt();
        } else if (args.at(i) == QLatin1String("--zoom")) {
            g_zoom = std::max(0.01, args.at(i + 1).toDouble());
        }
    }
    if (only > 0) {
        CollectiveFixtureOptions o;
        o.ranks = only;
        o.behind = {only / 2 + 2, only / 2 + 3};
        return render(dir, size, o) ? 0 : 1;
    }
    CollectiveFixtureOptions small;
    small.ranks = 64;
    small.behind = {13};
    small.mismatch = 40;
    small.noDump = 50;
    CollectiveFixtureOptions large;
    large.ranks = 2048;
    large.behind = {130, 131};
    return render(dir, size, small) && render(dir, size, large) ? 0 : 1;
}
