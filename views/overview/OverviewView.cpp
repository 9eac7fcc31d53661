#include "views/overview/OverviewView.h"

#include "views/annotations/NoteExport.h"
#include "views/annotations/OverviewNoteCanvas.h"
#include "views/common/CoverageText.h"
#include "views/common/MessageText.h"
#include "views/export/ViewExporter.h"
#include "views/overview/AnomalyTimeline.h"
#include "views/overview/CoverageStrip.h"
#include "views/overview/LayerColours.h"

#include <QDateTime>
#include <QEvent>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QSvgGenerator>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <utility>

namespace rankscope {

namespace {

constexpr int kOverviewProblemsShown = 8;
constexpr int kOverviewEffectsShown = 6;

QString overviewHtml(const QString &text)
{
    return text.toHtmlEscaped();
}

QString overviewHtml(const Message &message)
{
    return messageText(message).toHtmlEscaped();
}

QString overviewSwatch(FindingLayer layer)
{
    return QStringLiteral("<span style=\"color:%1\">&#9632;</span>").arg(layerColour(layer).name());
}

QLabel *overviewSectionTitle(QWidget *parent)
{
    auto *label = new QLabel(parent);
    QFont font = label->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.1);
    label->setFont(font);
    label->setContentsMargins(0, 10, 0, 2);
    return label;
}

QLabel *overviewRichLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextBrowserInteraction);
    label->setOpenExternalLinks(false);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return label;
}

} // namespace

// What an evidence reference points at, in the user's words: the link text of each evidence.
static QString overviewRefText(const EvidenceRef &ref)
{
    switch (ref.target) {
    case EvidenceTarget::Frame:
        return OverviewView::tr("frame %1").arg(QString::fromStdString(ref.label));
    case EvidenceTarget::Template:
        return OverviewView::tr("log template #%1").arg(ref.id);
    case EvidenceTarget::Cell:
        return ref.window >= 0
                   ? OverviewView::tr("rank %1, window %2").arg(ref.rank).arg(ref.window)
                   : OverviewView::tr("rank %1").arg(ref.rank);
    case EvidenceTarget::Collective:
        return ref.window >= 0
                   ? OverviewView::tr("%1 #%2 of pg %3")
                         .arg(QString::fromStdString(ref.label))
                         .arg(ref.window)
                         .arg(QString::fromStdString(ref.group))
                   : OverviewView::tr("%1 of pg %2")
                         .arg(QString::fromStdString(ref.label), QString::fromStdString(ref.group));
    case EvidenceTarget::DiffLine:
        return OverviewView::tr("baseline diff: %1").arg(QString::fromStdString(ref.label));
    case EvidenceTarget::None:
        break;
    }
    return QString();
}

static QString confidenceWord(double confidence)
{
    const std::string key = confidenceKey(confidence);
    if (key == "high")
        return OverviewView::tr("high confidence");
    if (key == "medium")
        return OverviewView::tr("medium confidence");
    return OverviewView::tr("low confidence");
}

OverviewView::OverviewView(QWidget *parent) : QScrollArea(parent)
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    auto *page = new QWidget(this);
    page->setObjectName(QStringLiteral("overviewPage"));
    page->setBackgroundRole(QPalette::Base);
    page->setAutoFillBackground(true);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(16, 12, 16, 16);
    layout->setSpacing(4);

    m_verdict = overviewRichLabel(page);
    m_verdict->setObjectName(QStringLiteral("overviewVerdict"));
    QFont big = m_verdict->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    m_verdict->setFont(big);
    m_facts = overviewRichLabel(page);
    m_facts->setObjectName(QStringLiteral("overviewFacts"));
    m_culprits = new QWidget(page);
    m_culprits->setObjectName(QStringLiteral("overviewCulprits"));
    m_culpritsLayout = new QVBoxLayout(m_culprits);
    m_culpritsLayout->setContentsMargins(0, 0, 0, 0);
    m_culpritsLayout->setSpacing(0);
    m_culpritsRest = overviewRichLabel(m_culprits);
    m_culpritsRest->setObjectName(QStringLiteral("overviewCulpritsRest"));
    m_culpritsLayout->addWidget(m_culpritsRest);
    m_coverageTitle = overviewSectionTitle(page);
    m_coverage = new CoverageStrip(page);
    m_coverage->setObjectName(QStringLiteral("overviewCoverage"));
    m_coverageLegend = overviewRichLabel(page);
    m_coverageText = overviewRichLabel(page);
    m_timelineTitle = overviewSectionTitle(page);
    m_timeline = new AnomalyTimeline(page);
    m_timeline->setObjectName(QStringLiteral("overviewTimeline"));
    m_timelineNote = overviewRichLabel(page);
    m_layersTitle = overviewSectionTitle(page);
    m_layers = overviewRichLabel(page);
    m_layers->setObjectName(QStringLiteral("overviewLayers"));
    m_problemsTitle = overviewSectionTitle(page);
    m_problems = overviewRichLabel(page);
    m_problems->setObjectName(QStringLiteral("overviewProblems"));

    for (QWidget *w :
         {static_cast<QWidget *>(m_verdict), static_cast<QWidget *>(m_facts),
          static_cast<QWidget *>(m_culprits), static_cast<QWidget *>(m_coverageTitle),
          static_cast<QWidget *>(m_coverage), static_cast<QWidget *>(m_coverageLegend),
          static_cast<QWidget *>(m_coverageText), static_cast<QWidget *>(m_timelineTitle),
          static_cast<QWidget *>(m_timeline), static_cast<QWidget *>(m_timelineNote),
          static_cast<QWidget *>(m_layersTitle), static_cast<QWidget *>(m_layers),
          static_cast<QWidget *>(m_problemsTitle), static_cast<QWidget *>(m_problems)})
        layout->addWidget(w);
    layout->addStretch(1);
    setWidget(page);

    for (QLabel *label : {m_verdict, m_facts, m_culpritsRest, m_timelineNote, m_layers, m_problems})
        connect(label, &QLabel::linkActivated, this, &OverviewView::onLink);
    connect(m_coverage, &CoverageStrip::rankActivated, this, &OverviewView::rankActivated);
    connect(m_timeline, &AnomalyTimeline::markActivated, this, [this](int id) {
        if (id >= 0 && id < int(m_links.size()))
            emit evidenceActivated(m_links[std::size_t(id)]);
    });
    rebuild();
}

void OverviewView::setData(std::shared_ptr<const OverviewData> data)
{
    m_data = std::move(data);
    m_emptyMessage.clear();
    rebuild();
}

void OverviewView::clear(const QString &message)
{
    m_data.reset();
    m_emptyMessage = message;
    rebuild();
}

QString OverviewView::verdictText() const
{
    return m_data ? messageText(m_data->verdict.verdict) : QString();
}

int OverviewView::link(const Evidence &evidence)
{
    m_links.push_back(evidence);
    return int(m_links.size()) - 1;
}

QString OverviewView::evidenceItem(const Evidence &evidence, bool withLayer)
{
    const int id = link(evidence);
    QString item = overviewSwatch(evidence.layer) + QStringLiteral(" ");
    if (withLayer)
        item += QStringLiteral("<b>%1</b>: ").arg(overviewHtml(layerShortName(evidence.layer)));
    item += overviewHtml(evidence.sentence);
    const QString ref = overviewRefText(evidence.ref);
    item += QStringLiteral(" — <a href=\"ev:%1\">%2</a>")
                .arg(id)
                .arg(overviewHtml(ref.isEmpty() ? tr("show") : ref));
    return item;
}

std::vector<QString> OverviewView::culpritsHtml()
{
    const FindingsVerdict &v = m_data->verdict;
    std::vector<QString> blocks;
    QString out;
    m_culpritLinks.assign(v.culprits.size(), {});
    for (std::size_t i = 0; i < v.culprits.size(); ++i) {
        if (i > 0)
            blocks.push_back(std::exchange(out, QString()));
        const Culprit &c = v.culprits[i];
        out += QStringLiteral("<h3 style=\"margin-bottom:2px\">%1. %2 <span style=\"font-weight:"
                              "normal;color:%3\">· %4 · %5</span></h3>")
                   .arg(i + 1)
                   .arg(overviewHtml(c.subject))
                   .arg(palette().color(QPalette::PlaceholderText).name())
                   .arg(overviewHtml(confidenceWord(c.confidence)))
                   .arg(overviewHtml(tr("%n layer(s) agree", nullptr, int(c.layers.size()))));
        // The first culprit's sentence is the verdict's: said once, above.
        const QString sentence = messageText(c.sentence);
        if (i == 0 && messageText(v.verdict).startsWith(sentence))
            out += QStringLiteral("<ul style=\"margin-top:0\">");
        else
            out += QStringLiteral("<p style=\"margin-top:0\">%1</p><ul style=\"margin-top:0\">")
                       .arg(sentence.toHtmlEscaped());
        for (const Evidence &e : c.evidence) {
            m_culpritLinks[i].push_back(int(m_links.size()));
            out += QStringLiteral("<li>%1</li>").arg(evidenceItem(e, true));
        }
        out += QStringLiteral("</ul>");
        if (!c.disagreeing.empty()) {
            QStringList names;
            for (FindingLayer layer : c.disagreeing)
                names << layerShortName(layer);
            out +=
                QStringLiteral("<p style=\"margin-top:0\"><i>%1</i></p>")
                    .arg(overviewHtml(tr("Disagreeing: %1 point at another culprit (listed below).")
                                          .arg(names.join(QStringLiteral(", ")))));
        }
        if (!c.effects.empty()) {
            out += QStringLiteral("<p style=\"margin:0\">%1</p><ul style=\"margin-top:0\">")
                       .arg(overviewHtml(tr("What it does to the others:")));
            const std::size_t shown =
                std::min<std::size_t>(c.effects.size(), kOverviewEffectsShown);
            for (std::size_t k = 0; k < shown; ++k)
                out += QStringLiteral("<li>%1</li>").arg(evidenceItem(c.effects[k], true));
            if (c.effects.size() > shown)
                out += QStringLiteral("<li>%1</li>")
                           .arg(overviewHtml(
                               tr("and %n more", nullptr, int(c.effects.size() - shown))));
            out += QStringLiteral("</ul>");
        }
        if (!c.wouldConfirm.empty()) {
            QStringList needs;
            for (DataNeed need : c.wouldConfirm)
                needs << messageText(dataNeedMessage(need));
            out +=
                QStringLiteral("<p style=\"margin-top:0\">%1</p>")
                    .arg(overviewHtml(tr("To be sure: %1").arg(needs.join(QStringLiteral("; ")))));
        }
    }
    if (!v.culprits.empty())
        blocks.push_back(std::exchange(out, QString()));
    if (v.undecided) {
        // The reason is often the verdict itself ("No rank or node stands out in ..."): once.
        const QString reason = messageText(v.undecided->reason);
        if (!messageText(v.verdict).startsWith(reason))
            out += QStringLiteral("<p>%1</p>").arg(reason.toHtmlEscaped());
        if (!v.undecided->wouldSettle.empty()) {
            // Nothing stands out: more data could still show something; cannot tell: it would
            // decide.
            out += QStringLiteral("<p style=\"margin:0\">%1</p><ul style=\"margin-top:0\">")
                       .arg(overviewHtml(v.undecided->kind == UndecidedKind::CannotTell
                                             ? tr("What would settle it:")
                                             : tr("What more data could show:")));
            for (DataNeed need : v.undecided->wouldSettle)
                out += QStringLiteral("<li>%1</li>").arg(overviewHtml(dataNeedMessage(need)));
            out += QStringLiteral("</ul>");
        }
    }
    // Effects of no culprit, and what names no one.
    std::vector<const Evidence *> loose;
    for (const JobEffect &e : v.effects)
        if (e.culprit < 0)
            loose.push_back(&e.effect);
    for (const Evidence &e : v.context)
        loose.push_back(&e);
    if (!loose.empty()) {
        out += QStringLiteral("<p style=\"margin:0\">%1</p><ul style=\"margin-top:0\">")
                   .arg(overviewHtml(v.culprits.empty() ? tr("What the layers see:")
                                                        : tr("Also seen, naming no one:")));
        const std::size_t shown = std::min<std::size_t>(loose.size(), kOverviewEffectsShown);
        for (std::size_t k = 0; k < shown; ++k)
            out += QStringLiteral("<li>%1</li>").arg(evidenceItem(*loose[k], true));
        if (loose.size() > shown)
            out += QStringLiteral("<li>%1</li>")
                       .arg(overviewHtml(tr("and %n more", nullptr, int(loose.size() - shown))));
        out += QStringLiteral("</ul>");
    }
    blocks.push_back(out);
    return blocks;
}

void OverviewView::setCulpritBlocks(const std::vector<QString> &blocks)
{
    // The labels are kept and reused: a note's overlay watches them (NoteOverlay).
    const std::size_t culprits = blocks.empty() ? 0 : blocks.size() - 1;
    while (m_culpritLabels.size() < culprits) {
        QLabel *label = overviewRichLabel(m_culprits);
        label->setObjectName(QStringLiteral("overviewCulprit"));
        connect(label, &QLabel::linkActivated, this, &OverviewView::onLink);
        m_culpritsLayout->insertWidget(int(m_culpritLabels.size()), label);
        m_culpritLabels.push_back(label);
    }
    while (m_culpritLabels.size() > culprits) {
        delete m_culpritLabels.back();
        m_culpritLabels.pop_back();
    }
    for (std::size_t i = 0; i < culprits; ++i)
        m_culpritLabels[i]->setText(blocks[i]);
    m_culpritsRest->setText(blocks.empty() ? QString() : blocks.back());
    m_culpritsRest->setVisible(!m_culpritsRest->text().isEmpty());
}

void OverviewView::fillTimeline()
{
    const FindingsVerdict &v = m_data->verdict;
    // Each layer's earliest dated evidence (causes, effects and context alike).
    std::map<FindingLayer, const Evidence *> first;
    auto consider = [&](const Evidence &e) {
        if (!isWallClockNs(e.window.startNs))
            return;
        const Evidence *&slot = first[e.layer];
        if (!slot || e.window.startNs < slot->window.startNs)
            slot = &e;
    };
    for (const Culprit &c : v.culprits) {
        for (const Evidence &e : c.evidence)
            consider(e);
        for (const Evidence &e : c.effects)
            consider(e);
    }
    for (const JobEffect &e : v.effects)
        consider(e.effect);
    // Context (what names no one: a warning every rank logs) is no anomaly.
    if (v.anchor)
        consider(*v.anchor);
    std::vector<AnomalyTimeline::Mark> marks;
    for (const auto &[layer, e] : first) {
        AnomalyTimeline::Mark m;
        m.layer = layer;
        m.timeNs = e->window.startNs;
        m.label = messageText(e->sentence);
        m.effect = e->role == FindingRole::Effect;
        m.anchor =
            v.anchor && v.anchor->layer == layer && v.anchor->window.startNs == e->window.startNs;
        m.id = link(*e);
        marks.push_back(std::move(m));
    }
    m_timeline->setMarks(marks);
    m_timeline->setVisible(!marks.empty());
    QString note;
    const bool anySuspicion = !v.culprits.empty() || !v.effects.empty();
    if (marks.empty() && !anySuspicion)
        note = tr("Nothing suspicious to put on the time axis.");
    else if (marks.empty())
        note = tr("No layer dates its findings on the wall clock (stack dumps without times, "
                  "traces whose clock starts at process launch), so the first anomalies cannot "
                  "be lined up.");
    else if (v.anchor && isWallClockNs(v.anchor->window.startNs))
        note = tr("First anomaly of the job: %1").arg(messageText(v.anchor->sentence));
    m_timelineNote->setText(overviewHtml(note));
    m_timelineNote->setVisible(!note.isEmpty());
}

void OverviewView::rebuild()
{
    m_links.clear();
    m_culpritLinks.clear();
    m_coverageTitle->setText(tr("What each rank sent"));
    m_timelineTitle->setText(tr("First anomalies"));
    m_layersTitle->setText(tr("What each layer says"));
    const bool has = m_data != nullptr;
    for (QWidget *w : std::initializer_list<QWidget *>{
             m_facts, m_culprits, m_coverageTitle, m_coverage, m_coverageLegend, m_coverageText,
             m_timelineTitle, m_timeline, m_timelineNote, m_layersTitle, m_layers, m_problemsTitle,
             m_problems})
        w->setVisible(has);
    if (!has) {
        setCulpritBlocks({});
        m_verdict->setText(overviewHtml(
            m_emptyMessage.isEmpty() ? tr("Open a bundle: the overview joins its stacks, traces, "
                                          "logs and Flight Recorder dumps into one verdict.")
                                     : m_emptyMessage));
        return;
    }
    const FindingsVerdict &v = m_data->verdict;
    const JobInfo &job = m_data->job;
    m_verdict->setText(overviewHtml(v.verdict));

    // The job in one line: id, world size, nodes, the layers it has.
    QStringList facts;
    if (!job.jobId.empty())
        facts << tr("job %1").arg(overviewHtml(QString::fromStdString(job.jobId)));
    facts << overviewHtml(CoverageText::worldSize(job));
    std::map<std::string, int> nodes;
    for (const RankInfo &r : job.ranks)
        if (r.rank >= 0 && !r.node.empty())
            ++nodes[r.node];
    if (!nodes.empty())
        facts << tr("%n node(s)", nullptr, int(nodes.size()));
    QStringList present;
    for (const LayerSummary &layer : v.layers)
        if (layer.present)
            present << overviewSwatch(layer.layer) + QStringLiteral(" ") +
                           overviewHtml(layerShortName(layer.layer));
    facts << (present.isEmpty() ? tr("no layer with data")
                                : tr("layers: %1").arg(present.join(QStringLiteral(", "))));
    m_facts->setText(facts.join(QStringLiteral(" · ")));

    setCulpritBlocks(culpritsHtml());

    RankSet marked;
    for (const Culprit &c : v.culprits)
        marked |= c.ranks;
    m_coverage->setCoverage(job, marked);
    QStringList legend;
    for (FindingLayer layer : {FindingLayer::Stacks, FindingLayer::Traces, FindingLayer::Logs,
                               FindingLayer::Collectives})
        legend << overviewSwatch(layer) + QStringLiteral(" ") +
                      overviewHtml(tr("has %1").arg(layerShortName(layer).toLower()));
    legend << QStringLiteral("<span style=\"color:%1\">&#9632;</span> %2")
                  .arg(palette().color(QPalette::Mid).lighter(150).name(),
                       overviewHtml(tr("sent none")));
    if (!marked.empty())
        legend << QStringLiteral("<span style=\"color:#d50000\">&#9650;</span> %1")
                      .arg(overviewHtml(tr("culprit")));
    m_coverageLegend->setText(legend.join(QStringLiteral(" &nbsp; ")));
    m_coverageText->setText(overviewHtml(CoverageText::coverage(job)));

    fillTimeline();

    QString layers;
    for (const LayerSummary &layer : v.layers)
        layers += QStringLiteral("<p style=\"margin:2px 0\">%1 <b>%2</b>: %3</p>")
                      .arg(overviewSwatch(layer.layer), overviewHtml(layerShortName(layer.layer)),
                           layer.present ? overviewHtml(layer.summary)
                                         : overviewHtml(tr("not in this bundle")));
    m_layers->setText(layers);

    const auto &problems = m_data->problems;
    m_problemsTitle->setText(tr("Import problems (%1)").arg(problems.size()));
    if (problems.empty()) {
        m_problems->setText(overviewHtml(tr("Every file imported without a problem.")));
    } else {
        QString list = QStringLiteral("<ul style=\"margin-top:0\">");
        const std::size_t shown = std::min<std::size_t>(problems.size(), kOverviewProblemsShown);
        for (std::size_t i = 0; i < shown; ++i) {
            const ImportProblem &p = problems[i];
            QString where = QString::fromStdString(p.file);
            if (p.line > 0)
                where += QStringLiteral(":%1").arg(p.line);
            list += QStringLiteral("<li><tt>%1</tt>: %2</li>")
                        .arg(overviewHtml(where), overviewHtml(QString::fromStdString(p.message)));
        }
        list +=
            QStringLiteral("</ul><a href=\"problems:\">%1</a>")
                .arg(overviewHtml(problems.size() > shown
                                      ? tr("Show all %1 in the Problems panel").arg(problems.size())
                                      : tr("Show them in the Problems panel")));
        m_problems->setText(list);
    }
}

bool OverviewView::activateEvidence(int culprit, int index)
{
    if (culprit < 0 || culprit >= int(m_culpritLinks.size()))
        return false;
    const std::vector<int> &links = m_culpritLinks[std::size_t(culprit)];
    if (links.empty())
        return false;
    const int k = index < 0 ? 0 : index;
    if (k >= int(links.size()))
        return false;
    emit evidenceActivated(m_links[std::size_t(links[std::size_t(k)])]);
    return true;
}

void OverviewView::onLink(const QString &target)
{
    if (target == QLatin1String("problems:")) {
        emit problemsRequested();
        return;
    }
    if (target.startsWith(QLatin1String("ev:"))) {
        bool ok = false;
        const int id = target.mid(3).toInt(&ok);
        if (ok && id >= 0 && id < int(m_links.size()))
            emit evidenceActivated(m_links[std::size_t(id)]);
    }
}

void OverviewView::renderPage(QPainter &painter) const
{
    // Without the notes' on-screen overlay: a picture draws them itself (NoteExport).
    QWidget *page = widget();
    QWidget *overlay =
        page->findChild<QWidget *>(QStringLiteral("noteOverlay"), Qt::FindDirectChildrenOnly);
    const bool shown = overlay && overlay->isVisible();
    if (shown)
        overlay->hide();
    page->render(&painter);
    if (shown)
        overlay->show();
}

QImage OverviewView::renderImage(qreal devicePixelRatio) const
{
    QWidget *page = widget();
    QImage image((QSizeF(page->size()) * devicePixelRatio).toSize(), QImage::Format_ARGB32);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(page->palette().color(QPalette::Base));
    QPainter painter(&image);
    renderPage(painter);
    return image;
}

bool OverviewView::exportImage(const QString &file, QString *error, const NoteLayer *notes) const
{
    if (!m_data) {
        if (error)
            *error = tr("the overview has nothing to export yet");
        return false;
    }
    QWidget *page = widget();
    if (notes && !notes->empty()) {
        // With notes: the page, its notes drawn over it, and the caption that lists them.
        ExportCaption caption;
        caption.view = tr("Overview");
        caption.job = QString::fromStdString(m_data->job.jobId);
        caption.verdict = verdictText();
        caption.when = QDateTime::currentDateTime();
        ViewExporter::PaintFunction paint = [this](QPainter &painter, QSize) {
            renderPage(painter);
        };
        paint = NoteExport::annotate(
            std::move(paint), *notes,
            [this](QSize) { return std::make_unique<OverviewNoteCanvas>(*this); }, page->size(),
            &caption);
        return ViewExporter::exportView(paint, page->size(), caption, file, error);
    }
    if (QFileInfo(file).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator svg;
        svg.setFileName(file);
        svg.setSize(page->size());
        svg.setViewBox(QRect(QPoint(0, 0), page->size()));
        svg.setTitle(tr("rankscope overview"));
        QPainter painter;
        if (!painter.begin(&svg)) {
            if (error)
                *error = tr("cannot write %1").arg(file);
            return false;
        }
        renderPage(painter);
        painter.end();
        return true;
    }
    if (!renderImage(2.0).save(file)) {
        if (error)
            *error = tr("cannot write %1").arg(file);
        return false;
    }
    return true;
}

const std::vector<std::string> &OverviewView::sectionKeys()
{
    static const std::vector<std::string> keys = {"verdict",  "facts",  "culprits", "coverage",
                                                  "timeline", "layers", "problems"};
    return keys;
}

QWidget *OverviewView::sectionWidget(const std::string &key) const
{
    if (key == "verdict")
        return m_verdict;
    if (key == "facts")
        return m_facts;
    if (key == "culprits")
        return m_culprits;
    if (key == "coverage")
        return m_coverage;
    if (key == "timeline")
        return m_timeline;
    if (key == "layers")
        return m_layers;
    if (key == "problems")
        return m_problems;
    return nullptr;
}

// A section with its title above it: the title is part of what a note on it means.
QRect OverviewView::sectionRect(const std::string &key) const
{
    QWidget *w = sectionWidget(key);
    if (!w || w->isHidden() || w->height() <= 0)
        return {};
    QRect rect(w->mapTo(widget(), QPoint(0, 0)), w->size());
    QWidget *title = key == "coverage"   ? static_cast<QWidget *>(m_coverageTitle)
                     : key == "timeline" ? static_cast<QWidget *>(m_timelineTitle)
                     : key == "layers"   ? static_cast<QWidget *>(m_layersTitle)
                     : key == "problems" ? static_cast<QWidget *>(m_problemsTitle)
                                         : nullptr;
    if (title && !title->isHidden())
        rect |= QRect(title->mapTo(widget(), QPoint(0, 0)), title->size());
    if (key == "coverage") // its legend and text belong to it
        for (QWidget *below :
             {static_cast<QWidget *>(m_coverageLegend), static_cast<QWidget *>(m_coverageText)})
            if (!below->isHidden())
                rect |= QRect(below->mapTo(widget(), QPoint(0, 0)), below->size());
    return rect;
}

QString OverviewView::sectionTitle(const std::string &key) const
{
    if (key == "verdict")
        return tr("the verdict");
    if (key == "facts")
        return tr("the job's summary");
    if (key == "culprits")
        return tr("the culprits");
    if (key == "coverage")
        return m_coverageTitle->text();
    if (key == "timeline")
        return m_timelineTitle->text();
    if (key == "layers")
        return m_layersTitle->text();
    if (key == "problems")
        return m_problemsTitle->text();
    return {};
}

QRect OverviewView::culpritRect(int culprit) const
{
    if (culprit < 0 || culprit >= int(m_culpritLabels.size()))
        return {};
    const QLabel *label = m_culpritLabels[std::size_t(culprit)];
    return QRect(label->mapTo(widget(), QPoint(0, 0)), label->size());
}

int OverviewView::culpritAt(QPoint pagePos) const
{
    for (int i = 0; i < culpritCount(); ++i)
        if (culpritRect(i).contains(pagePos))
            return i;
    return -1;
}

void OverviewView::showPageRect(const QRect &rect)
{
    if (rect.isEmpty())
        return;
    ensureVisible(rect.center().x(), rect.center().y(), rect.width() / 2 + 20,
                  std::min(rect.height() / 2 + 20, viewport()->height() / 2));
}

void OverviewView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange)
        rebuild();
    QScrollArea::changeEvent(event);
}

} // namespace rankscope
