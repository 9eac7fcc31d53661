#pragma once

#include "StackResults.h"

#include <QWidget>

class QLabel;
class QListWidget;

// The selected frame in words: full frame, its has / missing / no-data ranks with counts and
// samples, and the list of ranks through it; choosing a rank asks the window to highlight it.
class FrameDetailsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit FrameDetailsPanel(QWidget *parent = nullptr);
    void setResults(const StackResults &results);
    void showNode(int node);
    int node() const { return m_node; }

signals:
    void rankChosen(int rank);

private:
    StackResults m_results;
    int m_node = -1;
    QLabel *m_summary;
    QListWidget *m_ranks;
};
