#pragma once

#include "BaselineComparison.h"
#include "BundleSession.h"
#include "IncidentReport.h"
#include "OverviewResults.h"

#include <QMainWindow>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QToolButton;
class QTabWidget;
class QStackedWidget;
class StartPage;
class FrameDetailsPanel;
class ProblemsPanel;
class StragglersPanel;
class CollectiveLoader;

namespace rankscope {
class NoteBook;
class NoteOverlay;
class NotesPanel;
class LogLineView;
struct NoteAnchor;
struct NoteLayer;
enum class NoteView : std::uint8_t;
class CollectivesView;
struct CollectiveViewData;
class RankSet;
class DiffView;
class FlameGraphView;
class FlameGraphWidget;
class HeatmapView;
class LogsView;
class RankDetailView;
class RankListPanel;
class SuspectsPanel;
class EmptyStateStack;
class ElidedLabel;
class FunctionsPanel;
class OverviewView;
struct Evidence;
} // namespace rankscope

// The main window: opens bundles (dialog, command line, drag and drop, recent files), shows the
// merged flame graph with its suspects, ranks, frame details and import problems, and exports
// pictures. All heavy work happens in BundleSession off the UI thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void openBundle(const QString &path);
    // Compares the open bundle with a healthy run (File > Compare with Baseline, --baseline).
    void openBaseline(const QString &path);
    // The heatmap in difference mode (target minus baseline) for a metric.
    void showHeatmapDifference(rankscope::TraceMetric metric);
    BundleSession *session() const { return m_session; }
    BaselineComparison *comparison() const { return m_comparison; }
    rankscope::DiffView *diffView() const { return m_diffView; }
    rankscope::FlameGraphWidget *flameGraph() const { return m_flame; }
    rankscope::SuspectsPanel *suspectsPanel() const { return m_suspects; }
    rankscope::FunctionsPanel *functionsPanel() const { return m_functions; }
    // Raises the Functions dock and opens the top suspect's frame there and in the flame graph.
    void showTopSuspectFunction(const StackResults &results);
    FrameDetailsPanel *frameDetails() const { return m_details; }
    ProblemsPanel *problemsPanel() const { return m_problems; }
    // The status bar's count of import problems; a click shows or hides their panel.
    QToolButton *problemsBadge() const { return m_problemsBadge; }
    rankscope::HeatmapView *heatmapView() const { return m_heatmap; }
    rankscope::LogsView *logsView() const { return m_logsView; }
    rankscope::RankDetailView *rankDetail() const { return m_rankDetail; }
    StragglersPanel *stragglersPanel() const { return m_stragglers; }
    rankscope::CollectivesView *collectivesView() const { return m_collectivesView; }
    rankscope::OverviewView *overviewView() const { return m_overview; }
    OverviewLoader *overviewLoader() const { return m_overviewLoader; }
    // The incident report (MainWindowReport.cpp): HTML, or Markdown with a folder of pictures,
    // by the suffix; the pictures the user added, then the default views. False with a reason
    // when the verdict is not joined yet or the file cannot be written.
    bool exportReport(const QString &file, QString *error);
    // The current view's picture, as View > Add to Report takes it.
    void addCurrentViewToReport();
    int reportPictureCount() const { return int(m_reportPictures.size()); }
    // True once every layer the bundle has is loaded and joined into the Overview (the merged
    // tree, the collectives, the heatmap, the baseline's diff).
    bool isSettled() const;
    // Calls `then` once settled (true), or after timeoutMs (false).
    void whenSettled(std::function<void(bool settled)> then, int timeoutMs = 600000);
    // Opens what a piece of the Overview's evidence points at: the frame, the log template, the
    // heatmap cell, the collective or the diff, with its ranks selected.
    void openEvidence(const rankscope::Evidence &evidence);
    // Loads the collectives after each import (MainWindowCollectives.cpp); ready() tells when.
    CollectiveLoader *collectiveLoader() const { return m_collectiveLoader; }
    // The stack verdict above the flame graph and the status line (tests compare them with
    // rankscope-cli's).
    QString verdictText() const;
    QString statusText() const;
    rankscope::ElidedLabel *statusLine() const { return m_status; }
    QTabWidget *viewTabs() const { return m_tabs; }
    // Before a bundle is open the window shows the start page instead of the views.
    StartPage *startPage() const { return m_startPage; }
    bool isShowingStartPage() const;
    // Which central view is showing.
    enum class CentralView
    {
        Stacks,
        Heatmap,
        Logs,
        Diff,
        Collectives,
        Overview // the first tab: one verdict over every layer (views/overview)
    };
    void showCentralView(CentralView view);
    CentralView currentCentralView() const;
    // Opens the detail of a rank in a window, as clicking its heatmap cell does.
    void openRankDetail(int rank, rankscope::WindowAxis axis, qint64 window);
    void openLogsOfLogWindow(int rank, rankscope::WindowAxis axis, qint64 window);
    // Selects the most suspicious finding in the flame graph (shown), as clicking it in the
    // Suspects panel would.
    void activateTopSuspect();
    // Selects the first collective finding, as clicking it in the Collectives tab would.
    void activateTopCollectiveFinding();
    // Writes the current view (flame graph or heatmap) as PNG or SVG (by suffix) with its
    // caption.
    bool exportImage(const QString &file, QString *error);
    // The empty state of a view (what it needs and a button that gets it), shown instead of the
    // view when the bundle has nothing for it (MainWindowEmptyStates.cpp).
    rankscope::EmptyStateStack *emptyState(CentralView view) const;
    // Rank Detail in the main area instead of its dock (MainWindowRankDetail.cpp).
    void setRankDetailExpanded(bool expand);
    bool isRankDetailExpanded() const;
    // View > Language at once (MainWindowLanguage.cpp): installs the language's catalogs and
    // replaces this window by one built in it, on the same bundle and baseline, with the same
    // view, selection, choices, geometry and docks. Returns the new window; this one closes.
    MainWindow *switchLanguage(const QString &language);

    // The notes of the open bundle (MainWindowNotes.cpp): the book every view's overlay draws,
    // the Notes dock, and a view's overlay (the Diff's graphs by scope: "stacks.target", ...).
    rankscope::NoteBook *noteBook() const { return m_notes; }
    rankscope::NotesPanel *notesPanel() const { return m_notesPanel; }
    rankscope::NoteOverlay *noteOverlay(rankscope::NoteView view,
                                        const std::string &scope = {}) const;
    // The notes a picture of a view draws (numbered as in the Notes panel).
    rankscope::NoteLayer noteLayer(rankscope::NoteView view) const;
    // Shows a note: its view, scrolled and zoomed to its item, the note selected. False when
    // the view cannot find its item now.
    bool revealNote(const QString &id);
    // The bundle's notes to and from a sidecar file (`<bundle>.notes.json`).
    bool exportNotes(const QString &file, QString *error);
    bool importNotes(const QString &file, QString *message);

signals:
    // This window gave way to `next` (switchLanguage); it closes right after.
    void replaced(MainWindow *next);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void createNavigationActions();
    void addNavigationMenus();
    void retranslateNavigation();
    void updateFindAction();
    void findInCurrentView();
    void clearSelection();
    void showShortcuts();
    void showUserGuide();
    void showUserGuidePage(const QString &fileName);
    // MainWindowEmptyStates.cpp
    void createStartPage(QWidget *views);
    void showStartPage();
    void leaveStartPage();
    void openDemo(const QString &scenario);
    QWidget *withEmptyState(CentralView view, QWidget *content);
    void updateLayerEmptyStates();
    void showNoBaseline();
    void showNoCollectives();
    void createRankDetailExpansion();
    void createMenus();
    void createToolBar();
    void createCentral();
    void createDocks();
    void createStatusBar();
    void updateProblemsBadge();
    // After an import: the problems panel only when there are problems, the empty Rank Detail
    // out of the way, so the views get the window's height.
    void fitBottomDocksToProblems();
    void retranslate();
    struct ViewState; // MainWindowLanguage.cpp
    ViewState viewState() const;
    void restoreViewState(const ViewState &state);
    void restoreSettings();
    void saveSettings() const;

    void openFolderDialog();
    void connectBaseline();
    void openBaselineDialog();
    void onBaselineChanged(const QString &path);
    void onDiffReady(std::shared_ptr<const rankscope::BundleDiff> diff);
    void applyLogDemotion();
    void onHeatmapDifferenceReady(std::shared_ptr<const HeatmapDifferenceResult> result);
    void openArchiveDialog();
    void exportDialog();
    void addRecent(const QString &path);
    void rebuildRecentMenu();
    void optionsChanged();
    void populateChoices();
    void updateStackSourceChoice();
    void updateStackChoices(); // shown on the views they change

    void onImportStarted(const QString &path);
    void onImportProgress(double fraction, const QString &text);
    void onImportFinished();
    void onImportFailed(const QString &message);
    void onImportCancelled();
    void onResultsReady(const StackResults &results);
    void showBanner(const QString &text, bool error);
    void selectFrame(int node);
    void chooseRank(int rank);
    void onTracesLoaded();
    void onLogsLoaded();
    void showLogsOfSelectedWindow();
    void openWindowAtTime(int rank, qint64 localTimeNs);
    void requestHeatmap();
    void onHeatmapReady(std::shared_ptr<const HeatmapResult> heatmap);
    void onRankDetailReady(std::shared_ptr<const RankDetailResult> detail);
    void updateStuckRanks();
    QString windowLabel(rankscope::WindowAxis axis, qint64 window, qint64 startNs,
                        qint64 endNs) const;
    bool exportHeatmap(const QString &file, QString *error);

    // MainWindowNotes.cpp
    void createNotes();
    void retranslateNotes();
    void updateNoteActions();
    void openNotes();
    void addNoteToSelection();
    void importNotesDialog();
    void exportNotesDialog();
    rankscope::NoteOverlay *currentNoteOverlay() const;
    bool revealLogLine(rankscope::LogLineView &lines, const rankscope::NoteAnchor &anchor);
    bool exportLogLines(const QString &file, QString *error);

    void createCollectives();
    void createOverview();
    // Joins the layers the window holds now into the Overview's verdict (off the UI thread).
    void requestOverview();
    void onOverviewReady(std::shared_ptr<const rankscope::OverviewData> data);
    int tabIndexOf(CentralView view) const;
    QString centralViewTitle(CentralView view) const;
    std::optional<ReportPicture> renderCurrentView(QString *error);
    std::vector<ReportPicture> defaultReportPictures();
    std::vector<ReportNote> reportNotes() const;
    // The caption lines of the Diff notes on the page shown (its pictures draw its overlays).
    QStringList diffNoteCaption() const;
    void exportReportDialog();
    void requestCollectives();
    void hideCollectiveProgress();
    void onCollectivesReady(std::shared_ptr<const rankscope::CollectiveViewData> view);
    void selectRanksFromCollectives(const rankscope::RankSet &ranks);
    bool exportCollectives(const QString &file, QString *error);

    BundleSession *m_session;
    BaselineComparison *m_comparison;

    rankscope::FlameGraphWidget *m_flame = nullptr;
    rankscope::FlameGraphView *m_graphView = nullptr;
    rankscope::SuspectsPanel *m_suspects = nullptr;
    rankscope::FunctionsPanel *m_functions = nullptr;
    rankscope::RankListPanel *m_ranks = nullptr;
    FrameDetailsPanel *m_details = nullptr;
    ProblemsPanel *m_problems = nullptr;
    QTabWidget *m_tabs = nullptr;
    QStackedWidget *m_pages = nullptr; // the start page, then the views
    StartPage *m_startPage = nullptr;
    std::array<rankscope::EmptyStateStack *, 6> m_emptyStates{}; // per CentralView
    QByteArray m_stateBeforeStartPage;                           // the docks as the user left them
    QWidget *m_rankDetailPage = nullptr; // holds the rank detail while it is expanded
    QAction *m_expandRankDetail = nullptr;
    bool m_firstRun = false;
    QWidget *m_stacksPage = nullptr;
    rankscope::HeatmapView *m_heatmap = nullptr;
    rankscope::LogsView *m_logsView = nullptr;
    rankscope::DiffView *m_diffView = nullptr;
    rankscope::CollectivesView *m_collectivesView = nullptr;
    rankscope::OverviewView *m_overview = nullptr;
    OverviewLoader *m_overviewLoader = nullptr;
    std::vector<ReportPicture> m_reportPictures; // View > Add to Report, in order
    CollectiveLoader *m_collectiveLoader = nullptr;
    QString m_rebuiltDamagedCacheOf; // the bundle whose damaged cache was rebuilt once
    QAction *m_logsOfWindow = nullptr;
    rankscope::RankDetailView *m_rankDetail = nullptr;
    StragglersPanel *m_stragglers = nullptr;
    std::shared_ptr<const HeatmapResult> m_heatmapResult;
    QLabel *m_banner = nullptr;
    QLabel *m_verdict = nullptr;

    QComboBox *m_frames = nullptr;
    QComboBox *m_threads = nullptr;
    QComboBox *m_role = nullptr;
    QComboBox *m_samples = nullptr;
    QComboBox *m_stackSource = nullptr;     // stack dumps or collective call sites
    QAction *m_stackSourceAction = nullptr; // shown when the bundle has call sites
    QLabel *m_stackChoicesLabel = nullptr;
    std::vector<QAction *> m_stackChoices; // the label and the choices, without the source

    // The status line: cut with "…" to its width; the comparison sentence opens the Diff.
    rankscope::ElidedLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancel = nullptr;
    QToolButton *m_problemsBadge = nullptr;

    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_openFolder = nullptr;
    QAction *m_openArchive = nullptr;
    QAction *m_reimport = nullptr;
    QAction *m_openBaseline = nullptr;
    QAction *m_swapBaseline = nullptr;
    QAction *m_closeBaseline = nullptr;
    QAction *m_export = nullptr;
    QAction *m_exportReport = nullptr;
    QAction *m_addToReport = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_about = nullptr;
    QAction *m_zoomOut = nullptr;
    QAction *m_resetZoom = nullptr;
    QAction *m_findAction = nullptr;
    // Keyboard navigation (MainWindowShortcuts.cpp): one action per key, owned by the window.
    std::array<QAction *, 6> m_goToView{}; // Ctrl+1..6, in the order of the tabs
    QAction *m_clearSelection = nullptr;   // Escape
    QAction *m_showShortcuts = nullptr;    // ? and F1
    QAction *m_userGuide = nullptr;
    QStringList m_recent;
    bool m_populating = false;

    rankscope::NoteBook *m_notes = nullptr;
    rankscope::NotesPanel *m_notesPanel = nullptr;
    std::vector<rankscope::NoteOverlay *> m_noteOverlays;
    QMenu *m_notesMenu = nullptr;
    QAction *m_addNote = nullptr;
    QAction *m_highlightTool = nullptr;
    QAction *m_arrowTool = nullptr;
    QAction *m_markRanks = nullptr;
    QAction *m_importNotes = nullptr;
    QAction *m_exportNotes = nullptr;
    int m_shownNoteCount = 0; // the notes when the dock last followed them (-1: opening)
};
