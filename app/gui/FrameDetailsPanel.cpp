#include "FrameDetailsPanel.h"

#include "core/stacks/FrameIdentity.h"

#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QVBoxLayout>

using namespace rankscope;

namespace {
QString ranksText(const RankSet &ranks)
{
    if (ranks.empty())
        return FrameDetailsPanel::tr("none");
    // "0-3, 6-8, 11-12, ..." with spaces so that the label can wrap, and cut: the scattered
    // ranks of a 2,048-rank job would otherwise make one line wider than any screen (the
    // list below names them all).
    constexpr qsizetype kMaxChars = 160;
    QString text =
        QString::fromStdString(ranks.toString()).replace(QLatin1Char(','), QStringLiteral(", "));
    if (text.size() > kMaxChars) {
        const qsizetype cut = text.lastIndexOf(QStringLiteral(", "), kMaxChars);
        text = text.left(cut > 0 ? cut : kMaxChars) + QStringLiteral(", \u2026");
    }
    return QStringLiteral("%1 (%2)").arg(text).arg(ranks.count());
}
} // namespace

FrameDetailsPanel::FrameDetailsPanel(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_ranks(new QListWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    // At 2,048 ranks the has/missing/no-data lists are longer than the dock: they scroll
    // instead of being cut mid-line (or pushing the rank list out).
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("frameSummaryScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(m_summary);
    layout->addWidget(scroll, 3);
    // Wrapped: in one line this caption alone set the dock's minimum width (314 px).
    auto *listCaption =
        new QLabel(tr("Ranks through this frame (double-click to highlight):"), this);
    listCaption->setWordWrap(true);
    layout->addWidget(listCaption);
    layout->addWidget(m_ranks, 2);
    connect(m_ranks, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { emit rankChosen(item->data(Qt::UserRole).toInt()); });
    showNode(-1);
}

void FrameDetailsPanel::setResults(const StackResults &results)
{
    m_results = results;
    showNode(-1);
}

void FrameDetailsPanel::showNode(int node)
{
    m_node = node;
    m_ranks->clear();
    const StackTree *tree = m_results.tree.get();
    if (!tree || node < 0 || node >= tree->size()) {
        m_summary->setText(tr("Click a frame in the flame graph to see which ranks have it."));
        return;
    }
    const StackTreeNode &n = tree->node(node);
    QString frame = QString::fromStdString(n.label);
    if (node != StackTree::kRoot && n.frame < m_results.data->frames.size())
        frame = QString::fromStdString(frameDescription(m_results.data->frames[n.frame]));
    m_summary->setText(QStringLiteral("<b>%1</b><br>").arg(frame.toHtmlEscaped()) +
                       tr("has: %1").arg(ranksText(n.has)) + QStringLiteral("<br>") +
                       tr("missing: %1").arg(ranksText(tree->missing(node))) +
                       QStringLiteral("<br>") + tr("no data: %1").arg(ranksText(tree->noData())) +
                       QStringLiteral("<br>") +
                       tr("samples: %1 (%2 ending here)").arg(n.samples).arg(n.selfSamples));
    // A frame every rank has lists thousands of ranks; the first 2000 are enough to pick from.
    int shown = 0;
    const JobInfo &job = m_results.data->job;
    n.has.forEach([&](int rank) {
        if (shown++ >= 2000)
            return;
        const std::string host = job.nodeOf(rank);
        auto *item = new QListWidgetItem(
            host.empty() ? tr("rank %1").arg(rank)
                         : tr("rank %1 (%2)").arg(rank).arg(QString::fromStdString(host)),
            m_ranks);
        item->setData(Qt::UserRole, rank);
    });
}
