#include "AppTranslations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QList>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace AppTranslations {

namespace {
const auto kLanguageKey = QStringLiteral("ui/language");

// What install() put in place, so that the next call (View > Language) replaces it instead of
// stacking a second catalog under the first.
QList<QPointer<QTranslator>> &installedTranslators()
{
    static QList<QPointer<QTranslator>> translators;
    return translators;
}

QString &installedLanguage()
{
    static QString language;
    return language;
}
} // namespace

void install(QCoreApplication &app, const QString &language)
{
    for (const QPointer<QTranslator> &old : std::as_const(installedTranslators()))
        if (old) {
            QCoreApplication::removeTranslator(old);
            delete old;
        }
    installedTranslators().clear();
    installedLanguage() = language;
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto *own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("rankscope"), QStringLiteral("_"),
                  QStringLiteral(":/i18n"))) {
        app.installTranslator(own);
        installedTranslators() << own;
    } else {
        delete own;
    }
    // Qt's own strings (standard dialogs, context menus), when the system has the catalogs.
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(qt);
        installedTranslators() << qt;
    } else {
        delete qt;
    }
}

QString activeLanguage()
{
    return installedLanguage();
}

QString storedLanguage()
{
    return QSettings().value(kLanguageKey).toString();
}

void storeLanguage(const QString &language)
{
    QSettings settings;
    if (language.isEmpty())
        settings.remove(kLanguageKey);
    else
        settings.setValue(kLanguageKey, language);
}

} // namespace AppTranslations
