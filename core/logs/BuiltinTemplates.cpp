#include "core/logs/BuiltinTemplates.h"
#include "core/model/AsciiText.h"

#include <cstring>
#include <initializer_list>

namespace rankscope {

namespace {

bool isIdentifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_';
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

// The word after `anchor` (a signal name such as "SIGTERM"), or the signal a number names.
std::string signalAfter(std::string_view content, std::size_t pos, std::string_view anchor)
{
    std::string_view rest = content.substr(pos + anchor.size());
    if (rest.starts_with("Signals."))
        rest.remove_prefix(8);
    std::size_t end = 0;
    while (end < rest.size() && end < 12 && isIdentifierChar(rest[end]))
        ++end;
    const std::string_view word = rest.substr(0, end);
    if (!word.empty() && isDigit(word[0])) {
        int number = 0;
        for (const char c : word)
            number = isDigit(c) && number < 1000 ? number * 10 + (c - '0') : number;
        if (const char *name = signalName(number))
            return name;
        return "signal " + std::string(word);
    }
    return std::string(word);
}

// "Received 15 death signal, shutting down workers", "Received Signals.SIGTERM death signal":
// the signal is the word before the anchor.
Verdict deathSignal(std::string_view content, std::size_t pos, std::string_view)
{
    const std::size_t received = content.rfind("Received ", pos);
    if (received == std::string_view::npos || pos - received > 40)
        return std::string();
    return signalAfter(content, received, "Received ");
}

// "Sending process 4242 closing signal SIGTERM": the signal.
Verdict closingSignal(std::string_view content, std::size_t pos, std::string_view)
{
    const std::size_t at = content.find("closing signal ", pos);
    if (at == std::string_view::npos || at - pos > 40)
        return std::nullopt;
    return signalAfter(content, at, "closing signal ");
}

// "SignalException: Process 17871 got signal: 15": the signal.
Verdict signalException(std::string_view content, std::size_t pos, std::string_view)
{
    const std::size_t at = content.find("got signal: ", pos);
    if (at == std::string_view::npos || at - pos > 60)
        return std::nullopt;
    return signalAfter(content, at, "got signal: ");
}

// "failed (exitcode: -15)", "exitcode  : 1 (pid: 42)": the exit code, a signal when negative.
Verdict exitCodeAfter(std::string_view content, std::size_t pos, std::string_view anchor)
{
    std::string_view rest = trimLeft(content.substr(pos + anchor.size()));
    std::size_t end = rest.starts_with('-') ? 1 : 0;
    while (end < rest.size() && end < 6 && isDigit(rest[end]))
        ++end;
    if (end == 0 || (end == 1 && rest[0] == '-'))
        return std::string();
    const std::string code(rest.substr(0, end));
    if (code[0] == '-') {
        int number = 0;
        for (std::size_t i = 1; i < code.size(); ++i)
            number = number * 10 + (code[i] - '0');
        if (const char *name = signalName(number))
            return code + " (" + name + ")";
    }
    return code;
}

// "failed (exitcode: 1) local_rank: 2 (pid: 4242) of binary: /usr/bin/python3": the code.
Verdict workerFailed(std::string_view content, std::size_t pos, std::string_view anchor)
{
    if (pos < 7 || content.substr(pos - 7, 7) != "failed ")
        return std::nullopt;
    return exitCodeAfter(content, pos, anchor);
}

// One worker of torchrun's ChildFailedError report: "[0]:" then indented "time", "host",
// "rank      : 3 (local_rank: 3)", "exitcode  : 1 (pid: 42)", "error_file", "traceback" fields
// (torch/distributed/elastic/multiprocessing/errors/__init__.py). Claimed before everything
// else: its traceback field may quote a CUDA error, which is the worker's, not the launcher's.
Verdict elasticFailureRecord(std::string_view content, std::size_t pos, std::string_view)
{
    const std::size_t rankField = content.rfind("rank", pos);
    const std::size_t exitField = content.find("exitcode", pos);
    if (rankField == std::string_view::npos || pos - rankField > 24 ||
        exitField == std::string_view::npos || exitField - pos > 120)
        return std::nullopt;
    const std::size_t colon = content.find(':', exitField);
    if (colon == std::string_view::npos || colon - exitField > 12)
        return std::nullopt;
    return exitCodeAfter(content, colon, ":");
}

// "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:" as the exception of a
// line or of a traceback, not the "raise ChildFailedError(" source line quoted inside one.
Verdict childFailedEvent(std::string_view content, std::size_t pos, std::string_view)
{
    const std::size_t lineStart =
        content.rfind('\n', pos) == std::string_view::npos ? 0 : content.rfind('\n', pos) + 1;
    return pythonExceptionType(content.substr(lineStart)).ends_with("ChildFailedError")
               ? Verdict(std::string())
               : std::nullopt;
}

// "terminate called after throwing an instance of 'c10::DistBackendError'": the type.
Verdict terminateType(std::string_view content, std::size_t pos, std::string_view anchor)
{
    const std::string_view rest = firstLine(content.substr(pos + anchor.size()));
    const std::size_t open = rest.find('\'');
    if (open == std::string_view::npos)
        return std::string();
    const std::size_t close = rest.find('\'', open + 1);
    if (close == std::string_view::npos || close - open > 80)
        return std::string();
    return std::string(rest.substr(open + 1, close - open - 1));
}

struct Rule
{
    BuiltinTemplate templ;
    std::initializer_list<std::string_view> anchors;
    Verifier verify;
};

// Order is priority: the most specific rule first (a RuntimeError carrying "CUDA out of
// memory" is an OOM). Ids are fixed forever; append new rules with new ids (a new rule may sit
// anywhere in this list: its place is its priority, its id its name in the cache).
// Sequence numbers are the evidence of a hang (docs/collectives-logs.md): the watchdog's and the
// progress line's templates name them "<SEQ>" (one template for every rank and sequence; each
// line's own numbers stay in its text and in the collective records the importer reads).
const Rule kRules[] = {
    // torchrun's report of a failed worker quotes the worker's error in its traceback field:
    // the record is the launcher's, whatever it quotes.
    {{18, "elastic-failure-record",
      "[<*>]: time : <*> host : <*> rank : <*> (local_rank: <*>) exitcode : {} (pid: <*>) ...",
      LogSeverity::Error},
     {"(local_rank: "},
     elasticFailureRecord},
    {{19, "elastic-root-cause", "Root Cause (first observed failure):", LogSeverity::Info},
     {"Root Cause (first observed failure)"},
     accept},
    {{1, "nccl-watchdog-timeout",
      "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=<SEQ>, OpType={}, ...) ran "
      "for <*> milliseconds before timing out",
      LogSeverity::Fatal},
     {"Watchdog caught collective operation timeout"},
     watchdogOpType},
    {{20, "nccl-watchdog-stuck",
      "ProcessGroupNCCL's watchdog got stuck for <*> seconds without making progress <*>",
      LogSeverity::Fatal},
     {"watchdog got stuck for", "Heartbeat monitor timed out"},
     accept},
    {{2, "cuda-oom", "CUDA out of memory. Tried to allocate <*>", LogSeverity::Error},
     {"CUDA out of memory", "OutOfMemoryError", "CUDA error: out of memory"},
     accept},
    // "DistBackendError: NCCL communicator was aborted on rank 3": the local abort after some
    // other failure, before the generic NCCL error.
    {{21, "nccl-comm-aborted", "NCCL communicator was aborted <*>", LogSeverity::Error},
     {"NCCL communicator was aborted"},
     accept},
    {{3, "nccl-error", "NCCL error: <*>", LogSeverity::Error},
     {"NCCL error", "ncclInternalError", "ncclSystemError", "ncclUnhandledCudaError",
      "ncclRemoteError", "ncclInvalidUsage"},
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
    // ProcessGroupNCCL's teardown after a failed or timed-out collective.
    {{22, "nccl-teardown",
      "Some NCCL operations have failed or timed out ... taking the entire process down",
      LogSeverity::Error},
     {"Some NCCL operations have failed or timed out", "To avoid data inconsistency"},
     accept},
    {{23, "nccl-timeout-summary",
      "Timeout at NCCL work: <SEQ>, last enqueued NCCL work: <SEQ>, last completed NCCL work: "
      "<SEQ>",
      LogSeverity::Error},
     {"Timeout at NCCL work", "(either an error or timeout) detected by watchdog"},
     accept},
    // After the causes: "terminate called ... what(): CUDA error: ..." is the CUDA error.
    {{24, "terminate-called", "terminate called after throwing an instance of '{}'",
      LogSeverity::Fatal},
     {"terminate called"},
     terminateType},
    // torchrun's agent (torch/distributed/elastic/multiprocessing/api.py, agent/server/api.py).
    {{25, "launcher-closing-signal", "Sending process <*> closing signal {}", LogSeverity::Warning},
     {"Sending process "},
     closingSignal},
    {{26, "launcher-worker-failed",
      "failed (exitcode: {}) local_rank: <*> (pid: <*>) of binary: <*>", LogSeverity::Error},
     {"(exitcode:"},
     workerFailed},
    {{27, "launcher-death-signal", "Received {} death signal, shutting down workers",
      LogSeverity::Warning},
     {"death signal, shutting down workers"},
     deathSignal},
    {{28, "signal-exception", "SignalException: Process <*> got signal: {}", LogSeverity::Error},
     {"SignalException"},
     signalException},
    {{29, "elastic-child-failed", "ChildFailedError: <*> FAILED", LogSeverity::Error},
     {"ChildFailedError"},
     childFailedEvent},
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

// The place of a rule in kRules (its priority), by id.
int ruleIndex(int id)
{
    int index = 0;
    for (const Rule &rule : kRules) {
        if (rule.templ.id == id)
            return index;
        ++index;
    }
    return -1;
}

// The places of the rules match() treats apart (function statics: safe during static init).
struct SpecialRules
{
    int assertion = ruleIndex(10);
    int traceback = ruleIndex(11);
    int pythonException = ruleIndex(12);
};
const SpecialRules &specialRules()
{
    static const SpecialRules rules;
    return rules;
}

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
    const SpecialRules &special = specialRules();
    if (bestRule > special.traceback) {
        const std::string_view head = trimLeft(firstLine(content));
        if (head.starts_with("Traceback (most recent call last)")) {
            const std::string_view type = pythonExceptionType(lastNonEmptyLine(content));
            if (type.ends_with("AssertionError"))
                return BuiltinMatch{m_templates[std::size_t(special.assertion)].id, {}};
            return BuiltinMatch{m_templates[std::size_t(special.traceback)].id, std::string(type)};
        }
        if (bestRule > special.pythonException) {
            if (const std::string_view type = pythonExceptionType(head); !type.empty())
                return BuiltinMatch{m_templates[std::size_t(special.pythonException)].id,
                                    std::string(type)};
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
