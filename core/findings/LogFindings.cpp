#include "core/findings/LogFindings.h"

#include <algorithm>

namespace rankscope {

namespace log_findings {

// A rank or node suspect's strength grows with the analysis' own score, from kMinRank (a rank
// that only lacks a line the others have) to kMaxRank (a rank with an error only it logged):
// scores of about kFullScore and above are the strongest the logs give.
constexpr double kMinRank = 0.35;
constexpr double kMaxRank = 0.7;
constexpr double kFullScore = 20;
constexpr double kCauseTemplate = 0.45;
constexpr double kEcho = 0.3;
constexpr double kRankEffect = 0.3;

const LogTemplateSummary *templateOf(const LogAnalysis &analysis, TemplateId id)
{
    if (id == kNoTemplate)
        return nullptr;
    const auto found = std::find_if(analysis.templates.begin(), analysis.templates.end(),
                                    [&](const LogTemplateSummary &t) { return t.id == id; });
    return found == analysis.templates.end() ? nullptr : &*found;
}

FindingWindow windowOf(const LogTemplateSummary *templ)
{
    FindingWindow window;
    if (!templ)
        return window;
    if (isWallClockNs(templ->firstTimeNs))
        window.startNs = templ->firstTimeNs;
    if (templ->firstIteration >= 0) {
        window.axis = IterationAxis::Training;
        window.firstIteration = templ->firstIteration;
    }
    window.goesOn = true;
    return window;
}

EvidenceRef templateRef(const LogTemplateSummary *templ)
{
    EvidenceRef ref;
    if (!templ)
        return ref;
    ref.target = EvidenceTarget::Template;
    ref.id = int(templ->id);
    ref.label = templ->text.substr(0, templ->text.find('\n'));
    return ref;
}

// A rank that stopped early and names no template: from its last iteration on.
FindingWindow stoppedWindow(const LogAnalysis &analysis, const RankSet &ranks)
{
    FindingWindow window;
    ranks.forEach([&](int rank) {
        if (rank < 0 || rank >= int(analysis.lastIteration.size()))
            return;
        const std::int64_t last = analysis.lastIteration[std::size_t(rank)];
        if (last >= 0 && (window.firstIteration < 0 || last < window.firstIteration)) {
            window.axis = IterationAxis::Training;
            window.firstIteration = last;
        }
    });
    window.goesOn = true;
    return window;
}

Finding suspectFinding(const LogSuspect &suspect, const LogAnalysis &analysis)
{
    const LogTemplateSummary *templ = templateOf(analysis, suspect.templ);
    Finding f;
    f.layer = FindingLayer::Logs;
    f.ranks = suspect.ranks;
    f.sentence = suspect.reasonMessage;
    f.ref = templateRef(templ);
    f.window = templ ? windowOf(templ) : stoppedWindow(analysis, suspect.ranks);
    if (suspect.kind != LogSuspectKind::Template) {
        f.kind = logSuspectKindKey(suspect.kind);
        if (suspect.kind == LogSuspectKind::Node && !suspect.node.empty())
            f.nodes = {suspect.node};
        if (suspect.effect) {
            f.kind += "_effect";
            f.role = FindingRole::Effect;
            f.strength = kRankEffect;
        } else {
            f.role = FindingRole::Cause;
            f.strength =
                kMinRank + (kMaxRank - kMinRank) * std::min(1.0, suspect.score / kFullScore);
        }
        return f;
    }
    f.kind = "template";
    if (!templ) {
        f.role = FindingRole::Context;
        return f;
    }
    if (f.ranks.empty())
        f.nodes = templ->nodes; // a node's own log (dmesg, the node's agent)
    if (templ->flags & LogTemplateFlag::Echo) {
        f.kind = "echo";
        f.role = FindingRole::Effect;
        f.strength = kEcho;
        // The few ranks that lack what all the others logged are the ones they waited for.
        if (templ->flags & LogTemplateFlag::MinorityLacks)
            f.waitsFor = templ->missing;
        return f;
    }
    // A local fault on a few ranks or nodes is a cause; one on most of the job names no one (the
    // join keeps it as context).
    const bool fewRanks = (templ->flags & LogTemplateFlag::MinorityHas) ||
                          (templ->has.count() == 1 && !templ->missing.empty()) ||
                          (templ->has.empty() && !templ->nodes.empty());
    if ((templ->flags & LogTemplateFlag::Cause) && fewRanks) {
        f.role = FindingRole::Cause;
        f.strength = kCauseTemplate;
    } else {
        f.role = FindingRole::Context;
    }
    return f;
}

} // namespace log_findings

LayerFindings logFindings(const LogAnalysis &analysis)
{
    using namespace log_findings;
    LayerFindings out;
    out.layer = FindingLayer::Logs;
    out.present = true;
    out.summary = analysis.summaryMessage;
    for (const LogSuspect &suspect : analysis.suspects)
        out.findings.push_back(suspectFinding(suspect, analysis));
    return out;
}

} // namespace rankscope
