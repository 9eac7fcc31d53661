// The CLI and the GUI give the same log verdict on the same bundle: the Logs tab's summary and
// its suspicious count are rankscope-cli logs' summary and suspicious_templates; the Stragglers
// panel and the heatmap of a bundle of logs alone say what rankscope-cli stragglers says
// (cannot tell, and why). Bundles: tests/bundle/RealLogFixtures.h.
#include "MainWindow.h"
#include "StragglersPanel.h"
#include "app/cli/CliApp.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogsView.h"

#include "../bundle/RealLogFixtures.h"

#include <nlohmann/json.hpp>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace rankscope;

namespace {

nlohmann::json cliJson(const std::vector<std::string> &args)
{
    std::ostringstream out;
    std::ostringstream err;
    cli::CliContext context{out, err, false, false};
    if (cli::runCli(args, context) != 0)
        qFatal("rankscope-cli failed: %s", err.str().c_str());
    return nlohmann::json::parse(out.str());
}

} // namespace

class TestLogVerdicts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test")); }

    void cliAndGuiGiveTheSameVerdict()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        real_logs::oomOnOneRank().write(bundle.path());
        const std::string path = bundle.path().toStdString();
        const nlohmann::json logs =
            cliJson({"logs", path, "--format", "json", "--cache-dir", cache.path().toStdString()});
        const nlohmann::json stragglers = cliJson(
            {"stragglers", path, "--format", "json", "--cache-dir", cache.path().toStdString()});

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy finished(window.session(), &BundleSession::importFinished);
        window.openBundle(bundle.path());
        QVERIFY(finished.wait(120000));
        QCoreApplication::processEvents();

        // Logs: the same sentence, and the count beside it is the CLI's.
        const QString summary = window.logsView()->summaryText();
        QCOMPARE(summary.toStdString(), logs["summary"].get<std::string>());
        QVERIFY2(summary.startsWith(QStringLiteral("Rank 5 (node-0): ")), qPrintable(summary));
        const int suspicious = logs["suspicious_templates"].get<int>();
        QVERIFY(suspicious > 0);
        QVERIFY2(window.logsView()->templateStatusText().contains(
                     QStringLiteral("%1 suspicious").arg(suspicious)),
                 qPrintable(window.logsView()->templateStatusText()));

        // Stragglers: the logs time rank 31 only; both say they cannot tell, in the same words.
        QCOMPARE(stragglers["verdict"].get<std::string>(), std::string("inconclusive"));
        const QString panel = window.stragglersPanel()->summaryText();
        QVERIFY2(panel.contains(QString::fromStdString(stragglers["summary"].get<std::string>())),
                 qPrintable(panel));
        QVERIFY2(panel.contains(QStringLiteral("the logs give step times for 1 of 32 ranks")),
                 qPrintable(panel));
        QCOMPARE(window.stragglersPanel()->suspectCount(), 0);
        const QString heatmap = window.heatmapView()->heatmap()->scene().placeholder();
        QVERIFY2(heatmap.contains(QStringLiteral("cannot tell stragglers: the logs give step "
                                                 "times for 1 of 32 ranks")),
                 qPrintable(heatmap));
    }
};

QTEST_MAIN(TestLogVerdicts)
#include "test_log_verdicts.moc"
