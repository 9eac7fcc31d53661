#pragma once

#include <QString>

class QCoreApplication;

// Installs the rankscope catalog (embedded under :/i18n) and Qt's own, for `language` ("zh_CN",
// "ja", ...) or the system locale when empty. English needs no catalog.
namespace AppTranslations {
void install(QCoreApplication &app, const QString &language);
}
