#pragma once

#include "TraceResults.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

// The straggler analysis of the bundle's profiler traces: the verdict in a sentence, the
// suspects (blockers first, then the ranks that wait for them) and the clock offsets applied to
// align the ranks. Activating a suspect selects its rank and first anomalous window.
class StragglersPanel : public QWidget
{
    Q_OBJECT
public:
    explicit StragglersPanel(QWidget *parent = nullptr);
    void setTraces(const TraceResults &traces);
    int suspectCount() const;
    // The verdict sentence shown on top (the CLI's "Verdict: ... - <sentence>").
    QString summaryText() const;

signals:
    void suspectActivated(int rank, rankscope::WindowAxis axis, qint64 window);

private:
    static QString sourceText(rankscope::ClockOffsetSource source);

    QLabel *m_summary;
    QTreeWidget *m_suspects;
    QLabel *m_clocksHeader;
    QTreeWidget *m_clocks;
};
