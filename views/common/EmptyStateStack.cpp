#include "views/common/EmptyStateStack.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace rankscope {

EmptyStateStack::EmptyStateStack(QWidget *content, QWidget *parent)
    : QStackedWidget(parent), m_content(content), m_empty(new QWidget(this))
{
    addWidget(m_content);
    m_empty->setObjectName(QStringLiteral("emptyState"));
    auto *outer = new QVBoxLayout(m_empty);
    outer->addStretch(2);
    m_title = new QLabel(m_empty);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setAlignment(Qt::AlignHCenter);
    m_title->setWordWrap(true);
    m_message = new QLabel(m_empty);
    m_message->setAlignment(Qt::AlignHCenter);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::RichText);
    m_message->setOpenExternalLinks(false);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A sentence, not a banner: a readable measure however wide the window is.
    m_message->setMaximumWidth(640);
    m_buttons = new QHBoxLayout;
    m_buttons->addStretch(1);
    m_buttons->addStretch(1);
    outer->addWidget(m_title);
    outer->addSpacing(6);
    // Centred by stretches, not by an alignment flag: an aligned label gets its one-line size
    // hint and the wrapped text is cut.
    auto *messageRow = new QHBoxLayout;
    messageRow->addStretch(1);
    messageRow->addWidget(m_message, 6);
    messageRow->addStretch(1);
    outer->addLayout(messageRow);
    outer->addSpacing(12);
    outer->addLayout(m_buttons);
    outer->addStretch(3);
    addWidget(m_empty);
    setCurrentIndex(0);
}

void EmptyStateStack::showContent()
{
    setCurrentIndex(0);
}

void EmptyStateStack::showEmpty(const QString &title, const QString &message,
                                const std::vector<Action> &actions)
{
    m_title->setText(title);
    m_message->setText(message);
    // Keep the two stretches that centre the row; replace the buttons between them.
    while (m_buttons->count() > 2) {
        QLayoutItem *item = m_buttons->takeAt(1);
        delete item->widget();
        delete item;
    }
    int at = 1;
    for (const Action &action : actions) {
        auto *button = new QPushButton(action.label, m_empty);
        connect(button, &QPushButton::clicked, this, [run = action.run] {
            if (run)
                run();
        });
        if (at == 1)
            button->setDefault(true);
        m_buttons->insertWidget(at++, button);
    }
    setCurrentIndex(1);
}

QString EmptyStateStack::emptyTitle() const
{
    return m_title->text();
}

QString EmptyStateStack::emptyMessage() const
{
    return m_message->text();
}

QList<QPushButton *> EmptyStateStack::emptyButtons() const
{
    QList<QPushButton *> buttons;
    for (int i = 0; i < m_buttons->count(); ++i) {
        if (auto *button = qobject_cast<QPushButton *>(m_buttons->itemAt(i)->widget()))
            buttons << button;
    }
    return buttons;
}

} // namespace rankscope
