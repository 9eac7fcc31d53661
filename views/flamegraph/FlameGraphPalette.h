#pragma once

#include <QBrush>
#include <QColor>
#include <QLinearGradient>

namespace rankscope {

// Colours of the flame graph, in one place so the widget, the legend and the exports agree.
//
// Coverage (share of the ranks with data that have a frame) uses a palette split at one half:
// a majority is calm steel blue that grows paler as ranks drop out, a minority is warm and gets
// redder on a log scale as it shrinks, so a 1-of-64 branch is the reddest thing on screen.
namespace FlameGraphPalette {

// Coverage colours come in kCoverageSteps steps (indistinguishable by eye), so painting can
// group frames by colour. Steps below kCoverageSteps / 2 are the warm minority half.
constexpr int kCoverageSteps = 256;
int coverageStep(int has, int ranksWithData);
QColor coverageStepColour(int step);
QColor coverageColour(int has, int ranksWithData); // coverageStepColour(coverageStep(...))
// Position on the legend's gradient (0 = one rank, 1 = all ranks) for the same mapping.
double coveragePosition(int has, int ranksWithData);
// The legend gradient from x0 (one rank) to x1 (all ranks).
QLinearGradient coverageGradient(double x0, double x1, int ranksWithData);

// Categorical colours for equivalence classes; index beyond the palette wraps to grey.
constexpr int kClassColours = 10;
QColor classColour(int classIndex);
int classColourCount();
QColor mixedClassColour(); // frames shared by several classes

// Differences between two runs (differential flame graph): diverging blue (the target has a
// smaller share of its ranks on the path than the baseline) - white (no change) - red (a larger
// share), in kDifferenceSteps quantised steps with the neutral one in the middle. Saturation is
// |change| / scale, where the caller's scale is the largest |change| in the tree.
constexpr int kDifferenceHalfSteps = 16;
constexpr int kDifferenceSteps = 2 * kDifferenceHalfSteps + 1;
constexpr int kDifferenceNeutralStep = kDifferenceHalfSteps;
// Changes below half a point of the ranks read as "no change", whatever the scale.
constexpr double kDifferenceNeutralBelow = 0.005;
// `targetMinusBaseline` and `scale` are shares of ranks (0.1 = ten points).
int differenceStep(double targetMinusBaseline, double scale);
QColor differenceStepColour(int step);
// The legend gradient from x0 (most lost) through white to x1 (most gained).
QLinearGradient differenceGradient(double x0, double x1);
// Diagonal lines drawn over frames that only one of the two runs has: sparser than Qt's
// BDiagPattern, so labels on top stay readable. The tiles line up across neighbouring frames.
QBrush onlyHereHatch();

QColor mergedColour();        // the grey of a run of narrow frames
QColor searchOutlineColour(); // outline of frames that match the search
QColor selectionColour();     // outline of the selected frame
QColor dimmed(const QColor &colour, const QColor &background); // not matching search/rank
QColor textColourOn(const QColor &fill);

} // namespace FlameGraphPalette
} // namespace rankscope
