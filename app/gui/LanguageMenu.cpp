#include "LanguageMenu.h"

#include "AppTranslations.h"

#include <QActionGroup>
#include <QEvent>

LanguageMenu::LanguageMenu(QWidget *parent) : QMenu(parent), m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("languageMenu"));
    // The language shown (--lang may differ from the stored choice).
    const QString current = AppTranslations::activeLanguage();
    for (const QString &language : languages()) {
        QAction *action = addAction(QString());
        action->setCheckable(true);
        action->setData(language);
        action->setChecked(language == current);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, language] { choose(language); });
        if (language.isEmpty())
            addSeparator();
    }
    retranslate();
}

QStringList LanguageMenu::languages()
{
    return {QString(), QStringLiteral("en"), QStringLiteral("zh_CN"), QStringLiteral("ja")};
}

QAction *LanguageMenu::actionFor(const QString &language) const
{
    for (QAction *action : m_group->actions())
        if (action->data().toString() == language)
            return action;
    return nullptr;
}

void LanguageMenu::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMenu::changeEvent(event);
}

void LanguageMenu::retranslate()
{
    setTitle(tr("&Language"));
    for (QAction *action : m_group->actions()) {
        const QString language = action->data().toString();
        // Each language is named in itself, so a reader finds theirs whatever is shown now.
        if (language.isEmpty())
            action->setText(tr("System Default"));
        else if (language == QLatin1String("en"))
            action->setText(QStringLiteral("English"));
        else if (language == QLatin1String("zh_CN"))
            action->setText(QStringLiteral("简体中文"));
        else if (language == QLatin1String("ja"))
            action->setText(QStringLiteral("日本語"));
    }
}

void LanguageMenu::choose(const QString &language)
{
    AppTranslations::storeLanguage(language); // also when shown already: --lang was only once
    if (language != AppTranslations::activeLanguage())
        emit languageChosen(language);
}
