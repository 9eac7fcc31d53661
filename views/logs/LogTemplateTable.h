#pragma once

#include "core/logs/LogAnalysis.h"

#include <QTableView>

#include <memory>

namespace rankscope {

class LogTemplateDelegate;
class LogTemplateFilterProxy;
class LogTemplateModel;

// The templates of the job's logs: template, severity, count, the ranks that have and miss it,
// first seen (time and iteration) and flags. Sortable by every column (by the numbers), starts
// in the analysis' order (most suspicious first); filtered by text and "suspicious only".
// Clicking a row (or Enter) activates its template.
class LogTemplateTable : public QTableView
{
    Q_OBJECT

public:
    explicit LogTemplateTable(QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const LogAnalysis> analysis,
                     std::shared_ptr<const JobInfo> job = {});
    void setTextFilter(const QString &text);
    void setSuspiciousOnly(bool on);
    // Selects the template's row (or clears the selection for kNoTemplate) without emitting.
    void selectTemplate(TemplateId id);
    TemplateId selectedTemplate() const;
    int visibleTemplateCount() const;

    LogTemplateModel *sourceModel() const { return m_model; }
    LogTemplateFilterProxy *proxyModel() const { return m_proxy; }

signals:
    void templateActivated(rankscope::TemplateId id);

private:
    void activate(const QModelIndex &index);

    LogTemplateModel *m_model = nullptr;
    LogTemplateFilterProxy *m_proxy = nullptr;
    LogTemplateDelegate *m_delegate = nullptr;
};

} // namespace rankscope
