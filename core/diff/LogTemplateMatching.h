#pragma once

#include "core/logs/TemplateMiner.h"

#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// One template of the joint set two runs' logs are compared in: the templates of each run's
// cache that it stands for (ids into that run's template list), and the run it came from first.
struct JointLogTemplate
{
    std::vector<TemplateId> baseline; // most frequent first
    std::vector<TemplateId> target;
    bool firstSeenInBaseline = false;
};

// Mines the joint set: the baseline's templates first (most frequent first), then the target's.
// A template joins an existing joint template when
//  - both are the same built-in rule with the same variant (built-ins keep fixed ids and texts),
//  - or both are mined and their texts are equal,
//  - or both are mined and have the same words, differing only in punctuation or in how words
//    are joined ("lm loss: <*>" and "lm-loss: <*>", "elapsed time per iteration (ms)" and
//    "elapsed_time_per_iteration_ms": logTemplateWords),
//  - or (near match) a mined target template fits a baseline one that no target template has
//    joined yet: the same number of tokens, every position equal or a parameter on either side
//    ("<*>", a mask such as "<NUM>", or tokens that differ only in their digits: "shard3"), and
//    at least one literal token equal. "Loading shard 3" and "Loading shard <*>" match;
//    "connection to <*> failed" and "connection to <*> established" do not.
// The near-match rule is stricter than Drain's 0.4 similarity on purpose: two templates that
// each run's own miner kept apart (e.g. an error and the healthy line it resembles) stay apart,
// so a new error is never hidden inside a template the baseline logs every step.
// `baselineCounts` and `targetCounts` give the events of each template by index into the
// template vectors (templates without events are left out of the set).
std::vector<JointLogTemplate> matchLogTemplates(const std::vector<LogTemplate> &baseline,
                                                const std::vector<std::int64_t> &baselineCounts,
                                                const std::vector<LogTemplate> &target,
                                                const std::vector<std::int64_t> &targetCounts);

// A template's words as matchLogTemplates compares them: lower case, split at anything that is
// no letter or digit and at camel-case humps, parameters as "<*>" ("lm-loss: <NUM>" ->
// "lm loss <*>").
std::string logTemplateWords(std::string_view text);

// True when two template tokens can stand for the same value (see matchLogTemplates).
bool logTokensCompatible(std::string_view a, std::string_view b);

} // namespace rankscope
