// The window and rankscope-cli give the same stack verdict on the same bundle (issue 10, point
// 18): the verdict line the window shows above the flame graph is the CLI's `verdict.summary`,
// word for word, for a hang (blockers found) and for a healthy job (no hang), and for a hang
// whose culprit node only the logs name (NodeFromLogsBundle.h, issue 10 point 16).
#include "MainWindow.h"
#include "NodeFromLogsBundle.h"
#include "core/synth/SyntheticBundle.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;

class TestVerdictAgreement : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    QString writeBundle(const char *scenario, int ranks)
    {
        SynthOptions options;
        options.scenario = scenario;
        options.ranks = ranks;
        options.seed = 5;
        options.writeLogs = false;
        options.outDir = m_tmp.filePath(QString::fromLatin1(scenario)).toStdString();
        writeSyntheticBundle(options);
        return QString::fromStdString(options.outDir.string());
    }

    static QJsonObject cliVerdict(const QString &bundle)
    {
        QProcess cli;
        cli.start(
            QStringLiteral(RANKSCOPE_CLI_BINARY),
            {QStringLiteral("stacks"), bundle, QStringLiteral("--format"), QStringLiteral("json")});
        if (!cli.waitForFinished(120000) || cli.exitCode() != 0)
            return {};
        return QJsonDocument::fromJson(cli.readAllStandardOutput())
            .object()
            .value(QStringLiteral("verdict"))
            .toObject();
    }

    static QStringList labelTexts(const QWidget &window)
    {
        QStringList texts;
        for (const QLabel *label : window.findChildren<QLabel *>())
            texts << label->text();
        return texts;
    }

    void compare(const QString &bundle, const char *kind, const QString &names = QString())
    {
        const QJsonObject cli = cliVerdict(bundle);
        QCOMPARE(cli.value(QStringLiteral("kind")).toString(), QString::fromLatin1(kind));
        const QString summary = cli.value(QStringLiteral("summary")).toString();
        QVERIFY(!summary.isEmpty());
        QVERIFY2(summary.contains(names), qPrintable(summary));

        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QSignalSpy ready(window.session(), &BundleSession::resultsReady);
        window.openBundle(bundle);
        QVERIFY(ready.wait(120000));
        const StackResults &results = window.session()->results();
        QVERIFY(results.analysis);
        QCOMPARE(QString::fromLatin1(stackVerdictName(results.analysis->verdict.kind)),
                 QString::fromLatin1(kind));
        QVERIFY2(labelTexts(window).contains(summary),
                 qPrintable(summary + QStringLiteral("\nnot among\n") +
                            labelTexts(window).join(QLatin1Char('\n'))));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        qputenv("RANKSCOPE_CACHE_DIR", m_tmp.filePath(QStringLiteral("cache")).toUtf8());
    }

    void hangGivesTheSameVerdict()
    {
        compare(writeBundle("hang-dataloader", 16), "blockers-found");
    }

    void healthyJobGivesTheSameVerdict() { compare(writeBundle("healthy", 16), "progressing"); }

    void nodeNamedByTheLogsGivesTheSameVerdict()
    {
        // No job.json: gpu-h100-03 is named from NCCL's "host:pid:tid" lines in the Slurm output.
        const QString bundle = m_tmp.filePath(QStringLiteral("node-from-logs"));
        node_logs_test::writeBundle(bundle);
        compare(bundle, "blockers-found", QStringLiteral("gpu-h100-03 (ranks 16-23) is elsewhere"));
    }
};

QTEST_MAIN(TestVerdictAgreement)
#include "test_verdict_agreement.moc"
