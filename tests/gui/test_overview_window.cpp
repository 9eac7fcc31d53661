// The Overview tab in the real window, offscreen: it is the first view after an import, its
// verdict names the demo's injected rank with evidence from more than one layer, a piece of
// evidence opens the view that shows it, the straggler demo lists what the slow rank does to
// the others, and the page exports as a picture. The strip and the timeline are checked at
// 2,048 ranks too (binning, hit testing).
#include "CollectiveResults.h"
#include "DemoBundle.h"
#include "MainWindow.h"
#include "views/common/MessageText.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/overview/AnomalyTimeline.h"
#include "views/overview/CoverageStrip.h"
#include "views/overview/OverviewView.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;

namespace {

RankSet injectedRanks(const QString &bundle)
{
    QFile file(QDir(bundle).filePath(QStringLiteral("ground_truth.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    RankSet ranks;
    for (const QJsonValue v :
         QJsonDocument::fromJson(file.readAll()).object()[QStringLiteral("fault_ranks")].toArray())
        ranks.insert(v.toInt());
    return ranks;
}

// Waits until the Overview holds a verdict joined after every layer arrived (the collectives
// come last).
bool waitForVerdict(MainWindow &window)
{
    return QTest::qWaitFor([&] { return window.isSettled(); }, 180000);
}

} // namespace

class TestOverviewWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test")); }

    void hangDemoOpensOnItsVerdict()
    {
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("hang-dataloader"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        const RankSet injected = injectedRanks(demo);
        QVERIFY(!injected.empty());

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QCOMPARE(window.viewTabs()->tabText(0), QStringLiteral("Overview"));
        window.openBundle(demo);
        QVERIFY(waitForVerdict(window));
        // Settle: the last layer's join replaces the one before it.
        QTest::qWait(200);
        QTRY_VERIFY_WITH_TIMEOUT(!window.overviewView()->data()->verdict.culprits.empty(), 60000);
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Overview);

        const FindingsVerdict &v = window.overviewView()->data()->verdict;
        const Culprit &first = v.culprits.front();
        QVERIFY2((first.ranks & injected) == injected,
                 qPrintable(QStringLiteral("first culprit %1, injected %2")
                                .arg(QString::fromStdString(first.ranks.toString()),
                                     QString::fromStdString(injected.toString()))));
        QVERIFY2(first.layers.size() >= 2,
                 qPrintable(QStringLiteral("layers: %1").arg(first.layers.size())));
        QVERIFY(window.overviewView()->verdictText().contains(QString::number(injected.first())));

        // The stacks' evidence opens the flame graph on its frame.
        int stacksEvidence = -1;
        for (int i = 0; i < int(first.evidence.size()); ++i)
            if (first.evidence[std::size_t(i)].ref.target == EvidenceTarget::Frame) {
                stacksEvidence = i;
                break;
            }
        QVERIFY(stacksEvidence >= 0);
        QVERIFY(window.overviewView()->activateEvidence(0, stacksEvidence));
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Stacks);
        QCOMPARE(window.flameGraph()->selectedNode(),
                 first.evidence[std::size_t(stacksEvidence)].ref.id);

        // The page exports whole, as PNG and SVG.
        window.showCentralView(MainWindow::CentralView::Overview);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("overview.png"));
        QVERIFY2(window.exportImage(png, &error), qPrintable(error));
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.height() >= window.overviewView()->widget()->height());
        // The incident report: one HTML file with the verdict, the pictures embedded, the notes
        // section and the commands; Markdown beside a folder of PNGs.
        window.addCurrentViewToReport();
        QCOMPARE(window.reportPictureCount(), 1);
        const QString html = dir.filePath(QStringLiteral("report.html"));
        QVERIFY2(window.exportReport(html, &error), qPrintable(error));
        QFile htmlFile(html);
        QVERIFY(htmlFile.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(htmlFile.readAll());
        QVERIFY(page.contains(window.overviewView()->verdictText().toHtmlEscaped()));
        QVERIFY(page.count(QStringLiteral("src=\"data:image/png;base64,")) >= 3);
        QVERIFY(!page.contains(QStringLiteral("http://")) &&
                !page.contains(QStringLiteral("https://")));
        QVERIFY(page.contains(QStringLiteral("rankscope-cli findings")));
        QVERIFY(page.contains(QStringLiteral("<h2>Notes</h2>")));
        const QString markdown = dir.filePath(QStringLiteral("report.md"));
        QVERIFY2(window.exportReport(markdown, &error), qPrintable(error));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("report_files/01.png"))));
        QFile mdFile(markdown);
        QVERIFY(mdFile.open(QIODevice::ReadOnly));
        QVERIFY(mdFile.readAll().contains("](report_files/01.png)"));

        const QString svg = dir.filePath(QStringLiteral("overview.svg"));
        QVERIFY2(window.exportImage(svg, &error), qPrintable(error));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QVERIFY(svgFile.readAll().contains("<svg"));
    }

    void stragglerDemoListsTheEffects()
    {
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("straggler-gpu"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        const RankSet injected = injectedRanks(demo);
        QVERIFY(!injected.empty());
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        window.openBundle(demo);
        QVERIFY(waitForVerdict(window));
        QTRY_VERIFY_WITH_TIMEOUT(!window.overviewView()->data()->verdict.culprits.empty(), 60000);
        const Culprit &first = window.overviewView()->data()->verdict.culprits.front();
        QVERIFY2((first.ranks & injected) == injected,
                 qPrintable(QString::fromStdString(first.ranks.toString())));
        // What the slow rank does to the others: they wait for it, and the Diff's all-reduce
        // slowdown against the demo's baseline is its effect, not a culprit of its own.
        QVERIFY(window.comparison()->hasBaseline());
        bool waiters = false;
        bool allReduce = false;
        for (const Evidence &e : first.effects) {
            waiters = waiters || (e.layer == FindingLayer::Traces && e.kind == "waiting");
            allReduce =
                allReduce || (e.layer == FindingLayer::Baseline && e.kind == "op_slower" &&
                              messageText(e.sentence).contains(QStringLiteral("AllReduce")));
        }
        QVERIFY(waiters);
        QVERIFY(allReduce);
        for (const Culprit &c : window.overviewView()->data()->verdict.culprits)
            QVERIFY(c.layers != std::vector<FindingLayer>{FindingLayer::Baseline});
    }

    void coverageStripBinsManyRanks()
    {
        CoverageStrip strip;
        strip.resize(900, strip.minimumSizeHint().height());
        JobInfo job;
        job.worldSize = 2048;
        job.layers.stacks = RankSet::range(0, 2047);
        job.layers.logs = RankSet::range(0, 1023);
        job.ranks.resize(2048);
        for (int r = 0; r < 2048; ++r) {
            job.ranks[std::size_t(r)].rank = r;
            job.ranks[std::size_t(r)].node = "node-" + std::to_string(r / 8);
        }
        strip.setCoverage(job, RankSet::fromVector({1500}));
        // Every rank is in exactly one column, in order, from the first to the last.
        int next = 0;
        for (int x = 0; x < strip.width(); ++x) {
            const auto [first, last] = strip.ranksAt(x);
            if (first < 0)
                continue;
            QVERIFY(first <= last);
            QCOMPARE(first, next);
            next = last + 1;
        }
        QCOMPARE(next, 2048);
        const QImage picture = strip.grab().toImage();
        QVERIFY(!picture.isNull());
    }

    void timelineFindsItsMarks()
    {
        AnomalyTimeline timeline;
        timeline.resize(800, 120);
        std::vector<AnomalyTimeline::Mark> marks(2);
        marks[0].layer = FindingLayer::Logs;
        marks[0].timeNs = 1'800'000'000'000'000'000;
        marks[0].label = QStringLiteral("rank 37: OSError");
        marks[0].anchor = true;
        marks[0].id = 7;
        marks[1].layer = FindingLayer::Collectives;
        marks[1].timeNs = marks[0].timeNs + 600'000'000'000;
        marks[1].label = QStringLiteral("watchdog timeout");
        marks[1].effect = true;
        marks[1].id = 9;
        timeline.setMarks(marks);
        timeline.resize(800, timeline.minimumSizeHint().height());
        QCOMPARE(timeline.markAt(timeline.markCentre(0)), 0);
        QCOMPARE(timeline.markAt(timeline.markCentre(1)), 1);
        QVERIFY(timeline.markCentre(0).x() < timeline.markCentre(1).x());
        QSignalSpy activated(&timeline, &AnomalyTimeline::markActivated);
        QTest::mouseClick(&timeline, Qt::LeftButton, {}, timeline.markCentre(1));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.front().front().toInt(), 9);
    }
};

QTEST_MAIN(TestOverviewWindow)
#include "test_overview_window.moc"
