// The rank timeline and the rank detail view on hand-built traces.
#include "ScreenshotSupport.h"
#include "TraceViewFixtures.h"
#include "views/timeline/TimelineStyle.h"
#include "views/timeline/TraceTimelineWidget.h"
#include "views/traces/OpBreakdownTable.h"
#include "views/traces/RankDetailView.h"

#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

constexpr std::int64_t kT0 = 1'700'000'000'000'000'000;
constexpr std::int64_t kMs = 1'000'000;

int findEvent(const TraceData &trace, const char *prefix)
{
    for (std::size_t i = 0; i < trace.events.size(); ++i) {
        if (trace.eventName(std::uint32_t(i)).starts_with(prefix))
            return int(i);
    }
    return -1;
}

QImage grab(QWidget *widget)
{
    return widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
}

} // namespace

class TraceTimelineTest : public QObject
{
    Q_OBJECT

private slots:
    void lanesPutCpuThreadsBeforeGpuStreams();
    void lanesNestByDepthAndClipToTheWindow();
    void rendersAndTooltipNamesTheEventUnderTheCursor();
    void subPixelSlicesAreMergedAndStillFound();
    void wheelZoomsAroundTheCursorAndDragPans();
    void highlightTimeIsMarked();
    void rankDetailShowsHeaderTimelineAndOps();
    void rankDetailLoadingAndClear();
    void rankDetailSaysWhenTheMergeLeftItsEventsOut();

private:
    QTemporaryDir m_dir;
};

void TraceTimelineTest::lanesPutCpuThreadsBeforeGpuStreams()
{
    const auto trace = makeIterationTrace(kT0, 1.0);
    const TimelineLanes lanes = TimelineLanes::build(*trace, kT0, kT0 + 100 * kMs);
    QCOMPARE(int(lanes.lanes.size()), 4);
    QCOMPARE(lanes.lanes[0].kind, TraceTrackKind::CpuThread);
    QCOMPARE(lanes.lanes[1].kind, TraceTrackKind::CpuThread);
    QCOMPARE(lanes.lanes[2].kind, TraceTrackKind::GpuStream);
    QCOMPARE(TimelineStyle::trackLabel(*trace, lanes.lanes[0].track),
             QStringLiteral("thread 4242 (python3)"));
    QCOMPARE(TimelineStyle::trackLabel(*trace, lanes.lanes[3].track),
             QStringLiteral("GPU 0 · stream 13"));
    QVERIFY(std::find(lanes.kinds.begin(), lanes.kinds.end(),
                      TraceEventKind::CommunicationKernel) != lanes.kinds.end());
}

void TraceTimelineTest::lanesNestByDepthAndClipToTheWindow()
{
    const auto trace = makeIterationTrace(kT0, 1.0);
    const TimelineLanes lanes = TimelineLanes::build(*trace, kT0 + 10 * kMs, kT0 + 40 * kMs);
    const TimelineLane &main = lanes.lanes[0];
    // ProfilerStep > forward > aten op > cudaLaunchKernel: four rows.
    QCOMPARE(main.depthCount(), 4);
    QCOMPARE(QString::fromUtf8(trace->eventName(main.depths[0][0].event)),
             QStringLiteral("ProfilerStep#1498"));
    QCOMPARE(main.depths[0][0].startNs, kT0 + 10 * kMs); // clipped to the window
    QCOMPARE(main.depths[0][0].endNs, kT0 + 40 * kMs);
    for (const auto &depth : main.depths) {
        for (std::size_t i = 1; i < depth.size(); ++i)
            QVERIFY(depth[i - 1].startNs <= depth[i].startNs);
    }
    // Events wholly outside the window are left out; a window without events has no lanes.
    const TimelineLanes empty = TimelineLanes::build(*trace, kT0 + 500 * kMs, kT0 + 600 * kMs);
    QVERIFY(empty.lanes.empty());
}

void TraceTimelineTest::rendersAndTooltipNamesTheEventUnderTheCursor()
{
    const auto trace = makeIterationTrace(kT0, 1.0);
    TraceTimelineWidget widget;
    widget.resize(1200, 420);
    widget.setTrace(trace, kT0, kT0 + 100 * kMs);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage image = grab(&widget);
    QVERIFY(!saveScreenshot(image, m_dir.path(), QStringLiteral("timeline.png")).isEmpty());

    const int nccl = findEvent(*trace, "ncclDevKernel_AllReduce");
    QVERIFY(nccl >= 0);
    const QRect rect = widget.eventRect(nccl);
    QVERIFY(!rect.isEmpty());
    QCOMPARE(widget.eventAt(rect.center()), nccl);
    // Painted in the communication colour.
    const QImage viewport = grab(widget.viewport());
    QCOMPARE(viewport.pixelColor(rect.center().x(), rect.bottom() - 2),
             TimelineStyle::kindColour(TraceEventKind::CommunicationKernel));
    const QString text = widget.tooltipAt(rect.center());
    QVERIFY2(text.contains(QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("communication kernel")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("+76.0 ms")), qPrintable(text)); // start in the window
    QVERIFY2(text.contains(QStringLiteral("duration: 23.0 ms")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("stream 13")), qPrintable(text));

    const int gemm = findEvent(*trace, "ampere_bf16");
    const QString gemmText = widget.tooltipAt(widget.eventRect(gemm).center());
    QVERIFY2(gemmText.contains(QStringLiteral("ampere_bf16_s16816gemm")), qPrintable(gemmText));
    QVERIFY(gemmText.contains(QStringLiteral("compute kernel")));
    // Empty space has no tooltip.
    QVERIFY(widget.tooltipAt(QPoint(5, widget.viewport()->height() / 2)).isEmpty());
}

void TraceTimelineTest::subPixelSlicesAreMergedAndStillFound()
{
    // 20,000 kernels of 200 ns in a 100 ms window on 1,000 pixels: about 100 ns per pixel... the
    // burst spans 10 ms, so the painter must merge them per pixel and the hit test still works.
    const auto trace = makeIterationTrace(kT0, 1.0, 20000);
    TraceTimelineWidget widget;
    widget.resize(1200, 420);
    widget.setTrace(trace, kT0, kT0 + 120 * kMs);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    grab(&widget);
    const int tiny = findEvent(*trace, "void at::native::reduce_kernel");
    const QRect rect = widget.eventRect(tiny);
    QVERIFY(!rect.isEmpty());
    QVERIFY(rect.width() <= 2); // a 200 ns kernel at ~100 ns per pixel
    const int hit = widget.eventAt(QPoint(rect.left(), rect.center().y()));
    QVERIFY(hit >= 0);
    QVERIFY(QString::fromUtf8(trace->eventName(std::uint32_t(hit)))
                .startsWith(QStringLiteral("void at::native")));
    // The merged run is painted in the compute colour.
    QCOMPARE(grab(widget.viewport()).pixelColor(rect.left(), rect.center().y()),
             TimelineStyle::kindColour(TraceEventKind::ComputeKernel));
}

void TraceTimelineTest::wheelZoomsAroundTheCursorAndDragPans()
{
    const auto trace = makeIterationTrace(kT0, 1.0);
    TraceTimelineWidget widget;
    widget.resize(1200, 420);
    widget.setTrace(trace, kT0, kT0 + 100 * kMs);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const int nccl = findEvent(*trace, "ncclDevKernel");
    const QPoint at = widget.eventRect(nccl).center();
    const double timeBefore = widget.timeAt(at.x());
    QWheelEvent wheel(QPointF(at), QPointF(widget.viewport()->mapToGlobal(at)), QPoint(),
                      QPoint(0, 480), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget.viewport(), &wheel);
    const qint64 span = widget.visibleEndNs() - widget.visibleStartNs();
    QVERIFY(span < 50 * kMs);
    QVERIFY(std::fabs(widget.timeAt(at.x()) - timeBefore) < 0.01 * double(span));
    QCOMPARE(widget.eventAt(at), nccl);
    // Drag to the right shows earlier times.
    const qint64 start = widget.visibleStartNs();
    QTest::mousePress(widget.viewport(), Qt::LeftButton, {}, at);
    QMouseEvent move(QEvent::MouseMove, QPointF(at + QPoint(300, 0)),
                     QPointF(widget.viewport()->mapToGlobal(at + QPoint(300, 0))), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(widget.viewport(), &move);
    QTest::mouseRelease(widget.viewport(), Qt::LeftButton, {}, at + QPoint(300, 0));
    QVERIFY(widget.visibleStartNs() < start);
    // Home shows the window again; zooming out never goes past it.
    QTest::keyClick(&widget, Qt::Key_Home);
    QCOMPARE(widget.visibleStartNs(), kT0);
    QCOMPARE(widget.visibleEndNs(), kT0 + 100 * kMs);
    widget.zoomBy(0.01, 600);
    QCOMPARE(widget.visibleEndNs() - widget.visibleStartNs(), 100 * kMs);
    // W/S zoom and A/D pan, as in Perfetto and Nsight.
    QTest::keyClick(&widget, Qt::Key_W);
    const qint64 wSpan = widget.visibleEndNs() - widget.visibleStartNs();
    QVERIFY(wSpan < 100 * kMs);
    QTest::keyClick(&widget, Qt::Key_D);
    const qint64 dStart = widget.visibleStartNs();
    QVERIFY(dStart > kT0);
    QTest::keyClick(&widget, Qt::Key_A);
    QVERIFY(widget.visibleStartNs() < dStart);
    QTest::keyClick(&widget, Qt::Key_S);
    QVERIFY(widget.visibleEndNs() - widget.visibleStartNs() > wSpan);
}

void TraceTimelineTest::highlightTimeIsMarked()
{
    const auto trace = makeIterationTrace(kT0, 1.0);
    TraceTimelineWidget widget;
    widget.resize(1000, 300);
    widget.setTrace(trace, kT0, kT0 + 100 * kMs);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage before = grab(widget.viewport());
    widget.setHighlightTime(kT0 + 50 * kMs);
    const QImage after = grab(widget.viewport());
    const int x = int(std::lround(widget.xOfTime(double(kT0 + 50 * kMs))));
    int changed = 0;
    for (int y = 0; y < after.height(); ++y)
        changed += before.pixel(x, y) != after.pixel(x, y) ? 1 : 0;
    QVERIFY2(changed > after.height() / 4, qPrintable(QString::number(changed)));
}

void TraceTimelineTest::rankDetailShowsHeaderTimelineAndOps()
{
    RankDetailView view;
    view.resize(1200, 700);
    RankDetail detail;
    detail.rank = 137;
    detail.node = QStringLiteral("node-17");
    detail.windowLabel = QStringLiteral("iteration 1498");
    detail.windowStartNs = kT0;
    detail.windowEndNs = kT0 + 130 * kMs;
    detail.clockOffsetKnown = true;
    detail.clockOffsetNs = -1'234'000;
    detail.trace = makeIterationTrace(kT0, 1.38);
    detail.ops = makeOpComparisons();
    detail.highlightNs = kT0 + 40 * kMs;
    view.setDetail(detail);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString header = view.headerText();
    QVERIFY2(header.contains(QStringLiteral("Rank 137")), qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("node-17")), qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("iteration 1498")), qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("clock offset \u22121.23 ms applied")),
             qPrintable(header));
    QCOMPARE(view.timeline()->lanes().lanes.size(), std::size_t(4));
    QCOMPARE(view.timeline()->highlightTime(), kT0 + 40 * kMs);
    QCOMPARE(view.opTable()->model()->rowCount(), 7);
    saveScreenshot(view.grab().toImage(), m_dir.path(), QStringLiteral("rank-detail.png"));
}

void TraceTimelineTest::rankDetailLoadingAndClear()
{
    RankDetailView view;
    view.resize(800, 500);
    view.setLoading(true);
    QVERIFY(view.isLoading());
    QVERIFY(view.headerText().contains(QStringLiteral("Loading")));
    RankDetail detail;
    detail.rank = 3;
    detail.windowStartNs = kT0;
    detail.windowEndNs = kT0 + 100 * kMs;
    view.setDetail(detail); // no trace imported for this rank
    QVERIFY(!view.isLoading());
    QVERIFY(view.headerText().contains(QStringLiteral("clock not aligned")));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.clear();
    QCOMPARE(view.rank(), -1);
    QCOMPARE(view.opTable()->model()->rowCount(), 0);
}

// A merged cache made with --keep-events outliers has no events for most ranks: the detail says
// so instead of showing an empty timeline as if the rank had done nothing.
void TraceTimelineTest::rankDetailSaysWhenTheMergeLeftItsEventsOut()
{
    RankDetailView view;
    view.resize(1200, 500);
    RankDetail detail;
    detail.rank = 40;
    detail.node = QStringLiteral("node-5");
    detail.windowLabel = QStringLiteral("iteration 12");
    detail.windowStartNs = kT0;
    detail.windowEndNs = kT0 + 130 * kMs;
    detail.clockOffsetKnown = true;
    detail.trace = std::make_shared<const TraceData>();
    detail.eventsNote = QStringLiteral(
        "This merged cache kept the events of the suspects and a few peers only "
        "(--keep-events outliers), not of rank 40 in this window: its metrics are whole, its "
        "timeline is not. Merge with --keep-events all, or open the bundle, to see them.");
    view.setDetail(detail);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY2(view.headerText().contains(QStringLiteral("Rank 40")), qPrintable(view.headerText()));
    const QList<QLabel *> labels = view.findChildren<QLabel *>();
    const bool said = std::any_of(labels.begin(), labels.end(), [](const QLabel *label) {
        return label->isVisible() && label->text().contains(QStringLiteral("left out"));
    });
    QVERIFY(said);
    // The timeline's own text is the note, not "No events in this window".
    const QImage picture = view.timeline()->viewport()->grab().toImage();
    QVERIFY(!picture.isNull());
    saveScreenshot(view.grab().toImage(), m_dir.path(), QStringLiteral("rank-detail-left-out.png"));
}

QTEST_MAIN(TraceTimelineTest)
#include "tst_tracetimeline.moc"
