#include "views/heatmap/HeatmapColorScale.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rankscope {

namespace {

// ColorBrewer YlOrRd, 9 classes.
constexpr std::array<QRgb, 9> kStops = {0xffffffcc, 0xffffeda0, 0xfffed976, 0xfffeb24c, 0xfffd8d3c,
                                        0xfffc4e2a, 0xffe31a1c, 0xffbd0026, 0xff800026};

// ColorBrewer RdBu, 11 classes, reversed: dark blue (far below zero) to dark red (far above);
// the middle class (f7f7f7) is zero.
constexpr std::array<QRgb, 11> kDivergingStops = {0xff053061, 0xff2166ac, 0xff4393c3, 0xff92c5de,
                                                  0xffd1e5f0, 0xfff7f7f7, 0xfffddbc7, 0xfff4a582,
                                                  0xffd6604d, 0xffb2182b, 0xff67001f};

QColor interpolate(std::span<const QRgb> stops, double position)
{
    const double at = std::clamp(position, 0.0, 1.0) * double(stops.size() - 1);
    const int i = std::min(int(at), int(stops.size()) - 2);
    const double t = at - i;
    const QColor a = QColor::fromRgb(stops[std::size_t(i)]);
    const QColor b = QColor::fromRgb(stops[std::size_t(i) + 1]);
    auto mix = [t](int x, int y) { return int(std::lround(x + (y - x) * t)); };
    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

std::span<const QRgb> paletteStops(bool diverging)
{
    if (diverging)
        return kDivergingStops;
    return kStops;
}

} // namespace

HeatmapColorScale::HeatmapColorScale()
{
    fillLut();
}

void HeatmapColorScale::fillLut()
{
    for (int i = 0; i < kSteps; ++i)
        m_lut[std::size_t(i)] = colourAt(double(i) / (kSteps - 1)).rgb();
}

HeatmapColorScale HeatmapColorScale::fitted(std::span<const double> values)
{
    HeatmapColorScale scale;
    std::vector<double> finite;
    finite.reserve(values.size());
    for (const double v : values) {
        if (std::isfinite(v))
            finite.push_back(v);
    }
    if (finite.empty())
        return scale;
    const auto [lo, hi] = std::minmax_element(finite.begin(), finite.end());
    scale.m_dataMin = *lo;
    scale.m_dataMax = *hi;
    scale.m_hasData = true;
    const auto middle = finite.begin() + std::ptrdiff_t(finite.size() / 2);
    std::nth_element(finite.begin(), middle, finite.end());
    const double median = *middle;
    double low = scale.m_dataMin;
    double high = scale.m_dataMax;
    const double minimumSpan = 0.10 * std::fabs(median);
    if (high - low < minimumSpan) {
        low = std::min(low, median - minimumSpan / 2);
        high = std::max(high, median + minimumSpan / 2);
    }
    if (high <= low)
        high = low + 1; // all equal (or all zero): one colour, the scale's lower end
    scale.setRange(low, high);
    return scale;
}

HeatmapColorScale HeatmapColorScale::diverging(std::span<const double> values, double typicalValue)
{
    return centred(values, std::fabs(typicalValue) / 10);
}

HeatmapColorScale HeatmapColorScale::centred(std::span<const double> values, double minimumRadius)
{
    HeatmapColorScale scale;
    scale.m_diverging = true;
    scale.fillLut();
    std::vector<double> magnitudes;
    magnitudes.reserve(values.size());
    for (const double v : values) {
        if (!std::isfinite(v))
            continue;
        magnitudes.push_back(std::fabs(v));
        if (!scale.m_hasData) {
            scale.m_dataMin = scale.m_dataMax = v;
            scale.m_hasData = true;
        }
        scale.m_dataMin = std::min(scale.m_dataMin, v);
        scale.m_dataMax = std::max(scale.m_dataMax, v);
    }
    if (magnitudes.empty()) {
        scale.setRange(-1, 1);
        return scale;
    }
    const double largest = *std::max_element(magnitudes.begin(), magnitudes.end());
    const auto p98 =
        magnitudes.begin() + std::ptrdiff_t(std::ceil(0.98 * double(magnitudes.size()))) - 1;
    std::nth_element(magnitudes.begin(), p98, magnitudes.end());
    double radius = std::max({*p98, largest / 10, minimumRadius});
    if (!(radius > 0))
        radius = 1; // nothing changed: every cell sits at the white middle
    scale.setRange(-radius, radius);
    return scale;
}

double HeatmapColorScale::typicalValue(std::span<const double> values)
{
    std::vector<double> magnitudes;
    magnitudes.reserve(values.size());
    for (const double v : values) {
        if (std::isfinite(v))
            magnitudes.push_back(std::fabs(v));
    }
    if (magnitudes.empty())
        return 0;
    const auto middle = magnitudes.begin() + std::ptrdiff_t(magnitudes.size() / 2);
    std::nth_element(magnitudes.begin(), middle, magnitudes.end());
    return *middle;
}

void HeatmapColorScale::setRange(double low, double high)
{
    m_low = low;
    m_high = high > low ? high : low + 1;
}

double HeatmapColorScale::position(double value) const
{
    return std::clamp(double(value - m_low) / double(m_high - m_low), 0.0, 1.0);
}

QRgb HeatmapColorScale::colour(double value) const
{
    if (!std::isfinite(value))
        return noDataColour();
    return m_lut[std::size_t(std::lround(position(value) * (kSteps - 1)))];
}

QColor HeatmapColorScale::stopColour(double position)
{
    return interpolate(kStops, position);
}

QColor HeatmapColorScale::colourAt(double position) const
{
    return interpolate(paletteStops(m_diverging), position);
}

QLinearGradient HeatmapColorScale::gradient(double x0, double x1) const
{
    const std::span<const QRgb> stops = paletteStops(m_diverging);
    QLinearGradient gradient(x0, 0, x1, 0);
    for (std::size_t i = 0; i < stops.size(); ++i)
        gradient.setColorAt(double(i) / double(stops.size() - 1), QColor::fromRgb(stops[i]));
    return gradient;
}

QRgb HeatmapColorScale::noDataColour()
{
    return qRgb(0xc6, 0xc6, 0xc6);
}

QRgb HeatmapColorScale::noDataHatchColour()
{
    return qRgb(0x88, 0x88, 0x88);
}

} // namespace rankscope
