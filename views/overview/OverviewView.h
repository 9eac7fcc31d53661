#pragma once

#include "views/overview/OverviewData.h"

#include <QScrollArea>

#include <memory>
#include <string>
#include <vector>

class QImage;
class QLabel;
class QPainter;
class QVBoxLayout;

namespace rankscope {

class AnomalyTimeline;
class CoverageStrip;
class NoteLayer;

// The first view after an import: one verdict for the job, joined over every layer
// (docs/findings.md). The verdict and the ranked culprits come first, each piece of evidence a
// link to the view that shows it; then which layers each rank has (CoverageStrip), the job's
// first anomaly per layer on one time axis (AnomalyTimeline), what each layer says on its own,
// and the import's problems.
class OverviewView : public QScrollArea
{
    Q_OBJECT
public:
    explicit OverviewView(QWidget *parent = nullptr);

    void setData(std::shared_ptr<const OverviewData> data);
    void clear(const QString &message = QString());
    const OverviewData *data() const { return m_data.get(); }
    std::shared_ptr<const OverviewData> shared() const { return m_data; }
    bool hasData() const { return m_data != nullptr; }

    // The verdict as shown (plain text), for tests and the status line.
    QString verdictText() const;
    // Does what clicking culprit `culprit`'s evidence `index` does (-1: its first), signal
    // included; false when there is no such evidence.
    bool activateEvidence(int culprit, int index = -1);
    // The whole page (not only what the scroll area shows) as PNG or SVG, by the suffix.
    // With `notes`, the user's overview notes are drawn over the page and listed in a caption.
    bool exportImage(const QString &file, QString *error, const NoteLayer *notes = nullptr) const;
    QImage renderImage(qreal devicePixelRatio = 1.0) const;

    // Where things are on the page (the scroll area's widget, page coordinates), for notes
    // (OverviewNoteCanvas): the sections by key ("verdict", "facts", "culprits", "coverage",
    // "timeline", "layers", "problems"), each culprit's block, the strip and the timeline.
    QWidget *page() const { return widget(); }
    static const std::vector<std::string> &sectionKeys();
    QRect sectionRect(const std::string &key) const; // empty when hidden
    QString sectionTitle(const std::string &key) const;
    int culpritCount() const { return int(m_culpritLabels.size()); }
    QRect culpritRect(int culprit) const;
    int culpritAt(QPoint pagePos) const; // -1 when none
    const CoverageStrip *coverageStrip() const { return m_coverage; }
    const AnomalyTimeline *anomalyTimeline() const { return m_timeline; }
    // Scrolls the page rect into view.
    void showPageRect(const QRect &rect);

signals:
    void evidenceActivated(const rankscope::Evidence &evidence);
    void rankActivated(int rank);
    void problemsRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    std::shared_ptr<const OverviewData> m_data;
    QString m_emptyMessage;
    std::vector<Evidence> m_links;                // "ev:N" of the rich text
    std::vector<std::vector<int>> m_culpritLinks; // per culprit, its links in order

    QLabel *m_verdict = nullptr;
    QLabel *m_facts = nullptr;
    QWidget *m_culprits = nullptr; // one label per culprit, then m_culpritsRest
    QVBoxLayout *m_culpritsLayout = nullptr;
    std::vector<QLabel *> m_culpritLabels;
    QLabel *m_culpritsRest = nullptr; // undecided, loose effects, context
    QLabel *m_coverageTitle = nullptr;
    CoverageStrip *m_coverage = nullptr;
    QLabel *m_coverageLegend = nullptr;
    QLabel *m_coverageText = nullptr;
    QLabel *m_timelineTitle = nullptr;
    AnomalyTimeline *m_timeline = nullptr;
    QLabel *m_timelineNote = nullptr;
    QLabel *m_layersTitle = nullptr;
    QLabel *m_layers = nullptr;
    QLabel *m_problemsTitle = nullptr;
    QLabel *m_problems = nullptr;

    void rebuild();
    void renderPage(QPainter &painter) const;
    int link(const Evidence &evidence);
    // Per culprit its block, then what names no one (the last entry).
    std::vector<QString> culpritsHtml();
    void setCulpritBlocks(const std::vector<QString> &blocks);
    QWidget *sectionWidget(const std::string &key) const;
    QString evidenceItem(const Evidence &evidence, bool withLayer);
    void fillTimeline();
    void onLink(const QString &link);
};

} // namespace rankscope
