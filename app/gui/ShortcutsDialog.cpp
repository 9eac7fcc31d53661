#include "ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

QList<ShortcutRow> ShortcutsDialog::rows(const QWidget *window)
{
    QList<ShortcutRow> rows;
    const QString windowWide = tr("Everywhere");
    for (const QAction *action : window->findChildren<QAction *>()) {
        if (action->shortcuts().isEmpty() || action->text().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        // iconText() is the text without its mnemonic "&". An action that only acts on one view
        // says so (MainWindow sets "shortcutWhere").
        const QString where = action->property("shortcutWhere").toString();
        rows.append({keys.join(QStringLiteral(", ")), action->iconText(),
                     where.isEmpty() ? windowWide : where});
    }
    std::sort(rows.begin(), rows.end(),
              [](const ShortcutRow &a, const ShortcutRow &b) { return a.action < b.action; });

    // Keys the focused view handles itself (no window action owns them).
    const QString timelines = tr("Heatmap, Rank Detail timeline, Collectives strip");
    const QString flame = tr("Flame graph");
    rows.append({tr("W / S, + / -"), tr("Zoom in / out in time (or sequence)"), timelines});
    rows.append({tr("A / D, Left / Right"), tr("Pan earlier / later"), timelines});
    rows.append({tr("Up / Down"), tr("Scroll the ranks"), timelines});
    rows.append(
        {tr("Shift+W / Shift+S"), tr("Zoom the rank axis"), tr("Heatmap, Collectives strip")});
    rows.append({tr("Home"), tr("Show everything"), timelines + QStringLiteral(", ") + flame});
    rows.append({tr("Wheel"), tr("Zoom at the mouse"), timelines});
    rows.append({tr("Shift+Wheel"), tr("Scroll the ranks"), timelines});
    rows.append({tr("Ctrl+Wheel, wheel over the rank labels"), tr("Zoom the rank axis"),
                 tr("Heatmap, Collectives strip")});
    rows.append({tr("Click"), tr("Select a frame"), flame});
    rows.append({tr("Double-click, Enter"), tr("Zoom to the selected frame"), flame});
    rows.append({tr("Backspace"), tr("Zoom out one level"), flame});
    rows.append({tr("Right-click"), tr("Highlight a rank's path, copy"), flame});
    return rows;
}

ShortcutsDialog::ShortcutsDialog(const QWidget *window, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    const QList<ShortcutRow> rows = ShortcutsDialog::rows(window);
    auto *table = new QTableWidget(int(rows.size()), 3, this);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setHorizontalHeaderLabels({tr("Keys"), tr("Action"), tr("Where")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(true);
    for (int i = 0; i < rows.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(rows[i].keys));
        table->setItem(i, 1, new QTableWidgetItem(rows[i].action));
        table->setItem(i, 2, new QTableWidgetItem(rows[i].where));
    }
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Interactive);
    table->setColumnWidth(2, 260);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(820, 560);
}
