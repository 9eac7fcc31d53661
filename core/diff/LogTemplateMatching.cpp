#include "core/diff/LogTemplateMatching.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <string>
#include <unordered_map>

namespace rankscope {

namespace {

// "<*>" or a typed mask ("<NUM>", "<PATH>", ...): a whole token that stands for any value.
bool isParameterToken(std::string_view token)
{
    if (token.size() < 3 || token.front() != '<' || token.back() != '>')
        return false;
    if (token == "<*>")
        return true;
    return std::all_of(token.begin() + 1, token.end() - 1, [](char c) {
        return std::isupper(static_cast<unsigned char>(c)) || c == '_';
    });
}

// The token with every digit run and every embedded mask replaced by '#': "shard3",
// "shard<NUM>" and "shard12" all read "shard#".
std::string shapeOf(std::string_view token)
{
    std::string shape;
    shape.reserve(token.size());
    for (std::size_t i = 0; i < token.size();) {
        const char c = token[i];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i])))
                ++i;
            shape.push_back('#');
            continue;
        }
        if (c == '<') {
            const std::size_t close = token.find('>', i);
            if (close != std::string_view::npos &&
                isParameterToken(token.substr(i, close - i + 1))) {
                shape.push_back('#');
                i = close + 1;
                continue;
            }
        }
        shape.push_back(c);
        ++i;
    }
    return shape;
}

std::vector<std::string_view> tokensOf(std::string_view text)
{
    std::vector<std::string_view> tokens;
    std::size_t start = 0;
    while (start < text.size()) {
        while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start])))
            ++start;
        std::size_t end = start;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])))
            ++end;
        if (end > start)
            tokens.push_back(text.substr(start, end - start));
        start = end;
    }
    return tokens;
}

// Equal literal tokens when the two fit each other, -1 when they do not.
int nearMatchAnchors(const std::vector<std::string_view> &a, const std::vector<std::string_view> &b)
{
    if (a.size() != b.size())
        return -1;
    int anchors = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!logTokensCompatible(a[i], b[i]))
            return -1;
        if (a[i] == b[i] && !isParameterToken(a[i]))
            ++anchors;
    }
    return anchors > 0 ? anchors : -1;
}

// A mined template's words, for templates that differ only in punctuation or in how words are
// joined: "lm loss: <*>", "lm-loss: <*>" and "lmLoss <*>" read "lm loss <*>";
// "elapsed time per iteration (ms)" and "elapsed_time_per_iteration_ms" read alike. Runs of
// letters and digits are words (lower case, a camel-case hump starts a new one); parameters
// ("<*>", "<NUM>") are one "<*>"; everything else separates.
std::string wordKeyOf(std::string_view text)
{
    std::string key;
    bool inWord = false;
    char previous = ' ';
    const auto separate = [&] {
        if (inWord)
            key.push_back(' ');
        inWord = false;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '<') {
            const std::size_t close = text.find('>', i);
            if (close != std::string_view::npos &&
                isParameterToken(text.substr(i, close - i + 1))) {
                separate();
                key += "<*> ";
                i = close;
                previous = ' ';
                continue;
            }
        }
        if (!std::isalnum(static_cast<unsigned char>(c))) {
            separate();
            previous = c;
            continue;
        }
        if (inWord && std::isupper(static_cast<unsigned char>(c)) &&
            std::islower(static_cast<unsigned char>(previous)))
            key.push_back(' ');
        key.push_back(char(std::tolower(static_cast<unsigned char>(c))));
        inWord = true;
        previous = c;
    }
    while (!key.empty() && key.back() == ' ')
        key.pop_back();
    return key;
}

// Built-ins by rule and text (the text carries the variant), mined ones by text.
std::string exactKey(const LogTemplate &templ)
{
    if (templ.builtin >= 0)
        return "b" + std::to_string(templ.builtin) + '\x1f' + templ.text;
    return "m" + templ.text;
}

// Indices of the templates with events, most frequent first (then by id, for stable results).
std::vector<std::size_t> byFrequency(const std::vector<LogTemplate> &templates,
                                     const std::vector<std::int64_t> &counts)
{
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < templates.size(); ++i) {
        if (i < counts.size() && counts[i] > 0)
            order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return counts[a] > counts[b]; });
    return order;
}

} // namespace

std::string logTemplateWords(std::string_view text)
{
    return wordKeyOf(text);
}

bool logTokensCompatible(std::string_view a, std::string_view b)
{
    if (a == b || isParameterToken(a) || isParameterToken(b))
        return true;
    return shapeOf(a) == shapeOf(b);
}

std::vector<JointLogTemplate> matchLogTemplates(const std::vector<LogTemplate> &baseline,
                                                const std::vector<std::int64_t> &baselineCounts,
                                                const std::vector<LogTemplate> &target,
                                                const std::vector<std::int64_t> &targetCounts)
{
    std::vector<JointLogTemplate> joint;
    std::unordered_map<std::string, std::size_t> jointByKey;

    // The baseline first: its own distinct templates stay distinct (only equal texts merge).
    for (const std::size_t i : byFrequency(baseline, baselineCounts)) {
        const auto [it, inserted] = jointByKey.try_emplace(exactKey(baseline[i]), joint.size());
        if (inserted) {
            joint.emplace_back();
            joint.back().firstSeenInBaseline = true;
        }
        joint[it->second].baseline.push_back(baseline[i].id);
    }
    const std::size_t baselineJoints = joint.size();

    // Mined baseline templates by their words (the most frequent keeps a shared key).
    std::unordered_map<std::string, std::size_t> jointByWords;
    for (const std::size_t i : byFrequency(baseline, baselineCounts)) {
        if (baseline[i].builtin < 0)
            jointByWords.try_emplace(wordKeyOf(baseline[i].text),
                                     jointByKey.at(exactKey(baseline[i])));
    }

    // Then the target: exact matches first, so a near match never takes a baseline template
    // that the target also logs verbatim; then the same words in other punctuation.
    std::vector<std::size_t> unmatched;
    std::vector<std::size_t> notExact;
    for (const std::size_t i : byFrequency(target, targetCounts)) {
        const auto found = jointByKey.find(exactKey(target[i]));
        if (found != jointByKey.end())
            joint[found->second].target.push_back(target[i].id);
        else
            notExact.push_back(i);
    }
    for (const std::size_t i : notExact) {
        const auto found = target[i].builtin < 0 ? jointByWords.find(wordKeyOf(target[i].text))
                                                 : jointByWords.end();
        if (found != jointByWords.end())
            joint[found->second].target.push_back(target[i].id);
        else
            unmatched.push_back(i);
    }

    // Near matches of mined templates, most frequent target template first, against baseline
    // templates with the same token count that no target template claimed.
    std::unordered_map<std::size_t, std::vector<std::size_t>> candidatesByLength;
    std::vector<std::vector<std::string_view>> baselineTokens(baselineJoints);
    std::unordered_map<TemplateId, const LogTemplate *> baselineById;
    for (const LogTemplate &templ : baseline)
        baselineById.emplace(templ.id, &templ);
    for (std::size_t j = 0; j < baselineJoints; ++j) {
        const LogTemplate *templ = baselineById.at(joint[j].baseline.front());
        if (templ->builtin >= 0 || !joint[j].target.empty())
            continue;
        baselineTokens[j] = tokensOf(templ->text);
        candidatesByLength[baselineTokens[j].size()].push_back(j);
    }
    for (const std::size_t i : unmatched) {
        const LogTemplate &templ = target[i];
        std::size_t best = joint.size();
        if (templ.builtin < 0) {
            const std::vector<std::string_view> tokens = tokensOf(templ.text);
            const auto candidates = candidatesByLength.find(tokens.size());
            int bestAnchors = 0;
            if (candidates != candidatesByLength.end()) {
                for (const std::size_t j : candidates->second) {
                    if (!joint[j].target.empty())
                        continue;
                    const int anchors = nearMatchAnchors(tokens, baselineTokens[j]);
                    // Candidates come most frequent first: ties keep the more frequent one.
                    if (anchors > bestAnchors) {
                        bestAnchors = anchors;
                        best = j;
                    }
                }
            }
        }
        if (best == joint.size()) {
            const auto [it, inserted] = jointByKey.try_emplace(exactKey(templ), joint.size());
            if (inserted)
                joint.emplace_back();
            best = it->second;
        }
        joint[best].target.push_back(templ.id);
    }
    return joint;
}

} // namespace rankscope
