#pragma once

#include "core/collectives/CollectiveAnalysis.h"
#include "views/stacks/RankSetMetaType.h"

#include <QWidget>

#include <memory>

class QLabel;
class QStandardItemModel;
class QTreeView;

namespace rankscope {

// The verdict of the collective analysis and its suspects, most suspicious first: kind, ranks,
// group, sequence and op, and the reason in one sentence; consequences of a higher finding are
// shown greyed. Choosing a finding asks the view to select its ranks and its sequence.
class CollectiveFindingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit CollectiveFindingsPanel(QWidget *parent = nullptr);

    void setReport(std::shared_ptr<const CollectiveReport> report);
    int findingCount() const;
    QTreeView *view() const { return m_view; }
    QString verdictText() const;
    // The verdict and the analysis notes as shown above the findings (rich text).
    QLabel *verdictLabel() const { return m_verdict; }
    // At most this many distinct notes are listed under the verdict; the rest are counted and
    // listed in the tooltip, so a note repeated by every rank's log line cannot push the strip
    // off the window.
    static constexpr int kShownNotes = 3;

signals:
    // The index into CollectiveReport::suspects of the finding the user chose.
    void findingActivated(int index);

private:
    std::shared_ptr<const CollectiveReport> m_report;
    QLabel *m_verdict = nullptr;
    QTreeView *m_view = nullptr;
    QStandardItemModel *m_model = nullptr;
};

} // namespace rankscope
