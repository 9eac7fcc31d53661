#include "AppTranslations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace AppTranslations {

void install(QCoreApplication &app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto *own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("rankscope"), QStringLiteral("_"),
                  QStringLiteral(":/i18n")))
        app.installTranslator(own);
    else
        delete own;
    // Qt's own strings (standard dialogs, context menus), when the system has the catalogs.
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
}

namespace {
const auto kLanguageKey = QStringLiteral("ui/language");
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
