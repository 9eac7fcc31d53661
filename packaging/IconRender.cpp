// Renders the application's SVG icon to the PNG sizes of the hicolor icon theme at build time, so
// that only the SVG is kept in the repository and every size matches it. The icon is paths only,
// so no QGuiApplication (fonts, a platform plugin) is needed: the raster engine draws it.
//
//   rankscope-icon-render ICON.svg OUT_DIR NAME SIZE...
//   writes OUT_DIR/SIZExSIZE/apps/NAME.png for every SIZE

#include <QDir>
#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>
#include <QTextStream>

#include <cstdio>

int main(int argc, char **argv)
{
    QTextStream err(stderr);
    if (argc < 5) {
        err << "usage: rankscope-icon-render ICON.svg OUT_DIR NAME SIZE...\n";
        return 2;
    }
    const QString svg = QString::fromLocal8Bit(argv[1]);
    const QString outDir = QString::fromLocal8Bit(argv[2]);
    const QString name = QString::fromLocal8Bit(argv[3]);
    QSvgRenderer renderer(svg);
    if (!renderer.isValid()) {
        err << "rankscope-icon-render: cannot read " << svg << '\n';
        return 2;
    }
    for (int i = 4; i < argc; ++i) {
        bool ok = false;
        const int size = QString::fromLatin1(argv[i]).toInt(&ok);
        if (!ok || size < 8 || size > 1024) {
            err << "rankscope-icon-render: not an icon size: " << argv[i] << '\n';
            return 2;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter);
        painter.end();
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(outDir).arg(size);
        const QString file = QStringLiteral("%1/%2.png").arg(dir, name);
        if (!QDir().mkpath(dir) || !image.save(file, "PNG")) {
            err << "rankscope-icon-render: cannot write " << file << '\n';
            return 2;
        }
    }
    return 0;
}
