#include "core/report/StackReport.h"

#include "core/report/CoverageText.h"
#include "core/report/TerminalText.h"
#include "core/stacks/FrameIdentity.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace rankscope {

namespace {

std::string countOf(int count, const char *one, const char *many)
{
    return std::to_string(count) + ' ' + (count == 1 ? one : many);
}

// Draws the merged tree with one frame per line. A chain of single children stays at one
// indentation, so only real branch points move the text right: a 40-frame training stack with
// two branches reads as three short columns instead of a staircase.
class TreeText
{
public:
    TreeText(const StackTree &tree, const StackReportOptions &options, const TerminalText &style,
             std::map<int, int> suspectOfNode)
        : m_tree(tree), m_options(options), m_style(style),
          m_suspectOfNode(std::move(suspectOfNode))
    {}

    std::string render()
    {
        renderFrom(StackTree::kRoot, "", "");
        int labelWidth = 0;
        for (const Line &line : m_lines)
            labelWidth = std::max(labelWidth, TerminalText::displayWidth(line.label));
        labelWidth = std::min(labelWidth, 72);
        std::string out;
        for (const Line &line : m_lines) {
            std::string text = line.label;
            if (!line.annotation.empty())
                text = TerminalText::padded(std::move(text), labelWidth) + "  " + line.annotation;
            out += text;
            out += '\n';
        }
        if (m_truncated)
            out += m_style.dim("... the tree goes on; --format json has all of it") + "\n";
        return out;
    }

private:
    struct Line
    {
        std::string label; // prefix + frame
        std::string annotation;
    };

    std::string ranges(const RankSet &ranks) const
    {
        return TerminalText::shortened(ranks.toString(), m_options.maxRangeChars);
    }

    std::string annotationOf(int id) const
    {
        const StackTreeNode &node = m_tree.node(id);
        const RankSet missing = m_tree.missing(id);
        std::string text;
        if (missing.empty()) {
            text = m_style.green("all " + std::to_string(node.has.count()));
        } else {
            text =
                m_style.green("has " + std::to_string(node.has.count()) + ": " + ranges(node.has)) +
                " | " +
                m_style.red("missing " + std::to_string(missing.count()) + ": " + ranges(missing));
        }
        // Samples can end inside a chain (a rank sampled in attention.forward while others
        // went deeper); say so, or the chain reads as if everyone went on.
        if (node.selfSamples > 0 && !node.children.empty())
            text += m_style.dim("  (" +
                                countOf(static_cast<int>(node.selfSamples), "sample", "samples") +
                                " end here)");
        if (auto it = m_suspectOfNode.find(id); it != m_suspectOfNode.end())
            text += "  " + m_style.boldRed("<- suspect " + std::to_string(it->second));
        return text;
    }

    bool full()
    {
        if (static_cast<int>(m_lines.size()) < m_options.maxLines)
            return false;
        m_truncated = true;
        return true;
    }

    void renderFrom(int id, std::string firstPrefix, const std::string &restPrefix)
    {
        int current = id;
        while (!full()) {
            const StackTreeNode &node = m_tree.node(current);
            std::string label = node.label;
            if (m_suspectOfNode.count(current))
                label = m_style.boldRed(label);
            m_lines.push_back({firstPrefix + label, annotationOf(current)});
            if (node.children.empty())
                return;
            if (node.depth >= m_options.maxDepth) {
                m_lines.push_back({restPrefix + m_style.dim("... deeper frames not shown"), {}});
                return;
            }
            if (node.children.size() == 1) {
                current = node.children.front();
                firstPrefix = restPrefix;
                continue;
            }
            const std::size_t shown =
                std::min(node.children.size(), static_cast<std::size_t>(m_options.maxChildren));
            for (std::size_t i = 0; i < shown; ++i) {
                const bool last = i + 1 == node.children.size();
                renderFrom(node.children[i], restPrefix + (last ? "└─ " : "├─ "),
                           restPrefix + (last ? "   " : "│  "));
            }
            if (shown < node.children.size() && !full()) {
                RankSet others;
                for (std::size_t i = shown; i < node.children.size(); ++i)
                    others |= m_tree.node(node.children[i]).has;
                m_lines.push_back(
                    {restPrefix + "└─ " +
                         m_style.dim("... " +
                                     countOf(static_cast<int>(node.children.size() - shown),
                                             "more branch", "more branches") +
                                     " with " + countOf(others.count(), "rank", "ranks") + ": " +
                                     ranges(others)),
                     {}});
            }
            return;
        }
    }

    const StackTree &m_tree;
    const StackReportOptions &m_options;
    const TerminalText &m_style;
    std::map<int, int> m_suspectOfNode; // node -> 1-based suspect number
    std::vector<Line> m_lines;
    bool m_truncated = false;
};

} // namespace

std::string StackReport::toText() const
{
    const TerminalText style(m_options.color);
    const StackTreeOptions &options = m_tree.options();
    std::string out;

    const RankSet noData = m_tree.noData();
    out +=
        style.bold("Job " + (m_data.job.jobId.empty() ? std::string("(no id)") : m_data.job.jobId));
    // "No data from" is said only when the bundle has stacks at all; the coverage line says
    // which layers each rank has.
    out += ": " + worldSizeText(m_data.job) + ", stacks from " +
           countOf(m_tree.ranksWithData().count(), "rank", "ranks");
    if (!m_data.job.layers.stacks.empty())
        out +=
            ", no stacks from " +
            (noData.empty()
                 ? std::string("none")
                 : countOf(noData.count(), "rank", "ranks") + " (" +
                       TerminalText::shortened(noData.toString(), m_options.maxRangeChars) + ")");
    out += "\nCoverage: " + coverageText(m_data.job, m_options.maxRangeChars) + "\n";
    out += "Compared: threads " + options.threads.toText() + ", role " +
           resolvedRole(m_data, options) + ", samples " +
           (options.samples == SampleChoice::Latest ? "latest" : "all") + ", frames by " +
           frameIdentityName(options.identity) + "\n\n";

    const StackVerdict &verdict = m_analysis.verdict;
    const std::string kind = stackVerdictName(verdict.kind);
    out += style.bold("Verdict: ") +
           (verdict.kind == StackVerdictKind::BlockersFound ? style.boldRed(kind)
                                                            : style.yellow(kind)) +
           "\n  " + verdict.summary + "\n\n";

    std::map<int, int> suspectOfNode;
    if (m_analysis.suspects.empty()) {
        out += "Suspects: none (" + noSuspectsReason(m_analysis) + ")\n\n";
    } else {
        out += style.bold("Suspects") + ", most suspicious first:\n";
        const std::size_t shown =
            std::min(m_analysis.suspects.size(),
                     static_cast<std::size_t>(std::max(0, m_options.maxSuspects)));
        for (std::size_t i = 0; i < shown; ++i) {
            const Suspect &suspect = m_analysis.suspects[i];
            const int number = static_cast<int>(i + 1);
            if (suspect.node > StackTree::kRoot)
                suspectOfNode.emplace(suspect.node, number);
            char score[32];
            std::snprintf(score, sizeof score, "%.1f", suspect.score);
            out += "  " + std::to_string(number) + ". " +
                   style.boldRed(
                       (suspect.ranks.count() == 1 ? "rank " : "ranks ") +
                       TerminalText::shortened(suspect.ranks.toString(), m_options.maxRangeChars)) +
                   "  [" + suspectKindName(suspect.kind) + ", score " + score + "]";
            if (!suspect.frame.empty())
                out += "  at " + suspect.frame;
            out += "\n     " + suspect.reason + "\n";
        }
        if (shown < m_analysis.suspects.size())
            out += style.dim("  ... " + std::to_string(m_analysis.suspects.size() - shown) +
                             " more in --format json") +
                   "\n";
        out += '\n';
    }

    if (!m_analysis.classes.empty()) {
        out += style.bold("Classes") + " (ranks with identical stacks), largest first:\n";
        const std::size_t shown = std::min<std::size_t>(m_analysis.classes.size(), 10);
        for (std::size_t i = 0; i < shown; ++i) {
            const EquivalenceClass &cls = m_analysis.classes[i];
            std::string line =
                "  " + TerminalText::padded(countOf(cls.ranks.count(), "rank", "ranks"), 11) + " " +
                TerminalText::padded(
                    TerminalText::shortened(cls.ranks.toString(), m_options.maxRangeChars), 20) +
                " " + TerminalText::padded(stackClassName(cls.cls), 16);
            if (cls.leafNode > StackTree::kRoot && cls.leafNode < m_tree.size())
                line += " ends in " + m_tree.node(cls.leafNode).label;
            out += line + "\n";
        }
        if (shown < m_analysis.classes.size())
            out += style.dim("  ... " + std::to_string(m_analysis.classes.size() - shown) +
                             " more classes") +
                   "\n";
        out += '\n';
    }

    out += style.bold("Merged stacks") + " (frame, then the ranks that have it | miss it):\n";
    if (m_tree.node(StackTree::kRoot).children.empty())
        out += "  (no stacks)\n";
    else
        out += TreeText(m_tree, m_options, style, std::move(suspectOfNode)).render();
    return out;
}

} // namespace rankscope
