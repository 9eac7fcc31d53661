#include "core/diff/DiffWording.h"

#include <cmath>
#include <cstdio>

namespace rankscope {

namespace {

constexpr const char *kArrow = " \u2192 ";
constexpr const char *kEllipsis = "\u2026";

} // namespace

std::string functionOfLabel(std::string_view label)
{
    // Labels are "function" or "function (where)"; a function name never contains " (".
    const std::size_t open = label.find(" (");
    return std::string(open == std::string_view::npos ? label : label.substr(0, open));
}

std::string readableStackPath(const StackPathChange &change, const StackTree *tree)
{
    std::vector<std::string> shown;
    const std::size_t frames = change.frames.size();
    for (std::size_t i = frames >= 2 ? frames - 2 : 0; i < frames; ++i)
        shown.push_back(functionOfLabel(change.frames[i]));
    // Follow the path down while every rank on it goes the same way: where it ends says what
    // the ranks are doing there (waiting in all_reduce, reading a queue).
    std::vector<std::string> below;
    if (tree) {
        int node = tree->findPath(change.frames);
        while (node >= 0) {
            const StackTreeNode &here = tree->node(node);
            int next = -1;
            for (const int child : here.children) {
                if (tree->node(child).has == here.has)
                    next = child;
            }
            if (next >= 0)
                below.push_back(functionOfLabel(tree->node(next).label));
            node = next;
        }
    }
    if (below.size() > 2) {
        shown.push_back(kEllipsis);
        below.erase(below.begin(), below.end() - 2);
    }
    shown.insert(shown.end(), below.begin(), below.end());
    std::string text;
    for (const std::string &frame : shown)
        text += (text.empty() ? "" : kArrow) + frame;
    return text;
}

std::string rankPhrase(const RankSet &ranks)
{
    if (ranks.empty())
        return {};
    return (ranks.count() == 1 ? "rank " : "ranks ") + ranks.toString();
}

std::string rankCount(int ranks)
{
    return std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks");
}

std::string rankShare(int ranks, int of)
{
    char text[96];
    const double percent = of > 0 ? 100.0 * ranks / of : 0.0;
    std::snprintf(text, sizeof text, "%d of %d rank%s (%s%%)", ranks, of, of == 1 ? "" : "s",
                  shortNumber(percent, percent >= 10 ? 3 : 2).c_str());
    return text;
}

std::string shortNumber(double value, int digits)
{
    if (!std::isfinite(value))
        return "?";
    char text[48];
    const double magnitude = std::abs(value);
    int decimals = 0;
    if (magnitude > 0) {
        const int order = int(std::floor(std::log10(magnitude)));
        decimals = std::max(0, digits - 1 - order);
    }
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    std::string out = text;
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0')
            out.pop_back();
        if (out.back() == '.')
            out.pop_back();
    }
    return out == "-0" ? "0" : out;
}

std::string durationText(double ns)
{
    const double magnitude = std::abs(ns);
    if (magnitude >= 120e9)
        return shortNumber(ns / 60e9) + " min";
    if (magnitude >= 1e9)
        return shortNumber(ns / 1e9) + " s";
    if (magnitude >= 1e6)
        return shortNumber(ns / 1e6) + " ms";
    if (magnitude >= 1e3)
        return shortNumber(ns / 1e3) + " \u00b5s";
    return shortNumber(ns) + " ns";
}

std::string percentChange(double from, double to)
{
    if (from == 0)
        return to == 0 ? "+0%" : "new";
    const double percent = 100.0 * (to - from) / std::abs(from);
    return (percent >= 0 ? "+" : "") + shortNumber(percent, std::abs(percent) >= 10 ? 3 : 2) + "%";
}

std::string ratioText(double ratio)
{
    return shortNumber(ratio, ratio >= 10 ? 3 : 2) + "\u00d7";
}

std::string shortText(std::string_view text, int maxChars)
{
    std::string line(text.substr(0, text.find('\n')));
    if (maxChars < 4 || int(line.size()) <= maxChars)
        return line;
    std::size_t cut = std::size_t(maxChars - 3);
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80)
        --cut;
    line.resize(cut);
    return line + "...";
}

} // namespace rankscope
