// The user's notes on every view (issue 14): the Notes dock and menu, one overlay per view, the
// jumps from the panel to a note's item, the sidecar import and export.
#include "MainWindow.h"

#include "core/diff/StackDiff.h"
#include "core/notes/NoteStore.h"
#include "views/annotations/CollectiveStripNoteCanvas.h"
#include "views/annotations/FlameGraphNoteCanvas.h"
#include "views/annotations/HeatmapNoteCanvas.h"
#include "views/annotations/ItemViewNoteCanvas.h"
#include "views/annotations/LogLinesNoteCanvas.h"
#include "views/annotations/NoteBook.h"
#include "views/annotations/NoteExport.h"
#include "views/annotations/NoteOverlay.h"
#include "views/annotations/NoteText.h"
#include "views/annotations/NotesPanel.h"
#include "views/annotations/OverviewNoteCanvas.h"
#include "views/annotations/TimelineNoteCanvas.h"
#include "views/collectives/CollectiveStripWidget.h"
#include "views/collectives/CollectivesView.h"
#include "views/diff/DiffView.h"
#include "views/diff/LogTemplateDiffModel.h"
#include "views/diff/LogTemplateDiffTable.h"
#include "views/diff/OpDiffModel.h"
#include "views/diff/OpDiffTable.h"
#include "views/diff/StackChangeList.h"
#include "views/diff/StackComparisonView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogLineView.h"
#include "views/logs/LogTemplateFilterProxy.h"
#include "views/logs/LogTemplateModel.h"
#include "views/logs/LogTemplateTable.h"
#include "views/logs/LogsView.h"
#include "views/overview/OverviewView.h"
#include "views/timeline/TraceTimelineWidget.h"
#include "views/traces/RankDetailView.h"

#include <QAbstractItemView>
#include <QAbstractProxyModel>
#include <QAction>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QToolBar>

#include <set>

using namespace rankscope;

void MainWindow::createNotes()
{
    m_notes = new NoteBook(this);
    m_notesPanel = new NotesPanel(m_notes, this);
    auto *dock = new QDockWidget(this);
    dock->setObjectName(QStringLiteral("notesDock"));
    dock->setWidget(m_notesPanel);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    if (auto *problems = findChild<QDockWidget *>(QStringLiteral("problemsDock")))
        tabifyDockWidget(problems, dock);
    m_viewMenu->addAction(dock->toggleViewAction());
    connect(m_notesPanel, &NotesPanel::importRequested, this, &MainWindow::importNotesDialog);
    connect(m_notesPanel, &NotesPanel::exportRequested, this, &MainWindow::exportNotesDialog);
    connect(m_notes, &NoteBook::revealRequested, this, [this](const QString &id) {
        if (!revealNote(id))
            m_status->setText(tr("Note %1 is on something this view does not show now (filtered "
                                 "out, zoomed away, or not in this import).")
                                  .arg(m_notes->numberOf(id.toStdString())));
    });
    connect(m_notes, &NoteBook::writeFailed, this,
            [this](const QString &message) { showBanner(message, true); });

    // Flame graph: pinned to frames; the graph's own menu gets the note actions.
    auto *flame =
        new NoteOverlay(m_flame, m_flame->viewport(), m_notes, NoteView::FlameGraph, [this] {
            return std::make_unique<FlameGraphNoteCanvas>(m_flame->scene(),
                                                          m_flame->viewport()->size(),
                                                          m_flame->verticalScrollBar()->value());
        });
    flame->setOwnContextMenu(false);
    flame->setReveal([this](const Note &note) {
        if (note.kind == NoteKind::Ranks) {
            m_flame->highlightRanks(note.ranks);
            return true;
        }
        FlameGraphNoteCanvas canvas(m_flame->scene(), m_flame->viewport()->size(),
                                    m_flame->verticalScrollBar()->value());
        const int node = canvas.nodeOf(note.anchor);
        if (node < 0)
            return false;
        if (node == StackTree::kRoot)
            m_flame->resetZoom();
        else
            selectFrame(node);
        return true;
    });
    // The graph scrolls by moving its pixels; the notes are drawn again instead.
    connect(m_flame->verticalScrollBar(), &QScrollBar::valueChanged, flame,
            qOverload<>(&QWidget::update));
    m_noteOverlays.push_back(flame);

    // Heatmap: pinned to cells, shapes in time and rank rows.
    HeatmapWidget *heatmap = m_heatmap->heatmap();
    auto *cells = new NoteOverlay(heatmap, heatmap, m_notes, NoteView::Heatmap, [heatmap] {
        return std::make_unique<HeatmapNoteCanvas>(heatmap->scene(), heatmap->size());
    });
    cells->setReveal([heatmap](const Note &note) {
        if (note.kind == NoteKind::Ranks) {
            heatmap->setSelectedRanks(note.ranks);
            return true;
        }
        if (note.anchor.target == NoteTarget::Cell) {
            const HeatmapNoteCanvas canvas(heatmap->scene(), heatmap->size());
            const qint64 window = canvas.windowOf(note.anchor);
            if (window < 0)
                return false;
            heatmap->setSelectedCell(note.anchor.rank, window);
            return true;
        }
        if (note.shape)
            heatmap->setSelectedRank(int(std::min(note.shape->from.y, note.shape->to.y)));
        return true;
    });
    m_noteOverlays.push_back(cells);

    // Log lines: pinned to an event's file and line.
    LogLineView *lines = m_logsView->lineView();
    auto *logs = new NoteOverlay(lines, lines->viewport(), m_notes, NoteView::Logs, [this, lines] {
        return std::make_unique<LogLinesNoteCanvas>(*lines, m_session->logs().analysis);
    });
    logs->setOwnContextMenu(false);
    logs->setReveal([this, lines](const Note &note) {
        if (note.kind != NoteKind::Ranks && note.anchor.target != NoteTarget::LogLine)
            return false; // a template's note: the table's overlay shows it
        m_logsView->showTemplates();
        return note.kind == NoteKind::Ranks || revealLogLine(*lines, note.anchor);
    });
    m_noteOverlays.push_back(logs);

    // The Logs tab's templates: pinned to a template by its text.
    LogTemplateTable *templates = m_logsView->templateTable();
    const auto templateAnchor = [templates](int row, std::string *label) {
        const QModelIndex source =
            templates->proxyModel()->mapToSource(templates->proxyModel()->index(row, 0));
        const LogTemplateSummary *summary = templates->sourceModel()->summary(source.row());
        if (!summary)
            return std::optional<NoteAnchor>();
        NoteAnchor anchor;
        anchor.target = NoteTarget::LogTemplate;
        anchor.name = summary->text;
        if (label)
            *label = NoteText::elided(QString::fromStdString(summary->text), 60).toStdString();
        return std::optional<NoteAnchor>(anchor);
    };
    const auto templateRow = [templates](const NoteAnchor &anchor) {
        if (anchor.target != NoteTarget::LogTemplate)
            return -1;
        const auto *proxy = templates->proxyModel();
        for (int row = 0; row < proxy->rowCount(); ++row) {
            const QModelIndex source = proxy->mapToSource(proxy->index(row, 0));
            const LogTemplateSummary *summary = templates->sourceModel()->summary(source.row());
            if (summary && summary->text == anchor.name)
                return row;
        }
        return -1;
    };
    auto *templateNotes = new NoteOverlay(templates, templates->viewport(), m_notes, NoteView::Logs,
                                          [templates, templateAnchor, templateRow] {
                                              return std::make_unique<ItemViewNoteCanvas>(
                                                  *templates, NoteView::Logs, "templates",
                                                  templateAnchor, templateRow);
                                          });
    templateNotes->setReveal([this, templates, templateRow](const Note &note) {
        if (note.anchor.scope != "templates")
            return false;
        m_logsView->showTemplates();
        const int row = templateRow(note.anchor);
        if (row < 0)
            return false;
        const QModelIndex index = templates->proxyModel()->index(row, 0);
        templates->scrollTo(index);
        templates->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                QItemSelectionModel::Rows);
        return true;
    });
    m_noteOverlays.push_back(templateNotes);

    // Collectives: pinned to a collective of a group, or one member's entry of it.
    CollectiveStripWidget *strip = m_collectivesView->strip();
    auto *collectives = new NoteOverlay(strip, strip, m_notes, NoteView::Collectives, [strip] {
        return std::make_unique<CollectiveStripNoteCanvas>(strip->scene(), strip->size());
    });
    collectives->setReveal([this, strip](const Note &note) {
        if (note.kind == NoteKind::Ranks) {
            m_collectivesView->selectRanks(note.ranks);
            return true;
        }
        const std::string &group =
            note.anchor.group.empty() ? note.anchor.scope : note.anchor.group;
        const CollectiveViewData *data = strip->scene().data();
        if (!data)
            return false;
        for (std::size_t i = 0; i < data->strips.size(); ++i)
            if (data->strips[i].name == group) {
                m_collectivesView->showGroup(int(i));
                if (note.anchor.seq >= 0)
                    strip->setSelection(
                        note.anchor.rank >= 0 ? RankSet::fromVector({note.anchor.rank}) : RankSet(),
                        note.anchor.seq);
                return true;
            }
        return false;
    });
    m_noteOverlays.push_back(collectives);

    // Rank Detail's timeline: pinned to events, shapes in time and lanes; its window is reopened.
    TraceTimelineWidget *timeline = m_rankDetail->timeline();
    auto *events = new NoteOverlay(
        timeline, timeline->viewport(), m_notes, NoteView::Timeline, [this, timeline] {
            const RankDetail &detail = m_rankDetail->detail();
            return std::make_unique<TimelineNoteCanvas>(*timeline, detail.axis, detail.window);
        });
    events->setReveal([this](const Note &note) {
        const int rank = note.kind == NoteKind::Ranks ? note.ranks.first() : note.anchor.rank;
        const auto axis = note.anchor.axis == "time" ? WindowAxis::TimeBin : WindowAxis::Iteration;
        if (rank < 0 || m_session->traces().empty())
            return false;
        if (note.anchor.window >= 0)
            openRankDetail(rank, axis, note.anchor.window);
        else
            chooseRank(rank);
        return true;
    });
    m_noteOverlays.push_back(events);

    // The Diff's flame graphs, each with its own scope.
    const auto diffGraph = [this](FlameGraphWidget *graph, const char *scope) {
        auto *overlay =
            new NoteOverlay(graph, graph->viewport(), m_notes, NoteView::Diff, [graph, scope] {
                return std::make_unique<FlameGraphNoteCanvas>(
                    graph->scene(), graph->viewport()->size(), graph->verticalScrollBar()->value(),
                    NoteView::Diff, scope);
            });
        overlay->setOwnContextMenu(false);
        overlay->setReveal([this, graph, scope](const Note &note) {
            if (note.anchor.scope != scope)
                return false;
            m_diffView->showPage(DiffView::Page::Stacks);
            FlameGraphNoteCanvas canvas(graph->scene(), graph->viewport()->size(),
                                        graph->verticalScrollBar()->value(), NoteView::Diff, scope);
            const int node = canvas.nodeOf(note.anchor);
            if (node > 0)
                graph->selectNode(node);
            return node >= 0;
        });
        connect(graph->verticalScrollBar(), &QScrollBar::valueChanged, overlay,
                qOverload<>(&QWidget::update));
        m_noteOverlays.push_back(overlay);
    };
    // The Diff's list of changed paths: pinned to a path.
    StackChangeList *changes = m_diffView->stacks()->changeList();
    const auto changeAnchor = [changes](int row, std::string *label) {
        const int change = changes->changeAtRow(row);
        if (!changes->diff() || change < 0)
            return std::optional<NoteAnchor>();
        const StackPathChange &path = changes->diff()->changes[std::size_t(change)];
        NoteAnchor anchor;
        anchor.target = NoteTarget::DiffLine;
        for (const std::string &frame : path.frames)
            anchor.path.push_back({frame, {}, 0});
        anchor.name = path.frames.empty() ? std::string() : path.frames.back();
        if (label)
            *label = anchor.name;
        return std::optional<NoteAnchor>(anchor);
    };
    const auto changeRow = [changes](const NoteAnchor &anchor) {
        if (anchor.target != NoteTarget::DiffLine || !changes->diff())
            return -1;
        std::vector<std::string> frames;
        for (const NoteFrame &frame : anchor.path)
            frames.push_back(frame.function);
        const int change = changes->findChange(frames);
        return change < 0 ? -1 : changes->rowOfChange(change);
    };
    auto *changeNotes = new NoteOverlay(
        changes, changes->viewport(), m_notes, NoteView::Diff, [changes, changeAnchor, changeRow] {
            return std::make_unique<ItemViewNoteCanvas>(*changes, NoteView::Diff, "stacks.paths",
                                                        changeAnchor, changeRow);
        });
    changeNotes->setReveal([this, changes, changeRow](const Note &note) {
        if (note.anchor.scope != "stacks.paths")
            return false;
        m_diffView->showPage(DiffView::Page::Stacks);
        const int row = changeRow(note.anchor);
        if (row < 0)
            return false;
        changes->setCurrentChange(changes->changeAtRow(row));
        return true;
    });
    m_noteOverlays.push_back(changeNotes);

    // The Diff's tables of log templates and of ops: pinned to a template's text or an op's
    // name, which a re-import or a new baseline keeps.
    const auto diffTable = [this](QTableView *table, const char *scope, DiffView::Page page,
                                  std::function<std::string(int sourceRow)> keyOfRow,
                                  std::function<void(bool)> showAllRows) {
        const auto sourceRow = [table](int row) {
            const auto *proxy = qobject_cast<const QAbstractProxyModel *>(table->model());
            const QModelIndex index = table->model()->index(row, 0);
            return proxy ? proxy->mapToSource(index).row() : index.row();
        };
        const auto anchorOfRow = [sourceRow, keyOfRow](int row, std::string *label) {
            const std::string key = keyOfRow(sourceRow(row));
            if (key.empty())
                return std::optional<NoteAnchor>();
            NoteAnchor anchor;
            anchor.target = NoteTarget::DiffLine;
            anchor.name = key;
            if (label)
                *label = NoteText::elided(QString::fromStdString(key), 60).toStdString();
            return std::optional<NoteAnchor>(anchor);
        };
        const auto rowOfAnchor = [table, sourceRow, keyOfRow](const NoteAnchor &anchor) {
            if (anchor.target != NoteTarget::DiffLine)
                return -1;
            for (int row = 0; row < table->model()->rowCount(); ++row)
                if (keyOfRow(sourceRow(row)) == anchor.name)
                    return row;
            return -1;
        };
        auto *overlay =
            new NoteOverlay(table, table->viewport(), m_notes, NoteView::Diff,
                            [table, scope, anchorOfRow, rowOfAnchor] {
                                return std::make_unique<ItemViewNoteCanvas>(
                                    *table, NoteView::Diff, scope, anchorOfRow, rowOfAnchor);
                            });
        overlay->setReveal([this, table, scope, page, rowOfAnchor, showAllRows](const Note &note) {
            if (note.anchor.scope != scope)
                return false;
            m_diffView->showPage(page);
            int row = rowOfAnchor(note.anchor);
            if (row < 0) { // hidden by "significant only"?
                showAllRows(true);
                row = rowOfAnchor(note.anchor);
            }
            if (row < 0)
                return false;
            const QModelIndex index = table->model()->index(row, 0);
            table->scrollTo(index);
            table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                QItemSelectionModel::Rows);
            return true;
        });
        m_noteOverlays.push_back(overlay);
    };
    LogTemplateDiffTable *logChanges = m_diffView->logTable();
    diffTable(
        logChanges, "logs", DiffView::Page::Logs,
        [logChanges](int row) {
            const LogTemplateChange *change = logChanges->sourceModel()->change(row);
            return change ? change->text : std::string();
        },
        [logChanges](bool all) { logChanges->setSignificantOnly(!all); });
    OpDiffTable *opChanges = m_diffView->opTable();
    diffTable(
        opChanges, "ops", DiffView::Page::Ops,
        [opChanges](int row) {
            const OpChange *op = opChanges->sourceModel()->op(row);
            return op ? op->name : std::string();
        },
        [opChanges](bool all) { opChanges->setSignificantOnly(!all); });

    // Overview: pinned to a culprit, a rank of the coverage strip, a layer's first anomaly or a
    // section. The overlay lies on the page, so it scrolls with it; the page is made of labels
    // and strips, whose mouse the overlay watches too.
    auto *overview =
        new NoteOverlay(m_overview, m_overview->page(), m_notes, NoteView::Overview,
                        [this] { return std::make_unique<OverviewNoteCanvas>(*m_overview); });
    overview->setWatchDescendants(true);
    overview->setReveal([this](const Note &note) {
        const OverviewNoteCanvas canvas(*m_overview);
        QRectF rect;
        if (note.kind == NoteKind::Ranks) {
            const std::vector<QRectF> bands = canvas.rankRects(note.ranks);
            if (!bands.empty())
                rect = bands.front();
        } else if (note.shape) {
            const auto from = canvas.toPixel(note.anchor, note.shape->from);
            const auto to = canvas.toPixel(note.anchor, note.shape->to);
            if (from && to)
                rect = QRectF(*from, *to).normalized();
        } else if (const auto at = canvas.anchorRect(note.anchor)) {
            rect = *at;
        }
        if (rect.width() <= 0 && rect.height() <= 0)
            return false;
        m_overview->showPageRect(rect.toAlignedRect());
        return true;
    });
    m_noteOverlays.push_back(overview);

    diffGraph(m_diffView->stacks()->targetGraph(), "stacks.target");
    diffGraph(m_diffView->stacks()->baselineGraph(), "stacks.baseline");
    diffGraph(m_diffView->stacks()->differentialGraph(), "stacks.difference");

    for (NoteOverlay *overlay : m_noteOverlays)
        connect(overlay, &NoteOverlay::toolFinished, this, [this] {
            m_highlightTool->setChecked(false);
            m_arrowTool->setChecked(false);
        });

    // Actions: the Notes menu and the tool bar.
    m_addNote = new QAction(this);
    m_addNote->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(m_addNote, &QAction::triggered, this, &MainWindow::addNoteToSelection);
    m_highlightTool = new QAction(this);
    m_highlightTool->setCheckable(true);
    m_highlightTool->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_arrowTool = new QAction(this);
    m_arrowTool->setCheckable(true);
    m_arrowTool->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    const auto useTool = [this](NoteTool tool, bool on) {
        for (NoteOverlay *overlay : m_noteOverlays)
            overlay->setTool(NoteTool::None);
        if (!on)
            return;
        (tool == NoteTool::Highlight ? m_arrowTool : m_highlightTool)->setChecked(false);
        if (NoteOverlay *overlay = currentNoteOverlay()) {
            overlay->setTool(tool);
            m_status->setText(tool == NoteTool::Highlight
                                  ? tr("Drag a rectangle over the view to highlight it; Escape "
                                       "cancels.")
                                  : tr("Drag from where the arrow starts to what it points at; "
                                       "Escape cancels."));
        }
    };
    connect(m_highlightTool, &QAction::toggled, this,
            [useTool](bool on) { useTool(NoteTool::Highlight, on); });
    connect(m_arrowTool, &QAction::toggled, this,
            [useTool](bool on) { useTool(NoteTool::Arrow, on); });
    m_markRanks = new QAction(this);
    m_markRanks->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    connect(m_markRanks, &QAction::triggered, this, [this] {
        NoteOverlay *overlay = currentNoteOverlay();
        if (!overlay)
            overlay = m_noteOverlays.front();
        RankSet suggested = m_flame->highlightedRanks();
        if (suggested.empty() && m_heatmap->heatmap()->selectedRank() >= 0)
            suggested = m_heatmap->heatmap()->selectedRanks();
        overlay->markRanksInteractively(suggested);
    });
    m_importNotes = new QAction(this);
    connect(m_importNotes, &QAction::triggered, this, &MainWindow::importNotesDialog);
    m_exportNotes = new QAction(this);
    connect(m_exportNotes, &QAction::triggered, this, &MainWindow::exportNotesDialog);

    m_notesMenu = new QMenu(this);
    menuBar()->insertMenu(m_helpMenu->menuAction(), m_notesMenu);
    m_notesMenu->addAction(m_addNote);
    m_notesMenu->addAction(m_highlightTool);
    m_notesMenu->addAction(m_arrowTool);
    m_notesMenu->addAction(m_markRanks);
    m_notesMenu->addSeparator();
    m_notesMenu->addAction(m_importNotes);
    m_notesMenu->addAction(m_exportNotes);
    m_notesMenu->addSeparator();
    m_notesMenu->addAction(dock->toggleViewAction());
    if (auto *bar = findChild<QToolBar *>(QStringLiteral("mainToolBar"))) {
        QAction *first = bar->actions().value(2); // after Open and Export
        bar->insertAction(first, m_highlightTool);
        bar->insertAction(first, m_arrowTool);
        bar->insertAction(first, m_markRanks);
    }
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        // A tool belongs to the view it was chosen on.
        m_highlightTool->setChecked(false);
        m_arrowTool->setChecked(false);
        updateNoteActions();
    });
    connect(m_notes, &NoteBook::changed, this, &MainWindow::updateNoteActions);
    updateNoteActions();
}

void MainWindow::retranslateNotes()
{
    if (!m_notes)
        return;
    m_notesMenu->setTitle(tr("&Notes"));
    m_addNote->setText(tr("&Add Note to Selection…"));
    m_addNote->setToolTip(tr("Pin a note to the selected frame, heatmap cell, log line or "
                             "collective"));
    m_highlightTool->setText(tr("&Highlight"));
    m_highlightTool->setToolTip(tr("Draw a rectangle over the view (rows, time, frames) that "
                                   "stays on its data when zooming"));
    m_arrowTool->setText(tr("A&rrow"));
    m_arrowTool->setToolTip(tr("Draw an arrow pointing at something in the view"));
    m_markRanks->setText(tr("&Mark Ranks…"));
    m_markRanks->setToolTip(tr("Mark ranks with a note: their rows, lines and frames are tinted "
                               "in every view"));
    m_importNotes->setText(tr("&Import Notes…"));
    m_exportNotes->setText(tr("&Export Notes…"));
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("notesDock")))
        dock->setWindowTitle(
            m_notes->notes().empty() ? tr("Notes") : tr("Notes (%1)").arg(m_notes->notes().size()));
}

void MainWindow::updateNoteActions()
{
    if (!m_notes)
        return;
    const bool writable = m_notes->isOpen() && !m_notes->isReadOnly();
    NoteOverlay *overlay = currentNoteOverlay();
    // Every view but the lists of lines and rows has data coordinates for shapes (whether it
    // shows data yet is the tool's concern: a drag over nothing draws nothing).
    const bool shapes = writable && overlay && overlay->noteView() != NoteView::Logs &&
                        !qobject_cast<QAbstractItemView *>(overlay->view());
    m_highlightTool->setEnabled(shapes);
    m_arrowTool->setEnabled(shapes);
    m_markRanks->setEnabled(writable);
    m_addNote->setEnabled(writable && overlay);
    m_importNotes->setEnabled(writable);
    m_exportNotes->setEnabled(m_notes->isOpen() && !m_notes->notes().empty());
    // The dock comes up with the first note, as the Problems panel with the first problem.
    const int count = int(m_notes->notes().size());
    if (count > 0 && m_shownNoteCount == 0 && !isShowingStartPage())
        if (auto *dock = findChild<QDockWidget *>(QStringLiteral("notesDock"))) {
            dock->show();
            dock->raise();
        }
    m_shownNoteCount = count;
    retranslateNotes(); // the dock's count
}

NoteOverlay *MainWindow::noteOverlay(NoteView view, const std::string &scope) const
{
    for (NoteOverlay *overlay : m_noteOverlays) {
        if (overlay->noteView() != view)
            continue;
        if (scope.empty())
            return overlay;
        if (const auto canvas = overlay->canvas(); canvas && canvas->scope() == scope)
            return overlay;
    }
    return nullptr;
}

NoteOverlay *MainWindow::currentNoteOverlay() const
{
    switch (currentCentralView()) {
    case CentralView::Overview:
        return noteOverlay(NoteView::Overview);
    case CentralView::Stacks:
        return noteOverlay(NoteView::FlameGraph);
    case CentralView::Heatmap:
        return noteOverlay(NoteView::Heatmap);
    case CentralView::Logs:
        return m_logsView->isStepSeriesShown() ? nullptr : noteOverlay(NoteView::Logs);
    case CentralView::Collectives:
        return noteOverlay(NoteView::Collectives);
    case CentralView::Diff:
        for (NoteOverlay *overlay : m_noteOverlays)
            if (overlay->noteView() == NoteView::Diff && overlay->view()->isVisible())
                return overlay;
        return nullptr;
    }
    return nullptr;
}

void MainWindow::openNotes()
{
    const QString file =
        QString::fromStdString(NoteStore::fileFor(m_session->summary().cacheFile).string());
    QString error;
    // A bundle without notes keeps the dock out of the way (View > Notes shows it).
    m_shownNoteCount = -1;
    const bool opened = m_notes->open(file, m_session->bundlePath(), &error);
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("notesDock")))
        dock->setVisible(!m_notes->notes().empty());
    m_shownNoteCount = int(m_notes->notes().size());
    if (!opened) {
        showBanner(error, true);
        return;
    }
    // A colleague's notes next to the bundle come in once, and again only when the file changes.
    QString message;
    if (m_notes->mergeSidecarIfChanged(&message) && !message.isEmpty())
        showBanner(message, false);
    updateNoteActions();
}

bool MainWindow::revealNote(const QString &id)
{
    const Note *found = m_notes->find(id.toStdString());
    if (!found)
        return false;
    const Note note = *found;
    m_notes->select(note.id);
    NoteOverlay *overlay =
        noteOverlay(note.view, note.view == NoteView::Diff ? note.anchor.scope : std::string());
    switch (note.view) {
    case NoteView::FlameGraph:
        showCentralView(CentralView::Stacks);
        break;
    case NoteView::Heatmap:
        showCentralView(CentralView::Heatmap);
        break;
    case NoteView::Logs:
        showCentralView(CentralView::Logs);
        for (NoteOverlay *candidate : m_noteOverlays)
            if (candidate->noteView() == NoteView::Logs && candidate->reveal(note))
                return true;
        return false;
    case NoteView::Diff:
        showCentralView(CentralView::Diff);
        for (NoteOverlay *candidate : m_noteOverlays)
            if (candidate->noteView() == NoteView::Diff && candidate->reveal(note))
                return true;
        return false;
    case NoteView::Collectives:
        showCentralView(CentralView::Collectives);
        break;
    case NoteView::Overview:
        showCentralView(CentralView::Overview);
        break;
    case NoteView::Timeline:
        break;
    }
    return overlay && overlay->reveal(note);
}

bool MainWindow::revealLogLine(LogLineView &lines, const NoteAnchor &anchor)
{
    const LogLineSource *source = lines.source();
    if (!source || source->lineCount() == 0)
        return false;
    const QString file = QString::fromStdString(anchor.file);
    // Near its time (rows are in time order), then outwards: a page either side.
    qint64 around = anchor.timeNs > 0 ? source->rowAtTime(anchor.timeNs) : 0;
    if (around < 0)
        around = 0;
    constexpr qint64 kSearched = 4000;
    const qint64 first = std::max<qint64>(0, around - kSearched / 2);
    const std::vector<LogLine> page = source->lines(first, kSearched);
    for (std::size_t i = 0; i < page.size(); ++i)
        if (page[i].lineNumber == anchor.line && page[i].fileLabel == file) {
            const qint64 row = first + qint64(i);
            lines.scrollToRow(row);
            lines.selectRows(row, row);
            return true;
        }
    return false;
}

void MainWindow::addNoteToSelection()
{
    NoteOverlay *overlay = currentNoteOverlay();
    if (!overlay)
        return;
    // The selected item's point on screen: where a right-click would have been.
    QRect at;
    switch (currentCentralView()) {
    case CentralView::Overview:
        // No selection on the page: the first culprit, else the verdict.
        at = m_overview->culpritCount() > 0 ? m_overview->culpritRect(0)
                                            : m_overview->sectionRect("verdict");
        break;
    case CentralView::Stacks:
        at = m_flame->nodeRect(m_flame->selectedNode());
        break;
    case CentralView::Heatmap: {
        HeatmapWidget *heatmap = m_heatmap->heatmap();
        if (heatmap->hasSelectedWindow())
            at = heatmap->cellRect(heatmap->selectedRank(), heatmap->selectedWindow());
        break;
    }
    case CentralView::Logs:
        at = m_logsView->lineView()->visualRect(m_logsView->lineView()->currentRow());
        break;
    case CentralView::Collectives: {
        CollectiveStripWidget *strip = m_collectivesView->strip();
        if (!strip->selectedRanks().empty())
            at = strip->cellRect(strip->selectedRanks().first(), strip->selectedSeq());
        break;
    }
    case CentralView::Diff:
        if (auto *graph = qobject_cast<FlameGraphWidget *>(overlay->view()))
            at = graph->nodeRect(graph->selectedNode());
        else if (auto *rows = qobject_cast<QAbstractItemView *>(overlay->view()))
            at = rows->visualRect(rows->currentIndex());
        break;
    }
    if (at.isEmpty()) {
        m_status->setText(tr("Select a frame, a cell, a line or a collective first, or "
                             "right-click one and choose Add Note…"));
        return;
    }
    overlay->addPinInteractively(QPoint(at.left() + std::min(at.width() / 2, 40), at.center().y()));
}

void MainWindow::importNotesDialog()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Import Notes"), m_notes->sidecarPath(), tr("Notes (*.notes.json *.json)"));
    if (file.isEmpty())
        return;
    QString message;
    importNotes(file, &message);
    showBanner(message, false);
}

bool MainWindow::importNotes(const QString &file, QString *message)
{
    NoteBook::ImportOutcome outcome;
    QString error;
    if (!m_notes->importSidecar(file, &outcome, &error)) {
        if (message)
            *message = tr("Notes not imported: %1").arg(error);
        return false;
    }
    if (message)
        *message = NoteBook::describe(outcome, file);
    return true;
}

void MainWindow::exportNotesDialog()
{
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Export Notes"), m_notes->sidecarPath(), tr("Notes (*.notes.json)"));
    if (file.isEmpty())
        return;
    QString error;
    if (!exportNotes(file, &error))
        showBanner(tr("Notes not exported: %1").arg(error), true);
    else
        m_status->setText(tr("Exported %n note(s) to %1", nullptr, int(m_notes->notes().size()))
                              .arg(QDir::toNativeSeparators(file)));
}

bool MainWindow::exportNotes(const QString &file, QString *error)
{
    return m_notes->exportSidecar(file, error);
}

QStringList MainWindow::diffNoteCaption() const
{
    QStringList lines;
    std::set<std::string> listed;
    const NoteLayer layer = noteLayer(NoteView::Diff);
    for (NoteOverlay *overlay : m_noteOverlays) {
        if (overlay->noteView() != NoteView::Diff || !overlay->view()->isVisible())
            continue;
        const auto canvas = overlay->canvas();
        if (!canvas)
            continue;
        for (const NoteLayer::Entry *entry : NoteExport::shownNotes(layer, *canvas))
            if (listed.insert(entry->note.id).second)
                lines << NoteText::captionLine(entry->note, entry->number);
    }
    return lines;
}

NoteLayer MainWindow::noteLayer(NoteView view) const
{
    return m_notes ? m_notes->layer(view) : NoteLayer();
}

// The Logs tab's lines as shown, with their notes: a picture of the lines a note is about.
bool MainWindow::exportLogLines(const QString &file, QString *error)
{
    LogLineView *lines = m_logsView->lineView();
    if (!lines->source() || lines->rowCount() == 0) {
        if (error)
            *error = tr("there are no log lines to export");
        return false;
    }
    ExportCaption caption;
    caption.view = tr("Log lines");
    caption.job =
        m_session->data() ? QString::fromStdString(m_session->data()->job.jobId) : QString();
    if (caption.job.isEmpty())
        caption.job = QFileInfo(m_session->bundlePath()).fileName();
    caption.verdict = m_logsView->summaryText();
    caption.when = QDateTime::currentDateTime();
    QWidget *viewport = lines->viewport();
    const QSize size = viewport->size();
    // The lines without the overlay (a child): the picture draws the notes with their texts.
    ViewExporter::PaintFunction paint = [viewport](QPainter &painter, QSize) {
        viewport->render(&painter, QPoint(), QRegion(), QWidget::DrawWindowBackground);
    };
    paint = NoteExport::annotate(
        std::move(paint), noteLayer(NoteView::Logs),
        [this, lines](QSize) {
            return std::make_unique<LogLinesNoteCanvas>(*lines, m_session->logs().analysis);
        },
        size, &caption);
    return ViewExporter::exportView(paint, size, caption, file, error);
}
