#include "views/flamegraph/FlameGraphPalette.h"

#include <QImage>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace rankscope::FlameGraphPalette {

namespace {

struct Stop
{
    double at;
    QColor colour;
};

// Left to right on the legend: one rank ... half ... all ranks.
const std::array<Stop, 6> &stops()
{
    static const std::array<Stop, 6> s = {{
        {0.00, QColor(0xc6, 0x28, 0x28)},   // one rank: red
        {0.22, QColor(0xef, 0x6c, 0x00)},   // a few: orange
        {0.42, QColor(0xff, 0xb7, 0x4d)},   // amber
        {0.50, QColor(0xf6, 0xde, 0x9c)},   // just under half: pale sand
        {0.5001, QColor(0xd3, 0xdc, 0xe6)}, // just over half: pale blue-grey
        {1.00, QColor(0x8f, 0xa8, 0xc4)},   // everyone: calm steel blue
    }};
    return s;
}

QColor mix(const QColor &a, const QColor &b, double t)
{
    auto lerp = [t](int x, int y) { return int(std::lround(x + (y - x) * t)); };
    return QColor(lerp(a.red(), b.red()), lerp(a.green(), b.green()), lerp(a.blue(), b.blue()));
}

} // namespace

double coveragePosition(int has, int ranksWithData)
{
    if (ranksWithData <= 1 || has >= ranksWithData)
        return 1.0;
    const double coverage = double(std::max(has, 1)) / ranksWithData;
    if (coverage >= 0.5)
        return 0.5 + (coverage - 0.5); // linear over the majority half
    // Minority: log scale, so 1, 2, 4, 8 ... ranks are evenly spaced from red to sand.
    const double t = std::log(coverage * ranksWithData) / std::log(ranksWithData / 2.0);
    return 0.5 * std::clamp(t, 0.0, 1.0) - 0.0001;
}

namespace {
QColor colourAt(double at)
{
    at = std::clamp(at, 0.0, 1.0);
    const auto &s = stops();
    for (std::size_t i = 1; i < s.size(); ++i) {
        if (at <= s[i].at) {
            const double span = s[i].at - s[i - 1].at;
            return mix(s[i - 1].colour, s[i].colour, span > 0 ? (at - s[i - 1].at) / span : 0);
        }
    }
    return s.back().colour;
}
} // namespace

int coverageStep(int has, int ranksWithData)
{
    constexpr int half = kCoverageSteps / 2; // 128: steps 0..127 warm, 128..255 cool
    const double at = coveragePosition(has, ranksWithData);
    if (at <= 0.5)
        return std::clamp(int(std::lround(at / 0.5 * (half - 1))), 0, half - 1);
    return std::clamp(half + int(std::lround((at - 0.5) / 0.5 * (half - 1))), half,
                      kCoverageSteps - 1);
}

QColor coverageStepColour(int step)
{
    constexpr int half = kCoverageSteps / 2;
    step = std::clamp(step, 0, kCoverageSteps - 1);
    if (step < half)
        return colourAt(0.5 * step / (half - 1));
    return colourAt(std::max(0.5001, 0.5 + 0.5 * (step - half) / (half - 1)));
}

QColor coverageColour(int has, int ranksWithData)
{
    return coverageStepColour(coverageStep(has, ranksWithData));
}

QLinearGradient coverageGradient(double x0, double x1, int ranksWithData)
{
    Q_UNUSED(ranksWithData);
    QLinearGradient gradient(x0, 0, x1, 0);
    for (const Stop &stop : stops())
        gradient.setColorAt(stop.at, stop.colour);
    return gradient;
}

QColor classColour(int classIndex)
{
    // Tableau-like muted categorical colours, light enough for dark text.
    static const std::array<QColor, kClassColours> colours = {
        QColor(0x8f, 0xb4, 0xd9), QColor(0xf2, 0xa6, 0x5a), QColor(0x9c, 0xcf, 0x8a),
        QColor(0xe8, 0x8a, 0x8a), QColor(0xc3, 0xa5, 0xd6), QColor(0xd6, 0xb8, 0x8f),
        QColor(0xf0, 0xb3, 0xd4), QColor(0xc9, 0xc9, 0x7a), QColor(0x85, 0xd0, 0xc8),
        QColor(0xb8, 0xc2, 0xcc)};
    if (classIndex < 0 || classIndex >= int(colours.size()))
        return mixedClassColour();
    return colours[std::size_t(classIndex)];
}

int classColourCount()
{
    return kClassColours;
}

QColor mixedClassColour()
{
    return QColor(0xdd, 0xdd, 0xdd);
}

namespace {
const QColor kDifferenceLost(0x21, 0x5f, 0xb0);    // full blue
const QColor kDifferenceNeutral(0xe8, 0xe6, 0xe1); // white-ish, still visible on white
const QColor kDifferenceGained(0xc8, 0x1e, 0x1e);  // full red
// The faintest non-neutral step is already tinted, so any real change stays visible.
constexpr double kDifferenceFaintest = 0.18;
} // namespace

int differenceStep(double targetMinusBaseline, double scale)
{
    const double magnitude = std::abs(targetMinusBaseline);
    if (magnitude < kDifferenceNeutralBelow || scale <= 0)
        return kDifferenceNeutralStep;
    const double t = std::clamp(magnitude / scale, 0.0, 1.0);
    const int k = std::clamp(int(std::lround(t * kDifferenceHalfSteps)), 1, kDifferenceHalfSteps);
    return kDifferenceNeutralStep + (targetMinusBaseline > 0 ? k : -k);
}

QColor differenceStepColour(int step)
{
    step = std::clamp(step, 0, kDifferenceSteps - 1);
    const int k = step - kDifferenceNeutralStep;
    if (k == 0)
        return kDifferenceNeutral;
    const double amount =
        kDifferenceFaintest + (1.0 - kDifferenceFaintest) * std::abs(k) / kDifferenceHalfSteps;
    return mix(kDifferenceNeutral, k > 0 ? kDifferenceGained : kDifferenceLost, amount);
}

QLinearGradient differenceGradient(double x0, double x1)
{
    QLinearGradient gradient(x0, 0, x1, 0);
    gradient.setColorAt(0.0, kDifferenceLost);
    gradient.setColorAt(0.47, mix(kDifferenceNeutral, kDifferenceLost, kDifferenceFaintest));
    gradient.setColorAt(0.5, kDifferenceNeutral);
    gradient.setColorAt(0.53, mix(kDifferenceNeutral, kDifferenceGained, kDifferenceFaintest));
    gradient.setColorAt(1.0, kDifferenceGained);
    return gradient;
}

QBrush onlyHereHatch()
{
    static const QBrush brush = [] {
        constexpr int kTile = 9;
        QImage tile(kTile, kTile, QImage::Format_ARGB32_Premultiplied);
        tile.fill(Qt::transparent);
        QPainter painter(&tile);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(QColor(0x10, 0x10, 0x10, 105), 1.4));
        // The line and its neighbours one tile away, so the diagonal continues across tiles.
        for (int shift : {-kTile, 0, kTile})
            painter.drawLine(QPointF(shift, kTile), QPointF(shift + kTile, 0));
        painter.end();
        return QBrush(tile);
    }();
    return brush;
}

QColor mergedColour()
{
    return QColor(0xb4, 0xb4, 0xb4);
}

QColor searchOutlineColour()
{
    return QColor(0x7b, 0x1f, 0xa2);
}

QColor selectionColour()
{
    return QColor(0x10, 0x10, 0x10);
}

QColor dimmed(const QColor &colour, const QColor &background)
{
    return mix(colour, background, 0.78);
}

QColor textColourOn(const QColor &fill)
{
    const double luminance = 0.299 * fill.red() + 0.587 * fill.green() + 0.114 * fill.blue();
    return luminance < 140 ? QColor(Qt::white) : QColor(0x1a, 0x1a, 0x1a);
}

} // namespace rankscope::FlameGraphPalette
