#include <QFile>
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

    void exportsTheDiffAgainstTheManifestBaseline()
    {
        // The demo's job.json names its healthy baseline; the picture is the Diff view opened
        // on what changed most, with a caption naming both runs.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("diff.png"));
        QProcess process;
        process.start(QStringLiteral(RANKSCOPE_GUI_BINARY),
                      {QStringLiteral("--demo"), QStringLiteral("--export-view"),
                       QStringLiteral("diff"), QStringLiteral("--out"), out,
                       QStringLiteral("--width"), QStringLiteral("1400")});
        QVERIFY(process.waitForFinished(180000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        QImageReader reader(out);
        QVERIFY(reader.size().width() >= 1400);
        QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("Diff")));
        QVERIFY2(reader.text(QStringLiteral("Description")).contains(QStringLiteral("baseline")),
                 qPrintable(reader.text(QStringLiteral("Description"))));
    }

    void exportsTheCollectivesView()
    {
        // The demo's hang: when its bundle has collective records (Flight Recorder dumps, the
        // watchdog's lines), the picture is the Collectives view of the top finding's group with
        // a caption naming it; else one line saying there are none, and exit code 2.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("collectives.png"));
        QProcess process;
        process.start(QStringLiteral(RANKSCOPE_GUI_BINARY),
                      {QStringLiteral("--demo"), QStringLiteral("--export-view"),
                       QStringLiteral("collectives"), QStringLiteral("--out"), out,
                       QStringLiteral("--width"), QStringLiteral("1200")});
        QVERIFY(process.waitForFinished(180000));
        const QString err = QString::fromLocal8Bit(process.readAllStandardError());
        if (process.exitCode() == 0) {
            QImageReader reader(out);
            QCOMPARE(reader.size().width(), 1200);
            QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("Collectives")));
        } else {
            QCOMPARE(process.exitCode(), 2);
            QVERIFY2(err.contains(QStringLiteral("no collective records")), qPrintable(err));
            QVERIFY(!QFileInfo::exists(out));
        }
    }

    void writesTheIncidentReport()
    {
        // `rankscope --demo --report FILE`: imports, waits for every layer (the manifest's
        // baseline included), writes one self-contained HTML report and quits.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("report.html"));
        QProcess process;
        process.start(QStringLiteral(RANKSCOPE_GUI_BINARY),
                      {QStringLiteral("--demo"), QStringLiteral("--report"), out});
        QVERIFY(process.waitForFinished(300000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY2(html.contains(QStringLiteral("most likely started it")),
                 qPrintable(html.left(2000)));
        // The overview, the flame graph, the collectives and the diff at least, embedded.
        QVERIFY(html.count(QStringLiteral("src=\"data:image/png;base64,")) >= 4);
        QVERIFY(html.contains(QStringLiteral("--baseline")) ||
                html.contains(QStringLiteral("Baseline")));
        QVERIFY(html.contains(QStringLiteral("rankscope-cli findings")));
    }

    void reportWithoutBundleFailsWithOneLine()
    {
        QTemporaryDir dir;
        QProcess process;
        process.start(QStringLiteral(RANKSCOPE_GUI_BINARY),
                      {QStringLiteral("--report"), dir.filePath(QStringLiteral("r.html"))});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("--report needs a bundle"));
    }

    void diffWithoutBaselineFailsWithOneLine()
    {
        // A bundle whose job.json names no baseline, and no --baseline.
        QTemporaryDir dir;
        QProcess process;
        process.start(QStringLiteral(RANKSCOPE_GUI_BINARY),
                      {QStringLiteral("--export-view"), QStringLiteral("diff"),
                       QStringLiteral("--out"), dir.filePath(QStringLiteral("x.png")),
                       QStringLiteral(RANKSCOPE_FIXTURES_DIR "/bundle")});
        QVERIFY(process.waitForFinished(180000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("needs a baseline"));
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
