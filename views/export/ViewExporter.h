#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QFont>
#include <QRect>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

class QImage;
class QPainter;

namespace rankscope {

// What a picture shows, written into it (a caption band) and into its metadata, so an exported
// view pasted into an incident report explains itself. Empty fields are left out.
struct ExportCaption
{
    QString job;           // job id
    QString view;          // "Flame graph", "Heatmap", ...
    QString verdict;       // the view's answer in one sentence: the picture travels without it
    QString selection;     // e.g. "all_reduce · has 0-36,38-63 · missing 37"
    QString coverage;      // which layers the ranks have: "ranks 0-7: traces; no stacks ..."
    QString frameIdentity; // "function", "file", "line"
    QString threads;       // "main", "all", a thread name
    QDateTime when;        // when the picture was made; invalid = now
    // The user's notes drawn in the picture, one line each ("Note 3: NFS mount hung (on
    // __next__)"): their numbers are the badges' (views/annotations/NoteExport.h).
    QStringList notes;

    QString title() const;       // "rankscope · Flame graph · job 1234"
    QStringList details() const; // one "Name: value" line per non-empty field after the title
    QString description() const; // details() on one line each, for metadata
};

// Writes a painted view to PNG (QImage with Title/Description/Software text chunks) or SVG
// (QSvgGenerator with title and description), chosen by the file's suffix, with the caption
// band drawn above the view. Works for any view that can paint itself into a QPainter.
class ViewExporter
{
    Q_DECLARE_TR_FUNCTIONS(ViewExporter)

public:
    using PaintFunction = std::function<void(QPainter &, QSize)>;

    // `viewSize` is the size the view paints at; the picture adds the caption band on top.
    // Returns false with a sentence naming the file in *error.
    static bool exportView(const PaintFunction &paint, QSize viewSize, const ExportCaption &caption,
                           const QString &file, QString *error = nullptr);

    // The picture exportView writes, as an image (the incident report embeds these).
    static QImage render(const PaintFunction &paint, QSize viewSize, const ExportCaption &caption);

    static QString fileFilter(); // for QFileDialog: "PNG image (*.png);;SVG drawing (*.svg)"

    // The caption band, exposed so on-screen previews can show the same thing.
    static int captionHeight(const ExportCaption &caption, const QFont &font);
    static void paintCaption(QPainter &painter, const QRect &band, const ExportCaption &caption,
                             const QFont &font);
};

} // namespace rankscope
