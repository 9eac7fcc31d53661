// What other tools said about a collective finding, in the window: a small synthetic hang (one
// rank never joins the others' all_reduce, shown by the Flight Recorder dumps) beside the text
// output of PyTorch's Flight Recorder analyser, which names the same rank (an agreeing claim)
// and a rank of a group no record shows (a finding that only the report makes). The finding's
// detail and its reason's tooltip list the claims under a heading that says whose words they
// are; in Chinese the sentence frame is translated and the analyser's own words stay as written.
#include "CollectiveResults.h"
#include "MainWindow.h"
#include "core/synth/SyntheticBundle.h"
#include "views/collectives/CollectiveFindingsPanel.h"
#include "views/collectives/CollectivesView.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTranslator>
#include <QTreeView>
#include <QtTest>

using namespace rankscope;

namespace {

// The analyser's report block ("Not all ranks joining collective ...", tools/flight_recorder
// of PyTorch), as tests/fixtures/logs/collectives/fr_analyser.txt has it.
QByteArray analyserBlock(std::int64_t seq, const std::string &pg, const std::string &desc,
                         const std::string &op, const std::string &missing)
{
    return QStringLiteral("Not all ranks joining collective, sequence number: %1\n"
                          "internal record id: %1\n"
                          "group info: %2:%3\n"
                          "collective: nccl:%4\n"
                          "missing ranks: {%5}\n"
                          "collective state: scheduled\n")
        .arg(seq)
        .arg(QString::fromStdString(pg), QString::fromStdString(desc), QString::fromStdString(op),
             QString::fromStdString(missing))
        .toUtf8();
}

// The window on `bundle`, once its collectives are in.
bool openAndWait(MainWindow &window, const QString &bundle)
{
    QSignalSpy ready(window.collectiveLoader(), &CollectiveLoader::ready);
    window.openBundle(bundle);
    return ready.wait(120000) && window.collectivesView()->data() &&
           window.collectivesView()->data()->report;
}

int findingIndex(const CollectiveReport &report, bool fromRecords)
{
    for (std::size_t i = 0; i < report.suspects.size(); ++i)
        if (report.suspects[i].fromRecords == fromRecords && !report.suspects[i].claims.empty())
            return int(i);
    return -1;
}

// The finding's detail pane after choosing it, as plain text.
QString detailOf(MainWindow &window, int finding)
{
    window.collectivesView()->activateFinding(finding);
    return window.collectivesView()->details()->toPlainText();
}

QString reasonTooltipOf(MainWindow &window, int finding)
{
    auto *view = window.collectivesView()->findings()->view();
    return view->model()->index(finding, 4).data(Qt::ToolTipRole).toString();
}

} // namespace

class TestCollectiveClaims : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        QVERIFY(m_dir.isValid());
        m_bundle = m_dir.filePath(QStringLiteral("hang"));
        SynthOptions options;
        options.scenario = "hang-dataloader";
        options.ranks = 8;
        options.seed = 7;
        options.outDir = m_bundle.toStdString();
        writeSyntheticBundle(options);

        // What the records alone say: the rank behind, its group and collective.
        MainWindow window;
        QVERIFY(openAndWait(window, m_bundle));
        const CollectiveReport &report = *window.collectivesView()->data()->report;
        QVERIFY(!report.suspects.empty());
        const CollectiveSuspect &top = report.suspects.front();
        QVERIFY(top.fromRecords);
        QVERIFY(top.claims.empty());
        m_rank = top.ranks.first();
        QFile file(m_bundle + QStringLiteral("/logs/fr_analysis.txt"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(analyserBlock(top.seq, top.pgName, top.pgDesc,
                                 top.op.empty() ? "all_reduce" : top.op, std::to_string(m_rank)));
        file.write(analyserBlock(12, "77", "EXTRA_GROUP", "all_gather", "5"));
    }

    void claimsShowInTheFindingsDetail()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndWait(window, m_bundle));
        const CollectiveReport &report = *window.collectivesView()->data()->report;

        // The records' finding carries the analyser's agreement.
        const int agreed = findingIndex(report, true);
        QVERIFY(agreed >= 0);
        QCOMPARE(report.suspects[std::size_t(agreed)].ranks.first(), m_rank);
        const QString agreement =
            QStringLiteral("PyTorch's Flight Recorder analyser agrees: rank %1").arg(m_rank);
        QCOMPARE(QString::fromStdString(report.suspects[std::size_t(agreed)].claims.front()),
                 agreement);
        QString detail = detailOf(window, agreed);
        QVERIFY2(detail.contains(QStringLiteral("What other tools and logs say about it")),
                 qPrintable(detail));
        QVERIFY2(detail.contains(agreement), qPrintable(detail));
        QVERIFY2(reasonTooltipOf(window, agreed).contains(agreement.toHtmlEscaped()),
                 qPrintable(reasonTooltipOf(window, agreed)));

        // The group no record shows: a finding the report alone makes, quoting it.
        const int claimed = findingIndex(report, false);
        QVERIFY(claimed >= 0);
        detail = detailOf(window, claimed);
        QVERIFY2(detail.contains(QStringLiteral("What the tool's report says")),
                 qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("PyTorch's Flight Recorder analyser: Not all ranks "
                                                "joining collective, sequence number: 12")),
                 qPrintable(detail));
    }

    void claimsAreTranslated()
    {
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/rankscope_zh_CN.qm")));
        QCoreApplication::installTranslator(&translator);
        const auto remove =
            qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndWait(window, m_bundle));
        const CollectiveReport &report = *window.collectivesView()->data()->report;

        const int agreed = findingIndex(report, true);
        QVERIFY(agreed >= 0);
        QString detail = detailOf(window, agreed);
        QVERIFY2(detail.contains(QStringLiteral("其他工具和日志对此的说法")), qPrintable(detail));
        const QString agreement =
            QStringLiteral("PyTorch 的 Flight Recorder 分析器 同样指出：rank %1").arg(m_rank);
        QVERIFY2(detail.contains(agreement), qPrintable(detail));
        QVERIFY2(!detail.contains(QStringLiteral("agrees")), qPrintable(detail));
        QVERIFY2(reasonTooltipOf(window, agreed).contains(agreement),
                 qPrintable(reasonTooltipOf(window, agreed)));

        // The analyser's own words stay as it wrote them, after its translated name.
        const int claimed = findingIndex(report, false);
        QVERIFY(claimed >= 0);
        detail = detailOf(window, claimed);
        QVERIFY2(detail.contains(QStringLiteral("该工具报告的内容")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("PyTorch 的 Flight Recorder 分析器：Not all ranks "
                                                "joining collective, sequence number: 12")),
                 qPrintable(detail));
    }

private:
    QTemporaryDir m_dir;
    QString m_bundle;
    int m_rank = -1;
};

QTEST_MAIN(TestCollectiveClaims)
#include "test_collective_claims.moc"
