#pragma once

#include "core/diff/LogDiff.h"

#include <QTableView>

#include <memory>

namespace rankscope {

class LogTemplateDiffModel;
class SignificantRowFilter;

// The log templates new, gone and changed in frequency between a baseline and a target run
// (LogDiff::changes): change chip, template, counts and rates per rank per iteration in both
// runs, ratio, the target's ranks and nodes, the first target iteration. Starts in the diff's
// order (most important first), sortable by every column, "significant only" on by default.
// Double-click (or Enter) on a template the target has asks for its lines.
class LogTemplateDiffTable : public QTableView
{
    Q_OBJECT

public:
    explicit LogTemplateDiffTable(QWidget *parent = nullptr);

    void setDiff(std::shared_ptr<const LogDiff> diff);
    const LogDiff *diff() const;

    void setSignificantOnly(bool on);
    bool significantOnly() const;
    int visibleRowCount() const;

    // Selects and reveals the row of logs.changes[index] (turning "significant only" off when
    // it hides the row). False when there is no such change.
    bool selectChange(int index);
    int currentChange() const; // index into LogDiff::changes, -1 when none

    LogTemplateDiffModel *sourceModel() const { return m_model; }
    SignificantRowFilter *proxyModel() const { return m_proxy; }

signals:
    // The target run's template id of the activated row.
    void logTemplateRequested(qint64 targetTemplate);
    void significantOnlyChanged(bool on);

private:
    void activate(const QModelIndex &index);

    LogTemplateDiffModel *m_model = nullptr;
    SignificantRowFilter *m_proxy = nullptr;
};

} // namespace rankscope
