#pragma once

#include "TraceResults.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

// The straggler analysis of the bundle's profiler traces: the verdict in a sentence, the
// suspects (blockers first, then the ranks that wait for them; confirmed or tentative, and what
// each costs the job), the arrival order at collectives (the ranks the others waited for most)
// and the clock offsets applied to align the ranks, with the alignment's quality. Activating a
// suspect or a late rank selects it (a suspect: its rank and first anomalous window).
class StragglersPanel : public QWidget
{
    Q_OBJECT
public:
    explicit StragglersPanel(QWidget *parent = nullptr);
    void setTraces(const TraceResults &traces);
    int suspectCount() const;
    QString summaryText() const; // the verdict sentence as shown

signals:
    void suspectActivated(int rank, rankscope::WindowAxis axis, qint64 window);

private:
    static QString sourceText(rankscope::ClockOffsetSource source);
    static QString whenText(const rankscope::StragglerSuspect &suspect, const QString &first);
    static QString confidenceText(const rankscope::StragglerSuspect &suspect);
    static QString costText(const rankscope::StragglerSuspect &suspect);
    static QString qualityText(rankscope::ClockQuality quality);
    void showArrivals(const TraceResults &traces);
    void showClocks(const TraceResults &traces);

    QLabel *m_summary;
    QTreeWidget *m_suspects;
    QLabel *m_arrivalsHeader;
    QTreeWidget *m_arrivals;
    QLabel *m_clocksHeader;
    QTreeWidget *m_clocks;
};
