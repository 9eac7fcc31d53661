#pragma once

#include <QString>

class QCoreApplication;

// Installs the rankscope catalog (embedded under :/i18n) and Qt's own, for `language` ("zh_CN",
// "ja", ...) or the system locale when empty, in place of the catalogs an earlier call
// installed. English needs no catalog.
namespace AppTranslations {
void install(QCoreApplication &app, const QString &language);
// The language of the last install() ("" for the system's, also before any).
QString activeLanguage();

// The language chosen in View > Language (QSettings "ui/language"): "" for the system's,
// "en", "zh_CN" or "ja". --lang on the command line wins over it.
QString storedLanguage();
void storeLanguage(const QString &language);
} // namespace AppTranslations
