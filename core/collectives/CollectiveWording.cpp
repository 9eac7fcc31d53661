#include "core/collectives/CollectiveAnalysisSteps.h"

#include <cctype>

namespace rankscope {

Message collectiveRanksMessage(const RankSet &ranks, bool sentenceStart)
{
    const int count = ranks.count();
    if (count == 0)
        return sentenceStart ? Message(RANKSCOPE_MESSAGE("collective.ranks.noneStart", "No rank"))
                             : Message(RANKSCOPE_MESSAGE("collective.ranks.none", "no rank"));
    if (count == 1)
        return sentenceStart
                   ? Message(RANKSCOPE_MESSAGE("collective.ranks.oneStart", "Rank %1"),
                             {ranks.first()})
                   : Message(RANKSCOPE_MESSAGE("collective.ranks.one", "rank %1"), {ranks.first()});
    if (count == 2)
        return sentenceStart
                   ? Message(RANKSCOPE_MESSAGE("collective.ranks.twoStart", "Ranks %1 and %2"),
                             {ranks.first(), ranks.last()})
                   : Message(RANKSCOPE_MESSAGE("collective.ranks.two", "ranks %1 and %2"),
                             {ranks.first(), ranks.last()});
    return sentenceStart ? Message(RANKSCOPE_MESSAGE("collective.ranks.manyStart", "Ranks %1"),
                                   {ranks.toString()})
                         : Message(RANKSCOPE_MESSAGE("collective.ranks.many", "ranks %1"),
                                   {ranks.toString()});
}

std::string collectiveRanksText(const RankSet &ranks)
{
    return collectiveRanksMessage(ranks).english();
}

std::string capitalised(std::string text)
{
    if (!text.empty())
        text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

Message collectiveGroupMessage(const std::string &name, const std::string &desc)
{
    if (!name.empty() && !desc.empty() && name != desc)
        return {RANKSCOPE_MESSAGE("collective.group.named", "pg %1 (%2)"), {name, desc}};
    if (!name.empty())
        return {RANKSCOPE_MESSAGE("collective.group.id", "pg %1"), {name}};
    if (!desc.empty())
        return Message::verbatim(desc);
    return RANKSCOPE_MESSAGE("collective.group.unnamed", "an unnamed process group");
}

std::string collectiveGroupText(const std::string &name, const std::string &desc)
{
    return collectiveGroupMessage(name, desc).english();
}

Message collectiveOpMessage(const std::string &op, std::int64_t seq, bool p2p)
{
    const Message name = op.empty()
                             ? Message(RANKSCOPE_MESSAGE("collective.op.unknown", "the collective"))
                             : Message::verbatim(op);
    if (seq < 0)
        return name;
    if (p2p)
        return {RANKSCOPE_MESSAGE("collective.op.p2pSeq", "%1 p2p #%2"), {name, seq}};
    return {RANKSCOPE_MESSAGE("collective.op.seq", "%1 #%2"), {name, seq}};
}

std::string collectiveOpText(const std::string &op, std::int64_t seq, bool p2p)
{
    return collectiveOpMessage(op, seq, p2p).english();
}

namespace {

Message collectiveSentence(Message clause)
{
    return {RANKSCOPE_MESSAGE("sentence.end", "%1."), {std::move(clause)}};
}

Message collectiveSemicolon(Message first, Message second)
{
    return {RANKSCOPE_MESSAGE("list.semicolon", "%1; %2"), {std::move(first), std::move(second)}};
}

Message collectiveParenthesis(Message text, Message inside)
{
    return {RANKSCOPE_MESSAGE("collective.parenthesis", "%1 (%2)"),
            {std::move(text), std::move(inside)}};
}

// "the other 510 ranks of that group" when every other member waits, else "ranks 0-3 (4 of
// the group's 8)".
Message waitersMessage(const CollectiveSuspect &s, int groupSize)
{
    const int waiting = s.waitingRanks.count();
    if (groupSize > 0 && waiting + s.ranks.count() == groupSize)
        return waiting == 1 ? Message(RANKSCOPE_MESSAGE("collective.waiters.otherOne",
                                                        "the other rank of that group"))
                            : Message(RANKSCOPE_MESSAGE("collective.waiters.otherMany",
                                                        "the other %1 ranks of that group"),
                                      {waiting});
    if (groupSize > 0)
        return {RANKSCOPE_MESSAGE("collective.waiters.ofGroup", "%1 (%2 of the group's %3)"),
                {collectiveRanksMessage(s.waitingRanks), waiting, groupSize}};
    return collectiveRanksMessage(s.waitingRanks);
}

// "its last completed collective is #41"; empty when unknown.
Message lastCompletedMessage(const SuspectWording &w, bool one)
{
    if (w.suspectsLastCompleted == kNoSeq)
        return {};
    if (w.suspectsLastCompletedMax != kNoSeq &&
        w.suspectsLastCompletedMax != w.suspectsLastCompleted)
        return one ? Message(RANKSCOPE_MESSAGE("collective.lastCompleted.itsRange",
                                               "its last completed collectives are #%1 to #%2"),
                             {w.suspectsLastCompleted, w.suspectsLastCompletedMax})
                   : Message(RANKSCOPE_MESSAGE("collective.lastCompleted.theirRange",
                                               "their last completed collectives are #%1 to #%2"),
                             {w.suspectsLastCompleted, w.suspectsLastCompletedMax});
    return one ? Message(RANKSCOPE_MESSAGE("collective.lastCompleted.its",
                                           "its last completed collective is #%1"),
                         {w.suspectsLastCompleted})
               : Message(RANKSCOPE_MESSAGE("collective.lastCompleted.their",
                                           "their last completed collective is #%1"),
                         {w.suspectsLastCompleted});
}

Message behindReason(const CollectiveSuspect &s, const SuspectWording &w)
{
    const bool one = s.ranks.count() == 1;
    const bool oneWaits = s.waitingRanks.count() == 1;
    const Message group = collectiveGroupMessage(s.pgName, s.pgDesc);
    if (s.p2p) {
        std::vector<MessageArgument> arguments{collectiveRanksMessage(s.ranks, true),
                                               collectiveRanksMessage(s.waitingRanks), group,
                                               collectiveOpMessage(s.op, s.seq, true)};
        if (one)
            return oneWaits ? Message(RANKSCOPE_MESSAGE("collective.behind.p2pOneForOne",
                                                        "%1 has posted no send or recv toward %2 "
                                                        "in %3, which waits for it in %4."),
                                      std::move(arguments))
                            : Message(RANKSCOPE_MESSAGE("collective.behind.p2pOneForMany",
                                                        "%1 has posted no send or recv toward %2 "
                                                        "in %3, which wait for it in %4."),
                                      std::move(arguments));
        return oneWaits ? Message(RANKSCOPE_MESSAGE("collective.behind.p2pManyForOne",
                                                    "%1 have posted no send or recv toward %2 in "
                                                    "%3, which waits for them in %4."),
                                  std::move(arguments))
                        : Message(RANKSCOPE_MESSAGE("collective.behind.p2pManyForMany",
                                                    "%1 have posted no send or recv toward %2 in "
                                                    "%3, which wait for them in %4."),
                                  std::move(arguments));
    }
    std::vector<MessageArgument> arguments{collectiveRanksMessage(s.ranks, true),
                                           collectiveOpMessage(s.op, s.seq, false), group,
                                           waitersMessage(s, w.groupSize)};
    Message text = oneWaits ? Message(RANKSCOPE_MESSAGE("collective.behind.oneWaiting",
                                                        "%1 did not join %2 of %3, which %4 is "
                                                        "waiting in"),
                                      std::move(arguments))
                            : Message(RANKSCOPE_MESSAGE("collective.behind.waiting",
                                                        "%1 did not join %2 of %3, which %4 are "
                                                        "waiting in"),
                                      std::move(arguments));
    Message tail;
    if (w.suspectsHaveNoRecord)
        tail = one ? Message(RANKSCOPE_MESSAGE("collective.behind.noRecordIts",
                                               "its dump holds no pending entry of that group"))
                   : Message(RANKSCOPE_MESSAGE("collective.behind.noRecordTheir",
                                               "their dumps hold no pending entry of that group"));
    else
        tail = lastCompletedMessage(w, one);
    if (!tail.empty())
        text = collectiveSemicolon(std::move(text), std::move(tail));
    return collectiveSentence(std::move(text));
}

Message stuckReason(const CollectiveSuspect &s, const SuspectWording &w)
{
    const bool one = s.ranks.count() == 1;
    std::vector<MessageArgument> arguments{
        collectiveRanksMessage(s.ranks, true), collectiveOpMessage(s.op, s.seq, false),
        collectiveGroupMessage(s.pgName, s.pgDesc), collectiveRanksMessage(s.waitingRanks)};
    Message text = w.startedSeen
                       ? Message(RANKSCOPE_MESSAGE("collective.stuck.started",
                                                   "%1 started %2 of %3 and never completed it, "
                                                   "which %4 completed"),
                                 std::move(arguments))
                       : Message(RANKSCOPE_MESSAGE("collective.stuck.neverCompleted",
                                                   "%1 never completed %2 of %3, which %4 "
                                                   "completed"),
                                 std::move(arguments));
    if (w.othersLastCompleted != kNoSeq && w.othersLastCompleted > s.seq)
        text = s.waitingRanks.count() == 1
                   ? Message(RANKSCOPE_MESSAGE("collective.stuck.itWentOn",
                                               "%1 (it went on to complete #%2)"),
                             {std::move(text), w.othersLastCompleted})
                   : Message(RANKSCOPE_MESSAGE("collective.stuck.theyWentOn",
                                               "%1 (they went on to complete #%2)"),
                             {std::move(text), w.othersLastCompleted});
    Message last = lastCompletedMessage(w, one);
    if (!last.empty())
        text = collectiveSemicolon(std::move(text), std::move(last));
    return collectiveSentence(std::move(text));
}

Message mismatchReason(const CollectiveSuspect &s, const SuspectWording &w)
{
    const Message group = collectiveGroupMessage(s.pgName, s.pgDesc);
    Message text;
    if (s.decided) {
        std::vector<MessageArgument> arguments{
            collectiveRanksMessage(s.ranks, true),  s.op,      s.seq, group,
            collectiveRanksMessage(s.waitingRanks), s.othersOp};
        text = s.ranks.count() == 1
                   ? Message(RANKSCOPE_MESSAGE("collective.mismatch.oneRuns",
                                               "%1 runs %2 at #%3 of %4 where %5 run %6"),
                             std::move(arguments))
                   : Message(RANKSCOPE_MESSAGE("collective.mismatch.run",
                                               "%1 run %2 at #%3 of %4 where %5 run %6"),
                             std::move(arguments));
    } else {
        text = {RANKSCOPE_MESSAGE("collective.mismatch.at",
                                  "Mismatch at #%1 of %2: %3 run %4, %5 run %6"),
                {s.seq, group, collectiveRanksMessage(s.ranks), s.op,
                 collectiveRanksMessage(s.waitingRanks), s.othersOp}};
    }
    if (!w.differs.empty())
        text = collectiveParenthesis(std::move(text), w.differs);
    if (s.decided)
        return collectiveSentence(std::move(text));
    return {RANKSCOPE_MESSAGE("collective.mismatch.undecided",
                              "%1; with no majority on either side the data cannot tell which one "
                              "is at fault."),
            {std::move(text)}};
}

Message noDumpReason(const CollectiveSuspect &s, const SuspectWording &w)
{
    std::vector<MessageArgument> arguments{
        collectiveRanksMessage(s.ranks, true), collectiveGroupMessage(s.pgName, s.pgDesc),
        waitersMessage(s, w.groupSize), collectiveOpMessage(s.op, s.seq, s.p2p)};
    if (s.waitingRanks.count() == 1)
        return {RANKSCOPE_MESSAGE("collective.noDump.oneWaits",
                                  "%1 wrote no Flight Recorder dump and left no record of %2, "
                                  "where %3 waits in %4; a rank that wrote nothing is often the "
                                  "one that hung."),
                std::move(arguments)};
    return {RANKSCOPE_MESSAGE("collective.noDump.wait",
                              "%1 wrote no Flight Recorder dump and left no record of %2, where "
                              "%3 wait in %4; a rank that wrote nothing is often the one that "
                              "hung."),
            std::move(arguments)};
}

} // namespace

Message collectiveSentences(Message first, Message second)
{
    return {RANKSCOPE_MESSAGE("text.sentences", "%1 %2"), {std::move(first), std::move(second)}};
}

void setCollectiveReason(CollectiveSuspect &suspect, Message reason)
{
    suspect.reason = reason.english();
    suspect.reasonMessage = std::move(reason);
}

void addCollectiveClaim(CollectiveSuspect &suspect, Message claim)
{
    suspect.claims.push_back(claim.english());
    suspect.claimMessages.push_back(std::move(claim));
}

Message collectiveSuspectReason(const CollectiveSuspect &suspect, const SuspectWording &w)
{
    Message text;
    switch (suspect.kind) {
    case CollectiveSuspectKind::Behind:
        text = behindReason(suspect, w);
        break;
    case CollectiveSuspectKind::Stuck:
        text = stuckReason(suspect, w);
        break;
    case CollectiveSuspectKind::Mismatch:
        text = mismatchReason(suspect, w);
        break;
    case CollectiveSuspectKind::NoDump:
        text = noDumpReason(suspect, w);
        break;
    case CollectiveSuspectKind::Failed: // only from claims, worded where they are weighed
        text = suspect.reasonMessage.empty() ? Message::verbatim(suspect.reason)
                                             : suspect.reasonMessage;
        break;
    }
    if (suspect.consequence && !w.consequenceOf.empty())
        text = collectiveSentences(
            std::move(text),
            suspect.ranks.count() == 1
                ? Message(RANKSCOPE_MESSAGE("collective.consequence.one",
                                            "It is itself waiting in %1: a consequence, not a "
                                            "cause."),
                          {w.consequenceOf})
                : Message(RANKSCOPE_MESSAGE("collective.consequence.many",
                                            "They are themselves waiting in %1: a consequence, "
                                            "not a cause."),
                          {w.consequenceOf}));
    return text;
}

} // namespace rankscope
