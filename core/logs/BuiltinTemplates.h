#pragma once

#include "core/logs/LogModel.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// Templates for known failure and milestone events of training jobs, matched before Drain so
// that they keep fixed ids, stable names and a severity whatever else the logs hold. The ids
// are part of the cache and the CLI output: never renumber, only append.
struct BuiltinTemplate
{
    int id = 0;
    std::string_view name; // "nccl-watchdog-timeout", "cuda-oom", ...
    std::string_view text; // readable template; "{}" stands for the variant
    LogSeverity severity = LogSeverity::Unknown;
};

// A message a built-in rule claimed. `variant` splits one rule into templates where the kind
// matters (the watchdog's OpType, the Python exception type, the signal): "" when none.
struct BuiltinMatch
{
    int id = 0;
    std::string variant;
};

class BuiltinTemplates
{
public:
    static const BuiltinTemplates &instance();

    // The rule that claims this content (an event's text, possibly several lines), most
    // specific rule first, or nullopt. Costs one scan for literal anchors; rules run only on
    // an anchor hit.
    std::optional<BuiltinMatch> match(std::string_view content) const;

    const std::vector<BuiltinTemplate> &all() const { return m_templates; }
    const BuiltinTemplate *find(int id) const;
    const BuiltinTemplate *findByName(std::string_view name) const;
    // The template text for a match: the rule's text with the variant ("<*>" when empty).
    std::string templateText(const BuiltinMatch &match) const;

private:
    BuiltinTemplates();
    struct Anchor
    {
        std::string_view text;
        int rule; // index into m_templates, also the priority (lower wins)
    };
    std::vector<BuiltinTemplate> m_templates;
    std::vector<Anchor> m_anchors;
    std::array<std::vector<std::uint16_t>, 256> m_anchorsByFirstByte;
    std::vector<std::uint64_t> m_bigrams; // 65536 bits: first two bytes of some anchor
};

} // namespace rankscope
