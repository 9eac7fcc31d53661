#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QWidget;

// Help > Keyboard Shortcuts (? or F1): every key of the window, read from its actions so the
// sheet cannot drift from the bindings, and the keys the views answer themselves.
struct ShortcutRow
{
    QString keys;   // in the platform's native text, e.g. "Ctrl+F"
    QString action; // what it does, without mnemonic ampersands
    QString where;  // "Window" or the views that answer it
};

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QWidget *window, QWidget *parent = nullptr);

    // The sheet's rows: the window's actions with a shortcut, then the views' own keys.
    static QList<ShortcutRow> rows(const QWidget *window);
};
