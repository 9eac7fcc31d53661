// File > Export Report… and View > Add to Report: the incident report (IncidentReport.h) of the
// open bundle, with the pictures the user added and the default ones, and the wait until every
// layer is in (for the headless `--report` and the default screenshot).

#include "CollectiveResults.h"
#include "IncidentReport.h"
#include "MainWindow.h"

#include "views/annotations/NoteBook.h"
#include "views/annotations/NoteText.h"
#include "views/collectives/CollectivesView.h"
#include "views/common/ElidedLabel.h"
#include "views/common/MessageText.h"
#include "views/diff/DiffView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/overview/OverviewView.h"

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

using namespace rankscope;

bool MainWindow::isSettled() const
{
    if (m_session->isImporting() || !m_session->data())
        return false;
    if (!m_session->data()->samples.empty() && !m_session->results().analysis)
        return false; // the merged tree is still being built
    if (m_collectiveLoader->isRunning())
        return false;
    if (m_comparison->hasBaseline() && (m_comparison->isComputing() || !m_comparison->diff()))
        return false;
    if (!m_session->traces().empty() && !m_heatmap->heatmap()->matrix())
        return false;
    return !m_overviewLoader->isRunning() && m_overview->hasData();
}

void MainWindow::whenSettled(std::function<void(bool settled)> then, int timeoutMs)
{
    auto *timer = new QTimer(this);
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    timer->setInterval(100);
    connect(timer, &QTimer::timeout, this, [this, timer, clock, then = std::move(then), timeoutMs] {
        const bool settled = isSettled();
        if (!settled && clock->elapsed() < timeoutMs)
            return;
        timer->stop();
        timer->deleteLater();
        then(settled);
    });
    timer->start();
}

QString MainWindow::centralViewTitle(CentralView view) const
{
    return m_tabs->tabText(tabIndexOf(view)).remove(QLatin1Char('&'));
}

std::optional<ReportPicture> MainWindow::renderCurrentView(QString *error)
{
    // Every view's own export (with its caption and annotations) to a PNG, read back.
    QTemporaryDir dir;
    if (!dir.isValid()) {
        if (error)
            *error = tr("no temporary folder for the picture");
        return std::nullopt;
    }
    const QString file = dir.filePath(QStringLiteral("view.png"));
    QApplication::processEvents(); // the shown view lays itself out first
    if (!exportImage(file, error))
        return std::nullopt;
    ReportPicture picture;
    picture.image = QImage(file);
    if (picture.image.isNull()) {
        if (error)
            *error = tr("the picture could not be read back");
        return std::nullopt;
    }
    picture.title = centralViewTitle(currentCentralView());
    return picture;
}

void MainWindow::addCurrentViewToReport()
{
    QString error;
    std::optional<ReportPicture> picture = renderCurrentView(&error);
    if (!picture) {
        showBanner(tr("Cannot add this view to the report: %1").arg(error), true);
        return;
    }
    m_reportPictures.push_back(std::move(*picture));
    m_status->setText(tr("Added %1 to the report (%n picture(s)); File > Export Report writes it.",
                         nullptr, int(m_reportPictures.size()))
                          .arg(m_reportPictures.back().title));
}

std::vector<ReportPicture> MainWindow::defaultReportPictures()
{
    std::vector<ReportPicture> pictures;
    const CentralView shown = currentCentralView();
    const auto add = [&](CentralView view, const QString &caption) {
        showCentralView(view);
        QString error;
        if (std::optional<ReportPicture> p = renderCurrentView(&error)) {
            p->caption = caption;
            pictures.push_back(std::move(*p));
        }
    };
    add(CentralView::Overview, tr("the joined verdict, what each rank sent, the first anomalies"));
    // The flame graph focused on the first culprit: its frame selected, its ranks highlighted.
    if (m_session->results().tree) {
        const OverviewData *data = m_overview->data();
        QString caption = tr("every rank's stacks merged");
        if (data && !data->verdict.culprits.empty()) {
            const Culprit &first = data->verdict.culprits.front();
            for (const Evidence &e : first.evidence)
                if (e.ref.target == EvidenceTarget::Frame && e.ref.id > 0) {
                    selectFrame(e.ref.id);
                    caption = tr("focused on %1's frame").arg(messageText(first.subject));
                    break;
                }
            if (first.ranks.count() == 1)
                chooseRank(first.ranks.first());
        }
        add(CentralView::Stacks, caption);
    }
    if (m_heatmap->heatmap()->matrix())
        add(CentralView::Heatmap, tr("ranks by windows, stragglers outlined"));
    if (m_collectivesView->hasData())
        add(CentralView::Collectives, tr("each process group's collectives by rank"));
    if (m_diffView->diff())
        add(CentralView::Diff, tr("against the baseline"));
    showCentralView(shown);
    return pictures;
}

bool MainWindow::exportReport(const QString &file, QString *error)
{
    if (!m_overview->hasData()) {
        if (error)
            *error = tr("the verdict is not ready yet");
        return false;
    }
    IncidentReportContent content;
    content.bundlePath = m_session->bundlePath();
    content.baselinePath = m_comparison->hasBaseline() ? m_comparison->baselinePath() : QString();
    content.overview = m_overview->shared();
    content.pictures = m_reportPictures;
    for (ReportPicture &p : defaultReportPictures())
        content.pictures.push_back(std::move(p));
    content.notes = reportNotes();
    content.commands = reproduceCommands(content.bundlePath, content.baselinePath);
    content.generator = QStringLiteral("rankscope %1").arg(QApplication::applicationVersion());
    content.generatedAt = QDateTime::currentDateTimeUtc();
    return writeIncidentReport(content, file, error);
}

void MainWindow::exportReportDialog()
{
    QString selectedFilter;
    const QString suggested =
        QFileInfo(m_session->bundlePath()).fileName() + QStringLiteral("-report.html");
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Export Report"), suggested,
        tr("HTML, one file (*.html);;Markdown with a folder of pictures (*.md)"), &selectedFilter);
    if (file.isEmpty())
        return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = exportReport(file, &error);
    QApplication::restoreOverrideCursor();
    if (!ok)
        showBanner(tr("Export failed: %1").arg(error), true);
    else
        m_status->setText(tr("Wrote the report %1").arg(QDir::toNativeSeparators(file)));
}

std::vector<ReportNote> MainWindow::reportNotes() const
{
    // Oldest first: the report reads as the investigation went.
    std::vector<const rankscope::Note *> ordered;
    if (m_notes && m_notes->isOpen())
        for (const auto &note : m_notes->notes())
            ordered.push_back(&note);
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto *a, const auto *b) { return a->createdMs < b->createdMs; });
    std::vector<ReportNote> notes;
    notes.reserve(ordered.size());
    for (const auto *note : ordered) {
        ReportNote line;
        line.view = rankscope::NoteText::viewName(note->view);
        line.where = rankscope::NoteText::anchorLabel(*note);
        line.text = QString::fromStdString(note->text);
        if (line.text.isEmpty())
            line.text = rankscope::NoteText::kindName(note->kind);
        line.author = QString::fromStdString(note->author);
        line.createdMs = note->createdMs;
        notes.push_back(std::move(line));
    }
    return notes;
}
