#pragma once

class QKeyEvent;

namespace rankscope {

// The keys every timeline-like view (heatmap, rank detail, collectives strip) answers the same
// way, as Perfetto and Nsight Systems do: W/S zoom in and out, A/D pan left and right, beside
// the +/-, arrow and Home keys. Ctrl or Alt with a letter is someone else's shortcut.
enum class NavigationKey
{
    None,
    ZoomIn,
    ZoomOut,
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    Reset,
};

NavigationKey navigationKey(const QKeyEvent *event);

} // namespace rankscope
