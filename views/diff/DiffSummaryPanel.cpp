#include "views/diff/DiffSummaryPanel.h"

#include "views/common/MessageText.h"
#include "views/logs/LogChip.h"

#include <QGuiApplication>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>

namespace rankscope {

namespace {

constexpr int kMaxVisibleLines = 6;

QString sectionName(DiffEvidence::Kind kind)
{
    switch (kind) {
    case DiffEvidence::Kind::StackPath:
        return DiffSummaryPanel::tr("stacks");
    case DiffEvidence::Kind::LogTemplate:
        return DiffSummaryPanel::tr("logs");
    case DiffEvidence::Kind::Op:
        return DiffSummaryPanel::tr("ops");
    case DiffEvidence::Kind::StepTime:
    case DiffEvidence::Kind::StepSeries:
        return DiffSummaryPanel::tr("step time");
    case DiffEvidence::Kind::None:
        break;
    }
    return DiffSummaryPanel::tr("overall");
}

QColor sectionColour(DiffEvidence::Kind kind)
{
    switch (kind) {
    case DiffEvidence::Kind::StackPath:
        return QColor(0xf4, 0xa5, 0x82);
    case DiffEvidence::Kind::LogTemplate:
        return QColor(0xd9, 0xc7, 0xe8);
    case DiffEvidence::Kind::Op:
    case DiffEvidence::Kind::StepTime:
    case DiffEvidence::Kind::StepSeries:
        return QColor(0x92, 0xc5, 0xde);
    case DiffEvidence::Kind::None:
        break;
    }
    return QColor(0xdd, 0xe1, 0xe6);
}

// One chip per section, all as wide as the widest, so the sentences start in one column.
QIcon sectionIcon(DiffEvidence::Kind kind, const QFont &font, int width, int height)
{
    QPixmap pixmap(width, height);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setFont(font);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(sectionColour(kind));
    painter.drawRoundedRect(QRectF(0, 1, width, height - 2), 3, 3);
    painter.setPen(QColor(0x1d, 0x23, 0x2b));
    painter.drawText(QRect(0, 0, width, height), Qt::AlignCenter, sectionName(kind));
    return QIcon(pixmap);
}

} // namespace

DiffSummaryPanel::DiffSummaryPanel(QWidget *parent)
    : QWidget(parent), m_header(new QLabel(this)), m_list(new QListWidget(this))
{
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    m_header->setContentsMargins(6, 4, 6, 0);
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setUniformItemSizes(true);
    m_list->setWordWrap(false);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setAccessibleName(tr("What changed"));
    QPalette palette = m_list->palette();
    palette.setColor(QPalette::Base, palette.color(QPalette::Window));
    m_list->setPalette(palette);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 4);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    layout->addWidget(m_list);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    connect(m_list, &QListWidget::itemClicked, this, &DiffSummaryPanel::onItemClicked);
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        // A double-click also clicked: only keyboard activation (Enter) is new here.
        if (QGuiApplication::mouseButtons() == Qt::NoButton)
            onItemClicked(item);
    });
    setMessage({});
}

void DiffSummaryPanel::setDiff(const BundleDiff &diff)
{
    const QString baseline = QString::fromStdString(diff.baselineName).toHtmlEscaped();
    const QString target = QString::fromStdString(diff.targetName).toHtmlEscaped();
    m_header->setText(
        tr("<b>What changed</b> &nbsp; baseline <b>%1</b> (%2) &rarr; target <b>%3</b> (%4)")
            .arg(baseline,
                 diff.baselineRanks == 1 ? tr("%n rank", nullptr, diff.baselineRanks)
                                         : tr("%n ranks", nullptr, diff.baselineRanks),
                 target,
                 diff.targetRanks == 1 ? tr("%n rank", nullptr, diff.targetRanks)
                                       : tr("%n ranks", nullptr, diff.targetRanks)));
    m_list->clear();
    m_evidence.clear();
    const QFontMetrics metrics(m_list->font());
    int chipWidth = 0;
    for (const auto kind :
         {DiffEvidence::Kind::StackPath, DiffEvidence::Kind::LogTemplate, DiffEvidence::Kind::Op,
          DiffEvidence::Kind::StepTime, DiffEvidence::Kind::None})
        chipWidth = std::max(chipWidth, LogChip::width(metrics, sectionName(kind)));
    const int chipHeight = metrics.height() + 2;
    m_list->setIconSize(QSize(chipWidth, chipHeight));
    for (const DiffSummaryLine &line : diff.summary) {
        auto *item = new QListWidgetItem(messageText(line.message, line.text), m_list);
        item->setIcon(sectionIcon(line.evidence.kind, m_list->font(), chipWidth, chipHeight));
        if (line.evidence.kind != DiffEvidence::Kind::None) {
            item->setForeground(palette().color(QPalette::Link));
            item->setToolTip(tr("Click to show the evidence."));
        }
        m_evidence.push_back(line.evidence);
    }
    fitHeight();
}

void DiffSummaryPanel::setMessage(const QString &message)
{
    m_header->setText(message.isEmpty() ? tr("<b>What changed</b> &nbsp; no comparison yet")
                                        : message.toHtmlEscaped());
    m_list->clear();
    m_evidence.clear();
    fitHeight();
}

void DiffSummaryPanel::fitHeight()
{
    const int lines = std::min(m_list->count(), kMaxVisibleLines);
    m_list->setVisible(lines > 0);
    const int row = m_list->count() > 0 ? m_list->sizeHintForRow(0) : 0;
    m_list->setFixedHeight(lines * row + 2 * m_list->frameWidth() + 2);
}

int DiffSummaryPanel::lineCount() const
{
    return m_list->count();
}

QString DiffSummaryPanel::lineText(int line) const
{
    const QListWidgetItem *item = m_list->item(line);
    return item ? item->text() : QString();
}

DiffEvidence DiffSummaryPanel::lineEvidence(int line) const
{
    if (line < 0 || line >= int(m_evidence.size()))
        return {};
    return m_evidence[std::size_t(line)];
}

QString DiffSummaryPanel::headerText() const
{
    return m_header->text();
}

QRect DiffSummaryPanel::lineRect(int line) const
{
    QListWidgetItem *item = m_list->item(line);
    return item ? m_list->visualItemRect(item) : QRect();
}

void DiffSummaryPanel::activateLine(int line)
{
    if (QListWidgetItem *item = m_list->item(line))
        onItemClicked(item);
}

void DiffSummaryPanel::onItemClicked(QListWidgetItem *item)
{
    const int line = m_list->row(item);
    if (line < 0)
        return;
    emit lineActivated(line);
    const DiffEvidence evidence = lineEvidence(line);
    if (evidence.kind != DiffEvidence::Kind::None)
        emit evidenceActivated(evidence);
}

} // namespace rankscope
