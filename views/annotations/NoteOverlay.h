#pragma once

#include "core/notes/Note.h"
#include "views/annotations/NoteCanvas.h"
#include "views/annotations/NotePainter.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <string>

class QMenu;

namespace rankscope {

class NoteBook;

// The tools of NoteOverlay: drag out a highlight rectangle or an arrow.
enum class NoteTool
{
    None,
    Highlight,
    Arrow,
};

// The notes of one view drawn over it, and how the user adds, sees, edits and removes them.
// A transparent child of the view's drawing surface (the widget, or a scroll area's viewport)
// that never takes the mouse itself: it watches the surface's events and takes only those
// aimed at a note (its badge, a highlight's border, an arrow) or at the active tool.
//
// Attaching a view takes a canvas factory (the view's NoteCanvas as it is now) and, for the
// Notes panel's jumps, a reveal function:
//
//     auto *overlay = new NoteOverlay(view, view->viewport(), book, NoteView::Heatmap,
//                                     [view] { return std::make_unique<MyCanvas>(*view); });
//     overlay->setReveal([view](const Note &note) { return view->showSomething(note); });
//
// Mouse: hover a note for its text; click selects it; double-click (or F2) edits its text;
// Delete removes it. Right-click adds "Add Note…" (pinned to the item under the mouse),
// "Mark Rank N…" and, on a note, "Edit Note…" and "Delete Note" to the view's menu (views with
// their own menu call addMenuActions, the others get a menu of these).
class NoteOverlay : public QWidget
{
    Q_OBJECT

public:
    using CanvasFactory = std::function<std::unique_ptr<NoteCanvas>()>;
    using Reveal = std::function<bool(const Note &)>;
    // `view`: the widget that has the keyboard focus; `surface`: the one it paints on (the
    // same widget, or its viewport), whose coordinates the canvas uses.
    NoteOverlay(QWidget *view, QWidget *surface, NoteBook *book, NoteView noteView,
                CanvasFactory canvas);
    ~NoteOverlay() override;

    // The overlay of a view's surface (or of the view itself), nullptr when none.
    static NoteOverlay *of(QWidget *surfaceOrView);
    // Adds the note actions for a point of the surface to a view's own context menu.
    static void addMenuActions(QWidget *surface, QMenu &menu, QPoint pos);

    NoteView noteView() const { return m_noteView; }
    NoteBook *book() const { return m_book; }
    QWidget *view() const { return m_view; }
    QWidget *surface() const { return m_surface; }
    // The view's own context menu calls addMenuActions; else the overlay shows one.
    void setOwnContextMenu(bool own) { m_ownMenu = own; }
    void setReveal(Reveal reveal) { m_reveal = std::move(reveal); }
    // A surface made of child widgets (the Overview's page of labels and strips) gets its
    // mouse on the children: watch them too (and those added later), in surface coordinates.
    void setWatchDescendants(bool watch);
    // Scrolls or zooms the view to a note's item and selects it there. False when the view
    // cannot find it (not in this import, filtered out).
    bool reveal(const Note &note);

    // The canvas of the view as it is now (nullptr when it shows nothing).
    std::unique_ptr<NoteCanvas> canvas() const { return m_canvas ? m_canvas() : nullptr; }

    void setTool(NoteTool tool);
    NoteTool tool() const { return m_tool; }

    // What the mouse and the menus do, for callers and tests: a note pinned to the item at a
    // surface point, a shape between two points, marked ranks. Return the new note's id, ""
    // when nothing is there (or the notes cannot be saved).
    std::string addPin(QPoint pos, const QString &text);
    std::string addShape(NoteKind kind, QPoint from, QPoint to, const QString &text = {});
    std::string addRankMark(const RankSet &ranks, const QString &text);
    // The note under a surface point, "" when none.
    std::string noteAt(QPoint pos) const;
    // Dialogs (interactive use).
    void addPinInteractively(QPoint pos);
    void editInteractively(const std::string &id);
    void markRanksInteractively(const RankSet &suggested);

signals:
    // A shape was drawn or the tool was cancelled (Escape): the tool is None again.
    void toolFinished();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    bool handleMouse(QEvent *event);
    bool handleDescendantEvent(QWidget *child, QEvent *event);
    void watch(QWidget *widget);
    bool handleKey(QEvent *event);
    bool showContextMenu(QPoint pos, QPoint globalPos);
    void setHovered(const std::string &id);
    QString tooltipOf(const Note &note) const;

    QPointer<QWidget> m_view;
    QPointer<QWidget> m_surface;
    NoteBook *m_book;
    NoteView m_noteView;
    CanvasFactory m_canvas;
    Reveal m_reveal;
    bool m_ownMenu = true;
    bool m_watchDescendants = false;
    NoteTool m_tool = NoteTool::None;
    std::optional<Note> m_drawing; // the shape being dragged out
    QPoint m_pressPos;
    bool m_pressedOnNote = false; // its release is the overlay's too
    std::string m_hovered;
};

} // namespace rankscope
