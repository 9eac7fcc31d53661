#include "views/collectives/CollectiveFindingsPanel.h"

#include "views/collectives/CollectiveText.h"
#include "views/common/MessageText.h"
#include "views/flamegraph/FlameGraphText.h"

#include <QHeaderView>
#include <QLabel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace rankscope {

namespace {
enum Column
{
    KindColumn,
    RanksColumn,
    GroupColumn,
    SequenceColumn,
    ReasonColumn,
    ColumnCount
};
constexpr int kFindingIndexRole = Qt::UserRole + 1;
} // namespace

CollectiveFindingsPanel::CollectiveFindingsPanel(QWidget *parent)
    : QWidget(parent), m_verdict(new QLabel(this)), m_view(new QTreeView(this)),
      m_model(new QStandardItemModel(0, ColumnCount, this))
{
    m_model->setHorizontalHeaderLabels(
        {tr("Kind"), tr("Ranks"), tr("Group"), tr("Sequence"), tr("Reason")});
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setContentsMargins(6, 4, 6, 4);
    m_verdict->setTextFormat(Qt::RichText);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->header()->setStretchLastSection(true);
    m_view->setAccessibleName(tr("Collective findings"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_verdict);
    layout->addWidget(m_view, 1);

    const auto activate = [this](const QModelIndex &index) {
        const QModelIndex first = m_model->index(index.row(), KindColumn);
        const QVariant finding = m_model->data(first, kFindingIndexRole);
        if (finding.isValid())
            emit findingActivated(finding.toInt());
    };
    connect(m_view, &QTreeView::clicked, this, activate);
    connect(m_view, &QTreeView::activated, this, activate);
    setReport(nullptr);
}

void CollectiveFindingsPanel::setReport(std::shared_ptr<const CollectiveReport> report)
{
    m_report = std::move(report);
    m_model->removeRows(0, m_model->rowCount());
    if (!m_report) {
        m_verdict->setText(tr("No collectives analysed yet."));
        m_verdict->setToolTip(QString());
        return;
    }
    QString verdict =
        QStringLiteral("<b>%1</b>")
            .arg(messageText(m_report->verdictMessage, m_report->verdict).toHtmlEscaped());
    // Notes once each, in their first order, with how often the analysis gave them.
    std::vector<std::pair<QString, int>> notes;
    for (std::size_t n = 0; n < m_report->notes.size(); ++n) {
        const QString text = n < m_report->noteMessages.size()
                                 ? messageText(m_report->noteMessages[n], m_report->notes[n])
                                 : QString::fromStdString(m_report->notes[n]);
        auto it = std::find_if(notes.begin(), notes.end(),
                               [&text](const auto &n) { return n.first == text; });
        if (it == notes.end())
            notes.emplace_back(text, 1);
        else
            ++it->second;
    }
    const auto noteText = [](const std::pair<QString, int> &note) {
        return note.second > 1 ? tr("%1 (%n times)", nullptr, note.second).arg(note.first)
                               : note.first;
    };
    QStringList shown;
    QStringList all;
    for (std::size_t i = 0; i < notes.size(); ++i) {
        if (int(i) < kShownNotes)
            shown << noteText(notes[i]).toHtmlEscaped();
        if (i < 40)
            all << noteText(notes[i]).toHtmlEscaped();
    }
    if (const int more = int(notes.size()) - kShownNotes; more > 0)
        shown << (more == 1 ? tr("1 more note (hover to read it).")
                            : tr("%n more notes (hover to read them).", nullptr, more));
    if (!shown.empty())
        verdict += QStringLiteral("<br><span style='color:#5a6270'>%1</span>")
                       .arg(shown.join(QStringLiteral("<br>")));
    m_verdict->setText(verdict);
    m_verdict->setToolTip(int(notes.size()) > kShownNotes ? all.join(QStringLiteral("<br>"))
                                                          : QString());
    const auto &suspects = m_report->suspects;
    for (std::size_t i = 0; i < suspects.size(); ++i) {
        const CollectiveSuspect &s = suspects[i];
        auto *kind = new QStandardItem(CollectiveText::kindText(s.kind));
        kind->setData(int(i), kFindingIndexRole);
        if (!s.decided)
            kind->setText(tr("%1 (undecided)").arg(kind->text()));
        auto *ranks = new QStandardItem(FlameGraphText::rankRanges(s.ranks, 40));
        ranks->setToolTip((s.ranks.count() == 1 ? tr("%n rank: %1", nullptr, 1)
                                                : tr("%n ranks: %1", nullptr, s.ranks.count()))
                              .arg(FlameGraphText::rankRanges(s.ranks)));
        auto *group = new QStandardItem(CollectiveText::groupName(s.pgName, s.pgDesc));
        const QString op = QString::fromStdString(s.op);
        auto *seq = new QStandardItem(
            s.seq >= 0
                ? (op.isEmpty() ? CollectiveText::sequenceLabel(s.seq, s.p2p)
                                : tr("%1 %2").arg(op, CollectiveText::sequenceLabel(s.seq, s.p2p)))
                : op);
        auto *reason = new QStandardItem(messageText(s.reasonMessage, s.reason));
        // The whole sentence, wrapped, and what other tools said about the finding.
        const QString claims = CollectiveText::claimsHtml(s);
        reason->setToolTip(QStringLiteral("<p>%1</p>").arg(reason->text().toHtmlEscaped()) +
                           claims);
        const QList<QStandardItem *> row{kind, ranks, group, seq, reason};
        if (s.consequence)
            for (QStandardItem *item : row) {
                item->setForeground(QColor(0x7a, 0x80, 0x8a));
                item->setToolTip(QStringLiteral("<p>%1</p>")
                                     .arg(tr("A consequence of a finding above: %1")
                                              .arg(messageText(s.reasonMessage, s.reason))
                                              .toHtmlEscaped()) +
                                 claims);
            }
        m_model->appendRow(row);
    }
    if (suspects.empty()) {
        auto *none = new QStandardItem(tr("No suspects in the collectives."));
        none->setEnabled(false);
        m_model->appendRow({none});
    }
    for (int c = 0; c < ReasonColumn; ++c)
        m_view->resizeColumnToContents(c);
}

int CollectiveFindingsPanel::findingCount() const
{
    return m_report ? int(m_report->suspects.size()) : 0;
}

QString CollectiveFindingsPanel::verdictText() const
{
    return m_report ? messageText(m_report->verdictMessage, m_report->verdict) : QString();
}

} // namespace rankscope
