#pragma once

#include "BundleSession.h"

#include <QMainWindow>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QToolButton;
class FrameDetailsPanel;
class ProblemsPanel;

namespace rankscope {
class FlameGraphView;
class FlameGraphWidget;
class RankListPanel;
class SuspectsPanel;
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
    BundleSession *session() const { return m_session; }
    rankscope::FlameGraphWidget *flameGraph() const { return m_flame; }
    rankscope::SuspectsPanel *suspectsPanel() const { return m_suspects; }
    FrameDetailsPanel *frameDetails() const { return m_details; }
    ProblemsPanel *problemsPanel() const { return m_problems; }
    // Selects the most suspicious finding, as clicking it in the Suspects panel would.
    void activateTopSuspect();
    // Writes the flame graph as PNG or SVG (by suffix) with its caption.
    bool exportImage(const QString &file, QString *error);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createCentral();
    void createDocks();
    void createStatusBar();
    void retranslate();
    void restoreSettings();
    void saveSettings() const;

    void openFolderDialog();
    void openArchiveDialog();
    void exportDialog();
    void addRecent(const QString &path);
    void rebuildRecentMenu();
    void optionsChanged();
    void populateChoices();

    void onImportStarted(const QString &path);
    void onImportProgress(double fraction, const QString &text);
    void onImportFinished();
    void onImportFailed(const QString &message);
    void onImportCancelled();
    void onResultsReady(const StackResults &results);
    void showBanner(const QString &text, bool error);
    void selectFrame(int node);
    void chooseRank(int rank);

    BundleSession *m_session;

    rankscope::FlameGraphWidget *m_flame = nullptr;
    rankscope::FlameGraphView *m_graphView = nullptr;
    rankscope::SuspectsPanel *m_suspects = nullptr;
    rankscope::RankListPanel *m_ranks = nullptr;
    FrameDetailsPanel *m_details = nullptr;
    ProblemsPanel *m_problems = nullptr;
    QLabel *m_banner = nullptr;
    QLabel *m_verdict = nullptr;

    QComboBox *m_frames = nullptr;
    QComboBox *m_threads = nullptr;
    QComboBox *m_role = nullptr;
    QComboBox *m_samples = nullptr;

    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancel = nullptr;

    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_openFolder = nullptr;
    QAction *m_openArchive = nullptr;
    QAction *m_reimport = nullptr;
    QAction *m_export = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_about = nullptr;
    QAction *m_zoomOut = nullptr;
    QAction *m_resetZoom = nullptr;
    QAction *m_findAction = nullptr;
    QStringList m_recent;
    bool m_populating = false;
};
