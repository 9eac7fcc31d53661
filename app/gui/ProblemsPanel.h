#pragma once

#include "core/model/StackDataset.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

// Lists the per-file problems of the last import (file, line, message), so a bad file is
// visible without hiding what did import.
class ProblemsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ProblemsPanel(QWidget *parent = nullptr);
    void setProblems(const std::vector<rankscope::ImportProblem> &problems);
    int count() const;

private:
    QLabel *m_header;
    QTreeWidget *m_list;
};
