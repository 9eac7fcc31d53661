#include "views/heatmap/HeatmapColorScale.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rankscope {

namespace {

// ColorBrewer YlOrRd, 9 classes.
constexpr std::array<QRgb, 9> kStops = {0xffffffcc, 0xffffeda0, 0xfffed976, 0xfffeb24c, 0xfffd8d3c,
                                        0xfffc4e2a, 0xffe31a1c, 0xffbd0026, 0xff800026};

} // namespace

HeatmapColorScale::HeatmapColorScale()
{
    for (int i = 0; i < kSteps; ++i)
        m_lut[std::size_t(i)] = stopColour(double(i) / (kSteps - 1)).rgb();
}

HeatmapColorScale HeatmapColorScale::fitted(std::span<const float> values)
{
    HeatmapColorScale scale;
    std::vector<float> finite;
    finite.reserve(values.size());
    for (const float v : values) {
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
    const float median = *middle;
    float low = scale.m_dataMin;
    float high = scale.m_dataMax;
    const float minimumSpan = 0.10f * std::fabs(median);
    if (high - low < minimumSpan) {
        low = std::min(low, median - minimumSpan / 2);
        high = std::max(high, median + minimumSpan / 2);
    }
    if (high <= low)
        high = low + 1; // all equal (or all zero): one colour, the scale's lower end
    scale.setRange(low, high);
    return scale;
}

void HeatmapColorScale::setRange(float low, float high)
{
    m_low = low;
    m_high = high > low ? high : low + 1;
}

double HeatmapColorScale::position(float value) const
{
    return std::clamp(double(value - m_low) / double(m_high - m_low), 0.0, 1.0);
}

QRgb HeatmapColorScale::colour(float value) const
{
    if (!std::isfinite(value))
        return noDataColour();
    return m_lut[std::size_t(std::lround(position(value) * (kSteps - 1)))];
}

QColor HeatmapColorScale::stopColour(double position)
{
    const double at = std::clamp(position, 0.0, 1.0) * double(kStops.size() - 1);
    const int i = std::min(int(at), int(kStops.size()) - 2);
    const double t = at - i;
    const QColor a = QColor::fromRgb(kStops[std::size_t(i)]);
    const QColor b = QColor::fromRgb(kStops[std::size_t(i) + 1]);
    auto mix = [t](int x, int y) { return int(std::lround(x + (y - x) * t)); };
    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

QLinearGradient HeatmapColorScale::gradient(double x0, double x1) const
{
    QLinearGradient gradient(x0, 0, x1, 0);
    for (std::size_t i = 0; i < kStops.size(); ++i)
        gradient.setColorAt(double(i) / double(kStops.size() - 1), QColor::fromRgb(kStops[i]));
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
