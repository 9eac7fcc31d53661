#pragma once

#include <QJsonArray>
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

// The ranks of the top suspect of `rankscope-cli stragglers BUNDLE` (empty when there is none,
// or on an error, then in `*error`); `*report` gets the whole report for failure messages.
inline QJsonArray cliTopSuspectRanks(const QString &bundle, QString *error, QByteArray *report)
{
    const QJsonObject json = cliStragglerReport(bundle, error);
    *report = QJsonDocument(json).toJson();
    const QJsonArray suspects = json.value(QStringLiteral("suspects")).toArray();
    if (suspects.isEmpty())
        return {};
    return suspects.at(0).toObject().value(QStringLiteral("ranks")).toArray();
}
