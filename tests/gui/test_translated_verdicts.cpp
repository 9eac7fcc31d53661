// The answers in the user's language: with the zh_CN or ja catalog installed, the verdict and
// the suspect reasons the window shows (and the exported picture's caption) come from the core's
// messages translated, not the core's English. Each check fails if a display site goes back to
// the English string.
#include "BaselineComparison.h"
#include "CollectiveResults.h"
#include "DemoBundle.h"
#include "LanguageMenu.h"
#include "MainWindow.h"
#include "StackViewExport.h"
#include "StragglersPanel.h"
#include "TraceResults.h"
#include "core/traces/StragglerWording.h"
#include "views/collectives/CollectiveFindingsPanel.h"
#include "views/collectives/CollectivesView.h"
#include "views/diff/DiffSummaryPanel.h"
#include "views/diff/DiffView.h"
#include "views/logs/LogsView.h"
#include "views/stacks/SuspectsPanel.h"

#include <QImageReader>
#include <QLabel>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTranslator>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

using namespace rankscope;

namespace {

bool hasCjk(const QString &text)
{
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if ((u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3040 && u <= 0x30FF))
            return true; // CJK ideographs, hiragana, katakana
    }
    return false;
}

// No run of three or more ASCII letters other than the names that stay as they are (rank ids,
// operation and frame names): catches an English sentence left among translated ones.
bool hasEnglishWords(const QString &text, const QStringList &allowed)
{
    QString stripped = text;
    for (const QString &word : allowed)
        stripped.remove(word);
    static const QRegularExpression words(QStringLiteral("[A-Za-z]{3,}"));
    return stripped.contains(words);
}

} // namespace

class TestTranslatedVerdicts : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QString error;
        m_demo = DemoBundle::ensure(QString(), &error);
        QVERIFY2(!m_demo.isEmpty(), qPrintable(error));
    }

    void stackVerdictAndReasons_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("waitWord"); // "wait" in the verdict sentence
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("等待");
        QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("待機");
    }
    void stackVerdictAndReasons()
    {
        QFETCH(QString, language);
        QFETCH(QString, waitWord);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_") + language +
                                QStringLiteral(".qm")));
        QCoreApplication::installTranslator(&translator);
        const auto remove =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy ready(window.session(), &BundleSession::resultsReady);
        window.openBundle(m_demo);
        QVERIFY(ready.wait(120000));
        const StackResults &results = window.session()->results();
        const Suspect &top = results.analysis->suspects.front();
        const QString rank = QString::fromStdString(top.ranks.toString()); // "37"

        // The Suspects panel: the verdict line and the top suspect's reason.
        SuspectsPanel *panel = window.suspectsPanel();
        const QString english = QString::fromStdString(results.analysis->verdict.summary);
        QString verdict;
        for (const QLabel *label : panel->findChildren<QLabel *>()) {
            if (label->text().contains(waitWord))
                verdict = label->text();
        }
        QVERIFY2(!verdict.isEmpty(), qPrintable(english));
        QVERIFY(hasCjk(verdict));
        QVERIFY2(!hasEnglishWords(verdict, {QStringLiteral("all_reduce"), QStringLiteral("rank")}),
                 qPrintable(verdict));
        auto *view = panel->findChild<QTreeView *>();
        QVERIFY(view);
        const QString reason = view->model()->index(0, 3).data().toString();
        QVERIFY2(hasCjk(reason), qPrintable(reason));
        QVERIFY2(reason.contains(rank), qPrintable(reason));
        QVERIFY(reason != QString::fromStdString(top.reason));

        // The main window's verdict line says the same.
        bool shown = false;
        for (const QLabel *label : window.findChildren<QLabel *>())
            shown |= label->text() == verdict && !panel->isAncestorOf(label);
        QVERIFY(shown);

        // The exported picture's caption carries the translated verdict first.
        const ExportCaption caption =
            StackViewExport::caption(results, QStringLiteral("demo"), -1, RankSet());
        QCOMPARE(caption.verdict, verdict);

        // View > Language offers the four choices, named in themselves.
        auto *languages = window.findChild<LanguageMenu *>(QStringLiteral("languageMenu"));
        QVERIFY(languages);
        QCOMPARE(languages->actions().size(), 5); // with the separator after the system's
        QVERIFY(hasCjk(languages->title()));
    }

    // The Stragglers panel's summary and reason tooltips on a report the core worded.
    void stragglerSummaryAndReason_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("straggler");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("掉队者");
        QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("ストラグラー");
    }
    void stragglerSummaryAndReason()
    {
        QFETCH(QString, language);
        QFETCH(QString, straggler);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_") + language +
                                QStringLiteral(".qm")));
        QCoreApplication::installTranslator(&translator);
        const auto remove =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });

        StragglerSuspect suspect;
        suspect.ranks = {21};
        suspect.nodes = {"node-2"};
        suspect.metric = TraceMetric::ComputeTime;
        suspect.firstWindow = 103;
        suspect.period = 10;
        suspect.magnitude = 0.62;
        suspect.windowsFlagged = 20;
        suspect.windowsTotal = 200;
        suspect.costPerWindowNs = 3.3e6;
        suspect.costTotalNs = 650e6;
        suspect.costWindows = 197;
        suspect.reasonMessage = describeSuspectMessage(suspect, {}, 0);
        suspect.reason = suspect.reasonMessage.english();
        StragglerReport report;
        report.verdict = StragglerVerdict::StragglersFound;
        report.windows = 200;
        report.suspects.push_back(suspect);
        report.waiters.resize(63);
        setStragglerSummary(report, summarizeStragglersMessage(report, nullptr, 3, 0));
        TraceResults results;
        results.stragglers = std::make_shared<StragglerReport>(report);

        StragglersPanel panel;
        panel.setTraces(results);
        QString summary;
        for (const QLabel *label : panel.findChildren<QLabel *>()) {
            if (label->text().contains(QStringLiteral("21")))
                summary = label->text();
        }
        QVERIFY2(summary.contains(straggler), qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("node-2")));
        QVERIFY(summary.contains(QStringLiteral("103")));
        QVERIFY2(!hasEnglishWords(summary, {QStringLiteral("rank"), QStringLiteral("node"),
                                            QStringLiteral("ms")}),
                 qPrintable(summary));
        auto *tree = panel.findChild<QTreeWidget *>(QStringLiteral("stragglerSuspects"));
        QVERIFY(tree);
        const QString tip = tree->topLevelItem(0)->toolTip(1);
        QVERIFY2(hasCjk(tip) && tip.contains(QStringLiteral("21")), qPrintable(tip));
        QVERIFY(tip != QString::fromStdString(suspect.reason));
    }

    // The Collectives view on a collective-mismatch bundle: the verdict over the findings, the
    // top finding's reason in the table and the exported caption are the core's messages
    // translated, with the operation names and rank numbers as they are.
    void collectiveVerdictAndFindings_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("runWord"); // "run(s)" in the mismatch sentence
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("运行");
        QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("実行");
    }
    void collectiveVerdictAndFindings()
    {
        QFETCH(QString, language);
        QFETCH(QString, runWord);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_") + language +
                                QStringLiteral(".qm")));
        QCoreApplication::installTranslator(&translator);
        const auto remove =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });

        QString error;
        const QString bundle = DemoBundle::ensure(QStringLiteral("collective-mismatch"), &error);
        QVERIFY2(!bundle.isEmpty(), qPrintable(error));
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy ready(window.collectiveLoader(), &CollectiveLoader::ready);
        window.openBundle(bundle);
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 120000);
        const CollectiveViewData *data = window.collectivesView()->data();
        QVERIFY(data && data->report && !data->report->suspects.empty());
        const CollectiveReport &report = *data->report;
        const CollectiveSuspect &top = report.suspects.front();
        QCOMPARE(top.kind, CollectiveSuspectKind::Mismatch);
        const QString rank = QString::fromStdString(top.ranks.toString());
        // The names that stay as they are; the group's description before "pg" inside it.
        const QStringList names{
            QString::fromStdString(top.op), QString::fromStdString(top.othersOp),
            QString::fromStdString(top.pgDesc), QStringLiteral("rank"), QStringLiteral("pg")};

        // The verdict over the findings.
        CollectiveFindingsPanel *panel = window.collectivesView()->findings();
        const QString verdict = panel->verdictText();
        QVERIFY2(verdict.contains(runWord) && verdict.contains(rank), qPrintable(verdict));
        QVERIFY2(!hasEnglishWords(verdict, names), qPrintable(verdict));
        bool shown = false;
        for (const QLabel *label : panel->findChildren<QLabel *>())
            shown |= label->text().contains(verdict.toHtmlEscaped());
        QVERIFY(shown);

        // The top finding's reason in the table.
        auto *view = panel->findChild<QTreeView *>();
        QVERIFY(view);
        const QString reason = view->model()->index(0, 4).data().toString();
        QVERIFY2(hasCjk(reason) && reason.contains(rank), qPrintable(reason));
        QVERIFY2(!hasEnglishWords(reason, names), qPrintable(reason));
        QVERIFY(reason != QString::fromStdString(top.reason));

        // The exported picture's caption.
        const ExportCaption caption = CollectivesView::caption(*data, 0, 0, QStringLiteral("demo"));
        QCOMPARE(caption.verdict, verdict);
        QCOMPARE(caption.selection, reason);
    }

    // The Diff view on the demo and its healthy baseline: the summary's lines, the status bar's
    // comparison sentence and the exported picture's caption are the core's messages translated,
    // the stack path's function names as they are.
    void diffSummary_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("baselineWord"); // "baseline" in the stack sentence
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("基线");
        QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("ベースライン");
    }
    void diffSummary()
    {
        QFETCH(QString, language);
        QFETCH(QString, baselineWord);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_") + language +
                                QStringLiteral(".qm")));
        QCoreApplication::installTranslator(&translator);
        const auto remove =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });

        MainWindow window;
        window.resize(1500, 950);
        window.show();
        QSignalSpy diffReady(window.comparison(), &BaselineComparison::diffReady);
        window.openBundle(m_demo); // its manifest names the healthy baseline beside it
        QVERIFY(diffReady.wait(180000));
        const auto diff = window.comparison()->diff();
        QVERIFY(diff && !diff->summary.empty());
        const DiffSummaryLine &top = diff->summary.front();
        QVERIFY(!top.message.empty());

        DiffSummaryPanel *summary = window.diffView()->summaryPanel();
        QVERIFY(summary->lineCount() >= 1);
        const QString first = summary->lineText(0);
        QVERIFY2(first.contains(baselineWord), qPrintable(first));
        QVERIFY(first != QString::fromStdString(top.text));
        // What stays English is the stack path's function names, not the sentence around them.
        QString withoutPath = first;
        for (const MessageArgument &argument : top.message.arguments())
            if (argument.isMessage() && argument.message().isVerbatim())
                withoutPath.remove(QString::fromStdString(argument.message().english()));
        QVERIFY2(!hasEnglishWords(withoutPath, {QStringLiteral("rank")}), qPrintable(first));

        QVERIFY2(window.statusText().contains(first), qPrintable(window.statusText()));

        window.showCentralView(MainWindow::CentralView::Diff);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("diff.png"));
        QString error;
        QVERIFY2(window.exportImage(file, &error), qPrintable(error));
        QImageReader reader(file);
        const QString description = reader.text(QStringLiteral("Description"));
        QVERIFY2(description.contains(first), qPrintable(description));
    }

    // The Logs view's summary on the demo: the top rank suspect's reason and the strongest
    // template's, the core's log messages translated (the templates' own text as it is).
    void logSummary_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("othersWord"); // "other ranks did not" in the rank's reason
        QTest::addColumn<QString>("lateWord");   // "new late in the job" in the template's
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("其他")
                               << QStringLiteral("作业后期新出现");
        QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("他の")
                            << QStringLiteral("ジョブの後半に新たに出現");
    }
    void logSummary()
    {
        QFETCH(QString, language);
        QFETCH(QString, othersWord);
        QFETCH(QString, lateWord);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_") + language +
                                QStringLiteral(".qm")));
        QCoreApplication::installTranslator(&translator);
        const auto remove =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        window.openBundle(m_demo);
        QTRY_VERIFY_WITH_TIMEOUT(window.logsView()->analysis() != nullptr, 120000);
        const LogAnalysis &analysis = *window.logsView()->analysis();
        QVERIFY(!analysis.suspects.empty() && !analysis.summaryMessage.empty());
        const LogSuspect &top = analysis.suspects.front();
        QCOMPARE(top.kind, LogSuspectKind::Rank);
        const QString summary = window.logsView()->summaryText();
        QVERIFY2(summary != QString::fromStdString(analysis.summary), qPrintable(summary));
        QVERIFY2(hasCjk(summary) && summary.contains(othersWord) && summary.contains(lateWord),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QString::fromStdString(top.ranks.toString())),
                 qPrintable(summary));
        QVERIFY2(!summary.contains(QLatin1String("other ranks")) &&
                     !summary.contains(QLatin1String("new late")),
                 qPrintable(summary));
    }

private:
    QString m_demo;
};

QTEST_MAIN(TestTranslatedVerdicts)
#include "test_translated_verdicts.moc"
