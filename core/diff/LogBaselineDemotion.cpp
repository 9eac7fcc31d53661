#include "core/diff/LogDiff.h"

#include <algorithm>
#include <unordered_map>

namespace rankscope {

namespace {

// A template the healthy run logs as often is no explanation of the failure, but it is not
// hidden either: it drops below every finding the baseline does not share.
constexpr double kBaselineDemotion = 0.2;

Message demotionReason(Message reason, LogTemplateChangeKind kind)
{
    if (kind == LogTemplateChangeKind::LessFrequent)
        return {RANKSCOPE_MESSAGE("logs.baseline.higherRate",
                                  "%1; also in the healthy baseline at a higher rate"),
                {std::move(reason)}};
    return {RANKSCOPE_MESSAGE("logs.baseline.similarRate",
                              "%1; also in the healthy baseline at a similar rate"),
            {std::move(reason)}};
}

} // namespace

void demoteBaselineTemplates(LogAnalysis &target, const LogDiff &diff)
{
    // By the target cache's template id; by text as well, for a template whose text the target's
    // cache holds twice (only the most frequent one is named in the change).
    std::unordered_map<TemplateId, LogTemplateChangeKind> shared;
    std::unordered_map<std::string, LogTemplateChangeKind> sharedText;
    for (const LogTemplateChange &change : diff.changes) {
        if (change.targetTemplate == kNoTemplate)
            continue;
        if (change.kind != LogTemplateChangeKind::Unchanged &&
            change.kind != LogTemplateChangeKind::LessFrequent)
            continue;
        shared.emplace(change.targetTemplate, change.kind);
        sharedText.emplace(change.text, change.kind);
    }
    std::unordered_map<TemplateId, LogTemplateChangeKind> demoted;
    for (LogTemplateSummary &summary : target.templates) {
        auto found = shared.find(summary.id);
        if (found == shared.end()) {
            const auto byText = sharedText.find(summary.text);
            if (byText == sharedText.end())
                continue;
            demoted.emplace(summary.id, byText->second);
        } else {
            demoted.emplace(summary.id, found->second);
        }
        summary.score *= kBaselineDemotion;
    }
    std::stable_sort(target.templates.begin(), target.templates.end(), logTemplateBefore);

    // Rank and node suspects stand on more than one template (and on how far each rank got), so
    // only the template suspects move.
    for (LogSuspect &suspect : target.suspects) {
        if (suspect.kind != LogSuspectKind::Template)
            continue;
        const auto found = demoted.find(suspect.templ);
        if (found == demoted.end())
            continue;
        suspect.score *= kBaselineDemotion;
        suspect.reasonMessage = demotionReason(std::move(suspect.reasonMessage), found->second);
        suspect.reason = suspect.reasonMessage.english();
    }
    std::stable_sort(target.suspects.begin(), target.suspects.end(), logSuspectBefore);
    // The sentence names the top suspect, which may have changed (the template and rank counts
    // only matter without suspects, and demotion removes none).
    if (!target.suspects.empty()) {
        target.summaryMessage = logAnalysisSummaryMessage(target, target.templates.size(), 0);
        target.summary = target.summaryMessage.english();
    }
}

} // namespace rankscope
