#include "views/export/ViewExporter.h"

#include <QFile>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QImage>
#include <QImageWriter>
#include <QPainter>
#include <QSvgGenerator>

namespace rankscope {

namespace {

constexpr int kCaptionPadding = 8;

QDateTime timeOf(const ExportCaption &caption)
{
    return caption.when.isValid() ? caption.when : QDateTime::currentDateTime();
}

QFont titleFont(const QFont &font)
{
    QFont bold = font;
    bold.setBold(true);
    return bold;
}

// Paints caption and view into any paint device of the full picture size.
void paintPicture(QPainter &painter, const ViewExporter::PaintFunction &paint, QSize viewSize,
                  const ExportCaption &caption, const QFont &font, int bandHeight)
{
    painter.fillRect(QRect(0, 0, viewSize.width(), viewSize.height() + bandHeight), Qt::white);
    ViewExporter::paintCaption(painter, QRect(0, 0, viewSize.width(), bandHeight), caption, font);
    painter.save();
    painter.translate(0, bandHeight);
    painter.setClipRect(QRect(QPoint(0, 0), viewSize));
    paint(painter, viewSize);
    painter.restore();
}

} // namespace

QString ExportCaption::title() const
{
    QStringList parts{QStringLiteral("rankscope")};
    if (!view.isEmpty())
        parts << view;
    if (!job.isEmpty())
        parts << ViewExporter::tr("job %1").arg(job);
    return parts.join(QStringLiteral(" · "));
}

QStringList ExportCaption::details() const
{
    QStringList lines;
    if (!verdict.isEmpty())
        lines << ViewExporter::tr("Verdict: %1").arg(verdict);
    if (!selection.isEmpty())
        lines << ViewExporter::tr("Selection: %1").arg(selection);
    if (!coverage.isEmpty())
        lines << ViewExporter::tr("Ranks: %1").arg(coverage);
    QStringList settings;
    if (!frameIdentity.isEmpty())
        settings << ViewExporter::tr("Frame identity: %1").arg(frameIdentity);
    if (!threads.isEmpty())
        settings << ViewExporter::tr("Threads: %1").arg(threads);
    // ISO-like and unambiguous: pictures travel between teams and time zones.
    settings << ViewExporter::tr("Made: %1")
                    .arg(timeOf(*this).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss t")));
    lines << settings.join(QStringLiteral("   ·   "));
    // A picture with many notes lists the first ones; the report lists them all.
    constexpr qsizetype kListedNotes = 8;
    for (qsizetype i = 0; i < std::min(kListedNotes, notes.size()); ++i)
        lines << notes[i];
    if (notes.size() > kListedNotes)
        lines << ViewExporter::tr("… and %n more note(s)", nullptr,
                                  int(notes.size() - kListedNotes));
    return lines;
}

QString ExportCaption::description() const
{
    return details().join(QLatin1Char('\n'));
}

QString ViewExporter::fileFilter()
{
    return tr("PNG image (*.png)") + QStringLiteral(";;") + tr("SVG drawing (*.svg)");
}

int ViewExporter::captionHeight(const ExportCaption &caption, const QFont &font)
{
    const QFontMetrics title(titleFont(font));
    const QFontMetrics body(font);
    return 2 * kCaptionPadding + title.height() +
           int(caption.details().size()) * (body.height() + 2) + 1;
}

void ViewExporter::paintCaption(QPainter &painter, const QRect &band, const ExportCaption &caption,
                                const QFont &font)
{
    painter.save();
    painter.fillRect(band, QColor(0xfa, 0xfa, 0xfb));
    painter.setPen(QColor(0xc8, 0xcc, 0xd2));
    painter.drawLine(band.bottomLeft(), band.bottomRight());

    const QRect text = band.adjusted(kCaptionPadding + 2, kCaptionPadding, -kCaptionPadding, 0);
    const QFont bold = titleFont(font);
    const QFontMetrics titleMetrics(bold);
    const QFontMetrics bodyMetrics(font);
    int y = text.top();
    painter.setFont(bold);
    painter.setPen(QColor(0x1d, 0x23, 0x2b));
    painter.drawText(QRect(text.left(), y, text.width(), titleMetrics.height()),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     titleMetrics.elidedText(caption.title(), Qt::ElideRight, text.width()));
    y += titleMetrics.height() + 2;
    painter.setFont(font);
    painter.setPen(QColor(0x3d, 0x45, 0x50));
    const QStringList lines = caption.details();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        // A verdict names its subject first, so it loses its end; other lines their middle.
        const bool verdict = i == 0 && !caption.verdict.isEmpty();
        painter.drawText(QRect(text.left(), y, text.width(), bodyMetrics.height()),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         bodyMetrics.elidedText(
                             lines[i], verdict ? Qt::ElideRight : Qt::ElideMiddle, text.width()));
        y += bodyMetrics.height() + 2;
    }
    painter.restore();
}

QImage ViewExporter::render(const PaintFunction &paint, QSize viewSize,
                            const ExportCaption &caption)
{
    if (viewSize.isEmpty())
        return {};
    const QFont font = QGuiApplication::font();
    const int band = captionHeight(caption, font);
    QImage image(QSize(viewSize.width(), viewSize.height() + band),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::TextAntialiasing);
        paintPicture(painter, paint, viewSize, caption, font, band);
    }
    image.setText(QStringLiteral("Title"), caption.title());
    image.setText(QStringLiteral("Description"), caption.description());
    return image;
}

bool ViewExporter::exportView(const PaintFunction &paint, QSize viewSize,
                              const ExportCaption &caption, const QString &file, QString *error)
{
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (viewSize.isEmpty())
        return fail(tr("Cannot export %1: the view is empty.").arg(file));
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        return fail(tr("Cannot export %1: unknown picture format \"%2\"; use .png or .svg.")
                        .arg(file, suffix));

    const QFont font = QGuiApplication::font();
    const int band = captionHeight(caption, font);
    const QSize pictureSize(viewSize.width(), viewSize.height() + band);

    QFile out(file);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return fail(tr("Cannot write %1: %2").arg(file, out.errorString()));
    // From here on a failure leaves no half-written picture behind.
    auto failAndRemove = [&](const QString &message) {
        out.close();
        out.remove();
        return fail(message);
    };

    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&out);
        svg.setSize(pictureSize);
        svg.setViewBox(QRect(QPoint(0, 0), pictureSize));
        svg.setResolution(96);
        svg.setTitle(caption.title());
        svg.setDescription(caption.description());
        QPainter painter;
        if (!painter.begin(&svg))
            return failAndRemove(tr("Cannot write %1: the SVG painter did not start.").arg(file));
        paintPicture(painter, paint, viewSize, caption, font, band);
        painter.end();
        if (out.error() != QFileDevice::NoError)
            return failAndRemove(tr("Cannot write %1: %2").arg(file, out.errorString()));
        return true;
    }

    QImage image(pictureSize, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::TextAntialiasing);
        paintPicture(painter, paint, viewSize, caption, font, band);
    }
    image.setText(QStringLiteral("Title"), caption.title());
    image.setText(QStringLiteral("Description"), caption.description());
    image.setText(QStringLiteral("Software"), QStringLiteral("rankscope"));
    image.setText(QStringLiteral("Creation Time"), timeOf(caption).toString(Qt::ISODate));
    QImageWriter writer(&out, "png");
    if (!writer.write(image))
        return failAndRemove(tr("Cannot write %1: %2").arg(file, writer.errorString()));
    return true;
}

} // namespace rankscope
