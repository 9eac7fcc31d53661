#include "core/logs/TemplateMiner.h"

#include "core/logs/BuiltinTemplates.h"
#include "core/logs/DrainTree.h"
#include "core/logs/LogTokenizer.h"
#include "core/logs/TokenInterner.h"

#include <stdexcept>
#include <unordered_map>

namespace rankscope {

struct TemplateMiner::State
{
    State(DrainParams p, LogMasker m)
        : params(std::move(p)), masker(std::move(m)), tokenizer(params.extraDelimiters),
          tree(params.depth, params.similarity, params.maxChildren, params.parametrizeNumericTokens,
               params.logparserShortMessages)
    {}

    DrainParams params;
    LogMasker masker;
    LogTokenizer tokenizer;
    TokenInterner interner;
    DrainTree tree;
    std::vector<LogTemplate> templates;
    std::vector<TemplateId> templateOfCluster;
    std::unordered_map<std::string, TemplateId> builtinTemplates; // "id\x1fvariant" -> template

    // Scratch space reused by add(): no allocation per message once warmed up.
    std::string masked;
    std::vector<std::string_view> tokens;
    std::vector<TokenId> ids;

    static std::string builtinKey(const BuiltinMatch &match)
    {
        return std::to_string(match.id) + '\x1f' + match.variant;
    }

    std::string clusterText(std::uint32_t cluster) const
    {
        std::string text;
        for (const TokenId id : tree.cluster(cluster).tokens) {
            if (!text.empty())
                text.push_back(' ');
            text.append(interner.text(id));
        }
        return text;
    }

    TemplateId builtinTemplate(const BuiltinMatch &match)
    {
        const auto [it, inserted] = builtinTemplates.try_emplace(builtinKey(match), kNoTemplate);
        if (inserted) {
            const BuiltinTemplates &builtins = BuiltinTemplates::instance();
            LogTemplate templ;
            templ.id = static_cast<TemplateId>(templates.size());
            templ.text = builtins.templateText(match);
            templ.builtin = match.id;
            templ.severity = builtins.find(match.id)->severity;
            templates.push_back(std::move(templ));
            it->second = templates.back().id;
        }
        return it->second;
    }

    void lookUpTokens(std::string_view content, std::string &buffer,
                      std::vector<std::string_view> &tokenViews, std::vector<TokenId> &tokenIds,
                      std::vector<MaskedParameter> *parameters) const
    {
        masker.maskInto(content, buffer, parameters);
        tokenizer.split(buffer, tokenViews);
        tokenIds.resize(tokenViews.size());
        for (std::size_t i = 0; i < tokenViews.size(); ++i)
            tokenIds[i] = interner.find(tokenViews[i]);
    }
};

TemplateMiner::TemplateMiner(DrainParams params, LogMasker masker)
    : m_state(std::make_unique<State>(std::move(params), std::move(masker)))
{}

TemplateMiner::~TemplateMiner() = default;
TemplateMiner::TemplateMiner(TemplateMiner &&) noexcept = default;
TemplateMiner &TemplateMiner::operator=(TemplateMiner &&) noexcept = default;

TemplateId TemplateMiner::add(std::string_view content, std::vector<MaskedParameter> *parameters)
{
    State &s = *m_state;
    if (s.params.builtinTemplates) {
        if (const auto builtin = BuiltinTemplates::instance().match(content)) {
            if (parameters)
                s.masker.maskInto(content, s.masked, parameters);
            const TemplateId id = s.builtinTemplate(*builtin);
            ++s.templates[id].size;
            return id;
        }
    }
    s.lookUpTokens(content, s.masked, s.tokens, s.ids, parameters);
    if (const auto cluster = s.tree.search(s.ids)) {
        const TemplateId id = s.templateOfCluster[*cluster];
        if (s.tree.merge(*cluster, s.ids))
            s.templates[id].text = s.clusterText(*cluster);
        ++s.templates[id].size;
        return id;
    }
    for (std::size_t i = 0; i < s.ids.size(); ++i) {
        if (s.ids[i] == kUnseenToken)
            s.ids[i] = s.interner.intern(s.tokens[i]);
    }
    const std::uint32_t cluster = s.tree.create(s.ids, s.interner);
    LogTemplate templ;
    templ.id = static_cast<TemplateId>(s.templates.size());
    templ.text = s.clusterText(cluster);
    templ.size = 1;
    s.templates.push_back(std::move(templ));
    s.templateOfCluster.push_back(s.templates.back().id);
    return s.templates.back().id;
}

std::optional<TemplateId> TemplateMiner::match(std::string_view content) const
{
    const State &s = *m_state;
    if (s.params.builtinTemplates) {
        if (const auto builtin = BuiltinTemplates::instance().match(content)) {
            const auto it = s.builtinTemplates.find(State::builtinKey(*builtin));
            if (it == s.builtinTemplates.end())
                return std::nullopt;
            return it->second;
        }
    }
    std::string buffer;
    std::vector<std::string_view> tokens;
    std::vector<TokenId> ids;
    s.lookUpTokens(content, buffer, tokens, ids, nullptr);
    if (const auto cluster = s.tree.match(ids))
        return s.templateOfCluster[*cluster];
    return std::nullopt;
}

const LogTemplate &TemplateMiner::templ(TemplateId id) const
{
    if (id >= m_state->templates.size())
        throw std::out_of_range("no template with id " + std::to_string(id));
    return m_state->templates[id];
}

std::size_t TemplateMiner::size() const
{
    return m_state->templates.size();
}

const DrainParams &TemplateMiner::params() const
{
    return m_state->params;
}

} // namespace rankscope
