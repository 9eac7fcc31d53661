// Picture export: PNG with metadata, SVG with title/description, caption band in both.
#include "StackTreeFixture.h"
#include "views/export/ViewExporter.h"
#include "views/flamegraph/FlameGraphPainter.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QImageReader>
#include <QPainter>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class ViewExporterTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pngHasSizeMetadataAndCaption();
    void svgIsValidXmlWithCaptionAndDescription();
    void flameGraphExportLooksLikeTheScreen();
    void badTargetsGiveASentence();

private:
    ExportCaption caption() const;
    QTemporaryDir m_dir;
};

void ViewExporterTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

ExportCaption ViewExporterTest::caption() const
{
    ExportCaption c;
    c.job = QStringLiteral("job-4711");
    c.view = QStringLiteral("Flame graph");
    c.selection = QStringLiteral("next_batch · has 37 · missing 0-36,38-63");
    c.frameIdentity = QStringLiteral("function");
    c.threads = QStringLiteral("main");
    c.when = QDateTime(QDate(2024, 5, 1), QTime(12, 31, 4));
    return c;
}

void ViewExporterTest::pngHasSizeMetadataAndCaption()
{
    const QString file = m_dir.filePath(QStringLiteral("view.png"));
    const QSize viewSize(640, 300);
    // A view that paints a solid colour, so the caption band is easy to tell apart.
    auto paint = [](QPainter &p, QSize size) { p.fillRect(QRect(QPoint(0, 0), size), Qt::red); };
    QString error;
    QVERIFY2(ViewExporter::exportView(paint, viewSize, caption(), file, &error), qPrintable(error));

    QImageReader reader(file);
    QCOMPARE(reader.format(), QByteArray("png"));
    const int band = ViewExporter::captionHeight(caption(), QGuiApplication::font());
    QCOMPARE(reader.size(), QSize(640, 300 + band));
    QCOMPARE(reader.text(QStringLiteral("Software")), QStringLiteral("rankscope"));
    QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("job-4711")));
    QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("Flame graph")));
    const QString description = reader.text(QStringLiteral("Description"));
    QVERIFY2(description.contains(QStringLiteral("missing 0-36,38-63")), qPrintable(description));
    QVERIFY(description.contains(QStringLiteral("Threads: main")));
    QVERIFY(description.contains(QStringLiteral("Frame identity: function")));
    QVERIFY(description.contains(QStringLiteral("2024-05-01 12:31:04")));

    const QImage image = reader.read();
    QVERIFY(!image.isNull());
    // View below the band, caption band on top with dark text on a light background.
    QCOMPARE(image.pixelColor(320, band + 150), QColor(Qt::red));
    int dark = 0;
    for (int y = 0; y < band; ++y) {
        for (int x = 0; x < 640; ++x)
            dark += image.pixelColor(x, y).lightness() < 100 ? 1 : 0;
        QVERIFY(image.pixelColor(630, y) != QColor(Qt::red));
    }
    QVERIFY2(dark > 100, qPrintable(QString::number(dark)));
}

void ViewExporterTest::svgIsValidXmlWithCaptionAndDescription()
{
    const QString file = m_dir.filePath(QStringLiteral("view.svg"));
    auto paint = [](QPainter &p, QSize size) {
        p.fillRect(QRect(QPoint(0, 0), size), QColor(0x8f, 0xa8, 0xc4));
        p.drawText(QPoint(10, 20), QStringLiteral("all_reduce"));
    };
    QString error;
    QVERIFY2(ViewExporter::exportView(paint, QSize(500, 200), caption(), file, &error),
             qPrintable(error));

    QFile in(file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray svg = in.readAll();
    QXmlStreamReader xml(svg);
    QString title;
    QString desc;
    QStringList texts;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("title"))
            title = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        else if (xml.name() == QLatin1String("desc"))
            desc = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        else if (xml.name() == QLatin1String("text"))
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(title.contains(QStringLiteral("job-4711")));
    QVERIFY(desc.contains(QStringLiteral("has 37")));
    const QString allText = texts.join(QLatin1Char('\n'));
    QVERIFY2(allText.contains(QStringLiteral("job-4711")), qPrintable(allText)); // caption band
    QVERIFY(allText.contains(QStringLiteral("Threads: main")));
    QVERIFY(allText.contains(QStringLiteral("all_reduce"))); // the view itself
}

void ViewExporterTest::flameGraphExportLooksLikeTheScreen()
{
    const auto data = makeDataset(64, hangStacks(64, 37));
    const auto tree = makeTree(data);
    FlameGraphWidget widget;
    widget.resize(900, 300);
    widget.setTree(tree);
    FlameGraphScene &scene = widget.scene();
    const QSize size = FlameGraphPainter::fullSize(scene, 900);
    QCOMPARE(size.height(), scene.headerHeight() + 7 * scene.rowHeight()); // root + 6 frames

    const QString file = m_dir.filePath(QStringLiteral("flame.png"));
    auto paint = [&scene](QPainter &p, QSize s) { FlameGraphPainter::paint(p, scene, s); };
    QString error;
    QVERIFY2(ViewExporter::exportView(paint, size, caption(), file, &error), qPrintable(error));
    const QImage image(file);
    const int band = ViewExporter::captionHeight(caption(), QGuiApplication::font());
    QCOMPARE(image.size(), QSize(900, size.height() + band));

    // The one-rank branch is warm in the picture too, in the same place as on screen.
    const int loader = nodeOf(*tree, "main;train;step;next_batch");
    const FlameExtent e = scene.layout().extent(loader);
    const int x = int((e.x0 + e.x1) / 2 * 900);
    const int y = band + int(scene.rowTop(4, size, 0)) + scene.rowHeight() - 3;
    const QColor c = image.pixelColor(x, y);
    QVERIFY2(c.red() > 150 && c.red() > c.blue() + 60, qPrintable(c.name()));

    QImage screen(size, QImage::Format_ARGB32_Premultiplied);
    {
        QPainter p(&screen);
        FlameGraphPainter::paint(p, scene, size);
    }
    QCOMPARE(screen.pixelColor(x, y - band), c);

    // The SVG keeps the labels as text, so they stay searchable in a report.
    const QString svgFile = m_dir.filePath(QStringLiteral("flame.svg"));
    QVERIFY2(ViewExporter::exportView(paint, size, caption(), svgFile, &error), qPrintable(error));
    QFile svg(svgFile);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(svg.readAll());
    QVERIFY(text.contains(QStringLiteral(">all_reduce<")));
    QVERIFY(text.contains(QStringLiteral("all 64 ranks")));
    QVERIFY(text.contains(QStringLiteral("ranks that have the frame:"))); // the legend
}

void ViewExporterTest::badTargetsGiveASentence()
{
    auto paint = [](QPainter &, QSize) {};
    QString error;
    QVERIFY(!ViewExporter::exportView(paint, QSize(100, 100), caption(),
                                      m_dir.filePath(QStringLiteral("view.bmp")), &error));
    QVERIFY2(error.contains(QStringLiteral("view.bmp")) && error.contains(QStringLiteral(".svg")),
             qPrintable(error));
    const QString missingDir = m_dir.filePath(QStringLiteral("no/such/dir/view.png"));
    QVERIFY(!ViewExporter::exportView(paint, QSize(100, 100), caption(), missingDir, &error));
    QVERIFY2(error.contains(missingDir), qPrintable(error));
    QVERIFY(!ViewExporter::exportView(paint, QSize(0, 100), caption(),
                                      m_dir.filePath(QStringLiteral("empty.png")), &error));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("empty.png"))));
}

QTEST_MAIN(ViewExporterTest)
#include "tst_viewexporter.moc"
