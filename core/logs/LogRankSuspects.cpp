#include "core/logs/LogAnalysisSteps.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <set>

namespace rankscope {

namespace {

// A rank that stopped before the others is the strongest single sign in logs: it weighs as
// much as a fatal template.
constexpr double kStoppedEarlyScore = 5.0;
// A node is a suspect when at least this many of its ranks are, and at least half of them.
constexpr int kMinNodeSuspects = 2;
// "Has the error the others lack" outweighs "lacks the line the others have": a local cause
// counts at least as an error, twice.
constexpr double kCauseFactor = 2.0;
constexpr double kMinCauseWeight = 4.0;
// Lacking an echo (a watchdog timeout everyone else logged) once the cause is known elsewhere:
// the rank died before it could time out, no sign of its own.
constexpr double kLacksEchoFactor = 0.5;
// torchrun's root cause, when the worker failed on its own (an error exit, a crash).
constexpr double kRootCauseScore = 5.0;
// Effects stay listed, below every suspect.
constexpr double kEffectFactor = 0.1;
// The culprit leads its own evidence: a rank or node that explains a cause template ranks just
// above it.
constexpr double kExplainsFactor = 1.05;
constexpr double kNodeFactor = 1.2;

struct RankEvidence
{
    double score = 0;
    TemplateId strongest = kNoTemplate;
    double strongestScore = 0;
    std::vector<Message> reasons;
    bool cause = false;  // has a local cause of its own (or torchrun's root cause)
    double explains = 0; // score of the strongest cause template only it holds
    Message effect;      // why it is an effect (empty when it is not)

    void add(double points, TemplateId templ, Message reason)
    {
        score += points;
        if (templ != kNoTemplate && points > strongestScore) {
            strongest = templ;
            strongestScore = points;
        }
        reasons.push_back(std::move(reason));
    }
};

// Ranks of each role whose last iteration is below the one most of the role reached.
void stoppedEarly(const std::vector<std::int64_t> &lastIteration,
                  const std::vector<LogRoleRanks> &roles, std::map<int, RankEvidence> &evidence)
{
    for (const LogRoleRanks &role : roles) {
        std::vector<int> withIterations;
        role.ranks.forEach([&](int rank) {
            if (rank < int(lastIteration.size()) && lastIteration[std::size_t(rank)] >= 0)
                withIterations.push_back(rank);
        });
        if (withIterations.size() < 3)
            continue; // nothing to compare with
        std::int64_t reached = -1;
        for (int rank : withIterations)
            reached = std::max(reached, lastIteration[std::size_t(rank)]);
        std::vector<int> behind;
        for (int rank : withIterations) {
            if (lastIteration[std::size_t(rank)] < reached)
                behind.push_back(rank);
        }
        if (behind.empty() || behind.size() * 2 >= withIterations.size())
            continue; // no strict majority reached the end: cannot tell who stopped
        for (int rank : behind) {
            const std::int64_t last = lastIteration[std::size_t(rank)];
            evidence[rank].add(kStoppedEarlyScore + (reached - last > 1 ? 0.5 : 0.0), kNoTemplate,
                               {RANKSCOPE_MESSAGE("logs.rank.stoppedEarly",
                                                  "nothing after iteration %1 while others "
                                                  "reached %2"),
                                {last, reached}});
        }
    }
}

void templateEvidence(const std::vector<LogTemplateSummary> &templates, const LogCausalFacts &facts,
                      std::map<int, RankEvidence> &evidence)
{
    for (const LogTemplateSummary &templ : templates) {
        if (templ.flags & (LogTemplateFlag::RankZeroOnly | LogTemplateFlag::ControlPlane))
            continue;
        if (templ.severity < LogSeverity::Warning)
            continue;
        const double weight = logSeverityWeight(templ.severity);
        const std::string quoted = quotedTemplate(templ.text);
        if (templ.flags & LogTemplateFlag::MinorityLacks) {
            const int others = templ.has.count();
            const bool echoOfKnownCause =
                (templ.flags & LogTemplateFlag::Echo) && facts.cause.known;
            templ.missing.forEach([&](int rank) {
                RankEvidence &found = evidence[rank];
                found.add(echoOfKnownCause ? weight * kLacksEchoFactor : weight, templ.id,
                          echoOfKnownCause
                              ? Message(RANKSCOPE_MESSAGE("logs.rank.lacks",
                                                          "lacks %1 that %2 other ranks logged"),
                                        {quoted, others})
                              : Message(RANKSCOPE_MESSAGE("logs.rank.lacksWaitedFor",
                                                          "lacks %1 that %2 other ranks logged "
                                                          "(possibly the rank they wait for)"),
                                        {quoted, others}));
                // Without a known cause, the one rank that lacks what every other rank logged
                // (the watchdog's timeout) is what that template points at: it leads it.
                if (!facts.cause.known && templ.missing.count() == 1)
                    found.explains = std::max(found.explains, templ.score);
            });
        }
        if ((templ.flags & LogTemplateFlag::MinorityHas) &&
            !((templ.flags & LogTemplateFlag::Echo) && facts.cause.known)) {
            // An echo of a known cause on few ranks (the SIGTERM of one node's workers) is no
            // sign of theirs; without a cause it is the only sign there is.
            const int comparable = templ.has.count() + templ.missing.count();
            const double share = comparable > 0 ? double(templ.has.count()) / comparable : 1.0;
            const bool cause = facts.isTimelyCause(templ.id);
            const double points =
                (cause ? std::max(weight, kMinCauseWeight) * kCauseFactor : weight) * (1.0 - share);
            templ.has.forEach([&](int rank) {
                RankEvidence &found = evidence[rank];
                found.add(points, templ.id,
                          {RANKSCOPE_MESSAGE("logs.rank.logged",
                                             "logged %1 (%2), which %3 other ranks did not"),
                           {quoted, logSeverityKey(templ.severity), templ.missing.count()}});
                if (cause) {
                    found.cause = true;
                    if (templ.has.count() == 1)
                        found.explains = std::max(found.explains, templ.score);
                }
            });
        }
    }
}

// torchrun's root cause: the worker that failed first on the node that failed first.
void rootCauseEvidence(const LogCausalFacts &facts, const JobInfo &job,
                       std::map<int, RankEvidence> &evidence)
{
    if (facts.rootFailure < 0)
        return;
    const LauncherFailure &root = facts.failures[std::size_t(facts.rootFailure)];
    if (root.rank < 0 || !isOwnFailure(root.exitCode))
        return; // a stop from outside or the watchdog's abort names no culprit
    std::string where = root.host.empty() ? job.nodeOf(root.rank) : root.host;
    RankEvidence &found = evidence[root.rank];
    Message exit = logAtMessage(exitCodeText(root.exitCode), root.timeNs);
    if (!where.empty())
        exit = {RANKSCOPE_MESSAGE("logs.on", "%1 on %2"), {std::move(exit), where}};
    found.add(kRootCauseScore, kNoTemplate,
              {RANKSCOPE_MESSAGE("logs.rank.rootCause", "torchrun's first observed failure (%1)"),
               {std::move(exit)}});
    found.cause = true;
}

// Ranks that fell with the cause: those torchrun reports as stopped by a signal, and the other
// workers of the cause's node (torchrun stops a node's other workers when one fails; they lack
// what the others logged later only because they were gone). Never the culprits.
void markEffects(const std::vector<LogTemplateSummary> &templates, const LogCausalFacts &facts,
                 const JobInfo &job, std::map<int, RankEvidence> &evidence)
{
    if (!facts.cause.known)
        return;
    std::map<int, const LauncherFailure *> signalled;
    for (const LauncherFailure &failure : facts.failures) {
        if (failure.rank >= 0 && !failure.rootCause && !isOwnFailure(failure.exitCode))
            signalled[failure.rank] = &failure;
    }
    // The nodes whose agent logged sending SIGTERM to its workers.
    std::set<std::string> closedNodes;
    for (const LogTemplateSummary &templ : templates) {
        if (templ.builtinName == "launcher-closing-signal")
            closedNodes.insert(templ.nodes.begin(), templ.nodes.end());
    }
    std::set<std::string> causeNodes;
    Message causeRank;
    facts.cause.ranks.forEach([&](int rank) {
        if (std::string node = job.nodeOf(rank); !node.empty())
            causeNodes.insert(std::move(node));
        if (causeRank.empty())
            causeRank = {RANKSCOPE_MESSAGE("ranks.one", "rank %1"), {rank}};
    });
    for (auto &[rank, found] : evidence) {
        if (found.cause || facts.cause.ranks.contains(rank))
            continue;
        if (const auto failure = signalled.find(rank); failure != signalled.end()) {
            found.effect = {
                RANKSCOPE_MESSAGE("logs.effect.stopped", "torchrun stopped it (%1) after %2"),
                {exitCodeText(failure->second->exitCode), facts.cause.message}};
            continue;
        }
        const std::string node = job.nodeOf(rank);
        if (node.empty() || !causeNodes.count(node) || !facts.cause.node.empty())
            continue; // a whole node's fault: its ranks are the node's, no effects
        found.effect =
            closedNodes.count(node)
                ? Message(RANKSCOPE_MESSAGE("logs.effect.nodeMateSigterm",
                                            "a node-mate of %1, stopped with SIGTERM by torchrun "
                                            "on %2 when it failed"),
                          {causeRank, node})
                : Message(RANKSCOPE_MESSAGE("logs.effect.nodeMate",
                                            "a node-mate of %1, stopped when it failed (torchrun "
                                            "stops a node's other workers when one fails)"),
                          {causeRank});
    }
}

Message joinedLogReasons(const std::vector<Message> &parts)
{
    Message text;
    for (const Message &part : parts)
        text = logJoinedMessage(std::move(text), part);
    return text;
}

// "who: what" (logs.suspect), the way every rank and node suspect reads.
Message logSuspectReason(Message who, Message what)
{
    return {RANKSCOPE_MESSAGE("logs.suspect", "%1: %2"), {std::move(who), std::move(what)}};
}

// A node's name at the start of a sentence: its first letter in upper case.
std::string capitalizedNodeName(std::string node)
{
    if (!node.empty())
        node[0] = char(std::toupper(static_cast<unsigned char>(node[0])));
    return node;
}

// The first local cause (the strongest of equally early ones) on the node's own lines or held
// by at least half of the node's ranks and by no rank elsewhere: what the node explains. The
// earliest, because a cause comes before its effects: the Xid in the kernel log, then the CUDA
// error of its rank, then NCCL failing on the node's other ranks.
const LogTemplateSummary *nodeCause(const std::vector<LogTemplateSummary> &templates,
                                    const LogCausalFacts &facts, const std::string &node,
                                    const RankSet &nodeRanks)
{
    const LogTemplateSummary *best = nullptr;
    for (const LogTemplateSummary &templ : templates) {
        if (!facts.isTimelyCause(templ.id))
            continue;
        const bool ownLines =
            templ.has.empty() && templ.nodes.size() == 1 && templ.nodes.front() == node;
        const bool allRanks = !templ.has.empty() && templ.has == (templ.has & nodeRanks) &&
                              templ.has.count() * 2 >= nodeRanks.count() && templ.has.count() >= 2;
        if (!ownLines && !allRanks)
            continue;
        const auto key = [](const LogTemplateSummary &t) {
            return std::make_pair(t.firstTimeNs == 0 ? std::numeric_limits<std::int64_t>::max()
                                                     : t.firstTimeNs,
                                  -t.score);
        };
        if (!best || key(templ) < key(*best))
            best = &templ;
    }
    return best;
}

} // namespace

std::vector<LogSuspect> logRankSuspects(const std::vector<LogTemplateSummary> &templates,
                                        const std::vector<std::int64_t> &lastIteration,
                                        const std::vector<LogRoleRanks> &roleRanks,
                                        const JobInfo &job, const LogCausalFacts &facts)
{
    std::map<int, RankEvidence> evidence;
    stoppedEarly(lastIteration, roleRanks, evidence);
    templateEvidence(templates, facts, evidence);
    rootCauseEvidence(facts, job, evidence);
    markEffects(templates, facts, job, evidence);

    std::vector<LogSuspect> suspects;
    std::vector<Message> details; // per suspect: its reason after "rank 5 (node-0): "
    std::map<std::string, std::vector<int>> suspectsByNode;
    for (const auto &[rank, found] : evidence) {
        if (found.score <= 0)
            continue;
        LogSuspect suspect;
        suspect.kind = LogSuspectKind::Rank;
        suspect.templ = found.strongest;
        suspect.ranks.insert(rank);
        suspect.node = job.nodeOf(rank);
        suspect.score = std::max(found.score, found.explains * kExplainsFactor);
        Message what = joinedLogReasons(found.reasons);
        details.push_back(what);
        if (!found.effect.empty()) {
            suspect.effect = true;
            suspect.score *= kEffectFactor;
            what = {RANKSCOPE_MESSAGE("logs.suspect.effect", "%1; an effect: %2"),
                    {std::move(what), found.effect}};
        } else if (!suspect.node.empty()) {
            suspectsByNode[suspect.node].push_back(int(suspects.size()));
        }
        const bool onNode = !suspect.node.empty();
        suspect.reasonMessage =
            logSuspectReason(onNode ? Message(RANKSCOPE_MESSAGE("logs.rank.onNode", "rank %1 (%2)"),
                                              {rank, suspect.node})
                                    : Message(RANKSCOPE_MESSAGE("ranks.one", "rank %1"), {rank}),
                             what);
        suspect.leadMessage = logSuspectReason(
            onNode ? Message(RANKSCOPE_MESSAGE("logs.rank.onNodeStart", "Rank %1 (%2)"),
                             {rank, suspect.node})
                   : Message(RANKSCOPE_MESSAGE("logs.rank.start", "Rank %1"), {rank}),
            what);
        suspect.reason = suspect.reasonMessage.english();
        suspects.push_back(std::move(suspect));
    }

    // Several suspect ranks of one node point at the host; so do faults in the node's own log.
    std::map<std::string, RankSet> ranksOfNode;
    for (const LogRoleRanks &role : roleRanks) {
        role.ranks.forEach([&](int rank) {
            if (std::string node = job.nodeOf(rank); !node.empty())
                ranksOfNode[node].insert(rank);
        });
    }
    std::set<std::string> candidates;
    for (const auto &[node, members] : suspectsByNode)
        candidates.insert(node);
    for (const LogTemplateSummary &templ : templates) {
        if (facts.isTimelyCause(templ.id) && templ.has.empty())
            candidates.insert(templ.nodes.begin(), templ.nodes.end());
    }
    std::vector<LogSuspect> nodes;
    for (const std::string &node : candidates) {
        const RankSet &nodeRanks = ranksOfNode[node];
        const std::vector<int> &members = suspectsByNode[node];
        const LogTemplateSummary *explained = nodeCause(templates, facts, node, nodeRanks);
        const bool manyRanks =
            int(members.size()) >= kMinNodeSuspects && int(members.size()) * 2 >= nodeRanks.count();
        if (!manyRanks && !explained)
            continue;
        LogSuspect suspect;
        suspect.kind = LogSuspectKind::Node;
        suspect.node = node;
        double best = 0;
        for (int index : members) {
            const LogSuspect &member = suspects[std::size_t(index)];
            suspect.ranks |= member.ranks;
            if (member.score > best) {
                best = member.score;
                suspect.templ = member.templ;
            }
        }
        if (explained) {
            best = std::max(best, explained->score * kExplainsFactor);
            suspect.templ = explained->id;
            if (suspect.ranks.empty())
                suspect.ranks = nodeRanks;
        }
        suspect.score = best * kNodeFactor;
        const auto label = [&](std::string name) {
            if (suspect.ranks.empty())
                return Message::verbatim(std::move(name));
            return Message(RANKSCOPE_MESSAGE("logs.node.label", "%1 (ranks %2)"),
                           {std::move(name), suspect.ranks.toString()});
        };
        Message what;
        if (explained && explained->has.empty()) {
            what = logAtMessage(
                {RANKSCOPE_MESSAGE("logs.node.ownLog", "%1 (%2) in the node's own log"),
                 {quotedTemplate(explained->text), logSeverityKey(explained->severity)}},
                explained->firstTimeNs);
        } else if (explained) {
            const int holders = explained->has.count();
            if (holders == nodeRanks.count())
                what = {RANKSCOPE_MESSAGE("logs.node.allLogged",
                                          "all %1 of its ranks logged %2 (%3), which %4 other "
                                          "ranks did not"),
                        {holders, quotedTemplate(explained->text),
                         logSeverityKey(explained->severity), explained->missing.count()}};
            else
                what = {RANKSCOPE_MESSAGE("logs.node.someLogged",
                                          "%1 of its %2 ranks logged %3 (%4), which %5 other "
                                          "ranks did not"),
                        {holders, nodeRanks.count(), quotedTemplate(explained->text),
                         logSeverityKey(explained->severity), explained->missing.count()}};
        } else {
            what = {
                RANKSCOPE_MESSAGE("logs.node.suspects", "%1 of its %2 ranks are suspects, e.g. %3"),
                {members.size(), nodeRanks.count(), details[std::size_t(members.front())]}};
        }
        suspect.reasonMessage = logSuspectReason(label(node), what);
        suspect.leadMessage = logSuspectReason(label(capitalizedNodeName(node)), what);
        suspect.reason = suspect.reasonMessage.english();
        nodes.push_back(std::move(suspect));
    }
    for (LogSuspect &node : nodes)
        suspects.push_back(std::move(node));
    return suspects;
}

} // namespace rankscope
