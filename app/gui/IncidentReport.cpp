#include "IncidentReport.h"

#include "views/common/CoverageText.h"
#include "views/common/MessageText.h"
#include "views/overview/LayerColours.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>
#include <map>

using namespace rankscope;

// The report's words, translated under one context.
class IncidentReportText
{
    Q_DECLARE_TR_FUNCTIONS(IncidentReport)
};

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString esc(const Message &message)
{
    return messageText(message).toHtmlEscaped();
}

QString wallClock(std::int64_t ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / 1000000, Qt::UTC)
               .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) +
           QStringLiteral(" UTC");
}

QString windowText(const FindingWindow &w)
{
    QStringList parts;
    if (isWallClockNs(w.startNs))
        parts << (w.endNs > w.startNs && isWallClockNs(w.endNs)
                      ? IncidentReportText::tr("%1 to %2")
                            .arg(wallClock(w.startNs), wallClock(w.endNs))
                      : wallClock(w.startNs));
    if (w.hasIterations())
        parts << (w.lastIteration > w.firstIteration
                      ? IncidentReportText::tr("iterations %1-%2")
                            .arg(w.firstIteration)
                            .arg(w.lastIteration)
                      : IncidentReportText::tr("iteration %1").arg(w.firstIteration));
    return parts.join(QStringLiteral(", "));
}

QString roleWord(FindingRole role)
{
    switch (role) {
    case FindingRole::Cause:
        return IncidentReportText::tr("cause");
    case FindingRole::Effect:
        return IncidentReportText::tr("effect");
    case FindingRole::Context:
        return IncidentReportText::tr("context");
    }
    return QString();
}

QString confidenceText(double confidence)
{
    const std::string key = confidenceKey(confidence);
    const QString word = key == "high"     ? IncidentReportText::tr("high")
                         : key == "medium" ? IncidentReportText::tr("medium")
                                           : IncidentReportText::tr("low");
    return IncidentReportText::tr("%1 (%2)").arg(word).arg(confidence, 0, 'f', 2);
}

QString nodesText(const std::vector<std::string> &nodes)
{
    QStringList list;
    for (const std::string &n : nodes)
        list << QString::fromStdString(n);
    if (list.size() > 6)
        return IncidentReportText::tr("%1 and %2 more")
            .arg(list.mid(0, 5).join(QStringLiteral(", ")))
            .arg(list.size() - 5);
    return list.join(QStringLiteral(", "));
}

QString pngBase64(const QImage &image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QString::fromLatin1(bytes.toBase64());
}

// The time span the evidence covers, on the wall clock ("" when nothing is dated).
QString evidenceSpan(const FindingsVerdict &v)
{
    std::int64_t first = 0, last = 0;
    auto see = [&](const Evidence &e) {
        for (std::int64_t t : {e.window.startNs, e.window.endNs})
            if (isWallClockNs(t)) {
                first = first == 0 ? t : std::min(first, t);
                last = std::max(last, t);
            }
    };
    for (const Culprit &c : v.culprits) {
        for (const Evidence &e : c.evidence)
            see(e);
        for (const Evidence &e : c.effects)
            see(e);
    }
    for (const JobEffect &e : v.effects)
        see(e.effect);
    for (const Evidence &e : v.context)
        see(e);
    if (first == 0)
        return QString();
    return first == last
               ? wallClock(first)
               : IncidentReportText::tr("%1 to %2").arg(wallClock(first), wallClock(last));
}

struct EvidenceRow
{
    const Evidence *evidence;
    QString culprit; // "1", "2", "" for none
};

std::vector<EvidenceRow> allEvidence(const FindingsVerdict &v)
{
    std::vector<EvidenceRow> rows;
    for (std::size_t i = 0; i < v.culprits.size(); ++i) {
        for (const Evidence &e : v.culprits[i].evidence)
            rows.push_back({&e, QString::number(i + 1)});
        for (const Evidence &e : v.culprits[i].effects)
            rows.push_back({&e, QString::number(i + 1)});
    }
    for (const JobEffect &e : v.effects)
        if (e.culprit < 0)
            rows.push_back({&e.effect, QString()});
    for (const Evidence &e : v.context)
        rows.push_back({&e, QString()});
    return rows;
}

QString refText(const EvidenceRef &ref)
{
    return QString::fromStdString(evidenceRefText(ref));
}

// The job in rows: id, world size, nodes, roles, layers present, time span.
std::vector<std::pair<QString, QString>> jobFacts(const IncidentReportContent &c)
{
    const OverviewData &d = *c.overview;
    const JobInfo &job = d.job;
    std::vector<std::pair<QString, QString>> rows;
    rows.push_back({IncidentReportText::tr("Bundle"), QDir::toNativeSeparators(c.bundlePath)});
    if (!c.baselinePath.isEmpty())
        rows.push_back(
            {IncidentReportText::tr("Baseline"), QDir::toNativeSeparators(c.baselinePath)});
    if (!job.jobId.empty())
        rows.push_back({IncidentReportText::tr("Job"), QString::fromStdString(job.jobId)});
    rows.push_back({IncidentReportText::tr("World size"), CoverageText::worldSize(job)});
    std::map<std::string, int> nodes, roles;
    for (const RankInfo &r : job.ranks) {
        if (r.rank < 0)
            continue;
        if (!r.node.empty())
            ++nodes[r.node];
        ++roles[r.role.empty() ? std::string("trainer") : r.role];
    }
    if (!nodes.empty())
        rows.push_back({IncidentReportText::tr("Nodes"), QString::number(nodes.size())});
    QStringList roleList;
    for (const auto &[role, count] : roles)
        roleList
            << IncidentReportText::tr("%1 (%2 ranks)").arg(QString::fromStdString(role)).arg(count);
    if (!roleList.isEmpty())
        rows.push_back({IncidentReportText::tr("Roles"), roleList.join(QStringLiteral(", "))});
    QStringList layers;
    for (const LayerSummary &l : d.verdict.layers)
        if (l.present)
            layers << layerShortName(l.layer);
    rows.push_back({IncidentReportText::tr("Layers"), layers.isEmpty()
                                                          ? IncidentReportText::tr("none")
                                                          : layers.join(QStringLiteral(", "))});
    rows.push_back({IncidentReportText::tr("Coverage"), CoverageText::coverage(job)});
    const QString span = evidenceSpan(d.verdict);
    if (!span.isEmpty())
        rows.push_back({IncidentReportText::tr("Time span of the evidence"), span});
    rows.push_back({IncidentReportText::tr("Import problems"), QString::number(d.problems.size())});
    return rows;
}

const char *kStyle =
    R"(body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1100px;margin:24px auto;padding:0 16px;color:#1d1d1f;line-height:1.45}
h1{font-size:1.6em;margin-bottom:4px}h2{font-size:1.25em;margin-top:28px;border-bottom:1px solid #ddd;padding-bottom:3px}
.verdict{font-size:1.2em;font-weight:600;margin:12px 0}.muted{color:#666}
table{border-collapse:collapse;margin:6px 0 12px 0;width:100%}td,th{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top;font-size:.92em}
th{background:#f4f4f6}.sw{display:inline-block;width:.8em;height:.8em;margin-right:4px;border-radius:2px}
figure{margin:14px 0}figure img{max-width:100%;border:1px solid #ddd}figcaption{color:#444;font-size:.92em}
pre{background:#f4f4f6;padding:8px;overflow-x:auto}.culprit{margin:10px 0 16px 0}
)";

} // namespace

QStringList reproduceCommands(const QString &bundle, const QString &baseline)
{
    const auto quoted = [](const QString &path) {
        QString p = QDir::toNativeSeparators(path);
        return p.contains(QLatin1Char(' ')) || p.contains(QLatin1Char('\''))
                   ? QStringLiteral("'") + p.replace(QStringLiteral("'"), QStringLiteral("'\\''")) +
                         QStringLiteral("'")
                   : p;
    };
    const QString base =
        baseline.isEmpty() ? QString() : QStringLiteral(" --baseline ") + quoted(baseline);
    return {
        QStringLiteral("rankscope-cli findings %1%2 --format markdown").arg(quoted(bundle), base),
        QStringLiteral("QT_QPA_PLATFORM=offscreen rankscope %1%2 --report report.html")
            .arg(quoted(bundle), base)};
}

QString incidentReportHtml(const IncidentReportContent &c)
{
    const OverviewData &d = *c.overview;
    const FindingsVerdict &v = d.verdict;
    QString h;
    const QString title =
        IncidentReportText::tr("Incident report: %1").arg(QFileInfo(c.bundlePath).fileName());
    h += QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%1</title>"
                        "<style>%2</style></head><body>\n")
             .arg(esc(title), QString::fromLatin1(kStyle));
    h += QStringLiteral("<h1>%1</h1><p class=\"muted\">%2</p>\n")
             .arg(esc(title), esc(IncidentReportText::tr("Written by %1 on %2")
                                      .arg(c.generator, c.generatedAt.toUTC().toString(
                                                            QStringLiteral("yyyy-MM-dd HH:mm")) +
                                                            QStringLiteral(" UTC"))));
    h += QStringLiteral("<div class=\"verdict\">%1</div>\n").arg(esc(v.verdict));

    h += QStringLiteral("<h2>%1</h2><table>").arg(esc(IncidentReportText::tr("Job")));
    for (const auto &[key, value] : jobFacts(c))
        h += QStringLiteral("<tr><th style=\"width:22%\">%1</th><td>%2</td></tr>")
                 .arg(esc(key), esc(value));
    h += QStringLiteral("</table>\n");

    h += QStringLiteral("<h2>%1</h2>\n").arg(esc(IncidentReportText::tr("Culprits")));
    if (v.culprits.empty())
        h += QStringLiteral("<p>%1</p>")
                 .arg(esc(IncidentReportText::tr("No culprit: no layer names a rank or node.")));
    for (std::size_t i = 0; i < v.culprits.size(); ++i) {
        const Culprit &cu = v.culprits[i];
        h += QStringLiteral("<div class=\"culprit\"><b>%1. %2</b> — %3 %4<br>%5<ul>")
                 .arg(i + 1)
                 .arg(esc(cu.subject), esc(IncidentReportText::tr("confidence")),
                      esc(confidenceText(cu.confidence)), esc(cu.sentence));
        for (const Evidence &e : cu.evidence)
            h += QStringLiteral("<li><span class=\"sw\" style=\"background:%1\"></span><b>%2</b>: "
                                "%3 <span class=\"muted\">(%4)</span></li>")
                     .arg(layerColour(e.layer).name(), esc(layerShortName(e.layer)),
                          esc(e.sentence), esc(refText(e.ref)));
        h += QStringLiteral("</ul>");
        if (!cu.effects.empty()) {
            h += QStringLiteral("%1<ul>").arg(
                esc(IncidentReportText::tr("What it does to the others:")));
            for (const Evidence &e : cu.effects)
                h += QStringLiteral("<li><b>%1</b>: %2</li>")
                         .arg(esc(layerShortName(e.layer)), esc(e.sentence));
            h += QStringLiteral("</ul>");
        }
        if (!cu.disagreeing.empty()) {
            QStringList names;
            for (FindingLayer l : cu.disagreeing)
                names << layerShortName(l);
            h += QStringLiteral("<p><i>%1</i></p>")
                     .arg(esc(IncidentReportText::tr("Disagreeing layers: %1")
                                  .arg(names.join(QStringLiteral(", ")))));
        }
        if (!cu.wouldConfirm.empty()) {
            QStringList needs;
            for (DataNeed n : cu.wouldConfirm)
                needs << messageText(dataNeedMessage(n));
            h += QStringLiteral("<p>%1</p>")
                     .arg(esc(IncidentReportText::tr("To be sure: %1")
                                  .arg(needs.join(QStringLiteral("; ")))));
        }
        h += QStringLiteral("</div>\n");
    }
    if (v.undecided) {
        h += QStringLiteral("<p>%1</p>").arg(esc(v.undecided->reason));
        if (!v.undecided->wouldSettle.empty()) {
            h += QStringLiteral("%1<ul>").arg(esc(IncidentReportText::tr("What would settle it:")));
            for (DataNeed n : v.undecided->wouldSettle)
                h += QStringLiteral("<li>%1</li>").arg(esc(dataNeedMessage(n)));
            h += QStringLiteral("</ul>");
        }
    }
    if (v.anchor && isWallClockNs(v.anchor->window.startNs))
        h += QStringLiteral("<p>%1</p>")
                 .arg(esc(IncidentReportText::tr("First anomaly of the job (%1): %2")
                              .arg(wallClock(v.anchor->window.startNs),
                                   messageText(v.anchor->sentence))));

    if (!c.pictures.empty()) {
        h += QStringLiteral("<h2>%1</h2>\n").arg(esc(IncidentReportText::tr("Pictures")));
        for (const ReportPicture &p : c.pictures)
            h += QStringLiteral("<figure><img alt=\"%1\" src=\"data:image/png;base64,%2\">"
                                "<figcaption><b>%1</b>%3</figcaption></figure>\n")
                     .arg(esc(p.title), pngBase64(p.image),
                          p.caption.isEmpty() ? QString() : QStringLiteral(" — ") + esc(p.caption));
    }

    h += QStringLiteral("<h2>%1</h2>\n").arg(esc(IncidentReportText::tr("Notes")));
    if (c.notes.empty()) {
        h += QStringLiteral("<p class=\"muted\">%1</p>")
                 .arg(esc(IncidentReportText::tr("No notes.")));
    } else {
        h += QStringLiteral("<table><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>")
                 .arg(esc(IncidentReportText::tr("View")), esc(IncidentReportText::tr("Where")),
                      esc(IncidentReportText::tr("Note")), esc(IncidentReportText::tr("By")));
        for (const ReportNote &n : c.notes)
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
                     .arg(esc(n.view), esc(n.where),
                          esc(n.text).replace(QLatin1Char('\n'), QStringLiteral("<br>")),
                          esc(n.author.isEmpty()
                                  ? QString()
                                  : n.author + QStringLiteral(", ") +
                                        QDateTime::fromMSecsSinceEpoch(n.createdMs, Qt::UTC)
                                            .toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
        h += QStringLiteral("</table>\n");
    }

    h += QStringLiteral("<h2>%1</h2><table><tr><th>#</th><th>%2</th><th>%3</th><th>%4</th><th>%5</"
                        "th><th>%6</th><th>%7</th><th>%8</th></tr>\n")
             .arg(esc(IncidentReportText::tr("Evidence")), esc(IncidentReportText::tr("Layer")),
                  esc(IncidentReportText::tr("Role")), esc(IncidentReportText::tr("Ranks")),
                  esc(IncidentReportText::tr("Nodes")), esc(IncidentReportText::tr("When")),
                  esc(IncidentReportText::tr("Finding")), esc(IncidentReportText::tr("Points at")));
    for (const EvidenceRow &row : allEvidence(v)) {
        const Evidence &e = *row.evidence;
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</"
                            "td><td>%7</td><td>%8</td></tr>\n")
                 .arg(esc(row.culprit), esc(layerShortName(e.layer)), esc(roleWord(e.role)),
                      esc(QString::fromStdString(e.ranks.toString())), esc(nodesText(e.nodes)),
                      esc(windowText(e.window)), esc(e.sentence), esc(refText(e.ref)));
    }
    h += QStringLiteral("</table>\n");

    h += QStringLiteral("<h2>%1</h2>").arg(esc(IncidentReportText::tr("What each layer says")));
    for (const LayerSummary &l : v.layers)
        h += QStringLiteral("<p><b>%1</b>: %2</p>")
                 .arg(esc(layerShortName(l.layer)),
                      l.present ? esc(l.summary)
                                : esc(IncidentReportText::tr("not in this bundle")));

    if (!d.problems.empty()) {
        h += QStringLiteral("<h2>%1</h2><ul>")
                 .arg(esc(IncidentReportText::tr("Import problems (%1)").arg(d.problems.size())));
        const std::size_t shown = std::min<std::size_t>(d.problems.size(), 50);
        for (std::size_t i = 0; i < shown; ++i) {
            const ImportProblem &p = d.problems[i];
            QString where = QString::fromStdString(p.file);
            if (p.line > 0)
                where += QStringLiteral(":%1").arg(p.line);
            h += QStringLiteral("<li><code>%1</code>: %2</li>")
                     .arg(esc(where), esc(QString::fromStdString(p.message)));
        }
        if (d.problems.size() > shown)
            h +=
                QStringLiteral("<li>%1</li>")
                    .arg(esc(IncidentReportText::tr("and %1 more").arg(d.problems.size() - shown)));
        h += QStringLiteral("</ul>");
    }

    h +=
        QStringLiteral("<h2>%1</h2><pre>%2</pre>\n")
            .arg(esc(IncidentReportText::tr("Reproduce")), esc(c.commands.join(QLatin1Char('\n'))));
    h += QStringLiteral("</body></html>\n");
    return h;
}

QString incidentReportMarkdown(const IncidentReportContent &c, const QString &imageFolderName)
{
    const OverviewData &d = *c.overview;
    const FindingsVerdict &v = d.verdict;
    const auto md = [](QString text) {
        return text.replace(QLatin1Char('|'), QStringLiteral("\\|"))
            .replace(QLatin1Char('\n'), QLatin1Char(' '));
    };
    QString m;
    m += QStringLiteral("# %1\n\n")
             .arg(IncidentReportText::tr("Incident report: %1")
                      .arg(QFileInfo(c.bundlePath).fileName()));
    m += QStringLiteral("**%1**\n\n").arg(messageText(v.verdict));
    m += QStringLiteral("## %1\n\n| | |\n|---|---|\n").arg(IncidentReportText::tr("Job"));
    for (const auto &[key, value] : jobFacts(c))
        m += QStringLiteral("| %1 | %2 |\n").arg(md(key), md(value));
    m += QStringLiteral("\n## %1\n\n").arg(IncidentReportText::tr("Culprits"));
    for (std::size_t i = 0; i < v.culprits.size(); ++i) {
        const Culprit &cu = v.culprits[i];
        m += QStringLiteral("%1. **%2** (%3 %4): %5\n")
                 .arg(i + 1)
                 .arg(messageText(cu.subject), IncidentReportText::tr("confidence"),
                      confidenceText(cu.confidence), messageText(cu.sentence));
        for (const Evidence &e : cu.evidence)
            m += QStringLiteral("   - %1: %2 (%3)\n")
                     .arg(layerShortName(e.layer), messageText(e.sentence), refText(e.ref));
        for (const Evidence &e : cu.effects)
            m += QStringLiteral("   - %1 %2: %3\n")
                     .arg(IncidentReportText::tr("effect"), layerShortName(e.layer),
                          messageText(e.sentence));
    }
    if (v.undecided)
        m += messageText(v.undecided->reason) + QStringLiteral("\n");
    if (!c.pictures.empty()) {
        m += QStringLiteral("\n## %1\n\n").arg(IncidentReportText::tr("Pictures"));
        for (std::size_t i = 0; i < c.pictures.size(); ++i)
            m += QStringLiteral("![%1](%2/%3.png)\n\n*%1*%4\n\n")
                     .arg(c.pictures[i].title, imageFolderName)
                     .arg(i + 1, 2, 10, QLatin1Char('0'))
                     .arg(c.pictures[i].caption.isEmpty()
                              ? QString()
                              : QStringLiteral(" — ") + c.pictures[i].caption);
    }
    m += QStringLiteral("\n## %1\n\n").arg(IncidentReportText::tr("Notes"));
    if (c.notes.empty())
        m += IncidentReportText::tr("No notes.") + QStringLiteral("\n");
    else {
        m += QStringLiteral("| %1 | %2 | %3 | %4 |\n|---|---|---|---|\n")
                 .arg(IncidentReportText::tr("View"), IncidentReportText::tr("Where"),
                      IncidentReportText::tr("Note"), IncidentReportText::tr("By"));
        for (const ReportNote &n : c.notes)
            m += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                     .arg(md(n.view), md(n.where), md(n.text), md(n.author));
    }
    m += QStringLiteral("\n## %1\n\n| # | %2 | %3 | %4 | %5 | %6 |\n|---|---|---|---|---|---|\n")
             .arg(IncidentReportText::tr("Evidence"), IncidentReportText::tr("Layer"),
                  IncidentReportText::tr("Role"), IncidentReportText::tr("Ranks"),
                  IncidentReportText::tr("Finding"), IncidentReportText::tr("Points at"));
    for (const EvidenceRow &row : allEvidence(v))
        m +=
            QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                .arg(row.culprit, layerShortName(row.evidence->layer), roleWord(row.evidence->role),
                     QString::fromStdString(row.evidence->ranks.toString()),
                     md(messageText(row.evidence->sentence)), md(refText(row.evidence->ref)));
    m += QStringLiteral("\n## %1\n\n```\n%2\n```\n")
             .arg(IncidentReportText::tr("Reproduce"), c.commands.join(QLatin1Char('\n')));
    return m;
}

bool writeIncidentReport(const IncidentReportContent &content, const QString &file, QString *error)
{
    const auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (!content.overview)
        return fail(IncidentReportText::tr("the verdict is not ready yet"));
    const QFileInfo info(file);
    const bool markdown =
        info.suffix().compare(QLatin1String("md"), Qt::CaseInsensitive) == 0 ||
        info.suffix().compare(QLatin1String("markdown"), Qt::CaseInsensitive) == 0;
    QString text;
    if (markdown) {
        const QString folderName = info.completeBaseName() + QStringLiteral("_files");
        QDir folder(info.absoluteDir().filePath(folderName));
        if (!folder.exists() && !info.absoluteDir().mkdir(folderName))
            return fail(IncidentReportText::tr("cannot create %1").arg(folder.path()));
        for (std::size_t i = 0; i < content.pictures.size(); ++i) {
            const QString png =
                folder.filePath(QStringLiteral("%1.png").arg(i + 1, 2, 10, QLatin1Char('0')));
            if (!content.pictures[i].image.save(png, "PNG"))
                return fail(IncidentReportText::tr("cannot write %1").arg(png));
        }
        text = incidentReportMarkdown(content, folderName);
    } else {
        text = incidentReportHtml(content);
    }
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly))
        return fail(IncidentReportText::tr("cannot write %1: %2").arg(file, out.errorString()));
    out.write(text.toUtf8());
    if (!out.commit())
        return fail(IncidentReportText::tr("cannot write %1: %2").arg(file, out.errorString()));
    return true;
}
