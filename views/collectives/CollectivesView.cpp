#include "views/collectives/CollectivesView.h"

#include "views/annotations/CollectiveStripNoteCanvas.h"
#include "views/annotations/NoteExport.h"

#include "views/collectives/CollectiveStripPainter.h"
#include "views/collectives/CollectiveText.h"
#include "views/common/ElidingComboBox.h"
#include "views/common/FlowLayout.h"
#include "views/common/MessageText.h"
#include "views/flamegraph/FlameGraphText.h"

#include <QComboBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace rankscope {

CollectivesView::CollectivesView(QWidget *parent)
    : QWidget(parent), m_groups(new ElidingComboBox(24, this)), m_status(new QLabel(this)),
      m_strip(new CollectiveStripWidget(this)), m_findings(new CollectiveFindingsPanel(this)),
      m_details(new QTextBrowser(this))
{
    // The group chooser and the status wrap onto two rows in a narrow window; the chooser may
    // be narrower than a long group's name (cut with "…"; its popup shows the names whole).
    auto *bar = new FlowLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    bar->setSpacing(8);
    auto *groupLabel = new QLabel(tr("Process group:"), this);
    groupLabel->setBuddy(m_groups);
    m_groups->setAccessibleName(tr("Process group"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    m_status->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred); // the rest of its row
    auto *group = new QHBoxLayout;
    group->setSpacing(4);
    group->addWidget(groupLabel);
    group->addWidget(m_groups);
    bar->addLayout(group);
    bar->addWidget(m_status);

    m_details->setOpenLinks(false);
    m_details->setAccessibleName(tr("Entry details"));
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_findings);
    bottom->addWidget(m_details);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_strip);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_groups, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_data || index < 0)
            return;
        m_strip->setData(m_data, index);
        updateStatus();
    });
    connect(m_findings, &CollectiveFindingsPanel::findingActivated, this,
            &CollectivesView::activateFinding);
    connect(m_strip, &CollectiveStripWidget::cellActivated, this,
            [this](int rank, qint64 seq, qint64 entry) {
                m_activeFinding = -1;
                showEntry(entry, rank, seq);
                RankSet ranks;
                ranks.insert(rank);
                emit ranksSelected(ranks);
            });
    connect(m_strip, &CollectiveStripWidget::rankActivated, this, [this](int rank) {
        m_activeFinding = -1;
        const CollectiveStrip *s = m_strip->strip();
        const int row = s ? s->rowOf(rank) : -1;
        showEntry(row >= 0 ? s->lastEntry[std::size_t(row)] : -1, rank, -1);
        RankSet ranks;
        ranks.insert(rank);
        emit ranksSelected(ranks);
    });
    clear(tr("Open a bundle with Flight Recorder dumps, NCCL watchdog lines or profiler traces "
             "to line up its collectives."));
}

void CollectivesView::setData(std::shared_ptr<const CollectiveViewData> data)
{
    m_data = std::move(data);
    m_activeFinding = -1;
    m_details->clear();
    m_findings->setReport(m_data ? m_data->report : nullptr);
    {
        const QSignalBlocker block(m_groups);
        m_groups->clear();
        if (m_data)
            for (const CollectiveStrip &strip : m_data->strips)
                m_groups->addItem(CollectiveText::groupLabel(strip));
    }
    if (!hasData()) {
        m_strip->clear(m_data && m_data->report
                           ? messageText(m_data->report->verdictMessage, m_data->report->verdict)
                           : tr("No collective records in this bundle."));
        updateStatus();
        return;
    }
    m_groups->setCurrentIndex(0);
    m_strip->setData(m_data, 0);
    m_strip->setSelection({}, -1);
    updateStatus();
}

void CollectivesView::clear(const QString &message)
{
    m_data.reset();
    m_activeFinding = -1;
    {
        const QSignalBlocker block(m_groups);
        m_groups->clear();
    }
    m_findings->setReport(nullptr);
    m_details->clear();
    m_strip->clear(message);
    updateStatus();
}

int CollectivesView::currentGroup() const
{
    return m_strip->scene().stripIndex();
}

void CollectivesView::showGroup(int strip)
{
    if (!m_data || strip < 0 || strip >= int(m_data->strips.size()))
        return;
    m_groups->setCurrentIndex(strip); // sets the strip through currentIndexChanged
    if (currentGroup() != strip) {
        m_strip->setData(m_data, strip);
        updateStatus();
    }
}

void CollectivesView::activateFinding(int index)
{
    if (!m_data || !m_data->report || index < 0 || index >= int(m_data->report->suspects.size()))
        return;
    const CollectiveSuspect &suspect = m_data->report->suspects[std::size_t(index)];
    for (std::size_t i = 0; i < m_data->strips.size(); ++i)
        if (m_data->strips[i].name == suspect.pgName) {
            showGroup(int(i));
            break;
        }
    m_activeFinding = index;
    m_strip->setSelection(suspect.ranks, suspect.seq);
    showFinding(index);
    emit ranksSelected(suspect.ranks);
}

void CollectivesView::selectRanks(const RankSet &ranks)
{
    m_strip->setSelection(ranks, m_strip->selectedSeq());
}

void CollectivesView::showEntry(std::int64_t entry, int rank, std::int64_t seq)
{
    const CollectiveStrip *s = m_strip->strip();
    if (m_data && entry >= 0 && entry < std::int64_t(m_data->dataset->entries.size())) {
        m_details->setHtml(
            CollectiveText::entryDetails(m_data->dataset->entries[std::size_t(entry)]));
        return;
    }
    if (!s)
        return;
    CollectiveStripHit hit;
    hit.area = CollectiveStripHit::Area::Cells;
    hit.row = s->rowOf(rank);
    hit.rows = {hit.row, hit.row};
    hit.rank = rank;
    hit.column = s->columnOf(seq);
    hit.seq = seq;
    m_details->setHtml(CollectiveText::tooltip(m_strip->scene(), hit));
}

// A finding's reason, then the entry of its first rank at its sequence (or, for a rank behind,
// its last entry), then the call site the others wait in.
void CollectivesView::showFinding(int index)
{
    const CollectiveSuspect &suspect = m_data->report->suspects[std::size_t(index)];
    QString text = QStringLiteral("<p><b>%1</b></p>")
                       .arg(messageText(suspect.reasonMessage, suspect.reason).toHtmlEscaped());
    if (!suspect.waitingRanks.empty())
        text += QStringLiteral("<p>") +
                (suspect.waitingRanks.count() == 1
                     ? tr("Waiting for them: %n rank, %1.", nullptr, 1)
                     : tr("Waiting for them: %n ranks, %1.", nullptr, suspect.waitingRanks.count()))
                    .arg(FlameGraphText::rankRanges(suspect.waitingRanks, 120)) +
                QStringLiteral("</p>");
    text += CollectiveText::claimsHtml(suspect);
    const CollectiveStrip *s = m_strip->strip();
    const int rank = suspect.ranks.first();
    if (s && rank >= 0 && s->name == suspect.pgName) {
        const int row = s->rowOf(rank);
        const int column = s->columnOf(suspect.seq);
        std::int64_t entry = row >= 0 && column >= 0 ? s->entry(row, column) : -1;
        if (entry < 0 && row >= 0)
            entry = s->lastEntry[std::size_t(row)];
        if (entry >= 0 && entry < std::int64_t(m_data->dataset->entries.size()))
            text += QStringLiteral("<hr>") +
                    CollectiveText::entryDetails(m_data->dataset->entries[std::size_t(entry)]);
    }
    const auto frames = [](const std::vector<CollectiveFrame> &site) {
        QString out;
        for (const CollectiveFrame &f : site)
            out += QStringLiteral("&nbsp;&nbsp;%1 <span style='color:#5a6270'>%2:%3</span><br>")
                       .arg(QString::fromStdString(f.name).toHtmlEscaped(),
                            QString::fromStdString(f.file).toHtmlEscaped())
                       .arg(f.line);
        return out;
    };
    if (!suspect.othersCallSite.empty())
        text += QStringLiteral("<hr><b>") + tr("Where the others wait") +
                QStringLiteral("</b><br>") + frames(suspect.othersCallSite);
    if (!suspect.source.file.empty())
        text += QStringLiteral("<p>") +
                tr("Shown by: %1").arg(CollectiveText::sourceText(suspect.source).toHtmlEscaped()) +
                QStringLiteral("</p>");
    m_details->setHtml(text);
}

void CollectivesView::updateStatus()
{
    const CollectiveStrip *s = m_strip->strip();
    if (!m_data || !s) {
        m_status->clear();
        return;
    }
    QStringList parts;
    parts << (m_data->dataset->dumps.size() == 1
                  ? tr("%n dump", nullptr, 1)
                  : tr("%n dumps", nullptr, int(m_data->dataset->dumps.size())));
    parts << tr("world size %1").arg(m_data->dataset->worldSize);
    if (!s->empty())
        parts << tr("%1 to %2")
                     .arg(CollectiveText::sequenceLabel(s->firstSeq, s->p2p),
                          CollectiveText::sequenceLabel(s->firstSeq + s->columns - 1, s->p2p));
    m_status->setText(parts.join(QStringLiteral(" · ")));
}

ExportCaption CollectivesView::caption(const CollectiveViewData &data, int strip, int finding,
                                       const QString &job)
{
    ExportCaption caption;
    caption.job = job;
    if (strip >= 0 && strip < int(data.strips.size())) {
        const CollectiveStrip &s = data.strips[std::size_t(strip)];
        caption.view = tr("Collectives: %1").arg(CollectiveText::groupName(s.name, s.desc));
    } else {
        caption.view = tr("Collectives");
    }
    if (data.report)
        caption.verdict = messageText(data.report->verdictMessage, data.report->verdict);
    if (data.report && finding >= 0 && finding < int(data.report->suspects.size()))
        caption.selection = messageText(data.report->suspects[std::size_t(finding)].reasonMessage,
                                        data.report->suspects[std::size_t(finding)].reason);
    if (data.dataset)
        caption.coverage =
            (data.dataset->dumps.size() == 1 ? tr("%n Flight Recorder dump of %1 ranks", nullptr, 1)
                                             : tr("%n Flight Recorder dumps of %1 ranks", nullptr,
                                                  int(data.dataset->dumps.size())))
                .arg(data.dataset->worldSize);
    return caption;
}

bool CollectivesView::writeImage(std::shared_ptr<const CollectiveViewData> data, int strip,
                                 int finding, QSize size, const QString &job, const QString &file,
                                 QString *error, const NoteLayer *notes)
{
    if (!data || strip < 0 || strip >= int(data->strips.size())) {
        if (error)
            *error = tr("there are no collectives to export");
        return false;
    }
    CollectiveStripScene scene;
    scene.setFont(QGuiApplication::font());
    scene.setData(data, strip);
    if (data->report && finding >= 0 && finding < int(data->report->suspects.size())) {
        const CollectiveSuspect &suspect = data->report->suspects[std::size_t(finding)];
        scene.setSelection(suspect.ranks, suspect.seq);
    }
    ExportCaption picture = caption(*data, strip, finding, job);
    ViewExporter::PaintFunction paint = [&scene](QPainter &painter, QSize viewSize) {
        CollectiveStripPainter::paint(painter, scene, viewSize);
    };
    if (notes)
        paint = NoteExport::annotate(
            std::move(paint), *notes,
            [&scene](QSize at) { return std::make_unique<CollectiveStripNoteCanvas>(scene, at); },
            size, &picture);
    return ViewExporter::exportView(paint, size, picture, file, error);
}

bool CollectivesView::exportImage(const QString &file, const QString &job, QString *error,
                                  const NoteLayer *notes) const
{
    if (!hasData()) {
        if (error)
            *error = tr("there are no collectives to export");
        return false;
    }
    const CollectiveStripScene &scene = m_strip->scene();
    ExportCaption picture = caption(*m_data, currentGroup(), m_activeFinding, job);
    ViewExporter::PaintFunction paint = [&scene](QPainter &painter, QSize viewSize) {
        CollectiveStripPainter::paint(painter, scene, viewSize);
    };
    if (notes)
        paint = NoteExport::annotate(
            std::move(paint), *notes,
            [&scene](QSize at) { return std::make_unique<CollectiveStripNoteCanvas>(scene, at); },
            m_strip->size(), &picture);
    return ViewExporter::exportView(paint, m_strip->size(), picture, file, error);
}

} // namespace rankscope
