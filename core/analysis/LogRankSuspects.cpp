#include "core/analysis/LogAnalysisSteps.h"

#include <algorithm>
#include <map>

namespace rankscope {

namespace {

// A rank that stopped before the others is the strongest single sign in logs: it weighs as
// much as a fatal template.
constexpr double kStoppedEarlyScore = 5.0;
// A node is a suspect when at least this many of its ranks are, and at least half of them.
constexpr int kMinNodeSuspects = 2;

struct RankEvidence
{
    double score = 0;
    TemplateId strongest = kNoTemplate;
    double strongestScore = 0;
    std::vector<std::string> reasons;

    void add(double points, TemplateId templ, std::string reason)
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
                               "nothing after iteration " + std::to_string(last) +
                                   " while others reached " + std::to_string(reached));
        }
    }
}

void templateEvidence(const std::vector<LogTemplateSummary> &templates,
                      std::map<int, RankEvidence> &evidence)
{
    using namespace LogTemplateFlag;
    for (const LogTemplateSummary &templ : templates) {
        if (templ.flags & (RankZeroOnly | ControlPlane))
            continue;
        if (templ.severity < LogSeverity::Warning)
            continue;
        const double weight = logSeverityWeight(templ.severity);
        const std::string quoted = quotedTemplate(templ.text);
        if (templ.flags & MinorityLacks) {
            const std::string others = std::to_string(templ.has.count());
            templ.missing.forEach([&](int rank) {
                evidence[rank].add(weight, templ.id,
                                   "lacks " + quoted + " that " + others +
                                       " other ranks logged (possibly the rank they wait for)");
            });
        }
        if (templ.flags & MinorityHas) {
            const int comparable = templ.has.count() + templ.missing.count();
            const double share = comparable > 0 ? double(templ.has.count()) / comparable : 1.0;
            templ.has.forEach([&](int rank) {
                evidence[rank].add(weight * (1.0 - share), templ.id,
                                   "logged " + quoted + " (" + logSeverityKey(templ.severity) +
                                       "), which " + std::to_string(templ.missing.count()) +
                                       " other ranks did not");
            });
        }
    }
}

std::string joined(const std::vector<std::string> &parts)
{
    std::string text;
    for (const std::string &part : parts)
        text += (text.empty() ? "" : "; ") + part;
    return text;
}

} // namespace

std::vector<LogSuspect> logRankSuspects(const std::vector<LogTemplateSummary> &templates,
                                        const std::vector<std::int64_t> &lastIteration,
                                        const std::vector<LogRoleRanks> &roleRanks,
                                        const JobInfo &job)
{
    std::map<int, RankEvidence> evidence;
    stoppedEarly(lastIteration, roleRanks, evidence);
    templateEvidence(templates, evidence);

    std::vector<LogSuspect> suspects;
    std::map<std::string, std::vector<int>> suspectsByNode;
    for (const auto &[rank, found] : evidence) {
        if (found.score <= 0)
            continue;
        LogSuspect suspect;
        suspect.kind = LogSuspectKind::Rank;
        suspect.templ = found.strongest;
        suspect.ranks.insert(rank);
        suspect.node = job.nodeOf(rank);
        suspect.score = found.score;
        suspect.reason = "rank " + std::to_string(rank) +
                         (suspect.node.empty() ? "" : " (" + suspect.node + ")") + ": " +
                         joined(found.reasons);
        if (!suspect.node.empty())
            suspectsByNode[suspect.node].push_back(int(suspects.size()));
        suspects.push_back(std::move(suspect));
    }

    // Several suspect ranks of one node point at the host.
    std::vector<LogSuspect> nodes;
    for (const auto &[node, members] : suspectsByNode) {
        if (int(members.size()) < kMinNodeSuspects)
            continue;
        int nodeRanks = 0;
        for (const LogRoleRanks &role : roleRanks) {
            role.ranks.forEach([&](int rank) { nodeRanks += job.nodeOf(rank) == node ? 1 : 0; });
        }
        if (int(members.size()) * 2 < nodeRanks)
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
        suspect.score = best * 1.2;
        const std::string &first = suspects[std::size_t(members.front())].reason;
        const std::size_t colon = first.find(": ");
        suspect.reason = node + " (ranks " + suspect.ranks.toString() +
                         "): " + std::to_string(members.size()) + " of its " +
                         std::to_string(nodeRanks) + " ranks are suspects, e.g. " +
                         (colon == std::string::npos ? first : first.substr(colon + 2));
        nodes.push_back(std::move(suspect));
    }
    for (LogSuspect &node : nodes)
        suspects.push_back(std::move(node));
    return suspects;
}

} // namespace rankscope
