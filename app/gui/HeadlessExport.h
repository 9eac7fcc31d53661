#pragma once

#include <QString>

// `rankscope BUNDLE --export-view flamegraph|heatmap|diff|collectives --out FILE.png|svg`: imports
// (or reopens) the bundle, builds the view exactly as the window would, selects the top suspect
// (the diff: opens the evidence of what changed most; the collectives: the top finding's group),
// and writes the picture without showing a window (works under QT_QPA_PLATFORM=offscreen). The diff
// compares with --baseline, else with the baseline the bundle's job.json names.
namespace HeadlessExport {

struct Request
{
    QString bundle;
    QString view;
    QString out;
    QString frames = QStringLiteral("function");
    QString threads = QStringLiteral("main");
    int width = 1600;
    QString metric;   // heatmap: metric key ("" = the top straggler suspect's, else step_time)
    QString baseline; // diff: the healthy run ("" = the manifest's "baseline")
};

bool run(const Request &request, QString *error);

} // namespace HeadlessExport
