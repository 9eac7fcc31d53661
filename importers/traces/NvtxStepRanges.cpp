#include "importers/traces/NvtxStepRanges.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <unordered_map>

namespace rankscope {

namespace {

constexpr std::string_view kStepWords[] = {"training_step", "train_step", "train step",
                                           "global_step",   "iteration",  "iter",
                                           "step",          "batch"};

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    if (text.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(text[i])) !=
            std::tolower(static_cast<unsigned char>(prefix[i])))
            return false;
    }
    return true;
}

bool isSeparator(char c)
{
    return c == ' ' || c == '_' || c == '#' || c == ':' || c == '=' || c == '-';
}

// The number after the word, with nothing but punctuation or spaces after it; -1 otherwise.
std::int64_t stepAfter(std::string_view rest)
{
    std::size_t at = 0;
    while (at < rest.size() && isSeparator(rest[at]))
        ++at;
    if (at == 0 && !rest.empty() && !(rest[0] >= '0' && rest[0] <= '9'))
        return -1;
    std::int64_t step = 0;
    std::size_t digits = 0;
    while (at < rest.size() && rest[at] >= '0' && rest[at] <= '9' && digits < 18) {
        step = step * 10 + (rest[at] - '0');
        ++at;
        ++digits;
    }
    if (digits == 0)
        return -1;
    for (; at < rest.size(); ++at) {
        const unsigned char c = static_cast<unsigned char>(rest[at]);
        if (std::isalnum(c))
            return -1; // "step 3 of data prep", "iteration 12a"
    }
    return step;
}

} // namespace

std::optional<StepRangeName> parseStepRangeName(std::string_view text, std::string_view chosen)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    const auto match = [&](std::string_view word) -> std::optional<StepRangeName> {
        if (!startsWithNoCase(text, word))
            return std::nullopt;
        const std::int64_t step = stepAfter(text.substr(word.size()));
        if (step < 0)
            return std::nullopt;
        StepRangeName name;
        for (char c : word)
            name.word += char(std::tolower(static_cast<unsigned char>(c)));
        name.step = step;
        return name;
    };
    if (!chosen.empty())
        return match(chosen);
    for (std::string_view word : kStepWords) {
        if (auto name = match(word))
            return name;
    }
    return std::nullopt;
}

std::string chosenStepRangeName()
{
    const char *value = std::getenv("RANKSCOPE_NVTX_STEP_RANGE");
    return value ? std::string(value) : std::string();
}

std::string iterationsFromStepRanges(TraceData &trace, std::string_view chosen)
{
    if (!trace.iterations.empty())
        return {};
    // Candidates by step word: (event, step).
    std::map<std::string, std::vector<std::pair<std::uint32_t, std::int64_t>>> byWord;
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        const TraceEvent &event = trace.events[i];
        if (event.kind != TraceEventKind::UserAnnotation ||
            trace.tracks[event.track].kind != TraceTrackKind::CpuThread || event.durationNs <= 0)
            continue;
        if (auto name = parseStepRangeName(trace.string(event.name), chosen))
            byWord[name->word].emplace_back(i, name->step);
    }
    const std::vector<std::pair<std::uint32_t, std::int64_t>> *best = nullptr;
    std::string word;
    for (const auto &[candidate, ranges] : byWord) {
        if (!best || ranges.size() > best->size()) {
            best = &ranges;
            word = candidate;
        }
    }
    if (!best)
        return {};
    std::unordered_map<std::int64_t, std::size_t> byStep;
    std::vector<TraceIteration> iterations;
    for (const auto &[index, step] : *best) {
        const TraceEvent &event = trace.events[index];
        TraceIteration iteration;
        iteration.step = step;
        iteration.startNs = event.startNs;
        iteration.endNs = event.endNs();
        iteration.event = index;
        auto [found, inserted] = byStep.try_emplace(step, iterations.size());
        if (inserted)
            iterations.push_back(iteration);
        else if (iteration.startNs < iterations[found->second].startNs)
            iterations[found->second] = iteration; // the same step on two threads
    }
    if (chosen.empty() && iterations.size() < 2)
        return {};
    std::sort(iterations.begin(), iterations.end(),
              [](const TraceIteration &a, const TraceIteration &b) { return a.step < b.step; });
    for (const TraceIteration &iteration : iterations)
        trace.events[iteration.event].kind = TraceEventKind::IterationMarker;
    trace.iterations = std::move(iterations);
    return word;
}

} // namespace rankscope
