#pragma once

#include "core/stacks/StackAnalysis.h"
#include "views/stacks/RankSetMetaType.h"

#include <QWidget>

#include <memory>

class QLabel;
class QStandardItemModel;
class QTreeView;

namespace rankscope {

// The verdict of the stack comparison and its suspects, most suspicious first: ranks, kind, the
// frame that shows the evidence and the reason in one sentence. Choosing a suspect asks the
// other views to show its frame and ranks.
class SuspectsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SuspectsPanel(QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const StackAnalysis> analysis);
    int suspectCount() const;
    QTreeView *view() const { return m_view; }

    static QString kindText(SuspectKind kind);
    static QString noSuspectsText(const StackAnalysis &analysis);

signals:
    void suspectActivated(int node, const rankscope::RankSet &ranks);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void activateRow(int row);
    void fitColumns();

    std::shared_ptr<const StackAnalysis> m_analysis;
    QLabel *m_verdict = nullptr;
    QTreeView *m_view = nullptr;
    QStandardItemModel *m_model = nullptr;
    // The rank and frame columns' widths from their contents, before a narrow dock squeezes them.
    int m_ranksWidth = 0;
    int m_frameWidth = 0;
};

} // namespace rankscope
