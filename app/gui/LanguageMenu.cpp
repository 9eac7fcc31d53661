#include "LanguageMenu.h"

#include "AppTranslations.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QEvent>
#include <QMessageBox>
#include <QPushButton>
#include <QProcess>

LanguageMenu::LanguageMenu(std::function<QStringList()> reopenArguments, QWidget *parent)
    : QMenu(parent), m_reopenArguments(std::move(reopenArguments)), m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("languageMenu"));
    const QString current = AppTranslations::storedLanguage();
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
    if (language == AppTranslations::storedLanguage())
        return;
    AppTranslations::storeLanguage(language);
    QMessageBox box(QMessageBox::Question, tr("Language"),
                    tr("rankscope shows the new language when it starts again. Restart now? The "
                       "bundle, view and baseline open again as they are."),
                    QMessageBox::NoButton, window());
    QPushButton *restart = box.addButton(tr("Restart Now"), QMessageBox::AcceptRole);
    box.addButton(tr("Later"), QMessageBox::RejectRole);
    box.exec();
    if (box.clickedButton() != restart)
        return;
    QStringList arguments = m_reopenArguments ? m_reopenArguments() : QStringList();
    if (!language.isEmpty())
        arguments << QStringLiteral("--lang") << language;
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments)) {
        QMessageBox::warning(window(), tr("Language"),
                             tr("rankscope could not start again; the new language shows at the "
                                "next start."));
        return;
    }
    window()->close();
}
