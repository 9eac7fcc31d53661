#pragma once

#include <QColor>
#include <QLinearGradient>
#include <QRgb>

#include <array>
#include <span>

namespace rankscope {

// The heatmap's sequential colour scale: pale yellow for the lowest values through orange to
// dark red for the highest (ColorBrewer YlOrRd, lightness falls monotonically, so it reads in
// grey scale and for the common colour-vision deficiencies). A cell with no data is a neutral
// grey hatch, which no value can be mistaken for.
//
// For differences (target − baseline, issue 5) a diverging scale instead: blue below zero,
// near-white at zero, red above (ColorBrewer RdBu, safe for the common colour-vision
// deficiencies), over a range symmetric around zero so equal changes either way look equally
// strong.
class HeatmapColorScale
{
public:
    static constexpr int kSteps = 256;

    HeatmapColorScale();

    // A scale over the finite values: [min, max], widened around the median to at least 10% of
    // it, so run-to-run noise of a healthy job does not span the whole palette.
    static HeatmapColorScale fitted(std::span<const double> values);
    // A diverging scale over [-r, r] for signed differences. r is robust: the 98th percentile of
    // |value|, but at least a tenth of the largest |value| (run-to-run noise stays pale when one
    // rank stands out) and at least a tenth of `typicalValue`, the metric's usual size in the
    // runs (a healthy pair's noise must not span the whole palette); 0 when unknown.
    static HeatmapColorScale diverging(std::span<const double> values, double typicalValue = 0);
    // The same diverging scale over [-r, r], with r at least `minimumRadius` (the peer-median
    // mode: log2 ratios or differences from each cell's median, 0 at the white middle).
    static HeatmapColorScale centred(std::span<const double> values, double minimumRadius);
    // The median of the finite |values|: a typicalValue for diverging().
    static double typicalValue(std::span<const double> values);
    bool isDiverging() const { return m_diverging; }

    void setRange(double low, double high);
    double low() const { return m_low; }
    double high() const { return m_high; }
    // Smallest and largest finite value seen by fitted() (the scale may be wider).
    double dataMin() const { return m_dataMin; }
    double dataMax() const { return m_dataMax; }
    bool hasData() const { return m_hasData; }

    // 0 at low(), 1 at high(), clamped.
    double position(double value) const;
    QRgb colour(double value) const; // NaN gives noDataColour()
    // The sequential palette at a position (legend swatches).
    static QColor stopColour(double position);
    // This scale's palette (sequential or diverging) at a position in [0, 1].
    QColor colourAt(double position) const;
    QLinearGradient gradient(double x0, double x1) const;

    static QRgb noDataColour();      // the hatch's background
    static QRgb noDataHatchColour(); // its stripes
    static bool isHatchPixel(int x, int y) { return (x + y) % 6 == 0; }

private:
    void fillLut();

    std::array<QRgb, kSteps> m_lut{};
    double m_low = 0;
    double m_high = 1;
    double m_dataMin = 0;
    double m_dataMax = 0;
    bool m_hasData = false;
    bool m_diverging = false;
};

} // namespace rankscope
