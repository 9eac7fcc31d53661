#include "views/annotations/NoteOverlay.h"

#include "views/annotations/NoteBook.h"
#include "views/annotations/NoteEditDialog.h"
#include "views/annotations/NoteText.h"

#include <QChildEvent>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace rankscope {

NoteOverlay::NoteOverlay(QWidget *view, QWidget *surface, NoteBook *book, NoteView noteView,
                         CanvasFactory canvas)
    : QWidget(surface), m_view(view), m_surface(surface), m_book(book), m_noteView(noteView),
      m_canvas(std::move(canvas))
{
    setObjectName(QStringLiteral("noteOverlay"));
    // Drawn over the view, never in the way of its mouse: the surface's events are watched
    // instead (eventFilter) and only those aimed at a note are taken.
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    setGeometry(surface->rect());
    surface->setMouseTracking(true);
    surface->installEventFilter(this);
    if (view && view != surface)
        view->installEventFilter(this);
    connect(book, &NoteBook::changed, this, qOverload<>(&QWidget::update));
    connect(book, &NoteBook::selectionChanged, this, qOverload<>(&QWidget::update));
    show();
    raise();
}

NoteOverlay::~NoteOverlay() = default;

NoteOverlay *NoteOverlay::of(QWidget *surfaceOrView)
{
    if (!surfaceOrView)
        return nullptr;
    if (auto *overlay =
            surfaceOrView->findChild<NoteOverlay *>(QString(), Qt::FindDirectChildrenOnly))
        return overlay;
    // A scroll area's overlay sits on its viewport, a grandchild.
    for (auto *overlay : surfaceOrView->findChildren<NoteOverlay *>())
        if (overlay->view() == surfaceOrView)
            return overlay;
    return nullptr;
}

void NoteOverlay::setWatchDescendants(bool watch)
{
    m_watchDescendants = watch;
    if (!watch || !m_surface)
        return;
    for (QWidget *child : m_surface->findChildren<QWidget *>())
        this->watch(child);
}

void NoteOverlay::watch(QWidget *widget)
{
    if (widget == this || isAncestorOf(widget))
        return;
    widget->removeEventFilter(this); // once, however often it is met
    widget->installEventFilter(this);
    widget->setMouseTracking(true);
}

bool NoteOverlay::handleDescendantEvent(QWidget *child, QEvent *event)
{
    switch (event->type()) {
    case QEvent::ChildPolished:
        if (auto *added = qobject_cast<QWidget *>(static_cast<QChildEvent *>(event)->child()))
            watch(added);
        return false;
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseMove: {
        // The same event where the surface has it; taken only when it is aimed at a note or
        // the tool, so the child's links and selection keep working.
        auto *mouse = static_cast<QMouseEvent *>(event);
        const QPointF pos = child->mapTo(m_surface, mouse->position().toPoint());
        QMouseEvent mapped(event->type(), pos, mouse->globalPosition(), mouse->button(),
                           mouse->buttons(), mouse->modifiers(), mouse->pointingDevice());
        return handleMouse(&mapped);
    }
    case QEvent::ToolTip:
        if (const Note *note = m_book->find(m_hovered)) {
            QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), tooltipOf(*note),
                               m_surface);
            return true;
        }
        return false;
    case QEvent::ContextMenu:
        if (m_ownMenu) {
            auto *menu = static_cast<QContextMenuEvent *>(event);
            return showContextMenu(child->mapTo(m_surface, menu->pos()), menu->globalPos());
        }
        return false;
    default:
        return false;
    }
}

bool NoteOverlay::reveal(const Note &note)
{
    if (!m_reveal)
        return false;
    const bool found = m_reveal(note);
    update();
    return found;
}

void NoteOverlay::setTool(NoteTool tool)
{
    m_tool = tool;
    m_drawing.reset();
    if (m_surface) {
        if (tool == NoteTool::None)
            m_surface->unsetCursor();
        else
            m_surface->setCursor(Qt::CrossCursor);
    }
    update();
}

std::string NoteOverlay::noteAt(QPoint pos) const
{
    const NoteLayer layer = m_book->layer(m_noteView);
    if (layer.empty())
        return {};
    const auto canvas = this->canvas();
    return canvas ? NotePainter::noteAt(layer, *canvas, pos, font()) : std::string();
}

std::string NoteOverlay::addPin(QPoint pos, const QString &text)
{
    const auto canvas = this->canvas();
    if (!canvas)
        return {};
    std::string label;
    const auto anchor = canvas->anchorAt(pos, &label);
    if (!anchor)
        return {};
    Note note = makeNote(m_noteView, NoteKind::Pin, *anchor);
    note.text = text.toStdString();
    note.label = label;
    const std::string id = note.id;
    if (!m_book->add(std::move(note)))
        return {};
    m_book->select(id);
    return id;
}

std::string NoteOverlay::addShape(NoteKind kind, QPoint from, QPoint to, const QString &text)
{
    const auto canvas = this->canvas();
    if (!canvas || !canvas->hasShapes() || (kind != NoteKind::Highlight && kind != NoteKind::Arrow))
        return {};
    const auto anchor = canvas->shapeAnchorAt(from);
    if (!anchor)
        return {};
    const auto a = canvas->toData(*anchor, from);
    const auto b = canvas->toData(*anchor, to);
    if (!a || !b)
        return {};
    Note note = makeNote(m_noteView, kind, *anchor);
    note.shape = NoteShape{*a, *b};
    note.text = text.toStdString();
    std::string label;
    if (canvas->anchorAt(from, &label))
        note.label = label;
    const std::string id = note.id;
    if (!m_book->add(std::move(note)))
        return {};
    m_book->select(id);
    return id;
}

std::string NoteOverlay::addRankMark(const RankSet &ranks, const QString &text)
{
    if (ranks.empty())
        return {};
    Note note = makeNote(m_noteView, NoteKind::Ranks, NoteAnchor{});
    note.ranks = ranks;
    note.text = text.toStdString();
    note.label = NoteText::ranksLabel(ranks).toStdString();
    const std::string id = note.id;
    if (!m_book->add(std::move(note)))
        return {};
    m_book->select(id);
    return id;
}

void NoteOverlay::addPinInteractively(QPoint pos)
{
    const auto canvas = this->canvas();
    if (!canvas)
        return;
    std::string label;
    if (!canvas->anchorAt(pos, &label))
        return;
    QString text;
    if (NoteEditDialog::editText(m_view, NoteEditDialog::tr("Add Note"),
                                 QString::fromStdString(label), &text))
        addPin(pos, text);
}

void NoteOverlay::editInteractively(const std::string &id)
{
    const Note *found = m_book->find(id);
    if (!found)
        return;
    Note note = *found;
    if (note.kind == NoteKind::Ranks) {
        RankSet ranks = note.ranks;
        QString text = QString::fromStdString(note.text);
        if (!NoteEditDialog::editRanks(m_view, NoteEditDialog::tr("Edit Marked Ranks"), &ranks,
                                       &text))
            return;
        note.ranks = ranks;
        note.text = text.toStdString();
        note.label = NoteText::ranksLabel(ranks).toStdString();
    } else {
        QString text = QString::fromStdString(note.text);
        if (!NoteEditDialog::editText(m_view, NoteEditDialog::tr("Edit Note"),
                                      NoteText::anchorLabel(note), &text))
            return;
        note.text = text.toStdString();
    }
    m_book->update(std::move(note));
}

void NoteOverlay::markRanksInteractively(const RankSet &suggested)
{
    RankSet ranks = suggested;
    QString text;
    if (NoteEditDialog::editRanks(m_view, NoteEditDialog::tr("Mark Ranks"), &ranks, &text))
        addRankMark(ranks, text);
}

void NoteOverlay::addMenuActions(QWidget *surface, QMenu &menu, QPoint pos)
{
    NoteOverlay *overlay = of(surface);
    if (!overlay)
        return;
    const std::string under = overlay->noteAt(pos);
    menu.addSeparator();
    if (!under.empty()) {
        menu.addAction(tr("Edit Note…"), overlay,
                       [overlay, under] { overlay->editInteractively(under); });
        menu.addAction(tr("Delete Note"), overlay,
                       [overlay, under] { overlay->m_book->remove(under); });
        return;
    }
    const auto canvas = overlay->canvas();
    std::string label;
    const auto anchor = canvas ? canvas->anchorAt(pos, &label) : std::nullopt;
    QAction *add = menu.addAction(
        anchor ? tr("Add Note to %1…").arg(NoteText::elided(QString::fromStdString(label)))
               : tr("Add Note…"),
        overlay, [overlay, pos] { overlay->addPinInteractively(pos); });
    add->setEnabled(anchor.has_value() && !overlay->m_book->isReadOnly());
    RankSet ranks;
    if (anchor && anchor->rank >= 0)
        ranks.insert(anchor->rank);
    QAction *mark =
        menu.addAction(ranks.empty() ? tr("Mark Ranks…") : tr("Mark Rank %1…").arg(ranks.first()),
                       overlay, [overlay, ranks] { overlay->markRanksInteractively(ranks); });
    mark->setEnabled(!overlay->m_book->isReadOnly() && overlay->m_book->isOpen());
    if (canvas && canvas->hasShapes()) {
        menu.addAction(tr("Draw Highlight"), overlay,
                       [overlay] { overlay->setTool(NoteTool::Highlight); });
        menu.addAction(tr("Draw Arrow"), overlay, [overlay] { overlay->setTool(NoteTool::Arrow); });
    }
}

bool NoteOverlay::showContextMenu(QPoint pos, QPoint globalPos)
{
    QMenu menu(m_view);
    addMenuActions(m_surface, menu, pos);
    if (menu.actions().isEmpty())
        return false;
    menu.exec(globalPos);
    return true;
}

void NoteOverlay::setHovered(const std::string &id)
{
    if (id == m_hovered)
        return;
    m_hovered = id;
    if (m_surface && m_tool == NoteTool::None) {
        if (id.empty())
            m_surface->unsetCursor();
        else
            m_surface->setCursor(Qt::PointingHandCursor);
    }
    update();
}

QString NoteOverlay::tooltipOf(const Note &note) const
{
    return NoteText::tooltip(note, m_book->numberOf(note.id));
}

bool NoteOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (m_watchDescendants && watched != m_surface && watched != m_view && m_surface) {
        auto *child = qobject_cast<QWidget *>(watched);
        if (child && m_surface->isAncestorOf(child))
            return handleDescendantEvent(child, event);
    }
    if (m_watchDescendants && watched == m_surface && event->type() == QEvent::ChildPolished)
        if (auto *added = qobject_cast<QWidget *>(static_cast<QChildEvent *>(event)->child()))
            watch(added);
    if (watched == m_surface) {
        switch (event->type()) {
        case QEvent::Resize:
            setGeometry(m_surface->rect());
            break;
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonRelease:
        case QEvent::MouseButtonDblClick:
        case QEvent::MouseMove:
            return handleMouse(event);
        case QEvent::Leave:
            setHovered({});
            break;
        case QEvent::ToolTip:
            if (const Note *note = m_book->find(m_hovered)) {
                auto *help = static_cast<QHelpEvent *>(event);
                QToolTip::showText(help->globalPos(), tooltipOf(*note), m_surface);
                return true;
            }
            break;
        case QEvent::ContextMenu:
            if (m_ownMenu) {
                auto *menu = static_cast<QContextMenuEvent *>(event);
                return showContextMenu(menu->pos(), menu->globalPos());
            }
            break;
        default:
            break;
        }
    }
    if ((watched == m_view || watched == m_surface) &&
        (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride))
        return handleKey(event);
    return QWidget::eventFilter(watched, event);
}

bool NoteOverlay::handleMouse(QEvent *event)
{
    auto *mouse = static_cast<QMouseEvent *>(event);
    const QPoint pos = mouse->position().toPoint();
    if (m_tool != NoteTool::None) {
        const auto canvas = this->canvas();
        switch (event->type()) {
        case QEvent::MouseButtonPress:
            if (mouse->button() == Qt::LeftButton && canvas && canvas->area().contains(pos)) {
                const auto anchor = canvas->shapeAnchorAt(pos);
                const auto at = anchor ? canvas->toData(*anchor, pos) : std::nullopt;
                if (at) {
                    m_drawing = makeNote(
                        m_noteView,
                        m_tool == NoteTool::Arrow ? NoteKind::Arrow : NoteKind::Highlight, *anchor);
                    m_drawing->shape = NoteShape{*at, *at};
                    m_drawing->id.clear(); // drawn with the preview's dashes, no badge
                    m_pressPos = pos;
                }
            }
            return true;
        case QEvent::MouseMove:
            if (m_drawing && canvas) {
                if (const auto at = canvas->toData(m_drawing->anchor, pos)) {
                    m_drawing->shape->to = *at;
                    update();
                }
            }
            return true;
        case QEvent::MouseButtonRelease:
            if (m_drawing && mouse->button() == Qt::LeftButton) {
                const bool drawn = (pos - m_pressPos).manhattanLength() >= 6;
                m_drawing.reset();
                const NoteKind kind =
                    m_tool == NoteTool::Arrow ? NoteKind::Arrow : NoteKind::Highlight;
                setTool(NoteTool::None);
                if (drawn)
                    addShape(kind, m_pressPos, pos);
                emit toolFinished();
            }
            return true;
        default:
            return true;
        }
    }
    switch (event->type()) {
    case QEvent::MouseMove:
        if (mouse->buttons() == Qt::NoButton)
            setHovered(noteAt(pos));
        return false;
    case QEvent::MouseButtonPress: {
        if (mouse->button() != Qt::LeftButton)
            return false;
        const std::string id = noteAt(pos);
        if (id.empty()) {
            if (const Note *selected = m_book->find(m_book->selected());
                selected && (selected->view == m_noteView || selected->kind == NoteKind::Ranks))
                m_book->select({});
            return false;
        }
        m_book->select(id);
        if (m_view)
            m_view->setFocus(Qt::MouseFocusReason);
        m_pressedOnNote = true;
        return true;
    }
    case QEvent::MouseButtonDblClick: {
        const std::string id = noteAt(pos);
        if (id.empty() || mouse->button() != Qt::LeftButton)
            return false;
        editInteractively(id);
        return true;
    }
    case QEvent::MouseButtonRelease:
        if (m_pressedOnNote) {
            m_pressedOnNote = false;
            return true;
        }
        return false;
    default:
        return false;
    }
}

bool NoteOverlay::handleKey(QEvent *event)
{
    auto *key = static_cast<QKeyEvent *>(event);
    const bool override = event->type() == QEvent::ShortcutOverride;
    if (key->key() == Qt::Key_Escape && m_tool != NoteTool::None) {
        if (override) {
            event->accept();
            return true;
        }
        setTool(NoteTool::None);
        emit toolFinished();
        return true;
    }
    const Note *selected = m_book->find(m_book->selected());
    if (!selected || (selected->view != m_noteView && selected->kind != NoteKind::Ranks))
        return false;
    if (key->key() != Qt::Key_Delete && key->key() != Qt::Key_F2)
        return false;
    if (override) {
        event->accept();
        return true;
    }
    const std::string id = selected->id;
    if (key->key() == Qt::Key_Delete)
        m_book->remove(id);
    else
        editInteractively(id);
    return true;
}

void NoteOverlay::paintEvent(QPaintEvent *)
{
    NoteLayer layer = m_book->layer(m_noteView);
    if (layer.empty() && !m_drawing)
        return;
    const auto canvas = this->canvas();
    if (!canvas)
        return;
    QPainter painter(this);
    NotePaintState state;
    state.hovered = m_hovered;
    state.selected = m_book->selected();
    state.preview = m_drawing;
    NotePainter::paint(painter, layer, *canvas, state, font());
}

} // namespace rankscope
