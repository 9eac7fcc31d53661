#include "importers/logs/IterationLines.h"
#include "core/model/AsciiText.h"

#include <charconv>
#include <cstring>

namespace rankscope {

namespace {

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// A number at the start of `text` (after spaces); its end in *end.
bool readDouble(std::string_view text, double *value, std::size_t *end = nullptr)
{
    std::size_t at = 0;
    while (at < text.size() && text[at] == ' ')
        ++at;
    const char *first = text.data() + at;
    const auto result = std::from_chars(first, text.data() + text.size(), *value);
    if (result.ec != std::errc())
        return false;
    if (end)
        *end = std::size_t(result.ptr - text.data());
    return true;
}

bool readInteger(std::string_view text, std::int64_t *value, std::size_t *end)
{
    std::size_t at = 0;
    while (at < text.size() && text[at] == ' ')
        ++at;
    const auto result = std::from_chars(text.data() + at, text.data() + text.size(), *value);
    if (result.ec != std::errc())
        return false;
    *end = std::size_t(result.ptr - text.data());
    return true;
}

// " iteration N/M | key: value | key: value |".
std::optional<IterationLine> parseMegatron(std::string_view text, std::size_t iterationAt)
{
    IterationLine line;
    line.framework = "megatron";
    std::size_t end = 0;
    std::string_view rest = text.substr(iterationAt + 9);
    if (!readInteger(rest, &line.iteration, &end) || end >= rest.size() || rest[end] != '/')
        return std::nullopt;
    rest.remove_prefix(end);
    bool any = false;
    double lossFallback = std::numeric_limits<double>::quiet_NaN();
    while (!rest.empty()) {
        const std::size_t bar = rest.find('|');
        const std::string_view field = trim(rest.substr(0, bar));
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
        const std::size_t colon = field.rfind(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view key = trim(field.substr(0, colon));
        double value;
        if (!readDouble(field.substr(colon + 1), &value))
            continue;
        if (key == "elapsed time per iteration (ms)") {
            line.stepTimeMs = value, any = true;
        } else if (key == "lm loss" || key == "lm-loss") { // Megatron-DeepSpeed: "lm-loss"
            line.loss = value, any = true;
        } else if (key == "loss") {
            lossFallback = value;
        } else if (key == "learning rate") {
            line.learningRate = value;
        }
    }
    if (line.loss != line.loss && lossFallback == lossFallback)
        line.loss = lossFallback, any = true;
    if (!any)
        return std::nullopt;
    return line;
}

// "steps: N loss: Y iter time (s): X samples/sec: S".
std::optional<IterationLine> parseDeepSpeed(std::string_view text)
{
    IterationLine line;
    line.framework = "deepspeed";
    std::size_t end = 0;
    std::string_view rest = text.substr(6);
    if (!readInteger(rest, &line.iteration, &end))
        return std::nullopt;
    rest.remove_prefix(end);
    if (const std::size_t at = rest.find("loss:"); at != std::string_view::npos)
        readDouble(rest.substr(at + 5), &line.loss);
    if (const std::size_t at = rest.find("iter time (s):"); at != std::string_view::npos) {
        double seconds;
        if (readDouble(rest.substr(at + 14), &seconds))
            line.stepTimeMs = seconds * 1000.0;
    }
    if (line.loss != line.loss && line.stepTimeMs != line.stepTimeMs)
        return std::nullopt;
    return line;
}

// The value after `'key':` or `"key":` in a Python/JSON dict line.
bool dictValue(std::string_view text, std::string_view key, double *value)
{
    for (char quote : {'\'', '"'}) {
        std::size_t at = 0;
        while ((at = text.find(key, at)) != std::string_view::npos) {
            const std::size_t after = at + key.size();
            if (at > 0 && text[at - 1] == quote && after + 1 < text.size() &&
                text[after] == quote && text[after + 1] == ':')
                return readDouble(text.substr(after + 2), value);
            at = after;
        }
    }
    return false;
}

std::optional<IterationLine> parseHfTrainer(std::string_view text)
{
    IterationLine line;
    line.framework = "hf-trainer";
    if (!dictValue(text, "loss", &line.loss))
        return std::nullopt;
    dictValue(text, "learning_rate", &line.learningRate);
    // A step beyond 10^15 is no training run's (and beyond 2^63 its conversion is undefined):
    // the dict then counts as one without a step.
    double step;
    if (dictValue(text, "step", &step) && step >= 0 && step <= 1e15)
        line.iteration = static_cast<std::int64_t>(step);
    return line;
}

} // namespace

std::optional<IterationLine> parseIterationLine(std::string_view text)
{
    std::size_t at = 0;
    while (at < text.size() && text[at] == ' ')
        ++at;
    if (at >= text.size())
        return std::nullopt;
    const std::string_view body = text.substr(at);
    switch (body[0]) {
    case 'i':
        if (body.substr(0, 10) == "iteration " && std::memchr(body.data(), '|', body.size()))
            return parseMegatron(body, 0);
        return std::nullopt;
    case 's':
        if (body.substr(0, 7) == "steps: ")
            return parseDeepSpeed(body);
        return std::nullopt;
    case '{':
        // Only training logs ("loss"), not "eval_loss" summaries nor the final train_runtime.
        if ((body.substr(1, 7) == "'loss':" || body.substr(1, 7) == "\"loss\":"))
            return parseHfTrainer(body);
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

std::optional<IterationLine> parseProgressBar(std::string_view segment)
{
    // The rate is in the last "[...]": "[03:45<11:15, 225.28s/it]" or "[.., 3.98it/s, loss=..]".
    const std::size_t open = segment.rfind('[');
    if (open == std::string_view::npos || open < 3)
        return std::nullopt;
    const std::size_t close = segment.find(']', open);
    if (close == std::string_view::npos)
        return std::nullopt;
    const std::string_view inside = segment.substr(open + 1, close - open - 1);
    IterationLine line;
    line.framework = "tqdm";
    for (std::size_t start = 0; start <= inside.size();) {
        std::size_t comma = inside.find(',', start);
        if (comma == std::string_view::npos)
            comma = inside.size();
        const std::string_view item = trim(inside.substr(start, comma - start));
        start = comma + 1;
        double rate;
        std::size_t end = 0;
        if (item.empty() || !isDigit(item[0]) || !readDouble(item, &rate, &end) || rate <= 0)
            continue;
        const std::string_view unit = item.substr(end);
        if (unit == "s/it")
            line.stepTimeMs = rate * 1000.0;
        else if (unit == "it/s")
            line.stepTimeMs = 1000.0 / rate;
    }
    if (line.stepTimeMs != line.stepTimeMs)
        return std::nullopt;
    // "N/M" right before the bracket.
    std::size_t end = open;
    while (end > 0 && segment[end - 1] == ' ')
        --end;
    std::size_t start = end;
    while (start > 0 && (isDigit(segment[start - 1]) || segment[start - 1] == '/'))
        --start;
    const std::string_view counts = segment.substr(start, end - start);
    const std::size_t slash = counts.find('/');
    std::size_t numberEnd = 0;
    if (slash == std::string_view::npos || slash == 0 ||
        !readInteger(counts.substr(0, slash), &line.iteration, &numberEnd) || numberEnd != slash ||
        line.iteration <= 0)
        return std::nullopt;
    return line;
}

} // namespace rankscope
