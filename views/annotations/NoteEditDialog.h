#pragma once

#include "core/model/RankSet.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QDialogButtonBox;

namespace rankscope {

// The small dialog that writes a note's text, and for marked ranks which ranks (the rank list
// is checked as it is typed). Ctrl+Enter saves.
class NoteEditDialog : public QDialog
{
    Q_OBJECT

public:
    // `anchor` names what the note is on. True when saved, with the text in *text.
    static bool editText(QWidget *parent, const QString &title, const QString &anchor,
                         QString *text);
    static bool editRanks(QWidget *parent, const QString &title, RankSet *ranks, QString *text);

private:
    NoteEditDialog(QWidget *parent, const QString &title, bool withRanks);
    void checkRanks();

    QLabel *m_label = nullptr;
    QLineEdit *m_ranks = nullptr;
    QLabel *m_ranksProblem = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace rankscope
