#pragma once

#include "core/diff/OpDiff.h"
#include "core/traces/TraceMetric.h"

#include <QTableView>

#include <memory>

namespace rankscope {

class OpDiffModel;
class SignificantRowFilter;

// The per-op timing of the target against the baseline, per iteration (OpDiff::ops): starts in
// the diff's order (largest change per iteration first), sortable by every column. Activating a
// row (double-click, Enter) asks for the heatmap in difference mode with the metric the op
// feeds (communication, compute or CPU op time).
class OpDiffTable : public QTableView
{
    Q_OBJECT

public:
    explicit OpDiffTable(QWidget *parent = nullptr);

    void setDiff(std::shared_ptr<const OpDiff> diff);
    const OpDiff *diff() const;

    void setSignificantOnly(bool on); // off by default: unchanged ops show what did not move
    bool significantOnly() const;

    // Selects and reveals the row of ops[index]. False when there is no such op.
    bool selectOp(int index);
    int currentOp() const; // index into OpDiff::ops, -1 when none

    // The heatmap metric an op of this kind shows up in.
    static TraceMetric metricOf(TraceEventKind kind);

    OpDiffModel *sourceModel() const { return m_model; }
    SignificantRowFilter *proxyModel() const { return m_proxy; }

signals:
    void heatmapDifferenceRequested(rankscope::TraceMetric metric);

private:
    OpDiffModel *m_model = nullptr;
    SignificantRowFilter *m_proxy = nullptr;
};

} // namespace rankscope
