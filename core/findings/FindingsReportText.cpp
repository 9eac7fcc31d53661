#include "core/findings/FindingsReport.h"

#include "core/findings/FindingsWording.h"

#include <cstdio>
#include <sstream>

namespace rankscope {

namespace findings_text {

// A layer's sentence as a reader takes it in: a log suspect's reason can list a dozen
// templates; text and Markdown keep the first clauses (JSON has all of it).
constexpr std::size_t kReadableChars = 320;

std::string readable(std::string text)
{
    if (text.size() <= kReadableChars)
        return text;
    std::size_t cut = text.rfind("; ", kReadableChars);
    if (cut == std::string::npos || cut < kReadableChars / 2)
        cut = text.rfind(' ', kReadableChars);
    if (cut == std::string::npos)
        cut = kReadableChars;
    return text.substr(0, cut) + " ...";
}

std::string percent(double confidence)
{
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", confidence);
    return text;
}

std::string layerKeys(const std::vector<FindingLayer> &layers)
{
    std::string text;
    for (FindingLayer layer : layers)
        text += (text.empty() ? "" : ", ") + std::string(findingLayerKey(layer));
    return text;
}

// "[frame #12 __next__]" after a sentence; "" when it points at nothing.
std::string refSuffix(const EvidenceRef &ref)
{
    const std::string text = evidenceRefText(ref);
    return text.empty() ? std::string() : "  [" + text + "]";
}

void writeEvidence(const Evidence &e, const char *indent, std::ostream &out)
{
    char layer[16];
    std::snprintf(layer, sizeof layer, "%-12s", findingLayerKey(e.layer));
    out << indent << layer << readable(e.sentence.english()) << refSuffix(e.ref) << "\n";
}

std::string anchorLine(const Evidence &anchor)
{
    std::string when = findingsIsoTime(anchor.window.startNs);
    if (anchor.window.firstIteration >= 0 && anchor.window.axis != IterationAxis::None) {
        const std::string iteration =
            (anchor.window.axis == IterationAxis::ProfilerStep ? "profiler step " : "iteration ") +
            std::to_string(anchor.window.firstIteration);
        when = when.empty() ? iteration : when + " (" + iteration + ")";
    }
    return when + ", " + findingLayerKey(anchor.layer) + ": " + readable(anchor.sentence.english());
}

} // namespace findings_text

std::string findingsText(const FindingsVerdict &v)
{
    using namespace findings_text;
    std::ostringstream out;
    out << "Verdict: " << v.verdict.english() << "\n";
    if (v.anchor)
        out << "First anomaly: " << anchorLine(*v.anchor) << "\n";
    if (!v.culprits.empty()) {
        out << "\nCulprits, most likely first:\n";
        int index = 1;
        for (const Culprit &c : v.culprits) {
            out << "  " << index++ << ". " << c.subject.english() << "  confidence "
                << percent(c.confidence) << " (" << confidenceKey(c.confidence) << "); "
                << layerKeys(c.layers);
            if (!c.disagreeing.empty())
                out << "; " << layerKeys(c.disagreeing) << " point elsewhere";
            out << "\n";
            if (const std::string window = findingsWindowText(c.window); !window.empty())
                out << "     when: " << window << "\n";
            for (const Evidence &e : c.evidence)
                writeEvidence(e, "     ", out);
            if (!c.effects.empty()) {
                out << "     its effects:\n";
                for (const Evidence &e : c.effects)
                    writeEvidence(e, "       ", out);
            }
            for (DataNeed need : c.wouldConfirm)
                out << "     would confirm it: " << dataNeedMessage(need).english() << "\n";
        }
    }
    bool headed = false;
    for (const JobEffect &e : v.effects) {
        if (e.culprit >= 0)
            continue;
        if (!headed)
            out << "\nEffects of no culprit found:\n";
        headed = true;
        writeEvidence(e.effect, "  ", out);
    }
    if (v.undecided && !v.undecided->wouldSettle.empty()) {
        out << "\n"
            << (v.undecided->kind == UndecidedKind::CannotTell ? "What would settle it:\n"
                                                               : "What could show more:\n");
        for (DataNeed need : v.undecided->wouldSettle)
            out << "  - " << dataNeedMessage(need).english() << "\n";
    }
    out << "\nLayers:\n";
    for (const LayerSummary &layer : v.layers) {
        char name[16];
        std::snprintf(name, sizeof name, "%-12s", findingLayerKey(layer.layer));
        out << "  " << name
            << (layer.present ? readable(layer.summary.english())
                              : std::string("not in this bundle"))
            << "\n";
    }
    return out.str();
}

namespace findings_markdown {

// Text inside a table cell: no line breaks, no column separators.
std::string cell(std::string text)
{
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
    return out;
}

void writeTable(const std::vector<Evidence> &items, std::ostream &out)
{
    out << "| layer | finding | evidence |\n|---|---|---|\n";
    for (const Evidence &e : items)
        out << "| " << findingLayerKey(e.layer) << " | "
            << cell(findings_text::readable(e.sentence.english())) << " | "
            << cell(evidenceRefText(e.ref)) << " |\n";
}

} // namespace findings_markdown

std::string findingsMarkdown(const FindingsVerdict &v, const std::string &title)
{
    using namespace findings_markdown;
    using findings_text::anchorLine;
    using findings_text::layerKeys;
    using findings_text::percent;
    std::ostringstream out;
    out << "# Findings: " << title << "\n\n";
    out << "**Verdict:** " << v.verdict.english() << "\n\n";
    if (v.anchor)
        out << "**First anomaly:** " << anchorLine(*v.anchor) << "\n\n";
    if (!v.culprits.empty()) {
        out << "## Culprits\n\n";
        int index = 1;
        for (const Culprit &c : v.culprits) {
            out << "### " << index++ << ". " << c.subject.english() << "\n\n";
            out << "Confidence " << percent(c.confidence) << " (" << confidenceKey(c.confidence)
                << "), evidence from " << layerKeys(c.layers);
            if (!c.disagreeing.empty())
                out << "; " << layerKeys(c.disagreeing) << " point elsewhere";
            if (const std::string window = findingsWindowText(c.window); !window.empty())
                out << "; " << window;
            out << ".\n\n";
            writeTable(c.evidence, out);
            if (!c.effects.empty()) {
                out << "\nIts effects:\n\n";
                writeTable(c.effects, out);
            }
            for (DataNeed need : c.wouldConfirm)
                out << "\nWould confirm it: " << dataNeedMessage(need).english() << ".\n";
            out << "\n";
        }
    }
    std::vector<Evidence> orphans;
    for (const JobEffect &e : v.effects) {
        if (e.culprit < 0)
            orphans.push_back(e.effect);
    }
    if (!orphans.empty()) {
        out << "## Effects of no culprit found\n\n";
        writeTable(orphans, out);
        out << "\n";
    }
    if (v.undecided && !v.undecided->wouldSettle.empty()) {
        out << (v.undecided->kind == UndecidedKind::CannotTell ? "## What would settle it\n\n"
                                                               : "## What could show more\n\n");
        for (DataNeed need : v.undecided->wouldSettle)
            out << "- " << dataNeedMessage(need).english() << "\n";
        out << "\n";
    }
    out << "## Layers\n\n| layer | what it says |\n|---|---|\n";
    for (const LayerSummary &layer : v.layers)
        out << "| " << findingLayerKey(layer.layer) << " | "
            << cell(layer.present ? findings_text::readable(layer.summary.english())
                                  : std::string("not in this bundle"))
            << " |\n";
    return out.str();
}

} // namespace rankscope
