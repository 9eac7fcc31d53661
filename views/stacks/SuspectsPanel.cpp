#include "views/stacks/SuspectsPanel.h"

#include "views/common/MessageText.h"
#include "views/common/WrappingItemDelegate.h"
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
    RanksColumn,
    KindColumn,
    FrameColumn,
    ReasonColumn,
    ColumnCount
};
constexpr int kSuspectIndexRole = Qt::UserRole + 1;
} // namespace

SuspectsPanel::SuspectsPanel(QWidget *parent)
    : QWidget(parent), m_verdict(new QLabel(this)), m_view(new QTreeView(this)),
      m_model(new QStandardItemModel(0, ColumnCount, this))
{
    m_model->setHorizontalHeaderLabels({tr("Ranks"), tr("Kind"), tr("Frame"), tr("Reason")});
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setContentsMargins(6, 4, 6, 4);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setAlternatingRowColors(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // The panel is a narrow dock: the reason wraps within it instead of running off to the
    // right behind a scroll bar; rank lists (no spaces) elide, their tooltip has them all.
    m_view->setWordWrap(true);
    m_view->setUniformRowHeights(false);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(true);
    header->setSectionResizeMode(RanksColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(KindColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(FrameColumn, QHeaderView::Interactive);
    header->resizeSection(RanksColumn, 130);
    header->resizeSection(FrameColumn, 120);
    m_view->setItemDelegate(new WrappingItemDelegate(header, m_view));
    // Row heights follow the reason column's width (QTreeView keeps them until told).
    connect(header, &QHeaderView::sectionResized, m_view, [this](int column) {
        if (column == ReasonColumn)
            m_view->doItemsLayout();
    });
    m_view->setAccessibleName(tr("Suspects"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_verdict);
    layout->addWidget(m_view, 1);

    connect(m_view, &QTreeView::clicked, this,
            [this](const QModelIndex &index) { activateRow(index.row()); });
    connect(m_view, &QTreeView::activated, this,
            [this](const QModelIndex &index) { activateRow(index.row()); });
    setAnalysis(nullptr);
}

QString SuspectsPanel::kindText(SuspectKind kind)
{
    switch (kind) {
    case SuspectKind::NoData:
        return tr("No data");
    case SuspectKind::Blocker:
        return tr("Blocker");
    case SuspectKind::Desync:
        return tr("Desync");
    case SuspectKind::MinorityPath:
        return tr("Minority path");
    case SuspectKind::MissedByFew:
        return tr("Missed by few");
    case SuspectKind::Stuck:
        return tr("Stuck");
    }
    return QString();
}

// Why the list is empty, in agreement with the verdict above it: "the stacks agree" only when
// every rank has the same stack (a tree split at the root is no agreement).
QString SuspectsPanel::noSuspectsText(const StackAnalysis &analysis)
{
    switch (analysis.verdict.kind) {
    case StackVerdictKind::NoData:
        return tr("No suspects: there are no stacks to compare.");
    case StackVerdictKind::Progressing:
        return tr("No suspects: the ranks are progressing.");
    case StackVerdictKind::MostRanksMissing:
    case StackVerdictKind::TooFewRanks:
    case StackVerdictKind::AllInSameWait:
    case StackVerdictKind::NoMajority:
        return tr("No suspects: the stacks cannot tell (see the verdict).");
    case StackVerdictKind::BlockersFound:
    case StackVerdictKind::NoWaitMajority:
        break;
    }
    if (analysis.classes.size() <= 1)
        return tr("No suspects: every rank has the same stack.");
    return tr("No suspects: no path is rare enough to single out.");
}

void SuspectsPanel::setAnalysis(std::shared_ptr<const StackAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    m_model->removeRows(0, m_model->rowCount());
    if (!m_analysis) {
        m_verdict->setText(tr("No stacks analysed yet."));
        return;
    }
    m_verdict->setText(
        messageText(m_analysis->verdict.summaryMessage, m_analysis->verdict.summary));
    const auto &suspects = m_analysis->suspects;
    for (std::size_t i = 0; i < suspects.size(); ++i) {
        const Suspect &s = suspects[i];
        auto *ranks = new QStandardItem(FlameGraphText::rankRanges(s.ranks, 40));
        const int n = s.ranks.count();
        ranks->setToolTip((n == 1 ? tr("%n rank: %1", nullptr, n) : tr("%n ranks: %1", nullptr, n))
                              .arg(FlameGraphText::rankRanges(s.ranks)));
        ranks->setData(int(i), kSuspectIndexRole);
        auto *kind = new QStandardItem(kindText(s.kind));
        auto *frame = new QStandardItem(QString::fromStdString(s.frame));
        frame->setToolTip(frame->text());
        auto *reason = new QStandardItem(messageText(s.reasonMessage, s.reason));
        reason->setToolTip(reason->text());
        m_model->appendRow({ranks, kind, frame, reason});
    }
    if (suspects.empty())
        m_model->appendRow(new QStandardItem(noSuspectsText(*m_analysis)));
    for (int c = 0; c < ReasonColumn; ++c)
        m_view->resizeColumnToContents(c);
    m_ranksWidth = m_view->header()->sectionSize(RanksColumn);
    m_frameWidth = m_view->header()->sectionSize(FrameColumn);
    fitColumns();
}

void SuspectsPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

// In a narrow dock the rank and frame columns give way (they elide, their tooltips have it all)
// so that the reason keeps two fifths of the width to wrap in: else the columns ran past the
// view and the reason was cut at its right edge.
void SuspectsPanel::fitColumns()
{
    if (m_ranksWidth <= 0 || m_frameWidth <= 0)
        return;
    constexpr int kNarrowest = 40;
    QHeaderView *header = m_view->header();
    const int room = m_view->viewport()->width() * 3 / 5 - header->sectionSize(KindColumn);
    const int wanted = m_ranksWidth + m_frameWidth;
    const double scale = wanted > room ? double(std::max(room, 0)) / wanted : 1.0;
    header->resizeSection(RanksColumn, std::max(kNarrowest, int(m_ranksWidth * scale)));
    header->resizeSection(FrameColumn, std::max(kNarrowest, int(m_frameWidth * scale)));
}

int SuspectsPanel::suspectCount() const
{
    return m_analysis ? int(m_analysis->suspects.size()) : 0;
}

void SuspectsPanel::activateRow(int row)
{
    if (!m_analysis)
        return;
    const QVariant index = m_model->index(row, RanksColumn).data(kSuspectIndexRole);
    if (!index.isValid())
        return;
    const Suspect &s = m_analysis->suspects[std::size_t(index.toInt())];
    emit suspectActivated(s.node, s.ranks);
}

} // namespace rankscope
