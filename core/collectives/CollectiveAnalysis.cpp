#include "core/collectives/CollectiveAnalysis.h"

#include "core/collectives/CollectiveAnalysisSteps.h"
#include "core/model/NodeRanks.h"

#include <algorithm>
#include <map>

namespace rankscope {

namespace {

// The tool a claim comes from, for the sentences the GUI translates ("A report" at the start
// of a sentence).
Message claimSourceMessage(CollectiveEvidence evidence, bool sentenceStart)
{
    switch (evidence) {
    case CollectiveEvidence::AnalyserReport:
        return RANKSCOPE_MESSAGE("collective.source.analyser",
                                 "PyTorch's Flight Recorder analyser");
    case CollectiveEvidence::HorovodStall:
        return RANKSCOPE_MESSAGE("collective.source.horovod", "Horovod's stall inspector");
    case CollectiveEvidence::NcclRas:
        return Message::verbatim("NCCL RAS");
    default:
        return sentenceStart
                   ? Message(RANKSCOPE_MESSAGE("collective.source.reportStart", "A report"))
                   : Message(RANKSCOPE_MESSAGE("collective.source.report", "a report"));
    }
}

// A tool's own words after its name, as a finding's claims list them ("NCCL RAS: #0-0 ...").
Message claimQuote(const CollectiveClaim &claim)
{
    return {RANKSCOPE_MESSAGE("collective.claim.quote", "%1: %2"),
            {claimSourceMessage(claim.evidence, false), Message::verbatim(claim.text)}};
}

void setCollectiveVerdict(CollectiveReport &report, Message verdict)
{
    report.verdict = verdict.english();
    report.verdictMessage = std::move(verdict);
}

int kindOrder(CollectiveSuspectKind kind)
{
    switch (kind) {
    case CollectiveSuspectKind::Failed:
        return -1;
    case CollectiveSuspectKind::Stuck:
        return 0;
    case CollectiveSuspectKind::Behind:
        return 1;
    case CollectiveSuspectKind::Mismatch:
        return 2;
    case CollectiveSuspectKind::NoDump:
        return 3;
    }
    return 4;
}

// Ranks a tool says failed themselves (NCCL RAS: a dead process, an NCCL error of their own):
// the findings that name them carry the tool's words; the others become findings of their
// own, kind Failed, marked as not from the records.
void weighFailures(const CollectiveClaim &claim, int g, const ResolvedGroup *group,
                   const RankSet &failed, std::vector<CollectiveFinding> &findings)
{
    RankSet explained;
    for (CollectiveFinding &f : findings) {
        const RankSet both = f.suspect.ranks & failed;
        if (both.empty())
            continue;
        addCollectiveClaim(f.suspect, claimQuote(claim));
        if (!f.suspect.consequence) // a rank waiting elsewhere may have died there: still said
            explained |= both;
    }
    const RankSet rest = failed - explained;
    if (rest.empty())
        return;
    CollectiveFinding f;
    f.group = g;
    f.suspect.kind = CollectiveSuspectKind::Failed;
    f.suspect.ranks = rest;
    f.suspect.pgName = group ? group->name : claim.pgName;
    f.suspect.pgDesc = group ? group->desc : claim.pgDesc;
    f.suspect.op = claim.op;
    f.suspect.source = claim.source;
    f.suspect.fromRecords = false;
    addCollectiveClaim(f.suspect, claimQuote(claim));
    std::vector<MessageArgument> arguments{
        claimSourceMessage(claim.evidence, false), collectiveRanksMessage(rest),
        collectiveGroupMessage(f.suspect.pgName, f.suspect.pgDesc)};
    Message failure =
        rest.count() == 1
            ? Message(RANKSCOPE_MESSAGE("collective.claim.oneFailed",
                                        "According to %1, %2 of %3 has failed; no dump or log "
                                        "line of that group shows it first-hand."),
                      std::move(arguments))
            : Message(RANKSCOPE_MESSAGE("collective.claim.failed",
                                        "According to %1, %2 of %3 have failed; no dump or log "
                                        "line of that group shows it first-hand."),
                      std::move(arguments));
    Message said =
        claim.groupRanks
            ? Message(RANKSCOPE_MESSAGE("collective.claim.saidGroupRanks",
                                        "%1 said (in communicator ranks): %2."),
                      {claimSourceMessage(claim.evidence, true), Message::verbatim(claim.text)})
            : Message(RANKSCOPE_MESSAGE("collective.claim.said", "%1 said: %2."),
                      {claimSourceMessage(claim.evidence, true), Message::verbatim(claim.text)});
    setCollectiveReason(f.suspect, collectiveSentences(std::move(failure), std::move(said)));
    findings.push_back(std::move(f));
}

// Claims support findings of their group; they stand alone only where no record shows the
// group at all. A rank a tool only could not reach (NCCL RAS INCOMPLETE) is never a finding
// by itself: silence is not proof.
void weighClaims(const CollectiveDataset &data, const ResolvedRecords &resolved,
                 const std::vector<GroupAlignment> &alignments,
                 std::vector<CollectiveFinding> &findings, std::vector<Message> &notes)
{
    for (std::size_t c = 0; c < data.claims.size(); ++c) {
        const CollectiveClaim &claim = data.claims[c];
        const int g = resolved.claimGroup[c];
        const ResolvedGroup *group = g >= 0 ? &resolved.groups[std::size_t(g)] : nullptr;
        RankSet missing;
        RankSet failed;
        bool mapped = true;
        const auto map = [&](const std::vector<int> &ranks, RankSet &into) {
            for (int rank : ranks) {
                if (!claim.groupRanks) {
                    if (rank >= 0 && rank < (1 << 22))
                        into.insert(rank);
                } else if (group && group->configured && rank >= 0 &&
                           std::size_t(rank) < group->ranks.size() &&
                           group->ranks[std::size_t(rank)] >= 0) { // no file stated that slot
                    into.insert(group->ranks[std::size_t(rank)]);
                } else {
                    mapped = false;
                }
            }
        };
        map(claim.missingRanks, missing);
        map(claim.failedRanks, failed);
        const Message groupText = collectiveGroupMessage(group ? group->name : claim.pgName,
                                                         group ? group->desc : claim.pgDesc);
        const Message whoStart = claimSourceMessage(claim.evidence, true);
        if (!mapped) {
            Message note(RANKSCOPE_MESSAGE("collective.note.claimUnmapped",
                                           "%1 names ranks inside %2 that could not be mapped to "
                                           "global ranks: the bundle has no member list for it."),
                         {whoStart, groupText});
            if (claim.evidence == CollectiveEvidence::NcclRas)
                note = collectiveSentences(
                    std::move(note), {RANKSCOPE_MESSAGE("collective.note.itSaid", "It said: %1."),
                                      {Message::verbatim(claim.text)}});
            notes.push_back(std::move(note));
            continue;
        }
        if (claim.evidence == CollectiveEvidence::NcclRas && claim.missingRanks.empty() &&
            claim.failedRanks.empty() && !claim.text.empty()) {
            // RAS's DEAD section names processes and nodes, not ranks.
            notes.push_back({RANKSCOPE_MESSAGE("collective.note.claim", "%1: %2."),
                             {whoStart, Message::verbatim(claim.text)}});
            continue;
        }
        if (!failed.empty())
            weighFailures(claim, g, group, failed, findings);
        missing -= failed; // said with the failure
        RankSet shown;
        std::vector<CollectiveFinding *> ofGroup;
        for (CollectiveFinding &f : findings)
            if (f.group == g && g >= 0 && f.suspect.kind != CollectiveSuspectKind::Failed) {
                shown |= f.suspect.ranks;
                ofGroup.push_back(&f);
            }
        if (missing.empty())
            continue;
        if (!ofGroup.empty()) {
            const bool agrees = (missing - shown).empty();
            for (CollectiveFinding *f : ofGroup) {
                if ((f->suspect.ranks & missing).empty())
                    continue;
                addCollectiveClaim(
                    f->suspect,
                    agrees ? Message(RANKSCOPE_MESSAGE("collective.claim.agrees", "%1 agrees: %2"),
                                     {claimSourceMessage(claim.evidence, false),
                                      collectiveRanksMessage(missing)})
                           : Message(RANKSCOPE_MESSAGE("collective.claim.namesOthers",
                                                       "%1 names %2 (the records show %3)"),
                                     {claimSourceMessage(claim.evidence, false),
                                      collectiveRanksMessage(missing),
                                      collectiveRanksMessage(shown)}));
            }
            if (!agrees)
                notes.push_back({RANKSCOPE_MESSAGE("collective.note.claimDisagrees",
                                                   "%1 names %2 in %3; the records show %4. The "
                                                   "records are what the findings follow."),
                                 {whoStart, collectiveRanksMessage(missing), groupText,
                                  collectiveRanksMessage(shown)}});
            continue;
        }
        if (claim.silent) {
            notes.push_back({RANKSCOPE_MESSAGE("collective.note.claimSilent",
                                               "%1 got no answer from %2 in %3 (%4): silence "
                                               "alone does not show that a rank failed."),
                             {whoStart, collectiveRanksMessage(missing), groupText,
                              Message::verbatim(claim.text)}});
            continue;
        }
        bool groupHasRecords = false;
        if (g >= 0)
            for (const MemberState &st : alignments[std::size_t(g)].members)
                groupHasRecords |= st.hasRecords;
        if (groupHasRecords) {
            notes.push_back({RANKSCOPE_MESSAGE("collective.note.claimNobodyBehind",
                                               "%1 names %2 in %3, but the records of that group "
                                               "show nobody behind."),
                             {whoStart, collectiveRanksMessage(missing), groupText}});
            continue;
        }
        CollectiveFinding f;
        f.group = g;
        f.suspect.kind = CollectiveSuspectKind::Behind;
        f.suspect.ranks = missing;
        for (int rank : claim.readyRanks)
            if (rank >= 0 && rank < (1 << 22) && !claim.groupRanks)
                f.suspect.waitingRanks.insert(rank);
        f.suspect.pgName = group ? group->name : claim.pgName;
        f.suspect.pgDesc = group ? group->desc : claim.pgDesc;
        f.suspect.seq = claim.seq;
        f.suspect.op = claim.op;
        f.suspect.source = claim.source;
        f.suspect.fromRecords = false;
        addCollectiveClaim(f.suspect, claimQuote(claim));
        setCollectiveReason(
            f.suspect,
            {RANKSCOPE_MESSAGE("collective.claim.didNotJoin",
                               "According to %1, %2 did not join %3 of %4; no dump or log line "
                               "of that group shows it first-hand."),
             {claimSourceMessage(claim.evidence, false), collectiveRanksMessage(missing),
              collectiveOpMessage(claim.op, claim.seq, false),
              collectiveGroupMessage(f.suspect.pgName, f.suspect.pgDesc)}});
        findings.push_back(std::move(f));
    }
}

struct GroupScore
{
    int waiting = 0;
    std::int64_t anchorNs = -1;
};

// Causes first: the group whose cause findings keep the most ranks waiting leads, an earlier
// pending entry breaking ties (ranks block in the first op they cannot finish); within a group,
// in sequence order, the collective axis before p2p. Consequences after every cause.
void orderFindings(std::vector<CollectiveFinding> &findings)
{
    std::map<int, GroupScore> score;
    for (const CollectiveFinding &f : findings) {
        if (f.suspect.consequence)
            continue;
        GroupScore &s = score[f.group];
        s.waiting = std::max(s.waiting, f.suspect.waitingRanks.count());
        if (f.anchorNs > 0 && (s.anchorNs < 0 || f.anchorNs < s.anchorNs))
            s.anchorNs = f.anchorNs;
    }
    auto scoreOf = [&](const CollectiveFinding &f) {
        const auto it = score.find(f.group);
        return it == score.end() ? GroupScore() : it->second;
    };
    std::stable_sort(findings.begin(), findings.end(),
                     [&](const CollectiveFinding &a, const CollectiveFinding &b) {
                         if (a.suspect.consequence != b.suspect.consequence)
                             return !a.suspect.consequence;
                         if (a.suspect.fromRecords != b.suspect.fromRecords)
                             return a.suspect.fromRecords;
                         if (a.group != b.group) {
                             const GroupScore sa = scoreOf(a), sb = scoreOf(b);
                             if (sa.waiting != sb.waiting)
                                 return sa.waiting > sb.waiting;
                             const std::int64_t ta = sa.anchorNs < 0 ? INT64_MAX : sa.anchorNs;
                             const std::int64_t tb = sb.anchorNs < 0 ? INT64_MAX : sb.anchorNs;
                             if (ta != tb)
                                 return ta < tb;
                             return a.group < b.group;
                         }
                         if (a.suspect.p2p != b.suspect.p2p)
                             return !a.suspect.p2p;
                         if (a.suspect.seq != b.suspect.seq)
                             return a.suspect.seq < b.suspect.seq;
                         return kindOrder(a.suspect.kind) < kindOrder(b.suspect.kind);
                     });
}

void fillGroupProgress(const ResolvedRecords &resolved,
                       const std::vector<GroupAlignment> &alignments,
                       const std::vector<GroupFindings> &perGroup, CollectiveReport &report)
{
    report.groups.reserve(resolved.groups.size());
    for (std::size_t g = 0; g < resolved.groups.size(); ++g) {
        const ResolvedGroup &group = resolved.groups[g];
        CollectiveGroupProgress progress;
        progress.name = group.name;
        progress.desc = group.desc;
        progress.members = RankSet::fromVector(group.sorted);
        progress.ranks.reserve(group.sorted.size());
        for (const MemberState &st : alignments[g].members) {
            CollectiveRankProgress rank;
            rank.rank = st.rank;
            rank.lastEnqueued = st.lastEnqueued;
            rank.lastStarted = st.lastStarted;
            rank.lastCompleted = st.lastCompleted;
            rank.hasRecords = st.hasRecords;
            rank.blockingEntry = st.firstPendingEntry;
            progress.ranks.push_back(rank);
        }
        progress.firstDisagreement = perGroup[g].firstDisagreement;
        progress.blockedRanks = perGroup[g].blockedRanks;
        report.groups.push_back(std::move(progress));
    }
}

// Every member waiting and nobody odd: the group most ranks wait in, and what they wait in.
Message cannotTellVerdict(const CollectiveDataset &data, const ResolvedRecords &resolved,
                          const std::vector<GroupAlignment> &alignments,
                          const std::vector<GroupFindings> &perGroup, RankSet &blocked)
{
    int lead = -1;
    for (std::size_t g = 0; g < perGroup.size(); ++g)
        if (perGroup[g].blockedRanks > 0 &&
            (lead < 0 || perGroup[g].blockedRanks > perGroup[std::size_t(lead)].blockedRanks))
            lead = int(g);
    for (const GroupAlignment &a : alignments) {
        for (const MemberState &st : a.members)
            if (st.pending())
                blocked.insert(st.rank);
        for (const PendingP2p &op : a.p2p)
            blocked.insert(op.rank);
    }
    Message where;
    if (lead >= 0) {
        const ResolvedGroup &group = resolved.groups[std::size_t(lead)];
        const GroupAlignment &a = alignments[std::size_t(lead)];
        int entry = -1;
        for (const MemberState &st : a.members)
            if (st.firstPendingEntry >= 0) {
                entry = st.firstPendingEntry;
                break;
            }
        if (entry < 0 && !a.p2p.empty())
            entry = a.p2p.front().entry;
        const CollectiveEntry *e = entry >= 0 ? &data.entries[std::size_t(entry)] : nullptr;
        where = collectiveGroupMessage(group.name, group.desc);
        if (e)
            where = {RANKSCOPE_MESSAGE("collective.opOfGroup", "%1 of %2"),
                     {collectiveOpMessage(e->op, e->isP2p ? e->p2pSeq : e->collectiveSeq, e->isP2p),
                      std::move(where)}};
    }
    if (where.empty())
        return {RANKSCOPE_MESSAGE("collective.verdict.cannotTell",
                                  "%1 wait, every member at the same sequence and in the same "
                                  "state: the collectives cannot tell which rank is at fault (a "
                                  "network or NCCL-level hang?). Look at the logs (NCCL WARN, IB "
                                  "and Xid errors) and at the nodes."),
                {collectiveRanksMessage(blocked, true)}};
    return {RANKSCOPE_MESSAGE("collective.verdict.cannotTellIn",
                              "%1 wait in %2, every member at the same sequence and in the same "
                              "state: the collectives cannot tell which rank is at fault (a "
                              "network or NCCL-level hang?). Look at the logs (NCCL WARN, IB and "
                              "Xid errors) and at the nodes."),
            {collectiveRanksMessage(blocked, true), std::move(where)}};
}

} // namespace

CollectiveReport analyseCollectives(const CollectiveDataset &data)
{
    CollectiveReport report;
    report.worldSize = std::clamp(data.worldSize, 0, 1 << 22);
    if (data.entries.empty() && data.statuses.empty() && data.claims.empty()) {
        report.verdictKind = CollectiveVerdictKind::NoData;
        setCollectiveVerdict(report,
                             data.dumps.empty()
                                 ? Message(RANKSCOPE_MESSAGE("collective.verdict.noRecords",
                                                             "The bundle holds no collective "
                                                             "records."))
                                 : Message(RANKSCOPE_MESSAGE("collective.verdict.emptyDumps",
                                                             "The Flight Recorder dumps hold no "
                                                             "entry and no group status.")));
        return report;
    }

    ResolvedRecords resolved = resolveCollectiveGroups(data);
    std::vector<Message> notes = std::move(resolved.notes);
    if (!data.uncollected.empty())
        notes.push_back({RANKSCOPE_MESSAGE("collective.note.uncollected",
                                           "%1 were left out of this merged cache (a shard that "
                                           "was not merged): their records are unknown, not "
                                           "missing."),
                         {collectiveRanksMessage(data.uncollected, true)}});
    const std::vector<GroupAlignment> alignments = alignCollectiveGroups(data, resolved);
    const bool anyDumps = !data.dumps.empty();

    std::vector<GroupFindings> perGroup;
    perGroup.reserve(alignments.size());
    std::vector<CollectiveFinding> findings;
    for (const GroupAlignment &a : alignments) {
        perGroup.push_back(classifyGroup(data, resolved, a, anyDumps));
        for (CollectiveFinding &f : perGroup.back().findings)
            findings.push_back(std::move(f));
        perGroup.back().findings.clear();
    }
    foldUnnamedEchoes(findings, resolved);
    markConsequences(findings, notes);
    for (CollectiveFinding &f : findings)
        setCollectiveReason(f.suspect, collectiveSuspectReason(f.suspect, f.wording));
    weighClaims(data, resolved, alignments, findings, notes);
    for (Message &note : notes) {
        report.notes.push_back(note.english());
        report.noteMessages.push_back(std::move(note));
    }
    orderFindings(findings);
    fillGroupProgress(resolved, alignments, perGroup, report);

    // World size and who left records.
    int world = data.worldSize > 0 && data.worldSize <= (1 << 22) ? data.worldSize : 0;
    RankSet withRecords, dumped, members;
    for (const GroupAlignment &a : alignments)
        for (const MemberState &st : a.members) {
            world = std::max(world, st.rank + 1);
            members.insert(st.rank);
            if (st.hasRecords)
                withRecords.insert(st.rank);
        }
    for (const CollectiveDumpInfo &dump : data.dumps)
        if (dump.rank >= 0 && dump.rank < (1 << 22))
            dumped.insert(dump.rank);
    report.worldSize = world;

    for (CollectiveFinding &f : findings)
        report.suspects.push_back(std::move(f.suspect));
    if (!report.suspects.empty() && !report.suspects.front().consequence)
        report.leadGroup = report.suspects.front().pgName;

    // Against the world size when the bundle says it, else against the ranks groups name.
    const RankSet population = data.worldSize > 0 && data.worldSize <= (1 << 22)
                                   ? RankSet::range(0, data.worldSize - 1)
                                   : members | dumped;
    if (anyDumps && population.count() > 2 &&
        2 * (dumped & population).count() <= population.count()) {
        const RankSet missing = population - dumped;
        report.verdictKind = CollectiveVerdictKind::Inconclusive;
        setCollectiveVerdict(
            report, {RANKSCOPE_MESSAGE("collective.verdict.tooFewDumps",
                                       "Only %1 of %2 ranks wrote a Flight Recorder dump (%3 "
                                       "missing: %4): too few to line the groups up and tell who "
                                       "is behind."),
                     {(dumped & population).count(), population.count(), missing.count(),
                      collectiveRanksMessage(missing)}});
        for (CollectiveSuspect &s : report.suspects)
            s.decided = false;
        return report;
    }
    if (!report.suspects.empty()) {
        report.verdictKind = CollectiveVerdictKind::Suspects;
        const CollectiveSuspect &lead = report.suspects.front();
        Message verdict =
            lead.reasonMessage.empty() ? Message::verbatim(lead.reason) : lead.reasonMessage;
        if (!lead.decided)
            verdict = collectiveSentences(
                std::move(verdict), RANKSCOPE_MESSAGE("collective.verdict.noSingleCulprit",
                                                      "The collectives name no single culprit."));
        setCollectiveVerdict(report, std::move(verdict));
        return report;
    }
    RankSet blocked;
    Message cannotTell = cannotTellVerdict(data, resolved, alignments, perGroup, blocked);
    if (!blocked.empty()) {
        report.verdictKind = CollectiveVerdictKind::CannotTell;
        setCollectiveVerdict(report, std::move(cannotTell));
        int most = 0;
        for (std::size_t g = 0; g < perGroup.size(); ++g)
            if (perGroup[g].blockedRanks > most) {
                most = perGroup[g].blockedRanks;
                report.leadGroup = resolved.groups[g].name;
            }
        return report;
    }
    report.verdictKind = CollectiveVerdictKind::Progressing;
    setCollectiveVerdict(report, {RANKSCOPE_MESSAGE("collective.verdict.nonePending",
                                                    "No collective is pending on any of the %1 "
                                                    "ranks with records: the collectives show no "
                                                    "hang."),
                                  {withRecords.count()}});
    return report;
}

CollectiveReport analyseCollectives(const CollectiveDataset &data, const JobInfo &job)
{
    CollectiveReport report = analyseCollectives(data);
    const NodeRanks nodes(job);
    for (std::size_t k = 0; k < report.suspects.size(); ++k) {
        CollectiveSuspect &s = report.suspects[k];
        s.node = nodes.wholeNode(s.ranks);
        if (s.node.empty())
            continue;
        const Message whole(
            RANKSCOPE_MESSAGE("collective.wholeNode", "These are all the ranks of %1."), {s.node});
        const Message reason =
            s.reasonMessage.empty() ? Message::verbatim(s.reason) : s.reasonMessage;
        if (k == 0 && report.verdict == s.reason)
            setCollectiveVerdict(report, collectiveSentences(reason, whole));
        setCollectiveReason(s, collectiveSentences(reason, whole));
    }
    return report;
}

} // namespace rankscope
