#pragma once

#include <QWidget>

class QLabel;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace rankscope {

class NoteBook;

// The Notes dock: every note of the bundle (number, view, what it is on, text, author and
// time), oldest first. Double-click or Enter shows a note on its view (switched to, scrolled
// and zoomed to its item, the note selected); selecting a row selects the note on its view too.
// Delete removes, F2 edits the text. Import and Export read and write the bundle's sidecar.
class NotesPanel : public QWidget
{
    Q_OBJECT

public:
    explicit NotesPanel(NoteBook *book, QWidget *parent = nullptr);

    QTreeWidget *list() const { return m_list; }
    int noteCount() const;
    // The row of a note, -1 when absent.
    int rowOf(const QString &id) const;

signals:
    void importRequested();
    void exportRequested();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void retranslate();
    void followSelection(const QString &id);
    QString currentId() const;
    void editCurrent();

    NoteBook *m_book;
    QTreeWidget *m_list = nullptr;
    QLabel *m_empty = nullptr;
    QToolButton *m_import = nullptr;
    QToolButton *m_export = nullptr;
    QToolButton *m_delete = nullptr;
    bool m_rebuilding = false;
};

} // namespace rankscope
