#pragma once

#include "views/overview/OverviewData.h"

#include <QDateTime>
#include <QImage>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

// The incident report (File > Export Report…, `rankscope BUNDLE --report out.html`): the job,
// the joined verdict and its culprits with their evidence, the pictures (each annotated view the
// user added and the default ones), the notes, the evidence tables and the commands that
// reproduce it. One self-contained HTML file (pictures embedded, nothing loaded from the
// network), or Markdown beside a folder of PNGs for a ticket system that takes attachments.

struct ReportPicture
{
    QString title;   // "Flame graph", "Heatmap: step time"
    QString caption; // what it shows: the view's own caption or the user's words
    QImage image;
};

struct ReportNote
{
    QString view;  // "Flame graph", "Heatmap", ...
    QString where; // the anchor as the Notes panel names it ("__next__", "rank 37 · iteration 30")
    QString text;
    QString author;
    qint64 createdMs = 0;
};

struct IncidentReportContent
{
    QString bundlePath;
    QString baselinePath; // "" without a baseline
    std::shared_ptr<const rankscope::OverviewData> overview;
    std::vector<ReportPicture> pictures;
    std::vector<ReportNote> notes;
    QStringList commands; // the exact commands that reproduce the report's findings
    QString generator;    // "rankscope 0.9.0"
    QDateTime generatedAt;
};

// The commands that reproduce a report of `bundle` (and `baseline`): the CLI's findings as
// Markdown, and the GUI's headless report.
QStringList reproduceCommands(const QString &bundle, const QString &baseline);

// The whole report as one HTML document, pictures as data: URLs.
QString incidentReportHtml(const IncidentReportContent &content);
// Markdown; pictures are written to `imageFolder` (created) and linked relative to `file`'s
// folder.
QString incidentReportMarkdown(const IncidentReportContent &content,
                               const QString &imageFolderName);

// Writes the report: HTML, or Markdown with a `<name>_files/` folder of PNGs beside it (by the
// suffix: .md or .markdown). Written to a temporary file first and renamed, so a failed export
// leaves no half report.
bool writeIncidentReport(const IncidentReportContent &content, const QString &file, QString *error);
