#pragma once

#include <QMenu>
#include <QStringList>

class QActionGroup;

// View > Language: the system's language, English, Simplified Chinese or Japanese. The choice is
// stored (AppTranslations::storeLanguage) and emitted; the main window then shows it at once
// (MainWindow::switchLanguage builds itself again in the new language on the same bundle).
class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    explicit LanguageMenu(QWidget *parent);

    // The languages offered, as stored: "" (system), "en", "zh_CN", "ja".
    static QStringList languages();
    // The entry of a language (tests trigger it as a user would).
    QAction *actionFor(const QString &language) const;

signals:
    // A language other than the one shown was chosen (and stored).
    void languageChosen(const QString &language);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void choose(const QString &language);

    QActionGroup *m_group = nullptr;
};
