#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>

// Runs `rankscope-cli stragglers BUNDLE --format json` (RANKSCOPE_CLI_BINARY, defined by the
// test target) and returns its report; an empty object with `*error` set when the command did
// not finish or exited non-zero.
inline QJsonObject cliStragglerReport(const QString &bundle, QString *error)
{
    QProcess cli;
    cli.start(
        QStringLiteral(RANKSCOPE_CLI_BINARY),
        {QStringLiteral("stragglers"), bundle, QStringLiteral("--format"), QStringLiteral("json")});
    if (!cli.waitForFinished(120000)) {
        *error = QStringLiteral("rankscope-cli stragglers did not finish");
        return {};
    }
    if (cli.exitCode() != 0) {
        *error = QStringLiteral("rankscope-cli stragglers exited %1: %2")
                     .arg(cli.exitCode())
                     .arg(QString::fromUtf8(cli.readAllStandardError()));
        return {};
    }
    return QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
}
