#pragma once

#include "core/diff/BundleDiff.h"

#include <QMetaType>
#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;

namespace rankscope {

// The top of the Diff view: a header naming the baseline and the target with their rank counts,
// and the "what changed" summary in plain words (BundleDiff::summary, largest change first).
// Each line with evidence is a link: clicking it (or Enter) emits its DiffEvidence.
class DiffSummaryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DiffSummaryPanel(QWidget *parent = nullptr);

    void setDiff(const BundleDiff &diff);
    // No diff: the header says `message` ("Comparing with baseline…") and there are no lines.
    void setMessage(const QString &message);

    int lineCount() const;
    QString lineText(int line) const;
    DiffEvidence lineEvidence(int line) const;
    QString headerText() const;
    // Rect of a line in the list's viewport coordinates (for clicks in tests).
    QRect lineRect(int line) const;
    // As if the user clicked the line: emits lineActivated and evidenceActivated when it has
    // evidence.
    void activateLine(int line);

    QListWidget *list() const { return m_list; }

signals:
    void lineActivated(int line);
    void evidenceActivated(const rankscope::DiffEvidence &evidence);

private:
    void onItemClicked(QListWidgetItem *item);
    void fitHeight();

    QLabel *m_header = nullptr;
    QListWidget *m_list = nullptr;
    std::vector<DiffEvidence> m_evidence;
};

} // namespace rankscope

Q_DECLARE_METATYPE(rankscope::DiffEvidence)
