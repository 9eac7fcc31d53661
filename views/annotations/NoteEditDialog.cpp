#include "views/annotations/NoteEditDialog.h"

#include "core/notes/NoteJson.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace rankscope {

NoteEditDialog::NoteEditDialog(QWidget *parent, const QString &title, bool withRanks)
    : QDialog(parent)
{
    setWindowTitle(title);
    auto *layout = new QVBoxLayout(this);
    if (withRanks) {
        auto *form = new QFormLayout;
        m_ranks = new QLineEdit(this);
        m_ranks->setPlaceholderText(tr("e.g. 37 or 128-135,200"));
        form->addRow(tr("Ranks:"), m_ranks);
        layout->addLayout(form);
        m_ranksProblem = new QLabel(this);
        m_ranksProblem->setStyleSheet(QStringLiteral("color:#9a1c10;"));
        layout->addWidget(m_ranksProblem);
        connect(m_ranks, &QLineEdit::textChanged, this, &NoteEditDialog::checkRanks);
    }
    m_label = new QLabel(this);
    m_label->setWordWrap(true);
    layout->addWidget(m_label);
    m_text = new QPlainTextEdit(this);
    m_text->setTabChangesFocus(true);
    m_text->setPlaceholderText(tr("What you found, a ticket, who to ask…"));
    layout->addWidget(m_text, 1);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *save = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(save, &QShortcut::activated, this, [this] {
        if (m_buttons->button(QDialogButtonBox::Save)->isEnabled())
            accept();
    });
    resize(420, withRanks ? 240 : 200);
}

void NoteEditDialog::checkRanks()
{
    const std::string text = m_ranks->text().toStdString();
    // Within the bounds a notes file allows (RankSet::parse would take any size).
    bool inBounds = true;
    long long number = -1;
    for (char c : text) {
        if (c >= '0' && c <= '9') {
            number = std::max(number, 0LL) * 10 + (c - '0');
            inBounds &= number <= NoteLimits::kMaxRank;
        } else {
            number = -1;
        }
    }
    const auto ranks = inBounds ? RankSet::parse(text) : std::nullopt;
    const bool ok = ranks && !ranks->empty();
    m_ranksProblem->setText(ok || m_ranks->text().trimmed().isEmpty()
                                ? QString()
                                : tr("Not a rank list: write ranks and ranges like 3,8-15."));
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(ok);
}

bool NoteEditDialog::editText(QWidget *parent, const QString &title, const QString &anchor,
                              QString *text)
{
    NoteEditDialog dialog(parent, title, false);
    dialog.m_label->setText(tr("Note on %1:").arg(anchor));
    dialog.m_text->setPlainText(*text);
    dialog.m_text->setFocus();
    if (dialog.exec() != QDialog::Accepted)
        return false;
    *text = dialog.m_text->toPlainText();
    return true;
}

bool NoteEditDialog::editRanks(QWidget *parent, const QString &title, RankSet *ranks, QString *text)
{
    NoteEditDialog dialog(parent, title, true);
    dialog.m_label->setText(tr("Why they are marked (optional):"));
    dialog.m_ranks->setText(QString::fromStdString(ranks->toString()));
    dialog.m_text->setPlainText(*text);
    dialog.checkRanks();
    dialog.m_ranks->setFocus();
    if (dialog.exec() != QDialog::Accepted)
        return false;
    *ranks = RankSet::parse(dialog.m_ranks->text().toStdString()).value_or(RankSet());
    *text = dialog.m_text->toPlainText();
    return !ranks->empty();
}

} // namespace rankscope
