#pragma once

#include "core/logs/LogMasker.h"
#include "core/logs/LogModel.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// Drain (He et al., ICWS'17) as specified in ../shared/reference/algorithms.md section 1:
// fixed-depth prefix tree over token count and leading tokens, similarity = share of equal
// non-wildcard tokens, online template update. Content is masked (LogMasker) before it is
// tokenized, so masked values compare as equal constants.
struct DrainParams
{
    int depth = 4;           // >= 3; depth 4 = one prefix token
    double similarity = 0.4; // sim_th
    int maxChildren = 100;
    bool parametrizeNumericTokens = true;
    std::string extraDelimiters; // characters that also split tokens ("_" in Drain3's example)
    // Messages shorter than depth-2 tokens as logparser's Drain.py treats them: never stored in
    // the tree, so each one starts a new cluster (identical ones end with identical template
    // texts). Off = Drain3's rule (they share a leaf and merge by similarity). Only for
    // reproducing the published loghub figures; see docs/accuracy.md.
    bool logparserShortMessages = false;
    bool builtinTemplates = true; // BuiltinTemplates claim known events before Drain (off for
                                  // the loghub benchmark, which measures Drain alone)
};

using TemplateId = std::uint32_t;
inline constexpr TemplateId kNoTemplate = 0xFFFFFFFFu;

struct LogTemplate
{
    TemplateId id = kNoTemplate;
    std::string text;      // tokens joined by single spaces, wildcards as "<*>" (masks as "<NUM>")
    std::int64_t size = 0; // messages added to it
    int builtin = -1;      // BuiltinTemplates id when a built-in rule claimed it, else -1
    LogSeverity severity = LogSeverity::Unknown; // the built-in's severity, else Unknown
};

class TemplateMiner
{
public:
    explicit TemplateMiner(DrainParams params = {}, LogMasker masker = LogMasker::defaults());
    ~TemplateMiner();
    TemplateMiner(TemplateMiner &&) noexcept;
    TemplateMiner &operator=(TemplateMiner &&) noexcept;

    // Masks, tokenizes and adds one message (built-in rules first: a message one of them claims
    // goes to that rule's fixed template). Returns its template id. `parameters` (optional)
    // receives the masked values with their kinds.
    TemplateId add(std::string_view content, std::vector<MaskedParameter> *parameters = nullptr);
    // The template a message would join without changing anything (Drain3 match(), strategy
    // "fallback"), or nullopt.
    std::optional<TemplateId> match(std::string_view content) const;

    const LogTemplate &templ(TemplateId id) const;
    std::size_t size() const;
    const DrainParams &params() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace rankscope
