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
class HeatmapColorScale
{
public:
    static constexpr int kSteps = 256;

    HeatmapColorScale();

    // A scale over the finite values: [min, max], widened around the median to at least 10% of
    // it, so run-to-run noise of a healthy job does not span the whole palette.
    static HeatmapColorScale fitted(std::span<const float> values);

    void setRange(float low, float high);
    float low() const { return m_low; }
    float high() const { return m_high; }
    // Smallest and largest finite value seen by fitted() (the scale may be wider).
    float dataMin() const { return m_dataMin; }
    float dataMax() const { return m_dataMax; }
    bool hasData() const { return m_hasData; }

    // 0 at low(), 1 at high(), clamped.
    double position(float value) const;
    QRgb colour(float value) const; // NaN gives noDataColour()
    static QColor stopColour(double position);
    QLinearGradient gradient(double x0, double x1) const;

    static QRgb noDataColour();      // the hatch's background
    static QRgb noDataHatchColour(); // its stripes
    static bool isHatchPixel(int x, int y) { return (x + y) % 6 == 0; }

private:
    std::array<QRgb, kSteps> m_lut{};
    float m_low = 0;
    float m_high = 1;
    float m_dataMin = 0;
    float m_dataMax = 0;
    bool m_hasData = false;
};

} // namespace rankscope
