#include "views/logs/LogTemplateTable.h"

#include "views/logs/LogTemplateDelegate.h"
#include "views/logs/LogTemplateFilterProxy.h"
#include "views/logs/LogTemplateModel.h"

#include <QHeaderView>

namespace rankscope {

LogTemplateTable::LogTemplateTable(QWidget *parent)
    : QTableView(parent), m_model(new LogTemplateModel(this)),
      m_proxy(new LogTemplateFilterProxy(this)), m_delegate(new LogTemplateDelegate(this))
{
    m_proxy->setSourceModel(m_model);
    setModel(m_proxy);
    setItemDelegate(m_delegate);
    setSortingEnabled(true);
    // No sort indicator at first: the analysis' order (most suspicious first) is the useful
    // one, and a click on a header sorts from there.
    horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_proxy->sort(-1);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    QHeaderView *header = horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(LogTemplateModel::TemplateColumn, QHeaderView::Stretch);
    for (const int c : {LogTemplateModel::SeverityColumn, LogTemplateModel::CountColumn,
                        LogTemplateModel::FirstSeenColumn, LogTemplateModel::FlagsColumn})
        header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    header->resizeSection(LogTemplateModel::HasColumn,
                          fontMetrics().horizontalAdvance(QStringLiteral("0-36,38-127,130")));
    header->resizeSection(LogTemplateModel::MissingColumn,
                          fontMetrics().horizontalAdvance(QStringLiteral("Missing ranks__")));
    header->resizeSection(
        LogTemplateModel::FlagsColumn,
        fontMetrics().horizontalAdvance(QStringLiteral("minority lacks new late ")));
    setAccessibleName(tr("Log templates"));

    connect(this, &QTableView::clicked, this, &LogTemplateTable::activate);
    connect(this, &QTableView::activated, this, &LogTemplateTable::activate);
}

void LogTemplateTable::setAnalysis(std::shared_ptr<const LogAnalysis> analysis,
                                   std::shared_ptr<const JobInfo> job)
{
    m_model->setAnalysis(std::move(analysis), std::move(job));
}

void LogTemplateTable::setTextFilter(const QString &text)
{
    m_proxy->setText(text);
}

void LogTemplateTable::setSuspiciousOnly(bool on)
{
    m_proxy->setSuspiciousOnly(on);
}

void LogTemplateTable::selectTemplate(TemplateId id)
{
    const int sourceRow = id == kNoTemplate ? -1 : m_model->rowOf(id);
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(sourceRow, 0));
    if (!index.isValid()) {
        clearSelection();
        return;
    }
    selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                 QItemSelectionModel::Rows);
    scrollTo(index);
}

TemplateId LogTemplateTable::selectedTemplate() const
{
    const QModelIndexList rows = selectionModel()->selectedRows();
    if (rows.isEmpty())
        return kNoTemplate;
    return TemplateId(rows.first().data(LogTemplateModel::TemplateIdRole).toUInt());
}

int LogTemplateTable::visibleTemplateCount() const
{
    return m_proxy->rowCount();
}

void LogTemplateTable::activate(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    emit templateActivated(TemplateId(index.data(LogTemplateModel::TemplateIdRole).toUInt()));
}

} // namespace rankscope
