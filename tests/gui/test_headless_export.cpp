#include <QImageReader>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

// `rankscope --demo --export-view flamegraph --out FILE` renders without a window.
class TestHeadlessExport : public QObject
{
    Q_OBJECT
private slots:
    void exportsPngAndSvg()
    {
        QTemporaryDir dir;
        for (const QString &name : {QStringLiteral("demo.png"), QStringLiteral("demo.svg")}) {
            const QString out = dir.filePath(name);
            QProcess process;
            process.start(QStringLiteral(RANKSCOPE_GUI_BINARY),
                          {QStringLiteral("--demo"), QStringLiteral("--export-view"),
                           QStringLiteral("flamegraph"), QStringLiteral("--out"), out,
                           QStringLiteral("--width"), QStringLiteral("1200")});
            QVERIFY(process.waitForFinished(180000));
            QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
            QVERIFY(QFileInfo(out).size() > 1000);
            if (name.endsWith(QLatin1String(".png"))) {
                QImageReader reader(out);
                QCOMPARE(reader.size().width(), 1200);
                QVERIFY(
                    reader.text(QStringLiteral("Description")).contains(QStringLiteral("rank")));
            } else {
                QFile svg(out);
                QVERIFY(svg.open(QIODevice::ReadOnly));
                const QByteArray text = svg.readAll();
                QVERIFY(text.contains("<svg"));
                QVERIFY(text.contains("flame graph") || text.contains("Flame graph"));
            }
        }
    }

    void unknownViewFailsWithOneLine()
    {
        QProcess process;
        process.start(QStringLiteral(RANKSCOPE_GUI_BINARY),
                      {QStringLiteral("--demo"), QStringLiteral("--export-view"),
                       QStringLiteral("nosuchview"), QStringLiteral("--out"),
                       QStringLiteral("x.png")});
        QVERIFY(process.waitForFinished(180000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("unknown view"));
    }
};

QTEST_GUILESS_MAIN(TestHeadlessExport)
#include "test_headless_export.moc"
