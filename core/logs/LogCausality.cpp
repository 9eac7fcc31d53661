#include "core/logs/LogAnalysisSteps.h"
#include "core/model/AsciiText.h"

#include <algorithm>
#include <array>
#include <set>
#include <string_view>
#include <tuple>

namespace rankscope {

namespace {

// Python exception types that are consequences of a failure elsewhere: the process group's
// abort after a timeout or a peer's death, torchrun's own report, signals from the launcher or
// the scheduler, a store or rendezvous that went away with its host.
constexpr std::array<std::string_view, 7> kEchoExceptionTypes = {
    "DistBackendError", "ChildFailedError",  "SignalException",  "RendezvousClosedError",
    "DistStoreError",   "KeyboardInterrupt", "DistNetworkError",
};

// A Python template ("{type}: <*>", "Traceback ... {type}: <*>") whose type is an echo.
bool isEchoException(std::string_view text)
{
    return std::any_of(kEchoExceptionTypes.begin(), kEchoExceptionTypes.end(),
                       [&](std::string_view type) { return contains(text, type); });
}

// A local cause the suspects may stand on: a fault of few ranks, or of one node's own log.
bool isLocalCause(const LogTemplateSummary &summary, int nodeCount)
{
    if (!(summary.flags & LogTemplateFlag::Cause) ||
        (summary.flags & LogTemplateFlag::ControlPlane) || !isTemplateSuspect(summary))
        return false;
    if (summary.flags & LogTemplateFlag::MinorityHas)
        return true;
    if (summary.has.count() == 1 && summary.missing.count() >= 1)
        return true; // one rank of two
    return summary.has.empty() && !summary.nodes.empty() &&
           int(summary.nodes.size()) * 2 <= std::max(nodeCount, 1);
}

// The node all of `ranks` belong to when they are every logging rank of it (at least two), "".
std::string wholeNodeOf(const RankSet &ranks, const LogCausalFacts &facts, const JobInfo &job)
{
    if (ranks.count() < 2)
        return std::string();
    std::string node;
    bool same = true;
    ranks.forEach([&](int rank) {
        const std::string of = job.nodeOf(rank);
        if (node.empty() && same)
            node = of;
        same = same && !of.empty() && of == node;
    });
    if (!same || node.empty())
        return std::string();
    const auto found = facts.nodeRanks.find(node);
    return found != facts.nodeRanks.end() && found->second == ranks.count() ? node : std::string();
}

} // namespace

LogCausalRole logCausalRole(const LogTemplateSummary &summary)
{
    const std::string_view name = summary.builtinName;
    const std::string_view text = summary.text;
    if (name.empty())
        return LogCausalRole::Neutral;
    if (name == "terminate-called") {
        // The process group's own abort after a timeout or a peer's failure is an echo; any
        // other exception that ends a process (std::bad_alloc, a c10::Error) is its own crash.
        return contains(text, "DistBackendError") || contains(text, "DistError")
                   ? LogCausalRole::Echo
                   : LogCausalRole::Cause;
    }
    for (const std::string_view echo :
         {"nccl-watchdog-timeout", "nccl-watchdog-stuck", "nccl-comm-aborted", "nccl-teardown",
          "nccl-timeout-summary", "launcher-closing-signal", "launcher-worker-failed",
          "launcher-death-signal", "signal-exception", "elastic-child-failed",
          "elastic-failure-record", "elastic-root-cause"}) {
        if (name == echo)
            return LogCausalRole::Echo;
    }
    for (const std::string_view cause :
         {"cuda-oom", "cuda-error", "gpu-xid", "gpu-ecc", "nccl-error", "nccl-warn", "segfault",
          "loss-not-finite", "python-assertion"}) {
        if (name == cause)
            return LogCausalRole::Cause;
    }
    if (name == "fatal-signal") {
        // SIGTERM, SIGINT, SIGHUP come from the launcher or the scheduler, SIGABRT from the
        // watchdog's own abort; SIGKILL may be the kernel's out-of-memory killer: no side taken.
        for (const std::string_view echo : {"SIGTERM", "SIGINT", "SIGHUP", "SIGABRT"}) {
            if (contains(text, echo))
                return LogCausalRole::Echo;
        }
        return contains(text, "SIGKILL") ? LogCausalRole::Neutral : LogCausalRole::Cause;
    }
    if (name == "python-traceback" || name == "python-exception")
        return isEchoException(text) ? LogCausalRole::Echo : LogCausalRole::Cause;
    return LogCausalRole::Neutral;
}

bool LogCausalFacts::isTimelyCause(TemplateId id) const
{
    return std::find(timelyCauses.begin(), timelyCauses.end(), id) != timelyCauses.end();
}

Message rankSetPhrase(const RankSet &ranks, const LogCausalFacts &facts, const JobInfo &job)
{
    if (std::string node = wholeNodeOf(ranks, facts, job); !node.empty())
        return Message::verbatim(std::move(node));
    return logRanksMessage(ranks);
}

Message exitCodeText(int exitCode)
{
    if (exitCode < 0) {
        std::string name = signalNameOf(-exitCode);
        if (!name.empty())
            return Message::verbatim(std::move(name));
        return {RANKSCOPE_MESSAGE("logs.exit.signal", "signal %1"), {-exitCode}};
    }
    return {RANKSCOPE_MESSAGE("logs.exit.code", "exit code %1"), {exitCode}};
}

bool isOwnFailure(int exitCode)
{
    if (exitCode > 0)
        return true;
    switch (-exitCode) {
    case 4:  // SIGILL
    case 7:  // SIGBUS
    case 8:  // SIGFPE
    case 9:  // SIGKILL: the kernel's out-of-memory killer, most often
    case 11: // SIGSEGV
        return true;
    default:
        return false;
    }
}

LogCausalFacts findCausalFacts(const std::vector<LogTemplateSummary> &templates,
                               const LogAnalysisContext &context, const JobInfo &job,
                               const std::vector<LogRoleRanks> &roles,
                               std::vector<std::int64_t> lastTimeNs)
{
    LogCausalFacts facts;
    facts.failures = context.failures;
    facts.lastTimeNs = std::move(lastTimeNs);
    std::set<std::string> nodes;
    for (const LogRoleRanks &role : roles) {
        role.ranks.forEach([&](int rank) {
            if (std::string node = job.nodeOf(rank); !node.empty()) {
                ++facts.nodeRanks[node];
                nodes.insert(std::move(node));
            }
        });
    }
    for (const std::string &node : context.fileNodes) {
        if (!node.empty())
            nodes.insert(node);
    }
    facts.nodeCount = int(nodes.size());

    for (const LogTemplateSummary &summary : templates) {
        if ((summary.flags & LogTemplateFlag::Echo) && isTemplateSuspect(summary) &&
            summary.firstTimeNs > 0 &&
            (facts.firstEchoNs == 0 || summary.firstTimeNs < facts.firstEchoNs))
            facts.firstEchoNs = summary.firstTimeNs;
    }

    // The earliest local cause that came before the echoes (a cause after them is one of them:
    // a data loader worker that errors out when its process is torn down).
    const LogTemplateSummary *first = nullptr;
    for (const LogTemplateSummary &summary : templates) {
        if (!isLocalCause(summary, facts.nodeCount))
            continue;
        const bool timely = facts.firstEchoNs == 0 || summary.firstTimeNs == 0 ||
                            summary.firstTimeNs <= facts.firstEchoNs + kCauseLeadToleranceNs;
        if (!timely)
            continue;
        facts.timelyCauses.push_back(summary.id);
        const auto key = [](const LogTemplateSummary &s) {
            return std::make_tuple(s.firstTimeNs == 0, s.firstTimeNs,
                                   -logSeverityWeight(s.severity), s.has.count());
        };
        if (!first || key(summary) < key(*first))
            first = &summary;
    }

    // torchrun's root cause: each agent names its own node's first failure; the job's is the
    // earliest of them.
    for (std::size_t i = 0; i < facts.failures.size(); ++i) {
        const LauncherFailure &failure = facts.failures[i];
        if (!failure.rootCause)
            continue;
        if (facts.rootFailure < 0)
            facts.rootFailure = int(i);
        const LauncherFailure &best = facts.failures[std::size_t(facts.rootFailure)];
        if (failure.timeNs > 0 && (best.timeNs == 0 || failure.timeNs < best.timeNs))
            facts.rootFailure = int(i);
    }

    LogFirstCause &cause = facts.cause;
    if (first) {
        cause.known = true;
        cause.templ = first->id;
        cause.ranks = first->has;
        cause.timeNs = first->firstTimeNs;
        if (first->has.empty() && first->nodes.size() == 1)
            cause.node = first->nodes.front();
        else
            cause.node = wholeNodeOf(first->has, facts, job);
        Message who = !cause.node.empty() && first->has.empty()
                          ? Message::verbatim(cause.node)
                          : rankSetPhrase(first->has, facts, job);
        cause.message = logAtMessage({RANKSCOPE_MESSAGE("logs.cause.template", "%1's %2"),
                                      {std::move(who), quotedTemplate(first->text)}},
                                     cause.timeNs);
        cause.text = cause.message.english();
    } else if (facts.rootFailure >= 0) {
        // No fault in the lines themselves, but torchrun saw a worker fail on its own.
        const LauncherFailure &root = facts.failures[std::size_t(facts.rootFailure)];
        // Whole seconds, stamped when the agent noticed: allow for both.
        const bool timely =
            facts.firstEchoNs == 0 || root.timeNs == 0 ||
            root.timeNs <= facts.firstEchoNs + kCauseLeadToleranceNs + 1'000'000'000;
        if (isOwnFailure(root.exitCode) && timely && root.rank >= 0) {
            cause.known = true;
            cause.ranks.insert(root.rank);
            cause.timeNs = root.timeNs;
            cause.message = logAtMessage(
                {RANKSCOPE_MESSAGE("logs.cause.rootFailure",
                                   "rank %1's failure (%2, torchrun's first observed failure)"),
                 {root.rank, exitCodeText(root.exitCode)}},
                root.timeNs);
            cause.text = cause.message.english();
        }
    }
    return facts;
}

} // namespace rankscope
