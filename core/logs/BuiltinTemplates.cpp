#include "core/logs/BuiltinTemplates.h"

#include <cstring>
#include <initializer_list>

namespace rankscope {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isIdentifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_';
}
char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string_view firstLine(std::string_view text)
{
    return text.substr(0, text.find('\n'));
}

std::string_view lastNonEmptyLine(std::string_view text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r'))
        text.remove_suffix(1);
    const std::size_t newline = text.rfind('\n');
    return newline == std::string_view::npos ? text : text.substr(newline + 1);
}

std::string_view trimLeft(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    return text;
}

// "torch.distributed.DistBackendError: ..." -> the type, when a line starts with a (dotted)
// identifier ending in Error, Exception, Interrupt or Exit followed by ':' or the line's end.
std::string_view pythonExceptionType(std::string_view line)
{
    line = trimLeft(line);
    std::size_t end = 0;
    while (end < line.size() && end < 160 && (isIdentifierChar(line[end]) || line[end] == '.'))
        ++end;
    if (end == 0 || isDigit(line[0]) || line[0] == '.')
        return {};
    if (end < line.size() && line[end] != ':' && line[end] != '\r')
        return {};
    const std::string_view type = line.substr(0, end);
    for (const std::string_view suffix : {"Error", "Exception", "Interrupt", "Exit"}) {
        if (type.ends_with(suffix) && type.size() > suffix.size())
            return type;
    }
    return {};
}

std::string_view valueAfter(std::string_view text, std::string_view key, std::string_view stops)
{
    const std::size_t at = text.find(key);
    if (at == std::string_view::npos)
        return {};
    const std::string_view rest = text.substr(at + key.size());
    return rest.substr(0, std::min(rest.find_first_of(stops), std::size_t{40}));
}

const char *signalName(int number)
{
    switch (number) {
    case 4:
        return "SIGILL";
    case 6:
        return "SIGABRT";
    case 7:
        return "SIGBUS";
    case 8:
        return "SIGFPE";
    case 9:
        return "SIGKILL";
    case 11:
        return "SIGSEGV";
    case 15:
        return "SIGTERM";
    default:
        return nullptr;
    }
}

// The number after "Signal "/"signal " at `pos`, or -1.
int signalNumberAt(std::string_view content, std::size_t pos)
{
    std::size_t i = pos + 7;
    int number = 0;
    std::size_t digits = 0;
    while (i < content.size() && isDigit(content[i]) && digits < 3) {
        number = number * 10 + (content[i] - '0');
        ++i;
        ++digits;
    }
    if (digits == 0 || (i < content.size() && isDigit(content[i])))
        return -1;
    return number;
}

// What a rule returns: nullopt = not this rule after all, else the variant ("" for none).
using Verdict = std::optional<std::string>;
using Verifier = Verdict (*)(std::string_view content, std::size_t anchorPos,
                             std::string_view anchor);

Verdict accept(std::string_view, std::size_t, std::string_view)
{
    return std::string();
}

Verdict watchdogOpType(std::string_view content, std::size_t, std::string_view)
{
    return std::string(valueAfter(content, "OpType=", ",) \n"));
}

Verdict cudaErrorText(std::string_view content, std::size_t pos, std::string_view anchor)
{
    // "CUDA error: an illegal memory access was encountered": the description names the kind.
    std::string_view rest = content.substr(pos + anchor.size());
    if (!rest.starts_with(": "))
        return std::string();
    rest = firstLine(rest.substr(2));
    std::size_t end = 0;
    while (end < rest.size() && end < 80 && rest[end] != '.' && rest[end] != '\r' &&
           !isDigit(rest[end]) && rest[end] != '(')
        ++end;
    while (end > 0 && rest[end - 1] == ' ')
        --end;
    return std::string(rest.substr(0, end));
}

Verdict xidCode(std::string_view content, std::size_t pos, std::string_view)
{
    // "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus."
    const std::string_view rest = content.substr(pos);
    const std::size_t close = rest.find("): ");
    if (close == std::string_view::npos || close > 64)
        return std::string();
    std::size_t i = close + 3;
    std::size_t start = i;
    while (i < rest.size() && isDigit(rest[i]) && i - start < 4)
        ++i;
    return std::string(rest.substr(start, i - start));
}

Verdict segfaultSignal(std::string_view content, std::size_t pos, std::string_view anchor)
{
    if (anchor == "Signal " || anchor == "signal ")
        return signalNumberAt(content, pos) == 11 ? Verdict(std::string()) : std::nullopt;
    return std::string();
}

Verdict fatalSignalName(std::string_view content, std::size_t pos, std::string_view anchor)
{
    if (anchor == "Signal " || anchor == "signal ") {
        const char *name = signalName(signalNumberAt(content, pos));
        if (!name || std::strcmp(name, "SIGSEGV") == 0)
            return std::nullopt;
        return std::string(name);
    }
    if (anchor.starts_with("SIG")) {
        // A whole word: SIGTERMINATOR is none.
        const std::size_t end = pos + anchor.size();
        if (end < content.size() && isIdentifierChar(content[end]))
            return std::nullopt;
        return std::string(anchor);
    }
    return std::string("SIGABRT"); // "Aborted (core dumped)"
}

Verdict lossNotFinite(std::string_view content, std::size_t pos, std::string_view anchor)
{
    // "lm loss: nan", "loss = inf", "'loss': nan", "loss is NaN", Megatron's "NAN" (%E of nan).
    if (pos > 0 && (content[pos - 1] >= 'a' && content[pos - 1] <= 'z'))
        return std::nullopt; // "gloss"
    std::size_t i = pos + anchor.size();
    auto skip = [&](char c) {
        while (i < content.size() && content[i] == c)
            ++i;
    };
    if (i < content.size() && (content[i] == '\'' || content[i] == '"'))
        ++i;
    skip(' ');
    if (content.substr(i).starts_with("is "))
        i += 3;
    else if (i < content.size() && (content[i] == ':' || content[i] == '='))
        ++i;
    skip(' ');
    if (i < content.size() && (content[i] == '-' || content[i] == '+'))
        ++i;
    if (i + 3 > content.size())
        return std::nullopt;
    std::string word;
    for (std::size_t k = 0; k < 3; ++k)
        word.push_back(lower(content[i + k]));
    if (word != "nan" && word != "inf")
        return std::nullopt;
    if (i + 3 < content.size() && isIdentifierChar(content[i + 3]) &&
        !content.substr(i).starts_with("Infinity") && !content.substr(i).starts_with("infinity"))
        return std::nullopt; // "information"
    return std::string(word == "nan" ? "NaN" : "Inf");
}

Verdict assertionEvent(std::string_view content, std::size_t pos, std::string_view)
{
    // The exception itself, not a message that mentions it mid-sentence.
    const std::size_t lineStart =
        content.rfind('\n', pos) == std::string_view::npos ? 0 : content.rfind('\n', pos) + 1;
    return pythonExceptionType(content.substr(lineStart)).ends_with("AssertionError")
               ? Verdict(std::string())
               : std::nullopt;
}

struct Rule
{
    BuiltinTemplate templ;
    std::initializer_list<std::string_view> anchors;
    Verifier verify;
};

// Order is priority: the most specific rule first (a RuntimeError carrying "CUDA out of
// memory" is an OOM). Ids are fixed forever; append new rules with new ids.
const Rule kRules[] = {
    {{1, "nccl-watchdog-timeout",
      "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=<*>, OpType={}, ...) ran "
      "for <*> milliseconds before timing out",
      LogSeverity::Fatal},
     {"Watchdog caught collective operation timeout"},
     watchdogOpType},
    {{2, "cuda-oom", "CUDA out of memory. Tried to allocate <*>", LogSeverity::Error},
     {"CUDA out of memory", "OutOfMemoryError", "CUDA error: out of memory"},
     accept},
    {{3, "nccl-error", "NCCL error: <*>", LogSeverity::Error},
     {"NCCL error", "ncclInternalError", "ncclSystemError", "ncclUnhandledCudaError",
      "ncclRemoteError", "ncclInvalidUsage", "NCCL communicator was aborted"},
     accept},
    {{4, "cuda-error", "CUDA error: {}", LogSeverity::Error},
     {"CUDA error", "CUDA Error"},
     cudaErrorText},
    {{5, "gpu-xid", "NVRM: Xid (PCI:<*>): {}, <*>", LogSeverity::Fatal},
     {"NVRM: Xid", "Xid (PCI:"},
     xidCode},
    {{6, "gpu-ecc", "GPU ECC error: <*>", LogSeverity::Error},
     {"ECC error", "ECC Error", "ncorrectable ECC"},
     accept},
    {{7, "segfault", "Segmentation fault (SIGSEGV) <*>", LogSeverity::Fatal},
     {"Segmentation fault", "SIGSEGV", "Signal ", "signal "},
     segfaultSignal},
    {{8, "fatal-signal", "Fatal signal {} <*>", LogSeverity::Fatal},
     {"SIGABRT", "SIGBUS", "SIGKILL", "SIGTERM", "SIGFPE", "SIGILL", "Signal ", "signal ",
      "Aborted (core dumped)"},
     fatalSignalName},
    {{9, "loss-not-finite", "loss is {} <*>", LogSeverity::Error}, {"loss", "Loss"}, lossNotFinite},
    {{10, "python-assertion", "AssertionError: <*>", LogSeverity::Error},
     {"AssertionError"},
     assertionEvent},
    // 11 and 12 are claimed by their first line, not by anchors (see match()).
    {{11, "python-traceback", "Traceback (most recent call last): ... {}: <*>", LogSeverity::Error},
     {},
     nullptr},
    {{12, "python-exception", "{}: <*>", LogSeverity::Error}, {}, nullptr},
    {{13, "nccl-warn", "NCCL WARN <*>", LogSeverity::Warning}, {"NCCL WARN"}, accept},
    {{14, "checkpoint-saving", "saving checkpoint at iteration <*> to <*>", LogSeverity::Info},
     {"saving checkpoint", "Saving checkpoint", "Saving model checkpoint"},
     accept},
    {{15, "checkpoint-saved", "successfully saved checkpoint at iteration <*> to <*>",
      LogSeverity::Info},
     {"saved checkpoint", "Saved checkpoint"},
     accept},
    {{16, "checkpoint-loading", "loading checkpoint from <*> at iteration <*>", LogSeverity::Info},
     {"loading checkpoint", "Loading checkpoint"},
     accept},
    {{17, "checkpoint-loaded", "successfully loaded checkpoint from <*> at iteration <*>",
      LogSeverity::Info},
     {"loaded checkpoint", "Loaded checkpoint"},
     accept},
};

constexpr int kTracebackRule = 10;       // index of python-traceback in kRules
constexpr int kPythonExceptionRule = 11; // index of python-exception
constexpr int kAssertionRule = 9;

} // namespace

const BuiltinTemplates &BuiltinTemplates::instance()
{
    static const BuiltinTemplates templates;
    return templates;
}

BuiltinTemplates::BuiltinTemplates() : m_bigrams(65536 / 64, 0)
{
    int index = 0;
    for (const Rule &rule : kRules) {
        m_templates.push_back(rule.templ);
        for (const std::string_view anchor : rule.anchors) {
            m_anchorsByFirstByte[static_cast<unsigned char>(anchor[0])].push_back(
                static_cast<std::uint16_t>(m_anchors.size()));
            m_anchors.push_back({anchor, index});
            const unsigned bigram =
                static_cast<unsigned char>(anchor[0]) << 8 | static_cast<unsigned char>(anchor[1]);
            m_bigrams[bigram / 64] |= std::uint64_t{1} << (bigram % 64);
        }
        ++index;
    }
}

std::optional<BuiltinMatch> BuiltinTemplates::match(std::string_view content) const
{
    int bestRule = static_cast<int>(m_templates.size());
    std::string bestVariant;
    // One pass: a two-byte filter, then the anchors that start with that byte.
    const std::size_t size = content.size();
    for (std::size_t i = 0; i + 1 < size; ++i) {
        const auto first = static_cast<unsigned char>(content[i]);
        const unsigned bigram = first << 8 | static_cast<unsigned char>(content[i + 1]);
        if (!(m_bigrams[bigram / 64] >> (bigram % 64) & 1))
            continue;
        for (const std::uint16_t a : m_anchorsByFirstByte[first]) {
            const Anchor &anchor = m_anchors[a];
            if (anchor.rule >= bestRule || anchor.text.size() > size - i ||
                std::memcmp(content.data() + i, anchor.text.data(), anchor.text.size()) != 0)
                continue;
            if (Verdict verdict = kRules[anchor.rule].verify(content, i, anchor.text)) {
                bestRule = anchor.rule;
                bestVariant = std::move(*verdict);
            }
        }
        if (bestRule == 0)
            break;
    }
    // Python tracebacks and exception lines are claimed by their first line.
    if (bestRule > kTracebackRule) {
        const std::string_view head = trimLeft(firstLine(content));
        if (head.starts_with("Traceback (most recent call last)")) {
            const std::string_view type = pythonExceptionType(lastNonEmptyLine(content));
            if (type.ends_with("AssertionError"))
                return BuiltinMatch{m_templates[kAssertionRule].id, {}};
            return BuiltinMatch{m_templates[kTracebackRule].id, std::string(type)};
        }
        if (bestRule > kPythonExceptionRule) {
            if (const std::string_view type = pythonExceptionType(head); !type.empty())
                return BuiltinMatch{m_templates[kPythonExceptionRule].id, std::string(type)};
        }
    }
    if (bestRule == static_cast<int>(m_templates.size()))
        return std::nullopt;
    return BuiltinMatch{m_templates[static_cast<std::size_t>(bestRule)].id, std::move(bestVariant)};
}

const BuiltinTemplate *BuiltinTemplates::find(int id) const
{
    for (const BuiltinTemplate &templ : m_templates) {
        if (templ.id == id)
            return &templ;
    }
    return nullptr;
}

const BuiltinTemplate *BuiltinTemplates::findByName(std::string_view name) const
{
    for (const BuiltinTemplate &templ : m_templates) {
        if (templ.name == name)
            return &templ;
    }
    return nullptr;
}

std::string BuiltinTemplates::templateText(const BuiltinMatch &match) const
{
    const BuiltinTemplate *templ = find(match.id);
    if (!templ)
        return {};
    std::string text(templ->text);
    if (const std::size_t slot = text.find("{}"); slot != std::string::npos)
        text.replace(slot, 2, match.variant.empty() ? std::string("<*>") : match.variant);
    return text;
}

} // namespace rankscope
