#include "views/annotations/NotesPanel.h"

#include "views/annotations/NoteBook.h"
#include "views/annotations/NoteEditDialog.h"
#include "views/annotations/NoteText.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rankscope {

namespace notes_panel {
constexpr int kIdRole = Qt::UserRole + 1;
enum Column
{
    Number,
    View,
    On,
    Text,
    Changed,
    ColumnCount
};
} // namespace notes_panel

NotesPanel::NotesPanel(NoteBook *book, QWidget *parent) : QWidget(parent), m_book(book)
{
    using namespace notes_panel;
    setObjectName(QStringLiteral("notesPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    auto *buttons = new QHBoxLayout;
    m_import = new QToolButton(this);
    m_export = new QToolButton(this);
    m_delete = new QToolButton(this);
    for (QToolButton *button : {m_import, m_export, m_delete}) {
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAutoRaise(true);
        buttons->addWidget(button);
    }
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("notesList"));
    m_list->setColumnCount(ColumnCount);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setAllColumnsShowFocus(true);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(Text, QHeaderView::Stretch);
    for (int column : {Number, View, On, Changed})
        m_list->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_list->installEventFilter(this);
    layout->addWidget(m_list, 1);
    m_empty = new QLabel(this);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_empty, 1);

    connect(m_import, &QToolButton::clicked, this, &NotesPanel::importRequested);
    connect(m_export, &QToolButton::clicked, this, &NotesPanel::exportRequested);
    connect(m_delete, &QToolButton::clicked, this, [this] {
        const QString id = currentId();
        if (!id.isEmpty())
            m_book->remove(id.toStdString());
    });
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        m_book->reveal(item->data(Number, kIdRole).toString().toStdString());
    });
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (m_rebuilding)
            return;
        m_book->select(item ? item->data(Number, kIdRole).toString().toStdString() : std::string());
        m_delete->setEnabled(item != nullptr && !m_book->isReadOnly());
    });
    connect(m_book, &NoteBook::changed, this, &NotesPanel::rebuild);
    connect(m_book, &NoteBook::selectionChanged, this, &NotesPanel::followSelection);
    retranslate();
    rebuild();
}

int NotesPanel::noteCount() const
{
    return m_list->topLevelItemCount();
}

int NotesPanel::rowOf(const QString &id) const
{
    for (int row = 0; row < m_list->topLevelItemCount(); ++row)
        if (m_list->topLevelItem(row)->data(notes_panel::Number, notes_panel::kIdRole).toString() ==
            id)
            return row;
    return -1;
}

QString NotesPanel::currentId() const
{
    const QTreeWidgetItem *item = m_list->currentItem();
    return item ? item->data(notes_panel::Number, notes_panel::kIdRole).toString() : QString();
}

void NotesPanel::rebuild()
{
    using namespace notes_panel;
    m_rebuilding = true;
    m_list->clear();
    const std::vector<Note> &notes = m_book->notes();
    for (std::size_t i = 0; i < notes.size(); ++i) {
        const Note &note = notes[i];
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(Number, QString::number(i + 1));
        item->setData(Number, kIdRole, QString::fromStdString(note.id));
        item->setText(View, NoteText::viewName(note.view));
        item->setText(On, note.kind == NoteKind::Pin
                              ? NoteText::elided(NoteText::anchorLabel(note), 48)
                              : NoteText::kindName(note.kind) + QStringLiteral(": ") +
                                    NoteText::elided(NoteText::anchorLabel(note), 40));
        QString text = QString::fromStdString(note.text).simplified();
        item->setText(Text, NoteText::elided(text, 120));
        item->setText(Changed, NoteText::timeText(note.modifiedMs));
        item->setToolTip(Text, NoteText::tooltip(note, int(i) + 1));
        item->setToolTip(On, NoteText::anchorLabel(note));
    }
    m_rebuilding = false;
    const bool empty = notes.empty();
    m_list->setVisible(!empty);
    m_empty->setVisible(empty);
    m_export->setEnabled(!empty);
    m_import->setEnabled(m_book->isOpen() && !m_book->isReadOnly());
    followSelection(QString::fromStdString(m_book->selected()));
}

void NotesPanel::followSelection(const QString &id)
{
    m_rebuilding = true;
    const int row = rowOf(id);
    if (row >= 0) {
        m_list->setCurrentItem(m_list->topLevelItem(row));
        m_list->scrollToItem(m_list->topLevelItem(row));
    } else {
        m_list->setCurrentItem(nullptr);
        m_list->clearSelection();
    }
    m_rebuilding = false;
    m_delete->setEnabled(row >= 0 && !m_book->isReadOnly());
}

void NotesPanel::editCurrent()
{
    const Note *found = m_book->find(currentId().toStdString());
    if (!found)
        return;
    Note note = *found;
    QString text = QString::fromStdString(note.text);
    if (note.kind == NoteKind::Ranks) {
        RankSet ranks = note.ranks;
        if (!NoteEditDialog::editRanks(this, NoteEditDialog::tr("Edit Marked Ranks"), &ranks,
                                       &text))
            return;
        note.ranks = ranks;
        note.label = NoteText::ranksLabel(ranks).toStdString();
    } else if (!NoteEditDialog::editText(this, NoteEditDialog::tr("Edit Note"),
                                         NoteText::anchorLabel(note), &text)) {
        return;
    }
    note.text = text.toStdString();
    m_book->update(std::move(note));
}

bool NotesPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Delete && !currentId().isEmpty()) {
            m_book->remove(currentId().toStdString());
            return true;
        }
        if (key->key() == Qt::Key_F2 && !currentId().isEmpty()) {
            editCurrent();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void NotesPanel::retranslate()
{
    using namespace notes_panel;
    m_import->setText(tr("Import…"));
    m_import->setToolTip(tr("Merge a colleague's notes file (.notes.json) into this bundle's "
                            "notes, without duplicates"));
    m_export->setText(tr("Export…"));
    m_export->setToolTip(tr("Write every note to a file next to the bundle (.notes.json) for a "
                            "colleague who opens the same bundle"));
    m_delete->setText(tr("Delete"));
    m_list->setHeaderLabels({QStringLiteral("#"), tr("View"), tr("On"), tr("Note"), tr("Changed")});
    m_empty->setText(tr("No notes yet. Right-click a frame, a heatmap cell, a log line or a "
                        "collective and choose <i>Add Note…</i>; draw boxes and arrows with "
                        "<i>Highlight</i> and <i>Arrow</i>; mark ranks with <i>Mark Ranks…</i>. "
                        "Notes are saved with the bundle and drawn into exported pictures."));
    rebuild();
}

void NotesPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_list)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace rankscope
