#pragma once

#include <QMenu>
#include <QStringList>

#include <functional>

class QActionGroup;

// View > Language: the system's language, English, Simplified Chinese or Japanese. The choice is
// stored (AppTranslations::storeLanguage) and, since every panel builds its words when it is
// made, applied by starting rankscope again on the same bundle, view and baseline, which the
// import cache makes quick; "Later" keeps it for the next start.
class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    // `reopenArguments` gives the command-line arguments that reopen what the window shows.
    LanguageMenu(std::function<QStringList()> reopenArguments, QWidget *parent);

    // The languages offered, as stored: "" (system), "en", "zh_CN", "ja".
    static QStringList languages();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void choose(const QString &language);

    std::function<QStringList()> m_reopenArguments;
    QActionGroup *m_group = nullptr;
};
