// The CLI and the GUI give the same verdict on the same bundle: the stack verdict, the straggler
// verdict, the log summary and the coverage line, on the hang demo, a bundle with traces only
// and a bundle with logs only. Both read the same cache; each runs its own analysis.
#include "MainWindow.h"
#include "StragglersPanel.h"
#include "app/cli/CliApp.h"
#include "views/logs/LogsView.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace rankscope;

namespace {

struct CliRun
{
    int exitCode = -1;
    std::string out;
    std::string err;
};

CliRun runCli(const std::vector<std::string> &args)
{
    std::ostringstream out;
    std::ostringstream err;
    cli::CliContext context{out, err, false, false};
    CliRun run;
    run.exitCode = cli::runCli(args, context);
    run.out = out.str();
    run.err = err.str();
    return run;
}

// The text after `prefix` on the line that starts with it; `nextLine`: the line after it.
QString lineAfter(const std::string &text, const std::string &prefix, bool nextLine = false)
{
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(prefix, 0) != 0)
            continue;
        if (nextLine && std::getline(in, line))
            return QString::fromStdString(line).trimmed();
        return QString::fromStdString(line.substr(prefix.size())).trimmed();
    }
    return {};
}

} // namespace

class TestCliGuiVerdicts : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;

    QString synth(const char *scenario, const QString &name)
    {
        const QString out = m_tmp.filePath(name);
        const CliRun run = runCli({"synth", "--scenario", scenario, "--ranks", "16", "--seed", "3",
                                   "--out", out.toStdString()});
        if (run.exitCode != 0)
            qFatal("synth %s failed: %s", scenario, run.err.c_str());
        return out;
    }

    void compare(const QString &bundle, bool hasStacks, bool hasTraces, bool hasLogs)
    {
        const std::string path = bundle.toStdString();
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy ready(window.session(), &BundleSession::resultsReady);
        window.openBundle(bundle);
        QVERIFY(ready.wait(180000));

        // Stacks: the verdict sentence, and the coverage the status line repeats.
        const CliRun stacks = runCli({"stacks", path});
        QCOMPARE(stacks.exitCode, 0);
        const QString cliVerdict = lineAfter(stacks.out, "Verdict: ", true);
        QVERIFY2(!cliVerdict.isEmpty(), stacks.out.c_str());
        QCOMPARE(window.verdictText(), cliVerdict);
        const QString cliCoverage = lineAfter(stacks.out, "Coverage: ");
        QVERIFY2(!cliCoverage.isEmpty(), stacks.out.c_str());
        QVERIFY2(window.statusText().contains(cliCoverage),
                 qPrintable(window.statusText() + QStringLiteral(" / ") + cliCoverage));
        // "ranks 0-15: traces; no stacks or logs in this bundle": the layers after "no".
        const qsizetype absentAt = cliCoverage.indexOf(QLatin1String("no "));
        const QString absent =
            absentAt >= 0 && cliCoverage.endsWith(QLatin1String("in this bundle"))
                ? cliCoverage.mid(absentAt)
                : QString();
        QCOMPARE(absent.contains(QLatin1String("stacks")), !hasStacks);
        QCOMPARE(absent.contains(QLatin1String("traces")), !hasTraces);
        QCOMPARE(absent.contains(QLatin1String("logs")), !hasLogs);
        // The import summary says the same.
        const CliRun import = runCli({"import", path});
        QVERIFY2(import.out.find(cliCoverage.toStdString()) != std::string::npos,
                 import.out.c_str());

        // Stragglers: the sentence, or both say there is nothing to compare.
        const CliRun stragglers = runCli({"stragglers", path});
        const QString guiStragglers = window.stragglersPanel()->summaryText();
        if (stragglers.exitCode == 0) {
            const QString sentence = lineAfter(stragglers.out, "Verdict: ");
            const int dash = int(sentence.indexOf(QLatin1String(" - ")));
            QVERIFY2(dash > 0, stragglers.out.c_str());
            // Without traces the panel says first that its verdict comes from the logs.
            const QString fromLogs = hasTraces ? QString()
                                               : QStringLiteral("No profiler traces in this "
                                                                "bundle; from the logs: ");
            QCOMPARE(guiStragglers, fromLogs + sentence.mid(dash + 3));
        } else {
            QVERIFY2(!hasTraces && !hasLogs, stragglers.err.c_str());
            QVERIFY2(guiStragglers.startsWith(QLatin1String("No profiler traces")),
                     qPrintable(guiStragglers));
        }

        // Logs: the summary sentence, or both say there are none.
        const CliRun logs = runCli({"logs", path});
        const QString guiLogs = window.logsView()->summaryText();
        if (hasLogs) {
            QCOMPARE(logs.exitCode, 0);
            QCOMPARE(guiLogs, lineAfter(logs.out, "Summary: "));
        } else {
            QVERIFY(logs.exitCode != 0);
            QVERIFY2(logs.err.find("has no logs") != std::string::npos, logs.err.c_str());
            QCOMPARE(guiLogs, QStringLiteral("No logs analysed yet."));
        }
    }

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        QVERIFY(m_tmp.isValid());
    }

    void hangDemo()
    {
        // Stacks and logs of a 16-rank job hung in one rank's data loader.
        compare(synth("hang-dataloader", QStringLiteral("hang")), true, false, true);
    }

    void tracesOnly()
    {
        // The straggler demo's traces without its stacks and logs.
        const QString bundle = synth("straggler-gpu", QStringLiteral("traces-only"));
        QDir(bundle + QStringLiteral("/stacks")).removeRecursively();
        QDir(bundle + QStringLiteral("/logs")).removeRecursively();
        compare(bundle, false, true, false);
    }

    void logsOnly()
    {
        const QString bundle = synth("hang-dataloader", QStringLiteral("logs-only"));
        QDir(bundle + QStringLiteral("/stacks")).removeRecursively();
        QDir(bundle + QStringLiteral("/traces")).removeRecursively();
        compare(bundle, false, false, true);
    }
};

QTEST_MAIN(TestCliGuiVerdicts)
#include "test_cli_gui_verdicts.moc"
